import { dynamoDbDataSource, DataSourceError, InvalidRequestError } from '../../../local/appsync/dynamodb-data-source';
import { startMemoryDynamoDb } from '../support/local-services';

/** AppSync DynamoDB request objects, translated to SDK calls against dynalite. */

let dynamodb: Awaited<ReturnType<typeof startMemoryDynamoDb>>;
let users: ReturnType<typeof dynamoDbDataSource>;

const s = (value: string) => ({ S: value });

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDb();
  users = dynamoDbDataSource(dynamodb.client, dynamodb.tableNames.users);
  for (const [id, email, companyName, subscriptionId] of [
    ['u1', 'ann@example.com', 'Acme', 'SubscriptionTBD'],
    ['u2', 'ann@example.com', 'Beta', 'sub-2'],
    ['u3', 'ann@example.com', 'Cobalt', 'SubscriptionTBD'],
    ['u4', 'bob@example.com', 'Acme', 'SubscriptionTBD'],
  ]) {
    await users({
      operation: 'PutItem',
      key: { id: s(id) },
      attributeValues: { email: s(email), companyName: s(companyName), subscriptionId: s(subscriptionId) },
    });
  }
}, 30_000);

afterAll(() => dynamodb?.stop());

describe('the DynamoDB data source', () => {
  it('puts and gets items, answering null for a missing key', async () => {
    expect(await users({ operation: 'GetItem', key: { id: s('u1') }, consistentRead: true })).toEqual({
      id: 'u1',
      email: 'ann@example.com',
      companyName: 'Acme',
      subscriptionId: 'SubscriptionTBD',
    });
    expect(await users({ operation: 'GetItem', key: { id: s('nobody') } })).toBeNull();
  });

  it('queries an index with a key condition, a sort direction, a filter and pages through nextToken', async () => {
    const request = {
      operation: 'Query',
      index: 'byEmail',
      query: {
        expression: '#email = :email',
        expressionNames: { '#email': 'email' },
        expressionValues: { ':email': s('ann@example.com') },
      },
      filter: {
        expression: '#subscription <> :skip',
        expressionNames: { '#subscription': 'subscriptionId' },
        expressionValues: { ':skip': s('sub-2') },
      },
      scanIndexForward: false,
      limit: 2,
    };

    const first = (await users(request)) as { items: { id: string }[]; nextToken: string | null; scannedCount: number };
    const second = (await users({ ...request, nextToken: first.nextToken })) as typeof first;

    expect(first.items.map((item) => item.id)).toEqual(['u3']);
    expect(first.scannedCount).toBe(2);
    expect(first.nextToken).toEqual(expect.any(String));
    expect(second.items.map((item) => item.id)).toEqual(['u1']);
    expect(second.nextToken).toBeNull();
  });

  it('scans with a projection', async () => {
    const scanned = (await users({ operation: 'Scan', projection: { expression: '#id', expressionNames: { '#id': 'id' } } })) as {
      items: object[];
    };

    expect(scanned.items).toHaveLength(4);
    expect(scanned.items).toContainEqual({ id: 'u4' });
  });

  it('updates with a condition and returns the new item; a failed condition is DynamoDB:ConditionalCheckFailedException', async () => {
    const update = {
      expression: 'SET #company = :company',
      expressionNames: { '#company': 'companyName' },
      expressionValues: { ':company': s('Delta') },
    };

    expect(
      await users({ operation: 'UpdateItem', key: { id: s('u4') }, update, condition: { expression: 'attribute_exists(id)' } }),
    ).toMatchObject({ id: 'u4', companyName: 'Delta' });
    await expect(
      users({ operation: 'UpdateItem', key: { id: s('ghost') }, update, condition: { expression: 'attribute_exists(id)' } }),
    ).rejects.toMatchObject({
      type: 'DynamoDB:ConditionalCheckFailedException',
      message: expect.stringMatching(/^The conditional request failed \(Service: DynamoDb, Status Code: 400/),
    });
  });

  it('treats a conditional PutItem as done when the table already holds exactly that item (AppSync’s rule)', async () => {
    const put = {
      operation: 'PutItem',
      key: { id: s('u9') },
      attributeValues: { email: s('zoe@example.com') },
      condition: { expression: 'attribute_not_exists(id)' },
    };

    expect(await users(put)).toEqual({ id: 'u9', email: 'zoe@example.com' });
    expect(await users(put)).toEqual({ id: 'u9', email: 'zoe@example.com' });
    await expect(users({ ...put, attributeValues: { email: s('other@example.com') } })).rejects.toBeInstanceOf(DataSourceError);
  });

  it('deletes and returns the old item; deleting what is already gone under a condition succeeds', async () => {
    const remove = { operation: 'DeleteItem', key: { id: s('u9') }, condition: { expression: 'attribute_exists(id)' } };

    expect(await users(remove)).toEqual({ id: 'u9', email: 'zoe@example.com' });
    expect(await users(remove)).toBeNull();
  });

  it('reports DynamoDB validation problems as DynamoDB:DynamoDbException, and malformed requests as invalid', async () => {
    await expect(users({ operation: 'GetItem', key: { nope: s('x') } })).rejects.toMatchObject({ type: 'DynamoDB:DynamoDbException' });
    await expect(users({ operation: 'GetItem', key: { id: 'not-an-attribute-value' } })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(users({ operation: 'Query', query: { expression: '#a = :a' }, nextToken: 'garbage!' })).rejects.toMatchObject({
      message: expect.stringContaining('Invalid nextToken'),
    });
    await expect(users({ operation: 'BatchGetItem' })).rejects.toThrow('not supported by the local AppSync runner');
  });

  it('refuses a nextToken it did not hand out, even one that spells a start key, before DynamoDB sees it', async () => {
    const forged = Buffer.from(JSON.stringify({ id: s('x') })).toString('base64');
    const tampered = `${Buffer.from(JSON.stringify({ id: s('u1') })).toString('base64url')}.${'A'.repeat(43)}`;

    for (const nextToken of [forged, tampered]) {
      await expect(users({ operation: 'Scan', nextToken })).rejects.toMatchObject({
        type: 'DynamoDB:DynamoDbException',
        message: 'Invalid nextToken: it was not returned by this API.',
      });
    }
  });
});
