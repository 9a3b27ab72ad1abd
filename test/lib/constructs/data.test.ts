import { Match } from 'aws-cdk-lib/assertions';
import { TABLES, type TableDefinition } from '../../../lib/definitions/tables';
import { resourcesOfType } from '../support/build-app';
import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

type TableResource = {
  DeletionPolicy: string;
  Properties: {
    KeySchema: { AttributeName: string; KeyType: string }[];
    GlobalSecondaryIndexes?: { IndexName: string; KeySchema: { AttributeName: string; KeyType: string }[]; Projection: unknown }[];
  };
};

function tableByConstructId(app: SynthesizedApp, constructId: string): TableResource {
  const found = resourcesOfType(app.template, 'AWS::DynamoDB::Table').filter(([logicalId]) => logicalId.startsWith(`Data${constructId}`));
  expect(found).toHaveLength(1);
  return found[0][1] as unknown as TableResource;
}

describe('Data: the DynamoDB tables from the shared definitions', () => {
  let dev: SynthesizedApp;
  let prod: SynthesizedApp;
  beforeAll(async () => {
    dev = await synthesizedApp('dev');
    prod = await synthesizedApp('prod');
  }, SYNTHESIS_TIMEOUT_MS);

  it('creates exactly the users, subscriptions, registration codes, contacts, assistant, ATS, organizations and activity tables', () => {
    dev.template.resourceCountIs('AWS::DynamoDB::Table', Object.keys(TABLES).length);
    expect(Object.keys(TABLES).sort()).toEqual([
      'activity',
      'assistant',
      'ats',
      'contacts',
      'organizations',
      'registrationCodes',
      'subscriptions',
      'users',
    ]);
  });

  it('keeps synced ATS data in one partition per user (userId, itemId), with the same billing, encryption and recovery as every table, and no TTL', () => {
    for (const app of [dev, prod]) {
      const ats = resourcesOfType(app.template, 'AWS::DynamoDB::Table').find(([logicalId]) => logicalId.startsWith('DataAtsTable'))?.[1];
      expect(ats?.Properties).toMatchObject({
        KeySchema: [
          { AttributeName: 'userId', KeyType: 'HASH' },
          { AttributeName: 'itemId', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      });
      expect(ats?.Properties.GlobalSecondaryIndexes).toBeUndefined();
      expect(ats?.Properties.TimeToLiveSpecification).toBeUndefined();
    }
    expect(
      resourcesOfType(prod.template, 'AWS::DynamoDB::Table').find(([logicalId]) => logicalId.startsWith('DataAtsTable'))?.[1],
    ).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: true },
    });
  });

  it('bills on demand, encrypts with the AWS-managed key and keeps point-in-time recovery on', () => {
    for (const [, table] of resourcesOfType(dev.template, 'AWS::DynamoDB::Table')) {
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      });
      expect(table.Properties).not.toHaveProperty('SSESpecification.KMSMasterKeyId');
    }
  });

  it('expires lock, idempotency and webhook items of the subscriptions table, rate counters and old results of the assistant table, and activity entries past their retention, through TTL on "ttl"', () => {
    const ttlTables = resourcesOfType(dev.template, 'AWS::DynamoDB::Table').filter(([, table]) => table.Properties.TimeToLiveSpecification);
    expect(ttlTables.map(([id]) => id).sort()).toEqual([
      expect.stringMatching(/^DataActivityTable/),
      expect.stringMatching(/^DataAssistantTable/),
      expect.stringMatching(/^DataSubscriptionsTable/),
    ]);
    for (const [, table] of ttlTables) expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'ttl', Enabled: true });
  });

  it.each(Object.entries(TABLES) as [string, TableDefinition][])('keys the %s table as its definition says', (_name, definition) => {
    const table = tableByConstructId(dev, definition.constructId);
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
      ...(definition.sortKey ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
    ]);
    const indexes = (table.Properties.GlobalSecondaryIndexes ?? []).map((index) => ({
      name: index.IndexName,
      keys: index.KeySchema,
      projection: index.Projection,
    }));
    expect(indexes).toEqual(
      definition.globalIndexes.map((index) => ({
        name: index.indexName,
        keys: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
        ],
        projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('finds users by email with companyName as sort key, and by subscriptionId (no Scan needed)', () => {
    const users = tableByConstructId(dev, 'UsersTable');
    expect(users.Properties.GlobalSecondaryIndexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          IndexName: 'byEmail',
          KeySchema: [
            { AttributeName: 'email', KeyType: 'HASH' },
            { AttributeName: 'companyName', KeyType: 'RANGE' },
          ],
        }),
        expect.objectContaining({ IndexName: 'bySubscriptionId', KeySchema: [{ AttributeName: 'subscriptionId', KeyType: 'HASH' }] }),
      ]),
    );
  });

  it('deletes the tables with a dev stack', () => {
    for (const [, table] of resourcesOfType(dev.template, 'AWS::DynamoDB::Table')) {
      expect(table).toMatchObject({ DeletionPolicy: 'Delete', Properties: { DeletionProtectionEnabled: false } });
    }
  });

  it('retains the tables and turns on deletion protection in prod', () => {
    prod.template.allResources('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });

  it('matches the reviewed snapshot of the tables (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'data')).toMatchSnapshot();
  });
});
