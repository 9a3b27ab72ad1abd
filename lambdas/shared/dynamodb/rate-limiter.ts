import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RateLimitedError } from '../errors';
import { isConditionalCheckFailed } from './document-client';

/**
 * The per-user rate limit of the routes behind the subscriber gate (shared/http/subscriber-route.ts:
 * the assistant's and the ATS's): a fixed one-minute window, counted in the assistant table in
 * one item per user and minute (`rate#<minute>`, or `rate#<bucket>#<minute>` for another family of
 * routes with its own budget) by a conditional atomic increment, so concurrent requests (several
 * Lambda containers) cannot overshoot. The items expire by TTL shortly after their minute.
 */
export interface RateLimiter {
  /** Counts one request of the user; over the limit: a {@link RateLimitedError} (429, Retry-After). */
  consume(userId: string, now: Date): Promise<void>;
}

/** `ASSISTANT_RATE_LIMIT_PER_MINUTE`'s default. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
export const RATE_LIMITED_MESSAGE = 'You are sending requests faster than the assistant allows. Please wait a moment and try again.';

const WINDOW_MS = 60_000;

/** The sort key prefix of the counters, beside the assistant's own items (assistant/store/assistant-items.ts). */
const RATE_ITEM_PREFIX = 'rate#';

export interface RateLimiterOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ASSISTANT_TABLE`, where the counters live. */
  readonly tableName: string;
  readonly limitPerMinute: number;
  /**
   * A family of routes counted apart from the assistant's capabilities (e.g. `ats`): the ATS
   * screens' reads must not spend the budget a recruiter has for the assistant.
   */
  readonly bucket?: string;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { client, tableName, limitPerMinute, bucket } = options;
  const prefix = bucket ? `${RATE_ITEM_PREFIX}${bucket}#` : RATE_ITEM_PREFIX;
  return {
    async consume(userId, now) {
      const windowStart = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, itemId: `${prefix}${new Date(windowStart).toISOString()}` },
            UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':one': 1, ':limit': limitPerMinute, ':ttl': Math.floor(windowStart / 1000) + 2 * 60 },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now.getTime()) / 1000));
        throw new RateLimitedError(RATE_LIMITED_MESSAGE, { retryAfterSeconds });
      }
    },
  };
}
