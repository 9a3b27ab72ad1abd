import { ADMIN_GROUP } from '../../../lambdas/shared/domain/groups';
import { ATS_FIELDS_MESSAGE, type User } from '../../../lambdas/shared/contracts/user';
import { requestHandlerOutcome, userPoolIdentity } from './support/resolver-request';
import {
  asReturned,
  notAuthorized,
  startUserApi,
  UNAUTHORIZED_401,
  USER_SELECTION,
  type Caller,
  type TestUser,
  type UserApi,
} from './support/user-api';

/** `createUser` through the local AppSync runner against dynalite, with real cognito-local tokens. */

const CREATE_USER = /* GraphQL */ `
  mutation CreateUser($input: CreateUserInput!, $condition: ModelUserConditionInput) {
    createUser(input: $input, condition: $condition) {
      ${USER_SELECTION}
    }
  }
`;

const validInput = {
  firstName: ' Priya ',
  lastName: 'Raman',
  email: ' priya@blueharbor-talent.com ',
  companyName: 'Blue Harbor Talent',
  phoneNumber: '+1 555 010 0142',
  profileRole: 'Recruiting Manager',
};

let api: UserApi;
let admin: TestUser;
let member: TestUser;

async function createUser(input: Record<string, unknown>, caller: Caller, condition?: unknown) {
  const { status, body } = await api.graphql<{ createUser: User | null }>(CREATE_USER, { input, condition }, caller);
  return { status, body, created: body.data?.createUser ?? null };
}

beforeAll(async () => {
  api = await startUserApi();
  [admin, member] = await Promise.all([api.signIn('admin', { admin: true }), api.signIn('member')]);
}, 90_000);

afterAll(() => api?.stop());

describe('createUser by an admin', () => {
  it('stores the trimmed record with an id, the defaults and timestamps, and returns it', async () => {
    const { status, body, created } = await createUser(validInput, admin);

    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(created).toMatchObject({
      firstName: 'Priya',
      lastName: 'Raman',
      email: 'priya@blueharbor-talent.com',
      companyName: 'Blue Harbor Talent',
      phoneNumber: '+1 555 010 0142',
      profileRole: 'Recruiting Manager',
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
      subscriptions: [],
      atsname: null,
    });
    expect(created!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(created!.updatedAt).toBe(created!.createdAt);
    const stored = await api.storedUser(created!.id);
    expect(asReturned(stored!)).toEqual(created);
    expect(stored).not.toHaveProperty('atsname');
  });

  it('keeps a given id (a Cognito sub), status and subscription fields', async () => {
    const id = '4f1b6c0e-2d7a-4c11-9a0b-7e3d5f9c2a18';
    const { body, created } = await createUser(
      { ...validInput, id, status: 'REMOVED', subscriptionId: 'sub-5e2b7c', subscriptions: ['sub-5e2b7c'] },
      admin,
    );

    expect(body.errors).toBeUndefined();
    expect(created).toMatchObject({
      id,
      status: 'REMOVED',
      subscriptionId: 'sub-5e2b7c',
      subscriptions: ['sub-5e2b7c'],
      atsname: null,
      apikey1: null,
    });
    expect(await api.storedUser(id)).toMatchObject({ id, subscriptionId: 'sub-5e2b7c' });
  });

  it('refuses ATS settings, which their owner saves through POST /ats/connection (tested, the key encrypted), and stores nothing', async () => {
    const before = await api.countUsers();

    const { body } = await createUser(
      { ...validInput, atsname: 'Bullhorn', apikeytype: 'read-only', apikey1: 'k-1', apikey2: 'k-2' },
      admin,
    );

    expect(body.data).toEqual({ createUser: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        errorType: 'ValidationError',
        message: ATS_FIELDS_MESSAGE,
        errorInfo: {
          fields: { atsname: ATS_FIELDS_MESSAGE, apikeytype: ATS_FIELDS_MESSAGE, apikey1: ATS_FIELDS_MESSAGE, apikey2: ATS_FIELDS_MESSAGE },
        },
      }),
    ]);
    expect(ATS_FIELDS_MESSAGE).toMatch(/Account page \(POST \/ats\/connection\)/);
    expect(await api.countUsers()).toBe(before);
  });

  it('never overwrites: a second create with the same id fails and keeps the first', async () => {
    const id = 'c0ffee00-1111-4222-8333-444455556666';
    await createUser({ ...validInput, id }, admin);

    const { body } = await createUser({ ...validInput, id, firstName: 'Replaced' }, admin);

    expect(body.data).toEqual({ createUser: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['createUser'],
        errorType: 'DynamoDB:ConditionalCheckFailedException',
        message: 'The user was not created: a user with this id already exists, or the condition did not hold.',
        data: null,
      }),
    ]);
    expect((await api.storedUser(id))!.firstName).toBe('Priya');
  });

  it('honours the condition argument, combined with "must not exist yet"', async () => {
    const before = await api.countUsers();

    const fails = await createUser(validInput, admin, { firstName: { attributeExists: true } });
    expect(fails.body.errors![0].errorType).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(await api.countUsers()).toBe(before);

    const holds = await createUser(validInput, admin, { firstName: { attributeExists: false } });
    expect(holds.body.errors).toBeUndefined();
  });
});

describe('createUser refuses', () => {
  it.each([
    ['a missing first name', { firstName: null }, 'firstName', 'Please enter your first name.'],
    [
      'a markup last name',
      { lastName: '<b>Raman</b>' },
      'lastName',
      'Last name may contain letters, spaces, apostrophes, dots and hyphens only.',
    ],
    ['a malformed email', { email: 'priya@@blueharbor' }, 'email', 'Please enter a valid email address, like name@company.com.'],
    ['a blank company', { companyName: '  ' }, 'companyName', 'Please enter your company name.'],
    ['a bad phone number', { phoneNumber: 'call me' }, 'phoneNumber', 'Please enter a valid phone number, like +1 555 010 0199.'],
    ['an unknown role', { profileRole: 'Wizard' }, 'profileRole', expect.stringMatching(/^Role must be one of: Recruiter, /)],
    ['an unknown status', { status: 'DELETED' }, 'status', 'status must be one of: ACTIVE, REMOVED.'],
    [
      'an unsafe subscription id',
      { subscriptionId: '{"$ne":1}' },
      'subscriptionId',
      'subscriptionId must be 1 to 128 letters, digits, dots, colons, dashes or underscores.',
    ],
    [
      'a null subscription entry',
      { subscriptions: ['sub-1', null] },
      'subscriptions',
      'Each subscription must be 1 to 128 letters, digits, dots, colons, dashes or underscores.',
    ],
    ['an ATS key (saved through the ATS settings only)', { apikey1: 'abc-key-0001' }, 'apikey1', ATS_FIELDS_MESSAGE],
    ['a masked ATS key', { apikey2: '••••9c21' }, 'apikey2', ATS_FIELDS_MESSAGE],
    ['an unsafe id', { id: '../../etc/passwd' }, 'id', 'The id must be 1 to 64 letters, digits, dashes or underscores.'],
  ])('%s with a ValidationError, storing nothing', async (_case, change, field, message) => {
    const before = await api.countUsers();

    const { body } = await createUser({ ...validInput, ...change }, admin);

    expect(body.data).toEqual({ createUser: null });
    expect(body.errors).toEqual([
      expect.objectContaining({ path: ['createUser'], errorType: 'ValidationError', message, errorInfo: { fields: { [field]: message } } }),
    ]);
    expect(await api.countUsers()).toBe(before);
  });

  it('reports every invalid field at once, the first one as the message', async () => {
    const { body } = await createUser({ email: 'nope', companyName: '' }, admin);

    expect(body.errors![0].message).toBe('Please enter your first name.');
    expect(Object.keys(body.errors![0].errorInfo!.fields!)).toEqual(['firstName', 'lastName', 'companyName', 'email']);
  });

  it.each([
    ['a signed-in user outside the Admins group', () => member],
    ['the API key (the public web app)', () => 'apiKey' as const],
  ])('%s with AppSync’s Unauthorized error, storing nothing', async (_caller, caller) => {
    const before = await api.countUsers();
    const id = `refused-${Math.random().toString(36).slice(2, 10)}`;

    const { status, body } = await createUser({ ...validInput, id }, caller());

    expect(status).toBe(200);
    expect(body.data).toEqual({ createUser: null });
    expect(body.errors).toEqual([notAuthorized('createUser', 'Mutation')]);
    expect(await api.countUsers()).toBe(before);
    expect(await api.storedUser(id)).toBeUndefined();
  });

  it('a caller without credentials with a 401, storing nothing', async () => {
    const before = await api.countUsers();

    const { status, body } = await api.graphql(CREATE_USER, { input: validInput }, 'anonymous');

    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED_401);
    expect(await api.countUsers()).toBe(before);
  });

  it('in the resolver too, whatever the schema says: no identity or no Admins group, no request', () => {
    const unauthorized = { kind: 'signal', signal: { __appsyncLocalSignal: 'unauthorized' } };
    const input = { input: validInput };

    expect(requestHandlerOutcome('Mutation.createUser', input, null)).toEqual(unauthorized);
    expect(requestHandlerOutcome('Mutation.createUser', input, userPoolIdentity('member-sub', ['Beta_Customer_R1']))).toEqual(unauthorized);
    expect(requestHandlerOutcome('Mutation.createUser', input, userPoolIdentity('member-sub', null))).toEqual(unauthorized);
    expect(requestHandlerOutcome('Mutation.createUser', input, userPoolIdentity('admin-sub', [ADMIN_GROUP]))).toMatchObject({
      kind: 'value',
      value: { operation: 'PutItem' },
    });
  });
});
