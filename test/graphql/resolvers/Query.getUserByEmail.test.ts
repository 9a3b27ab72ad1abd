import type { User } from '../../../lambdas/shared/contracts/user';
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

/**
 * `getUserByEmail` through the local AppSync runner against dynalite, called with real
 * cognito-local access tokens: the web app's lookup after sign-in.
 */

const GET_USER_BY_EMAIL = /* GraphQL */ `
  query GetUserByEmail(
    $email: String!
    $companyName: ModelStringKeyConditionInput
    $sortDirection: ModelSortDirection
    $filter: ModelUserFilterInput
    $limit: Int
    $nextToken: String
  ) {
    getUserByEmail(email: $email, companyName: $companyName, sortDirection: $sortDirection, filter: $filter, limit: $limit, nextToken: $nextToken) {
      items {
        ${USER_SELECTION}
      }
      nextToken
    }
  }
`;

interface Page {
  items: User[];
  nextToken: string | null;
}

let api: UserApi;
let admin: TestUser;
let dana: TestUser;
let omar: TestUser;
let danaRecord: User;
let omarRecord: User;
/** An email with several records (one person at several companies), for keys and pagination. */
const SHARED_EMAIL = 'recruiting@northwind-staffing.com';
const SHARED_COMPANIES = ['Acme Staffing', 'Blue Harbor Talent', 'Brightpath Search', 'Northwind Staffing'];

async function getUserByEmail(variables: Record<string, unknown>, caller: Caller) {
  const { status, body } = await api.graphql<{ getUserByEmail: Page | null }>(GET_USER_BY_EMAIL, variables, caller);
  return { status, body, page: body.data?.getUserByEmail ?? null };
}

beforeAll(async () => {
  api = await startUserApi();
  [admin, dana, omar] = await Promise.all([api.signIn('admin', { admin: true }), api.signIn('dana'), api.signIn('omar')]);
  danaRecord = await api.putUser({
    id: dana.sub,
    email: dana.email,
    companyName: 'Northwind Staffing',
    firstName: 'Dana',
    lastName: 'Whitfield',
  });
  omarRecord = await api.putUser({ id: omar.sub, email: omar.email, companyName: 'TalentBridge', firstName: 'Omar', lastName: 'Reyes' });
  for (const [index, companyName] of SHARED_COMPANIES.entries()) {
    await api.putUser({ id: `shared-${index}`, email: SHARED_EMAIL, companyName, status: index === 3 ? 'REMOVED' : 'ACTIVE' });
  }
}, 90_000);

afterAll(() => api?.stop());

describe('getUserByEmail for a signed-in user', () => {
  it('finds their own record by their email', async () => {
    const { status, body, page } = await getUserByEmail({ email: dana.email }, dana);

    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(page).toEqual({ items: [asReturned(danaRecord)], nextToken: null });
  });

  it('accepts the id token as well as the access token', async () => {
    const { page } = await getUserByEmail({ email: dana.email }, { ...dana, accessToken: dana.idToken });

    expect(page!.items.map((user) => user.id)).toEqual([dana.sub]);
  });

  it('gets nothing for someone else’s email, and no token that would reveal the record exists', async () => {
    for (const limit of [undefined, 1]) {
      const { body, page } = await getUserByEmail({ email: omar.email, limit }, dana);

      expect(body.errors).toBeUndefined();
      expect(page).toEqual({ items: [], nextToken: null });
    }
    const shared = await getUserByEmail({ email: SHARED_EMAIL, limit: 1 }, dana);
    expect(shared.page).toEqual({ items: [], nextToken: null });
  });

  it('cannot widen the lookup with an or-filter: the own-record restriction is ANDed by the resolver', async () => {
    const { page } = await getUserByEmail(
      { email: omar.email, filter: { or: [{ firstName: { eq: 'Omar' } }, { id: { eq: omar.sub } }] } },
      dana,
    );

    expect(page).toEqual({ items: [], nextToken: null });
  });

  it('applies their filter and the companyName key condition to their own record', async () => {
    const matching = await getUserByEmail(
      { email: dana.email, companyName: { beginsWith: 'North' }, filter: { firstName: { eq: 'Dana' } } },
      dana,
    );
    const otherCompany = await getUserByEmail({ email: dana.email, companyName: { eq: 'TalentBridge' } }, dana);
    const otherName = await getUserByEmail({ email: dana.email, filter: { firstName: { eq: 'Someone' } } }, dana);

    expect(matching.page!.items.map((user) => user.id)).toEqual([dana.sub]);
    expect(otherCompany.page!.items).toEqual([]);
    expect(otherName.page!.items).toEqual([]);
  });

  it('does not return their record once an admin has removed it', async () => {
    const removed = await api.signIn('removed');
    await api.putUser({ id: removed.sub, email: removed.email, companyName: 'Gone Ltd', status: 'REMOVED' });

    const { page } = await getUserByEmail({ email: removed.email }, removed);

    expect(page).toEqual({ items: [], nextToken: null });
  });
});

describe('getUserByEmail for an admin', () => {
  it('finds anyone’s record by email', async () => {
    const { page } = await getUserByEmail({ email: omar.email }, admin);

    expect(page).toEqual({ items: [asReturned(omarRecord)], nextToken: null });
  });

  it('orders by companyName (the index sort key), ascending by default and descending on request', async () => {
    const ascending = await getUserByEmail({ email: SHARED_EMAIL }, admin);
    const descending = await getUserByEmail({ email: SHARED_EMAIL, sortDirection: 'DESC' }, admin);

    expect(ascending.page!.items.map((user) => user.companyName)).toEqual(SHARED_COMPANIES);
    expect(descending.page!.items.map((user) => user.companyName)).toEqual([...SHARED_COMPANIES].reverse());
  });

  it.each([
    [{ eq: 'Brightpath Search' }, ['Brightpath Search']],
    [{ beginsWith: 'B' }, ['Blue Harbor Talent', 'Brightpath Search']],
    [{ between: ['B', 'C'] }, ['Blue Harbor Talent', 'Brightpath Search']],
    [{ lt: 'Blue Harbor Talent' }, ['Acme Staffing']],
    [{ le: 'Blue Harbor Talent' }, ['Acme Staffing', 'Blue Harbor Talent']],
    [{ gt: 'Brightpath Search' }, ['Northwind Staffing']],
    [{ ge: 'Brightpath Search' }, ['Brightpath Search', 'Northwind Staffing']],
  ])('applies the companyName key condition %j', async (companyName, expected) => {
    const { body, page } = await getUserByEmail({ email: SHARED_EMAIL, companyName }, admin);

    expect(body.errors).toBeUndefined();
    expect(page!.items.map((user) => user.companyName)).toEqual(expected);
  });

  it('sees removed records and can filter on them', async () => {
    const { page } = await getUserByEmail({ email: SHARED_EMAIL, filter: { status: { eq: 'REMOVED' } } }, admin);

    expect(page!.items.map((user) => user.id)).toEqual(['shared-3']);
  });

  it('pages through with limit and nextToken', async () => {
    const seen: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const { body, page } = await getUserByEmail({ email: SHARED_EMAIL, limit: 3, nextToken }, admin);
      expect(body.errors).toBeUndefined();
      expect(page!.items.length).toBeLessThanOrEqual(3);
      seen.push(...page!.items.map((user) => user.companyName));
      nextToken = page!.nextToken;
      pages += 1;
    } while (nextToken && pages < 5);

    expect(pages).toBe(2);
    expect(seen).toEqual(SHARED_COMPANIES);
  });
});

describe('the DynamoDB request getUserByEmail sends', () => {
  it('is a Query on byEmail that, for a non-admin, only DynamoDB-filters in their own active record', () => {
    const outcome = requestHandlerOutcome(
      'Query.getUserByEmail',
      { email: 'x@example.com', filter: { firstName: { eq: 'Dana' } }, limit: 5 },
      userPoolIdentity('dana-sub', ['Beta_Customer_R1']),
    );

    expect(outcome).toEqual({
      kind: 'value',
      value: {
        operation: 'Query',
        index: 'byEmail',
        query: {
          expression: '#keyPartition = :keyPartition',
          expressionNames: { '#keyPartition': 'email' },
          expressionValues: { ':keyPartition': { S: 'x@example.com' } },
        },
        filter: {
          expression:
            '(#firstName = :firstName_eq) AND (#ownerId = :ownerSub) AND (attribute_not_exists(#ownerStatus) OR #ownerStatus <> :ownerRemoved)',
          expressionNames: { '#firstName': 'firstName', '#ownerId': 'id', '#ownerStatus': 'status' },
          expressionValues: { ':firstName_eq': { S: 'Dana' }, ':ownerSub': { S: 'dana-sub' }, ':ownerRemoved': { S: 'REMOVED' } },
        },
        scanIndexForward: true,
        // The whole (small) email partition in one page: no token can hint at other records.
        limit: 1000,
      },
    });
  });

  it('is an unrestricted Query on byEmail for an admin, with their limit and order', () => {
    const outcome = requestHandlerOutcome(
      'Query.getUserByEmail',
      { email: 'x@example.com', sortDirection: 'DESC', limit: 5, nextToken: 'abc' },
      userPoolIdentity('admin-sub', [ADMIN_GROUP]),
    );

    expect(outcome).toMatchObject({
      kind: 'value',
      value: { operation: 'Query', index: 'byEmail', scanIndexForward: false, limit: 5, nextToken: 'abc' },
    });
    expect((outcome as { value: object }).value).not.toHaveProperty('filter');
  });

  it('is never made without a Cognito identity (util.unauthorized)', () => {
    expect(requestHandlerOutcome('Query.getUserByEmail', { email: 'x@example.com' }, null)).toEqual({
      kind: 'signal',
      signal: { __appsyncLocalSignal: 'unauthorized' },
    });
  });
});

describe('getUserByEmail refuses', () => {
  it.each([
    ['an empty email', { email: '   ' }, 'email', 'Please enter an email address.'],
    ['an over-long email', { email: `${'a'.repeat(250)}@x.io` }, 'email', 'The email address must be at most 254 characters.'],
    ['a limit of 0', { limit: 0 }, 'limit', 'limit must be between 1 and 1000.'],
    ['a limit above 1000', { limit: 1001 }, 'limit', 'limit must be between 1 and 1000.'],
    [
      'two companyName operators',
      { companyName: { eq: 'A', beginsWith: 'B' } },
      'companyName',
      'Give one companyName condition at a time, not eq and beginsWith.',
    ],
    ['a between without two values', { companyName: { between: ['A'] } }, 'companyName', 'companyName.between needs exactly two values.'],
    [
      'a filter on the lookup’s keys',
      { filter: { companyName: { eq: 'Northwind Staffing' } } },
      'filter',
      'The filter cannot use companyName: they are the keys of this lookup; use the email and companyName arguments.',
    ],
  ])('%s with a ValidationError', async (_case, change, field, message) => {
    const { body } = await getUserByEmail({ email: dana.email, ...change }, dana);

    expect(body.data).toEqual({ getUserByEmail: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['getUserByEmail'],
        errorType: 'ValidationError',
        message,
        errorInfo: { fields: { [field]: message } },
      }),
    ]);
  });

  it('the API key (the public web app) with AppSync’s Unauthorized error', async () => {
    const { status, body } = await getUserByEmail({ email: dana.email }, 'apiKey');

    expect(status).toBe(200);
    expect(body.data).toEqual({ getUserByEmail: null });
    expect(body.errors).toEqual([notAuthorized('getUserByEmail', 'Query')]);
  });

  it('a caller without credentials, or with a forged token, with a 401', async () => {
    const forged = { ...dana, accessToken: `${dana.accessToken.slice(0, -4)}AAAA` };
    for (const caller of ['anonymous', forged] as const) {
      const { status, body } = await api.graphql(GET_USER_BY_EMAIL, { email: dana.email }, caller);

      expect(status).toBe(401);
      expect(body).toEqual(UNAUTHORIZED_401);
    }
  });
});
