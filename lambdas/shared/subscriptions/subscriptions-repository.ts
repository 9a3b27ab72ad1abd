import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SUBSCRIPTIONS_BY_USER_ID_INDEX } from '../../../lib/definitions/tables';
import { isConditionalCheckFailed } from '../dynamodb/document-client';
import type { SubscriptionRecord, SubscriptionSnapshot } from './subscription-record';

/**
 * Subscription records in the subscriptions table (pk `id` = the provider's subscription id,
 * GSI `byUserId` = userId + createdAt). Every writer goes through {@link SubscriptionsRepository.upsert},
 * which never moves a record backwards: webhooks arrive late and out of order, and two handlers
 * may refresh the same subscription at once.
 */
export interface SubscriptionsRepository {
  /** The record of this subscription (a strongly consistent read), or `undefined`. */
  get(subscriptionId: string): Promise<SubscriptionRecord | undefined>;
  /**
   * Writes a provider snapshot unless the stored record is newer: applied only when there is no
   * record yet or the stored `subscriptionUpdatedAt` is older than or equal to the snapshot's.
   * `applied` tells which; `record` is what the table holds afterwards.
   */
  upsert(snapshot: SubscriptionSnapshot, now: Date): Promise<{ readonly applied: boolean; readonly record: SubscriptionRecord }>;
  /** Every record of a user, newest first (by our `createdAt`). */
  listByUserId(userId: string): Promise<SubscriptionRecord[]>;
}

export interface SubscriptionsRepositoryOptions {
  readonly client: DynamoDBDocumentClient;
  /** `SUBSCRIPTIONS_TABLE`. */
  readonly tableName: string;
}

/** The snapshot fields written by `upsert` (everything but the key and our own timestamps). */
const SNAPSHOT_FIELDS = [
  'subscriptionId',
  'object',
  'uuid',
  'email',
  'company',
  'state',
  'planCode',
  'currency',
  'quantity',
  'trialStartedAt',
  'trialEndsAt',
  'currentPeriodEndsAt',
  'activatedAt',
  'canceledAt',
  'expiresAt',
  'subscriptionCreatedAt',
  'subscriptionUpdatedAt',
  'accountCode',
  'userId',
] as const satisfies readonly (keyof SubscriptionSnapshot)[];

export function createSubscriptionsRepository({ client, tableName }: SubscriptionsRepositoryOptions): SubscriptionsRepository {
  const get = async (subscriptionId: string): Promise<SubscriptionRecord | undefined> => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: { id: subscriptionId }, ConsistentRead: true }));
    return result.Item as SubscriptionRecord | undefined;
  };

  return {
    get,

    async upsert(snapshot, now) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':now': now.toISOString() };
      const assignments = SNAPSHOT_FIELDS.map((field, index) => {
        names[`#f${index}`] = field;
        values[`:f${index}`] = snapshot[field];
        return `#f${index} = :f${index}`;
      });
      const updatedAtIndex = SNAPSHOT_FIELDS.indexOf('subscriptionUpdatedAt');
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id: snapshot.id },
            UpdateExpression: `SET ${assignments.join(', ')}, createdAt = if_not_exists(createdAt, :now), updatedAt = :now`,
            // Normalized ISO instants order as strings; equal means the same version (re-applied).
            ConditionExpression: `attribute_not_exists(id) OR #f${updatedAtIndex} <= :f${updatedAtIndex}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { applied: true, record: result.Attributes as SubscriptionRecord };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const stored = await get(snapshot.id);
        // The condition failed, so a newer record exists (records are never deleted).
        return { applied: false, record: stored! };
      }
    },

    async listByUserId(userId) {
      const records: SubscriptionRecord[] = [];
      let exclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: SUBSCRIPTIONS_BY_USER_ID_INDEX,
            KeyConditionExpression: 'userId = :userId',
            ExpressionAttributeValues: { ':userId': userId },
            ScanIndexForward: false,
            ExclusiveStartKey: exclusiveStartKey,
          }),
        );
        records.push(...((page.Items ?? []) as SubscriptionRecord[]));
        exclusiveStartKey = page.LastEvaluatedKey;
      } while (exclusiveStartKey);
      return records;
    },
  };
}
