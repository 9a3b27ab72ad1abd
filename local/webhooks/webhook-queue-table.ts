import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * The local runtime's stand-in for the SQS webhook queue and its dead-letter queue: a dynalite
 * table (one item per message, `queue` telling which of the two it is in), kept in the local data
 * folder with the other tables, so queued notifications survive a restart of the runtime and
 * `--reset` empties it. Local only: never deployed (AWS has the WebhookQueue construct).
 */

/** `<slug>-local-webhook-queue`. */
export function localWebhookQueueTableName(productSlug: string): string {
  return `${productSlug}-local-webhook-queue`;
}

/** Creates the table unless it exists; true when it was created now. */
export async function ensureLocalWebhookQueueTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    }),
  );
  return true;
}
