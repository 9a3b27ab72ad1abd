import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import { ATS_CONNECTION_ITEM_ID, ATS_ITEM_PREFIX } from './ats-table';

/**
 * The connection's details in the user's partition of the ATS table (`connection#meta`): which
 * ATS the synced data came from, the account name the ATS gave, when it was connected and last
 * tested. Never a key: those stay sealed on the User record. Plus the counts of what is synced,
 * read with COUNT queries (no record leaves DynamoDB for a count).
 */

export interface AtsConnectionMeta {
  /** The ATS the partition's synced data belongs to (a save to another ATS clears it first). */
  readonly atsname: string;
  readonly accountName: string | null;
  readonly connectedAt: string | null;
  /** When a test (on connect, or `POST /ats/connection/test`) last succeeded. */
  readonly lastTestedAt: string | null;
}

export interface AtsStoredCounts {
  readonly jobs: number;
  readonly candidates: number;
  readonly applications: number;
  /** Hired applications. */
  readonly placements: number;
}

export interface AtsConnectionStore {
  getMeta(userId: string): Promise<AtsConnectionMeta | null>;
  putMeta(userId: string, meta: AtsConnectionMeta): Promise<void>;
  /** Records a successful test; nothing when the meta item is gone (the connection was removed meanwhile). */
  recordTest(userId: string, test: { readonly accountName: string | null; readonly testedAt: string }): Promise<void>;
  deleteMeta(userId: string): Promise<void>;
  counts(userId: string): Promise<AtsStoredCounts>;
}

export interface AtsConnectionStoreOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ATS_TABLE`. */
  readonly tableName: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function createAtsConnectionStore({ client, tableName }: AtsConnectionStoreOptions): AtsConnectionStore {
  const key = (userId: string) => ({ userId, itemId: ATS_CONNECTION_ITEM_ID });

  const count = async (userId: string, prefix: string, hiredOnly = false): Promise<number> => {
    let total = 0;
    let exclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'userId = :userId AND begins_with(itemId, :prefix)',
          ...(hiredOnly ? { FilterExpression: '#status = :hired', ExpressionAttributeNames: { '#status': 'status' } } : {}),
          ExpressionAttributeValues: { ':userId': userId, ':prefix': prefix, ...(hiredOnly ? { ':hired': 'hired' } : {}) },
          Select: 'COUNT',
          ConsistentRead: true,
          ExclusiveStartKey: exclusiveStartKey,
        }),
      );
      total += page.Count ?? 0;
      exclusiveStartKey = page.LastEvaluatedKey;
    } while (exclusiveStartKey);
    return total;
  };

  return {
    async getMeta(userId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key(userId), ConsistentRead: true }));
      if (!Item || typeof Item.atsname !== 'string') return null;
      return {
        atsname: Item.atsname,
        accountName: text(Item.accountName),
        connectedAt: text(Item.connectedAt),
        lastTestedAt: text(Item.lastTestedAt),
      };
    },
    async putMeta(userId, meta) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key(userId), ...meta } }));
    },
    async recordTest(userId, { accountName, testedAt }) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId),
            UpdateExpression: 'SET accountName = :accountName, lastTestedAt = :testedAt',
            ConditionExpression: 'attribute_exists(itemId)',
            ExpressionAttributeValues: { ':accountName': accountName, ':testedAt': testedAt },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
    async deleteMeta(userId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(userId) }));
    },
    async counts(userId) {
      const [jobs, candidates, applications, placements] = await Promise.all([
        count(userId, ATS_ITEM_PREFIX.job),
        count(userId, ATS_ITEM_PREFIX.candidate),
        count(userId, ATS_ITEM_PREFIX.application),
        count(userId, ATS_ITEM_PREFIX.application, true),
      ]);
      return { jobs, candidates, applications, placements };
    },
  };
}
