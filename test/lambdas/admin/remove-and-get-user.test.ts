import { AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetUserResponseSchema } from '../../../lambdas/shared/contracts/admin';
import { createCreateUserHandler } from '../../../lambdas/admin/create-user';
import { createGetUserHandler } from '../../../lambdas/admin/get-user';
import { createRemoveUserHandler } from '../../../lambdas/admin/remove-user';
import type { AdminUsersDependencies } from '../../../lambdas/admin/admin-users';
import { lambdaContext } from '../support/api-gateway-event';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { startIdentityServices, type IdentityServices } from '../support/identity-services';
import { adminEvent, MEMBER_CLAIMS, realAdminClaims, WEB_ORIGIN } from './support/admin-events';

let services: IdentityServices;
let logs: CapturedLogs;
let adminClaims: Record<string, string>;
const options = { allowedOrigins: [WEB_ORIGIN] };
let handlers: Record<'create' | 'remove' | 'get', ReturnType<typeof createGetUserHandler>>;

beforeAll(async () => {
  services = await startIdentityServices();
  const deps = (): AdminUsersDependencies => ({ directory: services.directory, users: services.users });
  handlers = {
    create: createCreateUserHandler(deps, options),
    remove: createRemoveUserHandler(deps, options),
    get: createGetUserHandler(deps, options),
  };
  adminClaims = await realAdminClaims(services, 'ada.remove@example.com');
});
afterAll(() => services.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const RESOURCES = { create: '/admin/user/create', remove: '/admin/user/remove', get: '/admin/user' } as const;

async function call(route: keyof typeof RESOURCES, body: unknown, authorizerClaims: Record<string, string> | null = adminClaims) {
  const response = await handlers[route](adminEvent(RESOURCES[route], body, authorizerClaims), lambdaContext());
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

async function invited(email: string): Promise<{ username: string }> {
  const answer = await call('create', {
    email,
    firstName: 'Sam',
    lastName: 'Ortiz',
    companyName: 'Ortiz Search',
    group: 'Beta_Customer_R1',
  });
  expect(answer.status).toBe(201);
  return answer.body.cognito as { username: string };
}

describe('POST /admin/user', () => {
  it('returns the Cognito user with their groups, and their record', async () => {
    const { username } = await invited('sam@example.com');

    const answer = await call('get', { username: 'sam@example.com' });

    expect(answer.status).toBe(200);
    const body = GetUserResponseSchema.parse(answer.body);
    expect(body.cognito).toMatchObject({
      username,
      status: 'FORCE_CHANGE_PASSWORD',
      enabled: true,
      groups: ['Beta_Customer_R1'],
      attributes: {
        email: 'sam@example.com',
        given_name: 'Sam',
        family_name: 'Ortiz',
        'custom:companyName': 'Ortiz Search',
        sub: username,
      },
    });
    expect(body.user).toMatchObject({ id: username, email: 'sam@example.com', status: 'ACTIVE', subscriptionId: 'SubscriptionTBD' });
    expect((await call('get', { username })).body).toEqual(answer.body);
  });

  it('returns user null for a Cognito user without a record', async () => {
    const bare = await services.directory.inviteUser({ email: 'bare@example.com', firstName: 'B', lastName: 'Are', companyName: 'None' });
    expect(await call('get', { username: bare.username })).toMatchObject({
      status: 200,
      body: { user: null, cognito: { username: bare.username } },
    });
  });

  it('answers 404 for an unknown user, 400 for a bad body and 403 to non-admins', async () => {
    expect(await call('get', { username: 'nobody@example.com' })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await call('get', { username: '' })).toMatchObject({
      status: 400,
      body: { fields: { username: 'Please give the username (or the email) of the user.' } },
    });
    expect(await call('get', { user: 'x' })).toMatchObject({ status: 400 });
    expect(await call('get', [])).toMatchObject({ status: 400 });
    expect(await call('get', { username: 'sam@example.com' }, MEMBER_CLAIMS)).toMatchObject({ status: 403 });
  });
});

describe('POST /admin/user/remove', () => {
  it('deletes the Cognito user and keeps their record, marked REMOVED, with its subscriptions', async () => {
    const { username } = await invited('leaving@example.com');
    await services.documentClient.send(
      new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({
        TableName: services.tableNames.users,
        Key: { id: username },
        UpdateExpression: 'SET subscriptionId = :s, subscriptions = :list',
        ExpressionAttributeValues: { ':s': 'sub-123', ':list': ['sub-123'] },
      }),
    );

    const answer = await call('remove', { username: 'leaving@example.com' });

    expect(answer).toEqual({ status: 200, body: { username, removed: true } });
    expect(await services.directory.getUser(username)).toBeUndefined();
    expect(await services.users.getById(username)).toMatchObject({
      status: 'REMOVED',
      subscriptionId: 'sub-123',
      subscriptions: ['sub-123'],
    });
    expect(await call('get', { username })).toMatchObject({ status: 404 });
  });

  it('lets the email be invited again later, as a new user with a new record', async () => {
    const first = await invited('again@example.com');
    await call('remove', { username: first.username });

    const second = await invited('again@example.com');

    expect(second.username).not.toBe(first.username);
    expect((await services.users.findByEmail('again@example.com')).map((user) => [user.id, user.status])).toEqual(
      expect.arrayContaining([
        [first.username, 'REMOVED'],
        [second.username, 'ACTIVE'],
      ]),
    );
  });

  it('answers 404 for an unknown user and 403 to non-admins, removing nothing', async () => {
    const { username } = await invited('stays@example.com');
    expect(await call('remove', { username: 'ghost@example.com' })).toMatchObject({
      status: 404,
      body: { message: 'No user with this username or email.' },
    });
    expect(await call('remove', { username }, MEMBER_CLAIMS)).toMatchObject({ status: 403 });
    expect(await services.directory.getUser(username)).toBeDefined();
  });

  it('does not let an admin remove their own account', async () => {
    const self = await realAdminClaims(services, 'self@example.com');
    expect(await call('remove', { username: self['cognito:username'] }, self)).toMatchObject({
      status: 409,
      body: { code: 'cannot_remove_self' },
    });
  });

  it('takes admin rights away at once from an admin who was removed, whose token still says Admins', async () => {
    const removedAdmin = await realAdminClaims(services, 'removed.admin@example.com');
    expect(await call('get', { username: 'removed.admin@example.com' }, removedAdmin)).toMatchObject({ status: 200 });

    expect(await call('remove', { username: 'removed.admin@example.com' })).toMatchObject({ status: 200 });

    const target = await invited('still.here@example.com');
    for (const route of ['create', 'remove', 'get'] as const) {
      expect(await call(route, { username: target.username }, removedAdmin)).toMatchObject({
        status: 403,
        body: { message: 'Only administrators may manage users.' },
      });
    }
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/^Admin call refused/), reason: 'record_not_active' }),
    );
    expect(await services.directory.getUser(target.username)).toBeDefined();
  });

  it('takes admin rights away at once from an admin who was demoted, whose token still says Admins', async () => {
    const demoted = await realAdminClaims(services, 'demoted.admin@example.com');
    await services.cognitoClient.send(
      new AdminRemoveUserFromGroupCommand({
        UserPoolId: services.cognito.userPoolId,
        Username: demoted['cognito:username'],
        GroupName: 'Admins',
      }),
    );

    const target = await invited('untouched@example.com');
    expect(await call('remove', { username: target.username }, demoted)).toMatchObject({ status: 403 });
    expect(await call('get', { username: target.username }, demoted)).toMatchObject({ status: 403 });
    expect(logs.lines).toContainEqual(expect.objectContaining({ reason: 'not_admin_now' }));
    expect(await services.directory.getUser(target.username)).toBeDefined();
  });

  it('answers 400 to a bad body', async () => {
    expect(await call('remove', undefined)).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(await call('remove', { username: 'has space' })).toMatchObject({
      status: 400,
      body: { fields: { username: 'A username cannot contain spaces or control characters.' } },
    });
  });
});
