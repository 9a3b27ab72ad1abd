import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../dynamodb/document-client';

/**
 * Leased locks as items of a table (`lock#<name>`), for work that must not run twice at once
 * (creating a subscription). DynamoDB Local's stand-in (dynalite) has no transactions, so mutual
 * exclusion is one conditional put: it succeeds when there is no lock or the holder's lease has
 * run out. A holder that crashes therefore blocks others only until its lease ends; a lease must
 * outlast the holder's longest possible run (its Lambda time-out), so a live holder never loses it.
 */
export interface LeaseLocks {
  /** The lock, or `undefined` while someone else holds an unexpired lease on it. */
  tryAcquire(name: string, options: { readonly leaseMs: number; readonly now: Date }): Promise<Lease | undefined>;
}

export interface Lease {
  /** This holder's random token. */
  readonly owner: string;
  /** When the lease runs out (epoch milliseconds). */
  readonly leaseUntil: number;
  /** Deletes the lock if it is still this holder's (a stale holder never frees a successor's). */
  release(): Promise<void>;
}

export interface LeaseLocksOptions {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
}

/** The id of a lock item. */
export function lockItemId(name: string): string {
  return `lock#${name}`;
}

export function createLeaseLocks({ client, tableName }: LeaseLocksOptions): LeaseLocks {
  return {
    async tryAcquire(name, { leaseMs, now }) {
      const owner = randomUUID();
      const leaseUntil = now.getTime() + leaseMs;
      const id = lockItemId(name);
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              id,
              owner,
              leaseUntil,
              acquiredAt: now.toISOString(),
              // For DynamoDB TTL, when enabled on `ttl`: abandoned locks disappear a day later.
              ttl: Math.ceil(leaseUntil / 1000) + 86_400,
            },
            ConditionExpression: 'attribute_not_exists(id) OR leaseUntil < :now',
            ExpressionAttributeValues: { ':now': now.getTime() },
          }),
        );
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
      return {
        owner,
        leaseUntil,
        async release() {
          try {
            await client.send(
              new DeleteCommand({
                TableName: tableName,
                Key: { id },
                ConditionExpression: '#owner = :owner',
                ExpressionAttributeNames: { '#owner': 'owner' },
                ExpressionAttributeValues: { ':owner': owner },
              }),
            );
          } catch (error) {
            // The lease ran out and another holder took the lock: it is theirs now.
            if (!isConditionalCheckFailed(error)) throw error;
          }
        },
      };
    },
  };
}
