import { InviteUserResponseSchema } from '../../../lambdas/shared/contracts/admin';
import { ATS_FIELDS_MESSAGE } from '../../../lambdas/shared/contracts/user';
import { createCreateUserHandler } from '../../../lambdas/admin/create-user';
import type { AdminUsersDependencies } from '../../../lambdas/admin/admin-users';
import { createUsersRepository } from '../../../lambdas/shared/users/users-repository';
import { lambdaContext } from '../support/api-gateway-event';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { lastMessageTo, startIdentityServices, type IdentityServices } from '../support/identity-services';
import { adminEvent, MEMBER_CLAIMS, realAdminClaims, WEB_ORIGIN } from './support/admin-events';

let services: IdentityServices;
let createUser: ReturnType<typeof createCreateUserHandler>;
let logs: CapturedLogs;
let adminClaims: Record<string, string>;

const deps = (overrides: Partial<AdminUsersDependencies> = {}): AdminUsersDependencies => ({
  directory: services.directory,
  users: services.users,
  ...overrides,
});

beforeAll(async () => {
  services = await startIdentityServices();
  createUser = createCreateUserHandler(() => deps(), { allowedOrigins: [WEB_ORIGIN] });
  adminClaims = await realAdminClaims(services, 'ada.create@example.com');
});
afterAll(() => services.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const invitation = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Ira',
  lastName: 'Kent',
  companyName: 'Kent Talent',
  phoneNumber: '+1 (555) 010-0142',
  group: 'Beta_Customer_R2',
  ...extra,
});

async function call(body: unknown, authorizerClaims: Record<string, string> | null = adminClaims) {
  const response = await createUser(adminEvent('/admin/user/create', body, authorizerClaims), lambdaContext());
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown>, headers: response.headers };
}

describe('POST /admin/user/create', () => {
  it('invites the person: Cognito user in the group, invitation emailed, User record ACTIVE with SubscriptionTBD', async () => {
    const answer = await call(invitation(' Ira.Kent@Example.com '));

    expect(answer.status).toBe(201);
    expect(answer.headers).toMatchObject({ 'Access-Control-Allow-Origin': WEB_ORIGIN, 'Cache-Control': 'no-store' });
    const body = InviteUserResponseSchema.parse(answer.body);
    expect(body.cognito).toEqual({ username: body.user.id, status: 'FORCE_CHANGE_PASSWORD' });
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ira.kent@example.com',
      firstName: 'Ira',
      lastName: 'Kent',
      companyName: 'Kent Talent',
      phoneNumber: '+15550100142',
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
      subscriptions: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await services.users.getById(body.user.id)).toEqual(body.user);
    expect(await services.directory.getUser(body.cognito.username)).toMatchObject({
      groups: ['Beta_Customer_R2'],
      attributes: { email_verified: 'true' },
    });
    expect(lastMessageTo(services.cognito, 'ira.kent@example.com')).toMatchObject({
      kind: 'invitation',
      temporaryPassword: expect.any(String),
    });
    expect(logs.lines).toContainEqual(expect.objectContaining({ message: 'User invited', by: adminClaims.sub, group: 'Beta_Customer_R2' }));
  });

  it('lets only members of Admins invite (403), before even reading the body', async () => {
    expect(await call(invitation('x@example.com'), MEMBER_CLAIMS)).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: 'Only administrators may manage users.' },
    });
    expect(await call('not json', MEMBER_CLAIMS)).toMatchObject({ status: 403 });
    expect(await services.directory.getUser('x@example.com')).toBeUndefined();
  });

  it('accepts the groups claim in the bracketed form API Gateway sometimes passes', async () => {
    const bracketed = await realAdminClaims(services, 'ada.bracket@example.com', '[Beta_Customer_R1 Admins]');
    expect((await call(invitation('bracket@example.com'), bracketed)).status).toBe(201);
  });

  it("answers 401 without the authorizer's claims", async () => {
    expect(await call(invitation('y@example.com'), null)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('answers 400 to a missing or malformed body', async () => {
    expect(await call(undefined)).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(await call('{"email":')).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
  });

  it('answers 400 naming each invalid field', async () => {
    const answer = await call({ email: 'not-an-email', firstName: 'Ira', lastName: 'Kent', companyName: 'Kent', group: 'Admins' });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        code: 'validation_failed',
        fields: {
          email: 'Please give a valid email address, like name@company.com.',
          group: 'The group must be one of Beta_Customer_R1, Beta_Customer_R2, Beta_Customer_R3.',
        },
      },
    });
    expect((await call(invitation('z@example.com', { firstName: '  ', phoneNumber: 'call me' }))).body).toMatchObject({
      fields: { firstName: 'Please enter your first name.', phoneNumber: 'Please enter a valid phone number, like +1 555 010 0199.' },
    });
    expect((await call(invitation('z@example.com', { phoneNumber: '(555) 010-0142' }))).body).toMatchObject({
      fields: { phoneNumber: 'Please enter the phone number with its country code, like +1 555 010 0199.' },
    });
    expect((await call(invitation('z@example.com', { role: 'Admins' }))).status).toBe(400);
    expect(await services.directory.getUser('z@example.com')).toBeUndefined();
  });

  it('refuses ATS settings, which the invited person saves through the ATS settings on the Account page (400), inviting no one', async () => {
    const answer = await call(
      invitation('ats@example.com', { atsname: 'greenhouse', apikeytype: 'basic', apikey1: 'gh-key-0000000000001', apikey2: null }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: {
        code: 'validation_failed',
        fields: { atsname: ATS_FIELDS_MESSAGE, apikeytype: ATS_FIELDS_MESSAGE, apikey1: ATS_FIELDS_MESSAGE },
      },
    });
    expect(answer.body.fields).not.toHaveProperty('apikey2');
    expect(JSON.stringify(answer.body)).not.toContain('gh-key-0000000000001');
    expect(await services.directory.getUser('ats@example.com')).toBeUndefined();
  });

  it('answers 409 when the email belongs to a user already, in any letter case', async () => {
    expect((await call(invitation('taken@example.com'))).status).toBe(201);
    expect(await call(invitation('Taken@Example.com'))).toMatchObject({
      status: 409,
      body: { code: 'user_exists', message: 'A user with this email address already exists.' },
    });
  });

  it('deletes the Cognito user again when the record cannot be written (no half-created user)', async () => {
    // The put goes to a table that does not exist: DynamoDB itself refuses the write.
    const missingTable = createUsersRepository({ client: services.documentClient, tableName: 'no-such-table' });
    const broken = createCreateUserHandler(
      () => deps({ users: { ...services.users, putIfAbsent: (user) => missingTable.putIfAbsent(user) } }),
      {
        allowedOrigins: [WEB_ORIGIN],
      },
    );

    const response = await broken(adminEvent('/admin/user/create', invitation('half@example.com'), adminClaims), lambdaContext());

    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ message: 'Something went wrong. Please try again later.', code: 'internal_error' });
    expect(await services.directory.getUser('half@example.com')).toBeUndefined();
    expect(logs.lines).toContainEqual(expect.objectContaining({ message: 'Invitation rolled back: the Cognito user was deleted again' }));
  });
});
