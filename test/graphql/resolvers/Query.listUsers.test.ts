import type { User } from '../../../lambdas/shared/contracts/user';
import { ADMIN_GROUP } from '../../../lambdas/shared/domain/groups';
import { requestHandlerOutcome, userPoolIdentity } from './support/resolver-request';
import { notAuthorized, startUserApi, UNAUTHORIZED_401, type Caller, type TestUser, type UserApi } from './support/user-api';

/**
 * `listUsers` through the local AppSync runner against dynalite, with real cognito-local access
 * tokens. The table holds many records, so a Scan with a small limit would read other records
 * first: a page that holds exactly the wanted records proves a key lookup (Query) was used.
 */

const LIST_USERS = /* GraphQL */ `
  query ListUsers($filter: ModelUserFilterInput, $limit: Int, $nextToken: String) {
    listUsers(filter: $filter, limit: $limit, nextToken: $nextToken) {
      items {
        id
        email
        companyName
        firstName
        status
        subscriptionId
      }
      nextToken
    }
  }
`;

interface Page {
  items: Pick<User, 'id' | 'email' | 'companyName' | 'firstName' | 'status' | 'subscriptionId'>[];
  nextToken: string | null;
}

const SUBSCRIPTION = 'sub-6f1c2a9e0b';
const OTHER_RECORDS = 40;
let api: UserApi;
let admin: TestUser;
let dana: TestUser;
let omar: TestUser;
let allIds: string[];

async function listUsers(variables: Record<string, unknown>, caller: Caller) {
  const { status, body } = await api.graphql<{ listUsers: Page | null }>(LIST_USERS, variables, caller);
  return { status, body, page: body.data?.listUsers ?? null };
}

const ids = (page: Page | null) => page!.items.map((user) => user.id).sort();

beforeAll(async () => {
  api = await startUserApi();
  [admin, dana, omar] = await Promise.all([api.signIn('admin', { admin: true }), api.signIn('dana'), api.signIn('omar')]);
  await api.putUser({
    id: dana.sub,
    email: dana.email,
    companyName: 'Northwind Staffing',
    firstName: 'Dana',
    subscriptionId: SUBSCRIPTION,
  });
  await api.putUser({ id: omar.sub, email: omar.email, companyName: 'TalentBridge', firstName: 'Omar', subscriptionId: SUBSCRIPTION });
  await api.putUser({
    id: 'seat-3',
    email: 'third@northwind-staffing.com',
    companyName: 'Northwind Staffing',
    subscriptionId: SUBSCRIPTION,
    status: 'REMOVED',
  });
  for (let index = 0; index < OTHER_RECORDS; index += 1) {
    await api.putUser({
      id: `other-${String(index).padStart(2, '0')}`,
      email: `user${index}@example.com`,
      companyName: `Company ${index}`,
      subscriptionId: index % 2 === 0 ? 'SubscriptionTBD' : `sub-other-${index}`,
    });
  }
  allIds = [
    dana.sub,
    omar.sub,
    'seat-3',
    ...Array.from({ length: OTHER_RECORDS }, (_, index) => `other-${String(index).padStart(2, '0')}`),
  ].sort();
}, 90_000);

afterAll(() => api?.stop());

describe('listUsers for a signed-in user who is not an admin', () => {
  it('returns only their own record, with no nextToken', async () => {
    const { status, body, page } = await listUsers({}, dana);

    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(page).toEqual({ items: [expect.objectContaining({ id: dana.sub, email: dana.email, firstName: 'Dana' })], nextToken: null });
  });

  it('reads their record by key, never by scanning: a page of one finds it among 43 records', async () => {
    const { page } = await listUsers({ limit: 1 }, omar);

    expect(ids(page)).toEqual([omar.sub]);
    expect(page!.nextToken).toBeNull();
  });

  it('gets only their own record when filtering by a subscription they share with others', async () => {
    const { page } = await listUsers({ filter: { subscriptionId: { eq: SUBSCRIPTION } } }, dana);

    expect(ids(page)).toEqual([dana.sub]);
  });

  it('gets nothing for another subscription or a filter their record does not match', async () => {
    const otherSubscription = await listUsers({ filter: { subscriptionId: { eq: 'sub-other-1' } } }, dana);
    const otherName = await listUsers({ filter: { or: [{ firstName: { eq: 'Omar' } }, { companyName: { eq: 'TalentBridge' } }] } }, dana);

    expect(otherSubscription.page).toEqual({ items: [], nextToken: null });
    expect(otherName.page).toEqual({ items: [], nextToken: null });
  });

  it('cannot name another record by id (a ValidationError: the id is their own)', async () => {
    const { body } = await listUsers({ filter: { id: { eq: omar.sub } } }, dana);
    const message = 'The filter cannot use id: listUsers returns only your own record.';

    expect(body.data).toEqual({ listUsers: null });
    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'ValidationError', message, errorInfo: { fields: { filter: message } } }),
    ]);
  });

  it('does not get their record once an admin has removed it', async () => {
    const removed = await api.signIn('removed');
    await api.putUser({ id: removed.sub, email: removed.email, companyName: 'Gone Ltd', status: 'REMOVED' });

    const { page } = await listUsers({}, removed);

    expect(page).toEqual({ items: [], nextToken: null });
  });
});

describe('listUsers for an admin', () => {
  it('pages through every record with limit and nextToken (a Scan: the admin tool)', async () => {
    const seen: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const { body, page } = await listUsers({ limit: 10, nextToken }, admin);
      expect(body.errors).toBeUndefined();
      expect(page!.items.length).toBeLessThanOrEqual(10);
      seen.push(...page!.items.map((user) => user.id));
      nextToken = page!.nextToken;
      pages += 1;
    } while (nextToken && pages < 20);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(allIds));
    expect(pages).toBeGreaterThanOrEqual(5);
  });

  it('lists a subscription’s users with a Query on the bySubscriptionId index', async () => {
    // 43 records, 3 with the subscription: a Scan limited to 3 items would almost surely miss
    // some of them; the index Query reads exactly those 3.
    const { body, page } = await listUsers({ filter: { subscriptionId: { eq: SUBSCRIPTION } }, limit: 3 }, admin);

    expect(body.errors).toBeUndefined();
    expect(ids(page)).toEqual([dana.sub, omar.sub, 'seat-3'].sort());
  });

  it('pages through a subscription one record at a time, each page holding a match', async () => {
    const pageSizes: number[] = [];
    const seen: string[] = [];
    let nextToken: string | null = null;
    do {
      const { page } = await listUsers({ filter: { subscriptionId: { eq: SUBSCRIPTION } }, limit: 1, nextToken }, admin);
      pageSizes.push(page!.items.length);
      seen.push(...page!.items.map((user) => user.id));
      nextToken = page!.nextToken;
    } while (nextToken && pageSizes.length < 10);

    expect(seen.sort()).toEqual([dana.sub, omar.sub, 'seat-3'].sort());
    // DynamoDB cannot know the third page was the last one, so a fourth, empty page may follow.
    expect(pageSizes.slice(0, 3)).toEqual([1, 1, 1]);
    expect(pageSizes.slice(3).every((size) => size === 0)).toBe(true);
  });

  it('applies the rest of the filter on the index Query', async () => {
    const { page } = await listUsers(
      { filter: { subscriptionId: { eq: SUBSCRIPTION }, status: { eq: 'ACTIVE' }, not: { firstName: { eq: 'Omar' } } } },
      admin,
    );

    expect(page!.items).toEqual([expect.objectContaining({ id: dana.sub })]);
  });

  it('answers other filters, including subscriptionId in an or, by scanning', async () => {
    const either = await listUsers(
      { filter: { or: [{ subscriptionId: { eq: SUBSCRIPTION } }, { subscriptionId: { eq: 'sub-other-1' } }] } },
      admin,
    );
    const eqAndNe = await listUsers(
      { filter: { subscriptionId: { eq: SUBSCRIPTION, ne: 'x' }, companyName: { eq: 'TalentBridge' } } },
      admin,
    );

    expect(ids(either.page)).toEqual([dana.sub, omar.sub, 'other-01', 'seat-3'].sort());
    expect(ids(eqAndNe.page)).toEqual([omar.sub]);
  });
});

describe('the DynamoDB request listUsers sends', () => {
  const outcome = (args: Record<string, unknown>, groups: string[] | null) =>
    requestHandlerOutcome('Query.listUsers', args, userPoolIdentity('caller-sub', groups));

  it('is a Query on bySubscriptionId for an admin’s subscriptionId eq filter, the rest as filter', () => {
    expect(outcome({ filter: { subscriptionId: { eq: SUBSCRIPTION }, status: { eq: 'ACTIVE' } }, limit: 5 }, [ADMIN_GROUP])).toEqual({
      kind: 'value',
      value: {
        operation: 'Query',
        index: 'bySubscriptionId',
        query: {
          expression: '#keyPartition = :keyPartition',
          expressionNames: { '#keyPartition': 'subscriptionId' },
          expressionValues: { ':keyPartition': { S: SUBSCRIPTION } },
        },
        filter: {
          expression: '#status = :status_eq',
          expressionNames: { '#status': 'status' },
          expressionValues: { ':status_eq': { S: 'ACTIVE' } },
        },
        limit: 5,
      },
    });
  });

  it('is a Query on the table key id = caller’s sub for anyone else, whatever the filter', () => {
    for (const groups of [null, ['Beta_Customer_R1']]) {
      const { value } = outcome({ filter: { subscriptionId: { eq: SUBSCRIPTION } } }, groups) as { value: Record<string, unknown> };

      expect(value).toMatchObject({
        operation: 'Query',
        query: {
          expression: '#keyPartition = :keyPartition',
          expressionNames: { '#keyPartition': 'id' },
          expressionValues: { ':keyPartition': { S: 'caller-sub' } },
        },
      });
      expect(value).not.toHaveProperty('index');
      expect((value.filter as { expression: string }).expression).toBe(
        '(#subscriptionId = :subscriptionId_eq) AND (attribute_not_exists(#ownerStatus) OR #ownerStatus <> :ownerRemoved)',
      );
    }
  });

  it('is the own-record Query for a token that says Admins when the admin standing function said no (removed or demoted)', () => {
    const formerAdmin = requestHandlerOutcome('Query.listUsers', { limit: 20 }, userPoolIdentity('caller-sub', [ADMIN_GROUP]), false);

    expect(formerAdmin).toMatchObject({
      kind: 'value',
      value: { operation: 'Query', query: { expressionValues: { ':keyPartition': { S: 'caller-sub' } } } },
    });
    expect((formerAdmin as { value: Record<string, unknown> }).value).not.toHaveProperty('limit', 20);
  });

  it('is a Scan only for an admin without a subscriptionId eq filter', () => {
    expect(outcome({ limit: 20 }, [ADMIN_GROUP])).toEqual({ kind: 'value', value: { operation: 'Scan', limit: 20 } });
    expect(outcome({}, ['Beta_Customer_R1'])).toMatchObject({ kind: 'value', value: { operation: 'Query' } });
  });

  it('is never made without a Cognito identity (util.unauthorized)', () => {
    expect(requestHandlerOutcome('Query.listUsers', {}, null)).toEqual({
      kind: 'signal',
      signal: { __appsyncLocalSignal: 'unauthorized' },
    });
    expect(requestHandlerOutcome('Query.listUsers', {}, { sub: '', groups: [ADMIN_GROUP] })).toEqual({
      kind: 'signal',
      signal: { __appsyncLocalSignal: 'unauthorized' },
    });
  });
});

describe('listUsers refuses', () => {
  it.each([0, 1001])('a limit of %i with a ValidationError', async (limit) => {
    const { body } = await listUsers({ limit }, admin);

    expect(body.errors).toEqual([
      expect.objectContaining({
        errorType: 'ValidationError',
        message: 'limit must be between 1 and 1000.',
        errorInfo: { fields: { limit: 'limit must be between 1 and 1000.' } },
      }),
    ]);
  });

  it('a filter on an ATS key with a ValidationError (it would reveal the key one guess at a time)', async () => {
    const message = 'The filter cannot use apikey1: ATS keys are write-only secrets.';
    for (const filter of [{ apikey1: { beginsWith: 'a' } }, { or: [{ firstName: { eq: 'x' } }, { apikey1: { gt: 'm' } }] }]) {
      const { body } = await listUsers({ filter }, admin);

      expect(body.errors).toEqual([
        expect.objectContaining({ errorType: 'ValidationError', message, errorInfo: { fields: { filter: message } } }),
      ]);
    }
  });

  it('a filter util.transform cannot translate, or nested past 16 levels, with a ValidationError (not a resolver crash)', async () => {
    let deep: Record<string, unknown> = { firstName: { eq: 'Dana' } };
    for (let level = 0; level < 17; level += 1) deep = { not: deep };
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: { between: ['a'] } }, 'filter: between on firstName needs exactly two values.'],
      [{ and: [{ createdAt: { size: { between: [] } } }] }, 'filter: between on createdAt needs exactly two values.'],
      [deep, 'filter may nest and, or and not at most 16 levels deep.'],
    ];
    for (const [filter, message] of cases) {
      for (const caller of [admin, dana]) {
        const { body } = await listUsers({ filter }, caller);

        expect(body.errors).toEqual([
          expect.objectContaining({ errorType: 'ValidationError', message, errorInfo: { fields: { filter: message } } }),
        ]);
      }
    }
  });

  it('a nextToken it did not issue, with the data source’s error', async () => {
    const { body } = await listUsers({ nextToken: 'bm90LWEtdG9rZW4=' }, admin);

    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'DynamoDB:DynamoDbException', message: expect.stringContaining('Invalid nextToken') }),
    ]);
  });

  it('the API key (the public web app) with AppSync’s Unauthorized error', async () => {
    for (const variables of [{}, { filter: { subscriptionId: { eq: SUBSCRIPTION } } }]) {
      const { status, body } = await listUsers(variables, 'apiKey');

      expect(status).toBe(200);
      expect(body.data).toEqual({ listUsers: null });
      expect(body.errors).toEqual([notAuthorized('listUsers', 'Query')]);
    }
  });

  it('a caller without credentials with a 401', async () => {
    const { status, body } = await api.graphql(LIST_USERS, {}, 'anonymous');

    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED_401);
  });
});
