import { ATS_FIELDS_MESSAGE, type User } from '../../../lambdas/shared/contracts/user';
import { ADMIN_GROUP } from '../../../lambdas/shared/domain/groups';
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

/** `updateUser` through the local AppSync runner against dynalite, with real cognito-local tokens. */

const UPDATE_USER = /* GraphQL */ `
  mutation UpdateUser($input: UpdateUserInput!, $condition: ModelUserConditionInput) {
    updateUser(input: $input, condition: $condition) {
      ${USER_SELECTION}
    }
  }
`;

/** An ATS key as the ATS settings store it: sealed for its owner, its last four characters beside it. */
const SEALED_KEY = 'enc:v1:local:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:9c21';

let api: UserApi;
let admin: TestUser;
let dana: TestUser;
let omar: TestUser;

async function updateUser(input: Record<string, unknown>, caller: Caller, condition?: unknown) {
  const { status, body } = await api.graphql<{ updateUser: User | null }>(UPDATE_USER, { input, condition }, caller);
  return { status, body, updated: body.data?.updateUser ?? null };
}

/** A fresh record for a signed-in user (tests change records, so each starts from a known one). */
async function recordOf(user: TestUser, extra: Partial<User> = {}): Promise<User> {
  return api.putUser({
    id: user.sub,
    email: user.email,
    companyName: 'Northwind Staffing',
    firstName: 'Dana',
    lastName: 'Whitfield',
    phoneNumber: '+1 555 010 0199',
    profileRole: 'Recruiter',
    subscriptionId: 'sub-1a2b3c',
    subscriptions: ['sub-1a2b3c'],
    createdAt: '2024-03-01T09:00:00.000Z',
    updatedAt: '2024-03-01T09:00:00.000Z',
    ...extra,
  });
}

beforeAll(async () => {
  api = await startUserApi();
  [admin, dana, omar] = await Promise.all([api.signIn('admin', { admin: true }), api.signIn('dana'), api.signIn('omar')]);
}, 90_000);

afterAll(() => api?.stop());

describe('updateUser on one’s own record', () => {
  it('changes the profile fields (trimmed), sets updatedAt and returns the stored record, the ATS key masked', async () => {
    const before = await recordOf(dana, { atsname: 'greenhouse', apikeytype: 'basic', apikey1: SEALED_KEY });

    const { body, updated } = await updateUser(
      { id: dana.sub, firstName: ' Zoë ', lastName: "O'Brien-Løkke", companyName: 'Blue Harbor Talent', profileRole: 'Sourcer' },
      dana,
    );

    expect(body.errors).toBeUndefined();
    expect(updated).toEqual(
      asReturned({
        ...before,
        firstName: 'Zoë',
        lastName: "O'Brien-Løkke",
        companyName: 'Blue Harbor Talent',
        profileRole: 'Sourcer',
        apikey1: '••••9c21',
        updatedAt: updated!.updatedAt,
      }),
    );
    expect(updated!.updatedAt > before.updatedAt).toBe(true);
    expect(updated!.createdAt).toBe(before.createdAt);
    expect(asReturned((await api.storedUser(dana.sub))!)).toEqual({ ...updated, apikey1: SEALED_KEY });
  });

  it('refuses ATS settings, even a mask it answered, pointing to the ATS settings on the Account page, and changes nothing', async () => {
    const before = await recordOf(dana, { atsname: 'greenhouse', apikeytype: 'basic', apikey1: SEALED_KEY });

    for (const change of [{ apikey1: 'greenhouse-key-0d1e2f3a' }, { apikey1: '••••9c21' }, { atsname: 'lever', apikeytype: 'basic' }]) {
      const { body } = await updateUser({ id: dana.sub, firstName: 'Dana', ...change }, dana);

      const fields = Object.fromEntries(Object.keys(change).map((field) => [field, ATS_FIELDS_MESSAGE]));
      expect(body.errors).toEqual([
        expect.objectContaining({ errorType: 'ValidationError', message: ATS_FIELDS_MESSAGE, errorInfo: { fields } }),
      ]);
    }
    expect(await api.storedUser(dana.sub)).toEqual(before);
  });

  it('leaves the ATS settings as they are when given null (nothing to save)', async () => {
    const before = await recordOf(dana, { atsname: 'greenhouse', apikeytype: 'basic', apikey1: SEALED_KEY });

    const { body, updated } = await updateUser(
      { id: dana.sub, firstName: 'Dana', atsname: null, apikeytype: null, apikey1: null, apikey2: null },
      dana,
    );

    expect(body.errors).toBeUndefined();
    expect(updated).toMatchObject({ atsname: 'greenhouse', apikey1: '••••9c21' });
    expect(await api.storedUser(dana.sub)).toMatchObject({ atsname: before.atsname, apikeytype: before.apikeytype, apikey1: SEALED_KEY });
  });

  it('refuses a condition on an ATS key (it would reveal the key one guess at a time), changing nothing', async () => {
    const before = await recordOf(dana, { apikey1: 'bullhorn-key-7f3a9c21' });

    const { body } = await updateUser({ id: dana.sub, firstName: 'Probe' }, admin, { apikey1: { beginsWith: 'b' } });

    const message = 'The condition cannot use apikey1: ATS keys are write-only secrets.';
    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'ValidationError', message, errorInfo: { fields: { condition: message } } }),
    ]);
    expect(await api.storedUser(dana.sub)).toEqual(before);
  });

  it('removes optional fields given as null or blank', async () => {
    await recordOf(dana);

    const { body, updated } = await updateUser({ id: dana.sub, phoneNumber: null, profileRole: '' }, dana);

    expect(body.errors).toBeUndefined();
    expect(updated).toMatchObject({ phoneNumber: null, profileRole: null, firstName: 'Dana' });
    const stored = await api.storedUser(dana.sub);
    expect(stored).not.toHaveProperty('phoneNumber');
    expect(stored).not.toHaveProperty('profileRole');
  });

  it('refuses fields only an admin may change, naming them, and changes nothing', async () => {
    const before = await recordOf(dana);

    const { body } = await updateUser(
      {
        id: dana.sub,
        firstName: 'Dina',
        email: 'new@example.com',
        status: 'ACTIVE',
        subscriptionId: 'sub-free',
        subscriptions: ['sub-free'],
      },
      dana,
    );

    expect(body.data).toEqual({ updateUser: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['updateUser'],
        errorType: 'Unauthorized',
        message: 'You cannot change email, status, subscriptionId, subscriptions on your own record.',
        errorInfo: {
          fields: {
            email: 'Only an administrator can change email.',
            status: 'Only an administrator can change status.',
            subscriptionId: 'Only an administrator can change subscriptionId.',
            subscriptions: 'Only an administrator can change subscriptions.',
          },
        },
      }),
    ]);
    expect(await api.storedUser(dana.sub)).toEqual(before);
  });

  it('refuses even a null for an admin-only field', async () => {
    const { body } = await updateUser({ id: dana.sub, subscriptions: null }, dana);

    expect(body.errors![0]).toMatchObject({ errorType: 'Unauthorized', message: 'You cannot change subscriptions on your own record.' });
  });

  it('honours the condition: when it fails nothing changes and the error says so', async () => {
    const before = await recordOf(dana);

    const { body } = await updateUser({ id: dana.sub, firstName: 'Dina' }, dana, { companyName: { eq: 'Some Other Company' } });

    expect(body.data).toEqual({ updateUser: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['updateUser'],
        errorType: 'DynamoDB:ConditionalCheckFailedException',
        message: 'The user was not updated: it does not exist, or the condition did not hold.',
        data: null,
      }),
    ]);
    expect(await api.storedUser(dana.sub)).toEqual(before);

    const holds = await updateUser({ id: dana.sub, firstName: 'Dina' }, dana, {
      companyName: { eq: 'Northwind Staffing' },
      or: [{ status: { eq: 'ACTIVE' } }, { status: { attributeExists: false } }],
    });
    expect(holds.body.errors).toBeUndefined();
    expect(holds.updated!.firstName).toBe('Dina');
  });

  it('is refused once an admin has removed the record', async () => {
    const removed = await api.signIn('removed');
    const before = await recordOf(removed, { status: 'REMOVED' });

    const { body } = await updateUser({ id: removed.sub, firstName: 'Back' }, removed);

    expect(body.errors![0].errorType).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(await api.storedUser(removed.sub)).toEqual(before);
  });

  it('does not create a record that does not exist', async () => {
    const newcomer = await api.signIn('newcomer');

    const { body } = await updateUser({ id: newcomer.sub, firstName: 'New' }, newcomer);

    expect(body.errors![0].errorType).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(await api.storedUser(newcomer.sub)).toBeUndefined();
  });
});

describe('updateUser on someone else’s record', () => {
  it('is refused for a user who is not an admin, and the record is unchanged', async () => {
    const before = await recordOf(omar, { firstName: 'Omar', lastName: 'Reyes' });

    const { status, body } = await updateUser({ id: omar.sub, firstName: 'Hacked' }, dana);

    expect(status).toBe(200);
    expect(body.data).toEqual({ updateUser: null });
    expect(body.errors).toEqual([notAuthorized('updateUser', 'Mutation')]);
    expect(await api.storedUser(omar.sub)).toEqual(before);
  });

  it('lets an admin change every field but the id and the ATS settings', async () => {
    const before = await recordOf(omar, { firstName: 'Omar', lastName: 'Reyes' });
    const changes = {
      email: 'omar.reyes@talentbridge.io',
      status: 'REMOVED',
      subscriptionId: 'sub-9z8y7x',
      subscriptions: ['sub-1a2b3c', 'sub-9z8y7x'],
      companyName: 'TalentBridge',
    };

    const { body, updated } = await updateUser({ id: omar.sub, ...changes }, admin);

    expect(body.errors).toBeUndefined();
    expect(updated).toEqual(asReturned({ ...before, ...changes, updatedAt: updated!.updatedAt }));
    expect(await api.storedUser(omar.sub)).toEqual({ ...before, ...changes, updatedAt: updated!.updatedAt });
  });

  it('refuses an admin’s ATS settings too: only their owner saves them (tested, the key encrypted for them)', async () => {
    const before = await recordOf(omar);

    const { body } = await updateUser({ id: omar.sub, apikeytype: 'read-only', apikey2: 'k-2' }, admin);

    expect(body.errors).toEqual([
      expect.objectContaining({
        errorType: 'ValidationError',
        message: ATS_FIELDS_MESSAGE,
        errorInfo: { fields: { apikeytype: ATS_FIELDS_MESSAGE, apikey2: ATS_FIELDS_MESSAGE } },
      }),
    ]);
    expect(await api.storedUser(omar.sub)).toEqual(before);
  });

  it('answers an admin’s update of a missing record with the condition error, creating nothing', async () => {
    const { body } = await updateUser({ id: 'no-such-user', firstName: 'Ghost' }, admin);

    expect(body.errors![0].errorType).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(await api.storedUser('no-such-user')).toBeUndefined();
  });
});

describe('updateUser refuses invalid values with a ValidationError and changes nothing', () => {
  it.each([
    ['a blank first name', { firstName: '  ' }, 'firstName', 'Please enter your first name.'],
    ['a null last name', { lastName: null }, 'lastName', 'Please enter your last name.'],
    ['a null company', { companyName: null }, 'companyName', 'Please enter your company name.'],
    [
      'a name with symbols',
      { firstName: 'Dana$' },
      'firstName',
      'First name may contain letters, spaces, apostrophes, dots and hyphens only.',
    ],
    ['an over-long company', { companyName: 'x'.repeat(101) }, 'companyName', 'Company name must be at most 100 characters.'],
    ['a bad phone number', { phoneNumber: '12' }, 'phoneNumber', 'Please enter a valid phone number, like +1 555 010 0199.'],
    ['an unknown role', { profileRole: 'Wizard' }, 'profileRole', expect.stringMatching(/^Role must be one of: /)],
    ['an ATS key (saved through the ATS settings only)', { apikey1: 'k'.repeat(513) }, 'apikey1', ATS_FIELDS_MESSAGE],
  ])('%s (own record)', async (_case, change, field, message) => {
    const before = await recordOf(dana);

    const { body } = await updateUser({ id: dana.sub, ...change }, dana);

    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'ValidationError', message, errorInfo: { fields: { [field]: message } } }),
    ]);
    expect(await api.storedUser(dana.sub)).toEqual(before);
  });

  it.each([
    ['a null email', { email: null }, 'email', 'Please enter an email address.'],
    ['a malformed email', { email: 'omar@' }, 'email', 'Please enter a valid email address, like name@company.com.'],
    ['a null status', { status: null }, 'status', 'status cannot be removed; use one of: ACTIVE, REMOVED.'],
    ['an unknown status', { status: 'SUSPENDED' }, 'status', 'status must be one of: ACTIVE, REMOVED.'],
    [
      'a null subscriptionId',
      { subscriptionId: null },
      'subscriptionId',
      'subscriptionId cannot be removed; use SubscriptionTBD for a user without a subscription.',
    ],
  ])('%s (admin)', async (_case, change, field, message) => {
    const before = await recordOf(omar);

    const { body } = await updateUser({ id: omar.sub, ...change }, admin);

    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'ValidationError', message, errorInfo: { fields: { [field]: message } } }),
    ]);
    expect(await api.storedUser(omar.sub)).toEqual(before);
  });
});

describe('updateUser without a user pool identity', () => {
  it('refuses the API key (the public web app) with AppSync’s Unauthorized error, changing nothing', async () => {
    const before = await recordOf(dana);

    const { status, body } = await updateUser({ id: dana.sub, firstName: 'Anon' }, 'apiKey');

    expect(status).toBe(200);
    expect(body.data).toEqual({ updateUser: null });
    expect(body.errors).toEqual([notAuthorized('updateUser', 'Mutation')]);
    expect(await api.storedUser(dana.sub)).toEqual(before);
  });

  it('refuses a caller without credentials with a 401, changing nothing', async () => {
    const before = await recordOf(dana);

    const { status, body } = await api.graphql(UPDATE_USER, { input: { id: dana.sub, firstName: 'Anon' } }, 'anonymous');

    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED_401);
    expect(await api.storedUser(dana.sub)).toEqual(before);
  });

  it('is refused by the resolver itself, whatever the schema says', () => {
    const args = { input: { id: 'dana-sub', firstName: 'Anon' } };

    expect(requestHandlerOutcome('Mutation.updateUser', args, null)).toEqual({
      kind: 'signal',
      signal: { __appsyncLocalSignal: 'unauthorized' },
    });
    expect(requestHandlerOutcome('Mutation.updateUser', args, userPoolIdentity('omar-sub', null))).toEqual({
      kind: 'signal',
      signal: { __appsyncLocalSignal: 'unauthorized' },
    });
    expect(requestHandlerOutcome('Mutation.updateUser', args, userPoolIdentity('admin-sub', [ADMIN_GROUP]))).toMatchObject({
      kind: 'value',
      value: { operation: 'UpdateItem' },
    });
  });
});
