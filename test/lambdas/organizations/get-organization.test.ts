import type { OrganizationResponse } from '../../../lambdas/shared/contracts/organization';
import { newOrganization, type Member } from '../../../lambdas/shared/domain/organization-rules';
import {
  createGetOrganizationHandler,
  NOT_IN_ORGANIZATION_MESSAGE,
  type GetOrganizationDependencies,
} from '../../../lambdas/organizations/get-organization';
import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../lambdas/shared/organizations/organizations-repository';
import { newUserRecord } from '../../../lambdas/shared/users/new-user-record';
import { createUsersRepository, type UsersRepository } from '../../../lambdas/shared/users/users-repository';
import { startTables } from '../shared/subscriptions/support';
import { claims, HANDLER_OPTIONS, invoke, userEvent } from '../subscription/support/subscription-services';

/** `GET /user/organization` through its handler, on dynalite: the caller's own firm, and nothing of another's. */

let tables: Awaited<ReturnType<typeof startTables>>;
let users: UsersRepository;
let organizations: OrganizationsRepository;
let lookups: GetOrganizationDependencies['organizations'];
const NOW = new Date('2026-11-26T12:00:00.000Z');
const JOINED = '2026-02-01T00:00:00.000Z';

const handler = createGetOrganizationHandler(() => ({ users, organizations: lookups, now: () => NOW }), HANDLER_OPTIONS);
type Body = OrganizationResponse & { code: string; message: string };
const getOrganization = (sub: string | null, query?: Record<string, string>) =>
  invoke<Body>(handler, {
    ...userEvent({ method: 'GET', resource: '/user/organization', claims: sub === null ? null : claims(sub, undefined) }),
    queryStringParameters: query ?? null,
  });
const getSummary = (sub: string | null) => getOrganization(sub, { view: 'summary' });

const member = (organizationId: string, userId: string, role: Member['role'], overrides: Partial<Member> = {}): Member => ({
  organizationId,
  userId,
  role,
  joinedAt: JOINED,
  state: 'active',
  ...overrides,
});

beforeAll(async () => {
  tables = await startTables();
  users = createUsersRepository({ client: tables.client, tableName: tables.tableNames.users });
  organizations = createOrganizationsRepository({ client: tables.client, tableName: tables.tableNames.organizations });
  lookups = organizations;
  for (const [id, firstName] of [
    ['owner', 'Olga'],
    ['recruiter', 'Rami'],
    ['admin', 'Ada'],
    ['loner', 'Lou'],
    ['rival', 'Rita'],
    ['gone', 'Gus'],
  ]) {
    await users.putIfAbsent(
      newUserRecord({
        id,
        email: `${id}@example.com`,
        details: { firstName, lastName: 'Test', companyName: 'Acme' },
        now: new Date(JOINED),
      }),
    );
  }
  await users.markRemoved('gone', NOW);
  await organizations.createOrganization(
    newOrganization({ id: 'acme', name: 'Acme Staffing', seats: 5, ownerId: 'owner', now: new Date(JOINED) }),
  );
  await organizations.saveMember(member('acme', 'recruiter', 'recruiter', { joinedAt: '2026-03-01T00:00:00.000Z' }));
  await organizations.saveMember(member('acme', 'admin', 'admin', { joinedAt: '2026-02-15T00:00:00.000Z' }));
  await organizations.saveMember(member('acme', 'former', 'recruiter', { state: 'removed', removedAt: JOINED, removedBy: 'owner' }));
  const invitation = { organizationId: 'acme', role: 'recruiter', invitedBy: 'admin', state: 'pending', updatedAt: JOINED } as const;
  await organizations.saveInvitation({
    ...invitation,
    email: 'soon@example.com',
    createdAt: '2026-11-25T00:00:00.000Z',
    expiresAt: '2026-12-02T00:00:00.000Z',
  });
  await organizations.saveInvitation({
    ...invitation,
    email: 'late@example.com',
    createdAt: '2026-10-01T00:00:00.000Z',
    expiresAt: '2026-10-08T00:00:00.000Z',
  });
  await organizations.createOrganization(
    newOrganization({ id: 'rival-firm', name: 'Rival Talent', seats: 2, ownerId: 'rival', now: new Date(JOINED) }),
  );
});
afterAll(() => tables.stop());

/** Each DynamoDB command the handler sends while `run` runs, by name (its index named for a query). */
async function commandsSentDuring(run: () => Promise<unknown>): Promise<string[]> {
  const send = jest.spyOn(tables.client, 'send');
  try {
    await run();
    return send.mock.calls.map(([command]) => {
      const input = command.input as { IndexName?: string };
      return `${command.constructor.name}${input.IndexName ? ` ${input.IndexName}` : ''}`;
    });
  } finally {
    send.mockRestore();
  }
}

async function addPerson(id: string): Promise<void> {
  await users.putIfAbsent(
    newUserRecord({
      id,
      email: `${id}@example.com`,
      details: { firstName: id, lastName: 'Test', companyName: 'Acme' },
      now: new Date(JOINED),
    }),
  );
}

describe('GET /user/organization?view=summary', () => {
  it.each([
    ['owner', 'owner'],
    ['admin', 'admin'],
    ['recruiter', 'recruiter'],
  ] as const)('answers the %s with the firm’s id and name and their role, nothing else', async (sub, role) => {
    const answer = await getSummary(sub);
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual({ organization: { id: 'acme', name: 'Acme Staffing' }, role });
  });

  it("answers another firm's owner with their own firm only", async () => {
    expect((await getSummary('rival')).body).toEqual({ organization: { id: 'rival-firm', name: 'Rival Talent' }, role: 'owner' });
  });

  it('refuses a member removed a moment ago at once, even while the index still shows the membership', async () => {
    await addPerson('leaver');
    const active = member('acme', 'leaver', 'recruiter');
    await organizations.saveMember(active);
    expect((await getSummary('leaver')).body).toMatchObject({ role: 'recruiter' });

    await organizations.saveMember({ ...active, state: 'removed', removedAt: NOW.toISOString(), removedBy: 'owner' });
    lookups = { ...organizations, membershipsOf: async () => [active] };
    try {
      expect(await getSummary('leaver')).toMatchObject({ status: 404, body: { code: 'organization_not_found' } });
    } finally {
      lookups = organizations;
    }
    expect(await getSummary('leaver')).toMatchObject({ status: 404, body: { code: 'organization_not_found' } });
  });

  it.each<Record<string, string>>([{ view: 'full' }, { view: '' }, { view: 'summary', members: 'yes' }])(
    'answers 400 to the query %j before reading anything',
    async (query) => {
      let answer: Awaited<ReturnType<typeof getOrganization>> | undefined;
      const commands = await commandsSentDuring(async () => (answer = await getOrganization('owner', query)));
      expect(answer).toMatchObject({ status: 400 });
      expect(answer?.body).toHaveProperty('fields');
      expect(commands).toEqual([]);
    },
  );

  it('reads the same few items for a firm of 2 and of 40, where the team view reads every member', async () => {
    const bigFirmSize = 40;
    await organizations.createOrganization(
      newOrganization({ id: 'big-firm', name: 'Big Staffing', seats: bigFirmSize, ownerId: 'big-0', now: new Date(JOINED) }),
    );
    for (let i = 0; i < bigFirmSize; i += 1) {
      await addPerson(`big-${i}`);
      if (i > 0) await organizations.saveMember(member('big-firm', `big-${i}`, 'recruiter'));
    }

    const small = await commandsSentDuring(() => getSummary('rival'));
    const big = await commandsSentDuring(async () => expect((await getSummary('big-7')).body).toMatchObject({ role: 'recruiter' }));
    // The caller's User record, their memberships in the index, their member item, the organization item.
    expect(big).toEqual(['GetCommand', 'QueryCommand byPerson', 'GetCommand', 'GetCommand']);
    expect(small).toEqual(big);

    const team = await commandsSentDuring(() => getOrganization('big-7'));
    expect(team.length).toBeGreaterThanOrEqual(bigFirmSize);
  });
});

describe('GET /user/organization', () => {
  it('answers the owner with the firm, the seats, the members (owner first) and every invitation with its status', async () => {
    const answer = await getOrganization('owner');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      organization: { id: 'acme', name: 'Acme Staffing', ownerId: 'owner' },
      role: 'owner',
      // Three members and the one unexpired invitation.
      seats: { total: 5, inUse: 4, free: 1 },
      members: [
        { userId: 'owner', role: 'owner', joinedAt: JOINED, firstName: 'Olga', lastName: 'Test', email: 'owner@example.com' },
        {
          userId: 'admin',
          role: 'admin',
          joinedAt: '2026-02-15T00:00:00.000Z',
          firstName: 'Ada',
          lastName: 'Test',
          email: 'admin@example.com',
        },
        {
          userId: 'recruiter',
          role: 'recruiter',
          joinedAt: '2026-03-01T00:00:00.000Z',
          firstName: 'Rami',
          lastName: 'Test',
          email: 'recruiter@example.com',
        },
      ],
      invitations: [
        { email: 'soon@example.com', role: 'recruiter', status: 'pending', invitedBy: 'admin', expiresAt: '2026-12-02T00:00:00.000Z' },
        { email: 'late@example.com', role: 'recruiter', status: 'expired', invitedBy: 'admin', expiresAt: '2026-10-08T00:00:00.000Z' },
      ],
    });
    // `?view=team` names the default.
    expect((await getOrganization('owner', { view: 'team' })).body).toEqual(answer.body);
  });

  it('shows invitations to an admin but not to a recruiter', async () => {
    expect((await getOrganization('admin')).body).toMatchObject({ role: 'admin', invitations: [{}, {}] });
    const recruiter = await getOrganization('recruiter');
    expect(recruiter.body).toMatchObject({ role: 'recruiter', invitations: null, seats: { total: 5, inUse: 4, free: 1 } });
  });

  it("answers another firm's owner with their own firm only", async () => {
    const answer = await getOrganization('rival');
    expect(answer.body).toMatchObject({ organization: { id: 'rival-firm' }, members: [{ userId: 'rival' }], invitations: [] });
    expect(JSON.stringify(answer.body)).not.toMatch(/acme|owner@example|soon@example/);
  });

  it.each<Record<string, string>>([{}, { view: 'summary' }])(
    'answers 404 to a user in no firm, 403 to a removed user and 401 without a token (query %j: either view)',
    async (query) => {
      expect(await getOrganization('loner', query)).toMatchObject({
        status: 404,
        body: { code: 'organization_not_found', message: NOT_IN_ORGANIZATION_MESSAGE },
      });
      expect(await getOrganization('gone', query)).toMatchObject({ status: 403, body: { code: 'user_inactive' } });
      expect(await getOrganization(null, query)).toMatchObject({ status: 401 });
    },
  );

  it('answers 404 at once to a member just removed, even while the index still shows the membership', async () => {
    await organizations.saveMember(
      member('acme', 'recruiter', 'recruiter', { state: 'removed', removedAt: NOW.toISOString(), removedBy: 'owner' }),
    );
    lookups = { ...organizations, activeMembershipOf: async (userId) => member('acme', userId, 'recruiter') };
    try {
      expect(await getOrganization('recruiter')).toMatchObject({ status: 404, body: { code: 'organization_not_found' } });
    } finally {
      lookups = organizations;
    }
    // The firm no longer counts them.
    expect((await getOrganization('owner')).body.seats).toEqual({ total: 5, inUse: 3, free: 2 });
  });
});
