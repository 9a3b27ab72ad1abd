import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { AtsApplication, AtsCandidate, AtsJob } from '../ats-port';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import { ATS_ITEM_PREFIX, ATS_STATUS_ITEM_ID, applicationItemId, candidateItemId, checkpointItemId, jobItemId } from './ats-table';
import { storedSkippedReasons } from '../sync/skipped-records';
import { storedNotices } from '../sync/sync-notices';
import {
  ATS_RESOURCES,
  byId,
  distinctById,
  ZERO_COUNTS,
  type AtsResource,
  type AtsSyncCheckpoint,
  type AtsSyncCount,
  type AtsSyncCounts,
  type AtsSyncStatus,
  type AtsSyncStore,
} from '../sync/sync-store';

export interface DynamoDbSyncStoreOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ATS_TABLE`. */
  readonly tableName: string;
  /** Waits between retries of unprocessed batch items; injectable so tests do not wait. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Batch calls per chunk before giving up on items DynamoDB keeps leaving unprocessed. */
  readonly maxBatchAttempts?: number;
}

/** DynamoDB's limits per BatchWriteItem and per BatchGetItem call. */
const WRITE_CHUNK = 25;
const GET_CHUNK = 100;
const STATUS_FIELDS = [
  'state',
  'syncId',
  'startedAt',
  'finishedAt',
  'counts',
  'skippedReasons',
  'notices',
  'fullPass',
  'message',
  'lastCompleteAt',
  'resumeAt',
  'updatedAt',
] as const satisfies readonly (keyof AtsSyncStatus)[];

/** Thrown when DynamoDB keeps leaving batch items unprocessed (throttling) after every retry. */
export class AtsStoreThrottledError extends Error {
  override readonly name = 'AtsStoreThrottledError';
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Item = Record<string, unknown>;

function withoutKeys<T>(item: Item): T {
  const { userId: _userId, itemId: _itemId, ...record } = item;
  return record as T;
}

const storedNumber = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A count as stored; one saved before a field existed (`skipped`) reads it as 0. */
function storedCounts(value: unknown): AtsSyncCounts {
  const counts = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const count = (resource: AtsResource): AtsSyncCount => {
    const stored = counts[resource];
    if (typeof stored !== 'object' || stored === null) return ZERO_COUNTS[resource];
    const { read, stored: written, skipped } = stored as Record<string, unknown>;
    return { read: storedNumber(read), stored: storedNumber(written), skipped: storedNumber(skipped) };
  };
  return Object.fromEntries(ATS_RESOURCES.map((resource) => [resource, count(resource)])) as Record<AtsResource, AtsSyncCount>;
}

/**
 * The status item as the engine reads it: every field, `null` when absent, and the fields a record
 * saved before they existed lacks at their empty values (no skipped records, no reasons, no notices).
 */
function statusFromItem(item: Item): AtsSyncStatus {
  const fields = Object.fromEntries(STATUS_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as AtsSyncStatus;
  return {
    ...fields,
    counts: storedCounts(item.counts),
    skippedReasons: storedSkippedReasons(item.skippedReasons),
    notices: storedNotices(item.notices),
    fullPass: item.fullPass === true,
  };
}

/**
 * The {@link AtsSyncStore} on DynamoDB (the table in `ats-table.ts`; dynalite locally). Records
 * are written with BatchWriteItem in chunks of 25, retrying what DynamoDB leaves unprocessed with
 * a growing back-off; the lease is a conditional update of the status record.
 */
export function createDynamoDbSyncStore({
  client,
  tableName,
  sleep = defaultSleep,
  maxBatchAttempts = 8,
}: DynamoDbSyncStoreOptions): AtsSyncStore {
  const backOff = (attempt: number) => sleep(Math.min(2_000, 50 * 2 ** attempt));

  const batchWrite = async (requests: Item[]) => {
    for (let start = 0; start < requests.length; start += WRITE_CHUNK) {
      let pending = requests.slice(start, start + WRITE_CHUNK);
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= maxBatchAttempts)
          throw new AtsStoreThrottledError(`DynamoDB left ${pending.length} ATS items unwritten after ${maxBatchAttempts} attempts.`);
        if (attempt > 0) await backOff(attempt);
        const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (result.UnprocessedItems?.[tableName] ?? []) as Item[];
      }
    }
  };

  const batchGet = async (keys: Item[]): Promise<Item[]> => {
    const items: Item[] = [];
    for (let start = 0; start < keys.length; start += GET_CHUNK) {
      let pending = keys.slice(start, start + GET_CHUNK);
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= maxBatchAttempts)
          throw new AtsStoreThrottledError(`DynamoDB left ${pending.length} ATS items unread after ${maxBatchAttempts} attempts.`);
        if (attempt > 0) await backOff(attempt);
        const result = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }));
        items.push(...(result.Responses?.[tableName] ?? []));
        pending = (result.UnprocessedKeys?.[tableName]?.Keys ?? []) as Item[];
      }
    }
    return items;
  };

  /** The user's items whose sort key starts with `prefix` (all of them for `null`). */
  const query = async (userId: string, prefix: string | null, filter?: { expression: string; values: Item }): Promise<Item[]> => {
    const items: Item[] = [];
    let exclusiveStartKey: Item | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: prefix === null ? 'userId = :userId' : 'userId = :userId AND begins_with(itemId, :prefix)',
          FilterExpression: filter?.expression,
          ExpressionAttributeValues: { ':userId': userId, ...(prefix === null ? {} : { ':prefix': prefix }), ...filter?.values },
          ConsistentRead: true,
          ExclusiveStartKey: exclusiveStartKey,
        }),
      );
      items.push(...(page.Items ?? []));
      exclusiveStartKey = page.LastEvaluatedKey;
    } while (exclusiveStartKey);
    return items;
  };

  const upsert = async <T extends { readonly id: string }>(userId: string, records: readonly T[], itemId: (atsId: string) => string) => {
    const distinct = distinctById(records);
    await batchWrite(distinct.map((record) => ({ PutRequest: { Item: { ...record, userId, itemId: itemId(record.id) } } })));
    return distinct.length;
  };

  const list = async <T extends { readonly id: string }>(userId: string, prefix: string) =>
    (await query(userId, prefix)).map((item) => withoutKeys<T>(item)).sort(byId);

  return {
    upsertJobs: (userId, jobs) => upsert(userId, jobs, jobItemId),
    upsertCandidates: (userId, candidates) => upsert(userId, candidates, candidateItemId),
    upsertApplications: (userId, applications) => upsert(userId, applications, applicationItemId),

    async getCheckpoint(userId, resource) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { userId, itemId: checkpointItemId(resource) }, ConsistentRead: true }),
      );
      return result.Item ? withoutKeys<AtsSyncCheckpoint>(result.Item) : null;
    },
    async saveCheckpoint(userId, resource, checkpoint) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...checkpoint, userId, itemId: checkpointItemId(resource) } }));
    },

    async getStatus(userId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { userId, itemId: ATS_STATUS_ITEM_ID }, ConsistentRead: true }),
      );
      if (!result.Item || result.Item.state === undefined) return null;
      return statusFromItem(result.Item);
    },
    async saveStatus(userId, status) {
      // An update of the status fields only, so the lease on the same item stays as it is.
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId, itemId: ATS_STATUS_ITEM_ID },
          UpdateExpression: `SET ${STATUS_FIELDS.map((_field, index) => `#f${index} = :f${index}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(STATUS_FIELDS.map((field, index) => [`#f${index}`, field])),
          ExpressionAttributeValues: Object.fromEntries(STATUS_FIELDS.map((field, index) => [`:f${index}`, status[field] ?? null])),
        }),
      );
    },
    async acquireLease(userId, { owner, now, expiresAt }) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, itemId: ATS_STATUS_ITEM_ID },
            UpdateExpression: 'SET leaseOwner = :owner, leaseExpiresAt = :expiresAt',
            // ISO 8601 instants in UTC compare as strings.
            ConditionExpression: 'attribute_not_exists(leaseExpiresAt) OR leaseExpiresAt <= :now',
            ExpressionAttributeValues: { ':owner': owner, ':expiresAt': expiresAt, ':now': now },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
    async releaseLease(userId, owner) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, itemId: ATS_STATUS_ITEM_ID },
            UpdateExpression: 'REMOVE leaseOwner, leaseExpiresAt',
            ConditionExpression: 'leaseOwner = :owner',
            ExpressionAttributeValues: { ':owner': owner },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    listJobs: (userId) => list<AtsJob>(userId, ATS_ITEM_PREFIX.job),
    async listCandidates(userId, options = {}) {
      if (options.jobId === undefined) return list<AtsCandidate>(userId, ATS_ITEM_PREFIX.candidate);
      const applications = await query(userId, ATS_ITEM_PREFIX.application, {
        expression: 'jobId = :jobId',
        values: { ':jobId': options.jobId },
      });
      const ids = [...new Set(applications.map((application) => String(application.candidateId)))];
      const items = await batchGet(ids.map((id) => ({ userId, itemId: candidateItemId(id) })));
      return items.map((item) => withoutKeys<AtsCandidate>(item)).sort(byId);
    },
    listApplications: (userId) => list<AtsApplication>(userId, ATS_ITEM_PREFIX.application),

    async deleteAll(userId) {
      const items = await query(userId, null);
      const records = items.filter((item) => item.itemId !== ATS_STATUS_ITEM_ID);
      await batchWrite(records.map((item) => ({ DeleteRequest: { Key: { userId, itemId: item.itemId } } })));
      if (items.length === records.length) return;
      // The lease is not data: a sync that holds it keeps it.
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId, itemId: ATS_STATUS_ITEM_ID },
          UpdateExpression: `REMOVE ${STATUS_FIELDS.map((_field, index) => `#f${index}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(STATUS_FIELDS.map((field, index) => [`#f${index}`, field])),
        }),
      );
    },
  };
}
