import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Results of completed requests, kept for a while so that a repeated request (same user, same
 * idempotency key) gets the same answer instead of doing the work again. Items
 * `idempotency#<scope>#<sha256 of the key>` in a table; only successful results are stored.
 */
export interface IdempotencyStore {
  /** The stored result for this key, unless there is none or it has expired. */
  find(scope: string, key: string, now: Date): Promise<StoredResult | undefined>;
  /** Stores (or replaces) the result for this key until `now + ttlMs`. */
  save(scope: string, key: string, result: ResultToStore, options: { readonly ttlMs: number; readonly now: Date }): Promise<void>;
}

export interface ResultToStore {
  /** What the request asked for, so that a key reused for another request is recognized. */
  readonly requestFingerprint: string;
  readonly statusCode: number;
  /** The answer's JSON body. */
  readonly body: unknown;
}

export interface StoredResult extends ResultToStore {
  readonly completedAt: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

export interface IdempotencyStoreOptions {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
}

/** The id of a stored result; the key is hashed so that any client-chosen key fits and is opaque. */
export function idempotencyItemId(scope: string, key: string): string {
  return `idempotency#${scope}#${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

export function createIdempotencyStore({ client, tableName }: IdempotencyStoreOptions): IdempotencyStore {
  return {
    async find(scope, key, now) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { id: idempotencyItemId(scope, key) }, ConsistentRead: true }),
      );
      const item = result.Item as (Omit<StoredResult, 'body'> & { body: string }) | undefined;
      if (!item || item.expiresAt <= now.getTime()) return undefined;
      return { ...item, body: JSON.parse(item.body) as unknown };
    },

    async save(scope, key, result, { ttlMs, now }) {
      const expiresAt = now.getTime() + ttlMs;
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            id: idempotencyItemId(scope, key),
            requestFingerprint: result.requestFingerprint,
            statusCode: result.statusCode,
            // A string: the stored answer is replayed byte for byte, whatever its shape.
            body: JSON.stringify(result.body),
            completedAt: now.toISOString(),
            expiresAt,
            ttl: Math.ceil(expiresAt / 1000) + 86_400,
          },
        }),
      );
    },
  };
}
