import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../dynamodb/document-client';

/**
 * The webhook notifications already handled, by the provider's notification id: items
 * `webhook#<provider>#<notification id>`. A notification is marked only after its effects are
 * stored, so a failure half-way is retried by the provider and completed; marking is a
 * conditional put, so of two concurrent deliveries one marks and the other is told so. The
 * effects themselves are idempotent (records never go backwards, links are sets), so a
 * delivery racing its own retry changes nothing twice.
 */
export interface ProcessedNotifications {
  /** Whether this notification was handled already. */
  has(provider: string, notificationId: string): Promise<boolean>;
  /** Marks it handled; `false` when it already was. */
  mark(provider: string, notificationId: string, details: NotificationDetails, now: Date): Promise<boolean>;
}

export interface NotificationDetails {
  readonly objectType: string;
  readonly eventType?: string;
  /** What was done: e.g. `applied`, `stale`, `ignored`. */
  readonly outcome: string;
}

export interface ProcessedNotificationsOptions {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  /** How long a notification id is remembered (provider retries span days). @default 30 days */
  readonly retentionMs?: number;
}

export function notificationItemId(provider: string, notificationId: string): string {
  return `webhook#${provider}#${notificationId}`;
}

const THIRTY_DAYS_MS = 30 * 24 * 3_600_000;

export function createProcessedNotifications({
  client,
  tableName,
  retentionMs = THIRTY_DAYS_MS,
}: ProcessedNotificationsOptions): ProcessedNotifications {
  return {
    async has(provider, notificationId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { id: notificationItemId(provider, notificationId) }, ConsistentRead: true }),
      );
      return result.Item !== undefined;
    },

    async mark(provider, notificationId, details, now) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              id: notificationItemId(provider, notificationId),
              objectType: details.objectType,
              eventType: details.eventType,
              outcome: details.outcome,
              processedAt: now.toISOString(),
              // For DynamoDB TTL, when enabled on `ttl`.
              ttl: Math.ceil((now.getTime() + retentionMs) / 1000),
            },
            ConditionExpression: 'attribute_not_exists(id)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
  };
}
