import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LOCAL_BILLING_TABLE_KEYS } from '../../lambdas/subscription/billing/local-billing-store';

/**
 * The local billing adapter's table (accounts, subscriptions, card tokens, the billing clock).
 * Local only: it stands in for the Recurly site, so it is not in lib/definitions/tables.ts and is
 * never deployed. Created next to the shared tables when the runtime starts; `--reset` empties it
 * with them.
 */

/** `<slug>-local-billing`. */
export function localBillingTableName(productSlug: string): string {
  return `${productSlug}-local-billing`;
}

/** Creates the table unless it exists; true when it was created now. */
export async function ensureLocalBillingTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  const { partitionKey, sortKey, accountIndex } = LOCAL_BILLING_TABLE_KEYS;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [partitionKey, sortKey, accountIndex.partitionKey, accountIndex.sortKey].map((name) => ({
        AttributeName: name,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: accountIndex.indexName,
          KeySchema: [
            { AttributeName: accountIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: accountIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  return true;
}
