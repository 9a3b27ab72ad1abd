import { DescribeTableCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { TABLES } from '../../../lib/definitions/tables';
import { createTableInput, ensureTables, localTableName } from '../../../local/dynamodb/tables';
import { countItems, startMemoryDynamoDb } from '../support/local-services';

/** The local tables come from the same definitions as the CDK tables. */

let dynamodb: Awaited<ReturnType<typeof startMemoryDynamoDb>>;

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDb('unittest');
});

afterAll(() => dynamodb?.stop());

describe('local DynamoDB tables', () => {
  it('creates every shared table as <slug>-local-<table>, with its keys and indexes', async () => {
    const { TableNames } = await dynamodb.client.send(new ListTablesCommand({}));
    expect(TableNames).toEqual([
      'unittest-local-activity',
      'unittest-local-assistant',
      'unittest-local-ats',
      'unittest-local-contacts',
      'unittest-local-organizations',
      'unittest-local-registrationCodes',
      'unittest-local-subscriptions',
      'unittest-local-users',
    ]);

    const { Table } = await dynamodb.client.send(new DescribeTableCommand({ TableName: localTableName('unittest', 'users') }));
    expect(Table?.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
    expect(Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.KeySchema])).toEqual([
      [
        'byEmail',
        [
          { AttributeName: 'email', KeyType: 'HASH' },
          { AttributeName: 'companyName', KeyType: 'RANGE' },
        ],
      ],
      ['bySubscriptionId', [{ AttributeName: 'subscriptionId', KeyType: 'HASH' }]],
    ]);

    const assistant = await dynamodb.client.send(new DescribeTableCommand({ TableName: localTableName('unittest', 'assistant') }));
    expect(assistant.Table?.KeySchema).toEqual([
      { AttributeName: 'userId', KeyType: 'HASH' },
      { AttributeName: 'itemId', KeyType: 'RANGE' },
    ]);
    expect(assistant.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byCapability', 'byJob']);

    const ats = await dynamodb.client.send(new DescribeTableCommand({ TableName: localTableName('unittest', 'ats') }));
    expect(ats.Table?.KeySchema).toEqual([
      { AttributeName: 'userId', KeyType: 'HASH' },
      { AttributeName: 'itemId', KeyType: 'RANGE' },
    ]);
  });

  it('leaves existing tables and their data alone on the next start', async () => {
    const contacts = localTableName('unittest', 'contacts');
    await dynamodb.client.send(new PutItemCommand({ TableName: contacts, Item: { id: { S: 'kept' } } }));

    expect(await ensureTables(dynamodb.client, 'unittest')).toEqual({ created: [], warnings: [] });
    expect(await countItems(dynamodb.client, contacts)).toBe(1);
  });

  it('declares each key attribute once, on demand, projecting everything into indexes', () => {
    const input = createTableInput('t', TABLES.subscriptions);

    expect(input.BillingMode).toBe('PAY_PER_REQUEST');
    expect(input.AttributeDefinitions).toEqual([
      { AttributeName: 'id', AttributeType: 'S' },
      { AttributeName: 'userId', AttributeType: 'S' },
      { AttributeName: 'createdAt', AttributeType: 'S' },
    ]);
    expect(input.GlobalSecondaryIndexes?.[0].Projection).toEqual({ ProjectionType: 'ALL' });
    expect(createTableInput('t', TABLES.contacts).GlobalSecondaryIndexes).toBeUndefined();
  });
});
