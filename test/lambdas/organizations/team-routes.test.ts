import { AdminSetUserPasswordCommand, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createActivityRecorder } from '../../../lambdas/shared/activity/activity-log';
import type { MyInvitationsResponse, TeamChangeResponse } from '../../../lambdas/shared/contracts/organization';
import type { ActivityEntry } from '../../../lambdas/shared/domain/activity';
import { newOrganization, type Member, type OrganizationRole } from '../../../lambdas/shared/domain/organization-rules';
import { createTeamHandler, TEAM_ROUTES } from '../../../lambdas/organizations/team-routes';
import type { TeamDependencies } from '../../../lambdas/organizations/team-management';
import { createLogger } from '../../../lambdas/shared/logger';
import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../lambdas/shared/organizations/organizations-repository';
import { newUserRecord } from '../../../lambdas/shared/users/new-user-record';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { lastMessageTo, startIdentityServices, type IdentityServices } from '../support/identity-services';
import { claims, HANDLER_OPTIONS, invoke, userEvent, type RequestInput } from '../subscription/support/subscription-services';

/**
 * The team routes (issue 18) through their one handler, on dynalite and cognito-local: invitations
 * (Cognito accounts, the outbox), acceptance, roles, removals (signed out everywhere), ownership,
 * every refusal as its status, the activity recorded, and nothing of one firm reachable from another.
 */

jest.setTimeout(60_000);

let services: IdentityServices;
let organizations: OrganizationsRepository;
let deps: TeamDependencies;
let handler: ReturnType<typeof createTeamHandler>;
let logs: CapturedLogs;
let solo: string;
let clock = new Date('2026-11-26T12:00:00.000Z');
const JOINED = '2026-02-01T00:00:00.000Z';

type Body = TeamChangeResponse & { code: string; message: string; seatsToAdd?: number; fields?: Record<string, string> };

const ROUTE_PATHS: Record<string, string> = {
  '/user/organization/members/{userId}': '/user/organization/members/',
};

function call<T = Body>(route: string, sub: string | null, body?: unknown, pathUserId?: string) {
  const [method, resource] = route.split(' ') as [RequestInput['method'], string];
  return invoke<T>(
    handler,
    userEvent({
      method,
      resource,
      path: pathUserId === undefined ? resource : `${ROUTE_PATHS[resource]}${pathUserId}`,
      body,
      claims: sub === null ? null : claims(sub, undefined),
      ...(pathUserId === undefined ? {} : { pathParameters: { userId: pathUserId } }),
    }),
  );
}

const view = (sub: string) => call('GET /user/organization', sub);

async function addUser(id: string, firstName: string) {
  await services.users.putIfAbsent(
    newUserRecord({ id, email: `${id}@example.com`, details: { firstName, lastName: 'Test', companyName: 'Acme' }, now: new Date(JOINED) }),
  );
}

async function addFirm(id: string, name: string, seats: number, ownerId: string, others: [string, OrganizationRole][] = []) {
  await organizations.createOrganization(newOrganization({ id, name, seats, ownerId, now: new Date(JOINED) }));
  for (const [userId, role] of others) {
    const member: Member = { organizationId: id, userId, role, joinedAt: JOINED, state: 'active' };
    await organizations.saveMember(member);
  }
}

async function activityOf(organizationId: string): Promise<ActivityEntry[]> {
  const result = await services.documentClient.send(
    new QueryCommand({
      TableName: services.tableNames.activity,
      KeyConditionExpression: 'organizationId = :id',
      ExpressionAttributeValues: { ':id': organizationId },
    }),
  );
  return (result.Items ?? []) as ActivityEntry[];
}

/** Signs in with the temporary password and sets a permanent one; answers the refresh token of a sign-in with it. */
async function firstSignIn(email: string, temporaryPassword: string): Promise<string> {
  const client = services.cognitoClient;
  const challenge = await client.send(
    new InitiateAuthCommand({
      ClientId: services.cognito.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
    }),
  );
  expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const answer = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: services.cognito.userPoolClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? email, NEW_PASSWORD: 'team-password-1' },
    }),
  );
  expect(answer.AuthenticationResult?.IdToken).toEqual(expect.any(String));
  // A session as a device keeps it: signed in with the new password, holding a refresh token.
  const session = await client.send(
    new InitiateAuthCommand({
      ClientId: services.cognito.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'team-password-1' },
    }),
  );
  return session.AuthenticationResult?.RefreshToken ?? '';
}

function refresh(refreshToken: string) {
  return services.cognitoClient.send(
    new InitiateAuthCommand({
      ClientId: services.cognito.userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
}

beforeAll(async () => {
  services = await startIdentityServices();
  organizations = createOrganizationsRepository({ client: services.documentClient, tableName: services.tableNames.organizations });
  deps = {
    users: services.users,
    organizations,
    directory: services.directory,
    activity: createActivityRecorder({ client: services.documentClient, tableName: services.tableNames.activity, now: () => clock }),
    now: () => clock,
    logger: createLogger({ component: 'team-test' }),
  };
  handler = createTeamHandler(() => deps, HANDLER_OPTIONS);
  for (const [id, name] of [
    ['owner-a', 'Olga'],
    ['admin-a', 'Ada'],
    ['recruiter-a', 'Rami'],
    ['owner-b', 'Bea'],
    ['admin-b', 'Bo'],
  ])
    await addUser(id, name);
  await addFirm('firm-a', 'Acme Staffing', 4, 'owner-a', [
    ['admin-a', 'admin'],
    ['recruiter-a', 'recruiter'],
  ]);
  await addFirm('firm-b', 'Bravo Talent', 6, 'owner-b', [['admin-b', 'admin']]);
  // Someone with an account in use and a one-seat firm of their own (as the migration made them).
  const account = await services.directory.inviteUser({
    email: 'solo@example.com',
    firstName: 'Sol',
    lastName: 'Test',
    companyName: 'Sol',
  });
  await services.cognitoClient.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: services.cognito.userPoolId,
      Username: account.username,
      Password: 'solo-password-1',
      Permanent: true,
    }),
  );
  solo = account.sub;
  await services.users.putIfAbsent(
    newUserRecord({
      id: solo,
      email: 'solo@example.com',
      details: { firstName: 'Sol', lastName: 'Test', companyName: 'Sol' },
      now: new Date(JOINED),
    }),
  );
  await addFirm(solo, 'Sol Search', 1, solo);
});
afterAll(() => services.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('invitations', () => {
  it('invites a new address: a Cognito account with a temporary password in the outbox, a User record, the invitation holding a seat', async () => {
    const answer = await call(TEAM_ROUTES.invite, 'admin-a', { email: ' New.Hire@Example.com ', role: 'recruiter' });

    expect(answer.status).toBe(201);
    expect(answer.body.delivery).toBe('email');
    expect(answer.body.seats).toEqual({ total: 4, inUse: 4, free: 0 });
    expect(answer.body.invitations).toContainEqual(
      expect.objectContaining({ email: 'new.hire@example.com', role: 'recruiter', status: 'pending', invitedBy: 'admin-a' }),
    );
    const account = await services.directory.getUser('new.hire@example.com');
    expect(account).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', attributes: { 'custom:companyName': 'Acme Staffing' } });
    expect(await services.users.getById(account!.sub)).toMatchObject({
      email: 'new.hire@example.com',
      companyName: 'Acme Staffing',
      status: 'ACTIVE',
    });
    expect(lastMessageTo(services.cognito, 'new.hire@example.com')).toMatchObject({
      kind: 'invitation',
      temporaryPassword: expect.any(String),
    });
    expect(await activityOf('firm-a')).toContainEqual(
      expect.objectContaining({
        action: 'member.invited',
        actorId: 'admin-a',
        subject: { kind: 'invitation', id: 'new.hire@example.com' },
        details: { role: 'recruiter' },
      }),
    );
  });

  it('answers an invitation beyond the seats with 409 seats_required and how many seats to add', async () => {
    const answer = await call(TEAM_ROUTES.invite, 'owner-a', { email: 'one.more@example.com', role: 'recruiter' });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ code: 'seats_required', seatsToAdd: 1, message: expect.stringContaining('add 1 seat') });
    expect(await services.directory.getUser('one.more@example.com')).toBeUndefined();
  });

  it('refuses a recruiter (403), a pending address (409), a member (409) and bad bodies (400), creating nothing', async () => {
    expect((await call(TEAM_ROUTES.invite, 'recruiter-a', { email: 'x@example.com', role: 'recruiter' })).status).toBe(403);
    expect((await call(TEAM_ROUTES.invite, 'owner-a', { email: 'new.hire@example.com', role: 'admin' })).body).toMatchObject({
      code: 'team_conflict',
    });
    const member = await call(TEAM_ROUTES.invite, 'owner-b', { email: 'admin-b@example.com', role: 'recruiter' });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('admin-b@example.com is already a member of the team.');
    for (const body of [
      { email: 'nope', role: 'recruiter' },
      { email: 'a@example.com', role: 'owner' },
      { email: 'a@example.com' },
      'not json',
    ]) {
      const answer = await call(TEAM_ROUTES.invite, 'owner-a', body);
      expect(answer.status).toBe(400);
    }
    expect(await services.directory.getUser('x@example.com')).toBeUndefined();
  });

  it('resends: a new temporary password in the outbox and a renewed expiry', async () => {
    const before = lastMessageTo(services.cognito, 'new.hire@example.com').temporaryPassword;
    clock = new Date('2026-11-28T12:00:00.000Z');
    const answer = await call(TEAM_ROUTES.resend, 'owner-a', { email: 'new.hire@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body.delivery).toBe('email');
    expect(answer.body.invitations?.find((invitation) => invitation.email === 'new.hire@example.com')?.expiresAt).toBe(
      '2026-12-05T12:00:00.000Z',
    );
    const after = lastMessageTo(services.cognito, 'new.hire@example.com').temporaryPassword;
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    expect((await activityOf('firm-a')).map((entry) => entry.action)).toContain('invitation.resent');
    expect((await call(TEAM_ROUTES.resend, 'owner-a', { email: 'nobody@example.com' })).status).toBe(409);
    expect((await call(TEAM_ROUTES.resend, 'recruiter-a', { email: 'new.hire@example.com' })).status).toBe(403);
  });

  it('revokes: the seat is free again and the account the invitation made, never used, is deleted with its record marked REMOVED', async () => {
    const account = await services.directory.getUser('new.hire@example.com');
    expect((await call(TEAM_ROUTES.revoke, 'recruiter-a', { email: 'new.hire@example.com' })).status).toBe(403);
    const answer = await call(TEAM_ROUTES.revoke, 'admin-a', { email: 'new.hire@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body.seats.free).toBe(1);
    expect(answer.body.invitations?.find((invitation) => invitation.email === 'new.hire@example.com')?.status).toBe('revoked');
    expect(await services.directory.getUser('new.hire@example.com')).toBeUndefined();
    expect((await services.users.getById(account!.sub))?.status).toBe('REMOVED');
    expect((await call(TEAM_ROUTES.revoke, 'admin-a', { email: 'new.hire@example.com' })).status).toBe(409);
    expect((await activityOf('firm-a')).map((entry) => entry.action)).toContain('invitation.revoked');
  });

  it('invites an address that already has an account without a new one: they find it on sign-in (delivery account)', async () => {
    const answer = await call(TEAM_ROUTES.invite, 'owner-b', { email: 'SOLO@example.com', role: 'admin' });
    expect(answer.status).toBe(201);
    expect(answer.body.delivery).toBe('account');
    const mine = await call<MyInvitationsResponse>(TEAM_ROUTES.myInvitations, solo);
    expect(mine.body.invitations).toEqual([
      { organizationId: 'firm-b', organizationName: 'Bravo Talent', role: 'admin', expiresAt: expect.any(String) },
    ]);
  });
});

describe('acceptance', () => {
  it('an invited person signs in with the temporary password, then joins with the role of the invitation', async () => {
    const invited = await call(TEAM_ROUTES.invite, 'owner-a', { email: 'joiner@example.com', role: 'recruiter' });
    expect(invited.status).toBe(201);
    const { temporaryPassword } = lastMessageTo(services.cognito, 'joiner@example.com');
    await firstSignIn('joiner@example.com', temporaryPassword ?? '');
    const joiner = (await services.directory.getUser('joiner@example.com'))!.sub;

    expect((await view(joiner)).status).toBe(404);
    expect((await call(TEAM_ROUTES.accept, joiner, { organizationId: 'firm-b' })).status).toBe(403);
    expect((await call(TEAM_ROUTES.accept, joiner, { organizationId: 'no-such-firm' })).status).toBe(403);
    const answer = await call(TEAM_ROUTES.accept, joiner, { organizationId: 'firm-a' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ organization: { id: 'firm-a', name: 'Acme Staffing' }, role: 'recruiter', invitations: null });
    expect(answer.body.members.map((member) => member.email)).toContain('joiner@example.com');
    expect((await call(TEAM_ROUTES.accept, joiner, { organizationId: 'firm-a' })).status).toBe(409);
    expect(await activityOf('firm-a')).toContainEqual(
      expect.objectContaining({ action: 'invitation.accepted', actorId: joiner, subject: { kind: 'member', id: joiner } }),
    );
  });

  it('lets the owner of a firm where nobody else works leave it to join; a member of a real team must leave first', async () => {
    const answer = await call(TEAM_ROUTES.accept, solo, { organizationId: 'firm-b' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ organization: { id: 'firm-b' }, role: 'admin' });
    const soloTeam = await organizations.getTeam(solo);
    expect(soloTeam?.members).toEqual([expect.objectContaining({ userId: solo, state: 'removed', removedBy: solo })]);
    expect(await activityOf('firm-b')).toContainEqual(expect.objectContaining({ action: 'invitation.accepted', actorId: solo }));

    expect((await call(TEAM_ROUTES.invite, 'owner-b', { email: 'recruiter-a@example.com', role: 'recruiter' })).status).toBe(201);
    const refused = await call(TEAM_ROUTES.accept, 'recruiter-a', { organizationId: 'firm-b' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already a member of a team/);
  });
});

describe('members', () => {
  it('changes a role (admins and the owner), recording the previous one; never the owner, oneself, or by a recruiter', async () => {
    const route = TEAM_ROUTES.changeRole;
    expect((await call(route, 'recruiter-a', { role: 'admin' }, 'admin-a')).status).toBe(403);
    expect((await call(route, 'admin-a', { role: 'recruiter' }, 'owner-a')).status).toBe(409);
    expect((await call(route, 'admin-a', { role: 'recruiter' }, 'admin-a')).status).toBe(409);
    expect((await call(route, 'admin-a', { role: 'owner' }, 'recruiter-a')).status).toBe(400);
    const answer = await call(route, 'admin-a', { role: 'admin' }, 'recruiter-a');
    expect(answer.status).toBe(200);
    expect(answer.body.members.find((member) => member.userId === 'recruiter-a')?.role).toBe('admin');
    expect(await activityOf('firm-a')).toContainEqual(
      expect.objectContaining({
        action: 'member.role_changed',
        subject: { kind: 'member', id: 'recruiter-a' },
        details: { role: 'admin', previousRole: 'recruiter' },
      }),
    );
    expect((await call(route, 'owner-a', { role: 'recruiter' }, 'recruiter-a')).status).toBe(200);
  });

  it('removes a member: their access ends at once and Cognito signs them out everywhere', async () => {
    const invited = await call(TEAM_ROUTES.invite, 'owner-b', { email: 'leaver@example.com', role: 'recruiter' });
    expect(invited.status).toBe(201);
    const refreshToken = await firstSignIn(
      'leaver@example.com',
      lastMessageTo(services.cognito, 'leaver@example.com').temporaryPassword ?? '',
    );
    const leaver = (await services.directory.getUser('leaver@example.com'))!.sub;
    expect((await call(TEAM_ROUTES.accept, leaver, { organizationId: 'firm-b' })).status).toBe(200);
    await expect(refresh(refreshToken)).resolves.toBeDefined();

    expect((await call(TEAM_ROUTES.remove, leaver, undefined, 'admin-b')).status).toBe(403);
    expect((await call(TEAM_ROUTES.remove, 'admin-b', undefined, 'admin-b')).status).toBe(409);
    expect((await call(TEAM_ROUTES.remove, 'admin-b', undefined, 'owner-b')).status).toBe(409);
    const answer = await call(TEAM_ROUTES.remove, 'admin-b', undefined, leaver);
    expect(answer.status).toBe(200);
    expect(answer.body.members.map((member) => member.userId)).not.toContain(leaver);
    expect((await view(leaver)).status).toBe(404);
    expect((await call(TEAM_ROUTES.invite, leaver, { email: 'x2@example.com', role: 'recruiter' })).status).toBe(404);
    await expect(refresh(refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const team = await organizations.getTeam('firm-b');
    expect(team?.members.find((member) => member.userId === leaver)).toMatchObject({ state: 'removed', removedBy: 'admin-b' });
    expect(await activityOf('firm-b')).toContainEqual(
      expect.objectContaining({
        action: 'member.removed',
        actorId: 'admin-b',
        subject: { kind: 'member', id: leaver },
        details: { role: 'recruiter' },
      }),
    );
    expect((await call(TEAM_ROUTES.remove, 'admin-b', undefined, leaver)).status).toBe(409);
  });

  it('transfers ownership (owner only): the new owner is owner, the previous one an admin', async () => {
    expect((await call(TEAM_ROUTES.transferOwnership, 'admin-a', { userId: 'admin-a' })).status).toBe(403);
    expect((await call(TEAM_ROUTES.transferOwnership, 'owner-a', { userId: 'owner-b' })).status).toBe(409);
    expect((await call(TEAM_ROUTES.transferOwnership, 'owner-a', {})).status).toBe(400);
    const answer = await call(TEAM_ROUTES.transferOwnership, 'owner-a', { userId: 'admin-a' });
    expect(answer.status).toBe(200);
    expect(answer.body.organization.ownerId).toBe('admin-a');
    expect(answer.body.role).toBe('admin');
    expect(answer.body.members[0]).toMatchObject({ userId: 'admin-a', role: 'owner' });
    expect(await activityOf('firm-a')).toContainEqual(
      expect.objectContaining({ action: 'ownership.transferred', actorId: 'owner-a', details: { role: 'owner', previousRole: 'admin' } }),
    );
    expect((await call(TEAM_ROUTES.transferOwnership, 'admin-a', { userId: 'owner-a' })).status).toBe(200);
  });
});

describe('between firms', () => {
  it('gives a manager of firm B nothing of firm A: its members and invitations are not theirs to change', async () => {
    const before = await organizations.getTeam('firm-a');
    expect((await call(TEAM_ROUTES.changeRole, 'owner-b', { role: 'admin' }, 'recruiter-a')).status).toBe(409);
    expect((await call(TEAM_ROUTES.remove, 'owner-b', undefined, 'recruiter-a')).status).toBe(409);
    expect((await call(TEAM_ROUTES.transferOwnership, 'owner-b', { userId: 'owner-a' })).status).toBe(409);
    expect((await call(TEAM_ROUTES.revoke, 'owner-b', { email: 'joiner@example.com' })).status).toBe(409);
    expect((await call(TEAM_ROUTES.resend, 'owner-b', { email: 'new.hire@example.com' })).status).toBe(409);
    expect((await view('owner-b')).body.organization.id).toBe('firm-b');
    expect((await organizations.getTeam('firm-a'))?.members).toEqual(before?.members);
  });

  it('refuses a caller without a token (401) and answers an unknown route 404', async () => {
    expect((await call(TEAM_ROUTES.invite, null, { email: 'a@example.com', role: 'admin' })).status).toBe(401);
    expect((await call('POST /user/organization/nothing', 'owner-a', {})).status).toBe(404);
  });

  it('answers 409 team_changed when the team changed between reading and writing', async () => {
    const stale = { ...deps, organizations: { ...organizations, saveOrganization: async () => false } };
    const staleHandler = createTeamHandler(() => stale, HANDLER_OPTIONS);
    const answer = await invoke<Body>(
      staleHandler,
      userEvent({
        method: 'PATCH',
        resource: '/user/organization/members/{userId}',
        body: { role: 'admin' },
        claims: claims('owner-a', undefined),
        pathParameters: { userId: 'recruiter-a' },
      }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('team_changed');
    expect(logs.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});
