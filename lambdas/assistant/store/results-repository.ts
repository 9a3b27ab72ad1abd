import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ASSISTANT_RESULTS_BY_CAPABILITY_INDEX, ASSISTANT_RESULTS_BY_JOB_INDEX } from '../../../lib/definitions/tables';
import { ASSISTANT_LIMITS, type AssistantCapability, type AssistantResult } from '../../shared/contracts/assistant';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import { resultMatches, searchWords } from '../domain/result-search';
import { expiresAfterDays, ITEM_PREFIX, resultItemId, type AssistantTableOptions } from './assistant-items';

/**
 * The user's history: every capability answer, stored as `result#<time-ordered id>` in their
 * partition, so reading it newest first is one query. Two sparse indexes (`byCapability`,
 * `byJob`, keyed `<userId>#<capability>` / `<userId>#<jobId>`) answer the history's filters
 * without reading anything else. Results expire after {@link RESULT_RETENTION_DAYS}.
 */
export interface ResultsRepository {
  append(userId: string, result: AssistantResult): Promise<void>;
  /** One of the user's results, or `undefined` (also for another user's id). */
  get(userId: string, resultId: string): Promise<AssistantResult | undefined>;
  /** The user's most recent results, newest first, at most `limit` ({@link ASSISTANT_LIMITS.historyMax}). */
  list(userId: string, filter?: ResultsFilter): Promise<AssistantResult[]>;
  /** One page of the user's results, newest first, with where the next page starts. */
  page(userId: string, filter?: ResultsPageFilter): Promise<ResultsPage>;
  /** Removes one of the user's results; `false` when they have none by that id (another user's included). */
  remove(userId: string, resultId: string): Promise<boolean>;
}

export interface ResultsFilter {
  readonly capability?: AssistantCapability;
  readonly jobId?: string;
  readonly limit?: number;
}

export interface ResultsPageFilter extends ResultsFilter {
  /** Words every result must hold (`resultMatches`), none for all. */
  readonly search?: string;
  /** Only results older than this one (the previous page's `nextCursor`). */
  readonly before?: string;
}

export interface ResultsPage {
  readonly results: AssistantResult[];
  /** The id to pass as `before` for the next page; `null` when nothing older is left. */
  readonly nextCursor: string | null;
}

/**
 * How many stored results one request reads at most while it searches: a search through a long
 * history answers in bounded time and says where to go on (`nextCursor`), even with fewer matches
 * than asked for.
 */
export const RESULTS_READ_MAX = 500;
/** Items per DynamoDB query while searching or filtering. */
const READ_PAGE_SIZE = 100;

/** A year: long enough to come back to a job's screening questions, bounded storage. */
export const RESULT_RETENTION_DAYS = 365;

type ResultItem = AssistantResult & {
  readonly userId: string;
  readonly itemId: string;
  readonly capabilityKey: string;
  readonly jobKey?: string;
  readonly ttl: number;
};

function toResult(item: Record<string, unknown>): AssistantResult {
  const {
    userId: _userId,
    itemId: _itemId,
    capabilityKey: _capabilityKey,
    jobKey: _jobKey,
    ttl: _ttl,
    ...result
  } = item as unknown as ResultItem;
  return result;
}

export function createResultsRepository({ client, tableName }: AssistantTableOptions): ResultsRepository {
  async function page(userId: string, filter: ResultsPageFilter = {}): Promise<ResultsPage> {
    const limit = Math.min(filter.limit ?? ASSISTANT_LIMITS.historyMax, ASSISTANT_LIMITS.historyMax);
    const words = searchWords(filter.search);
    const values: Record<string, unknown> = {};
    let indexName: string | undefined;
    let partition: string;
    let filterExpression: string | undefined;
    if (filter.jobId !== undefined) {
      // A job has few results: its index, narrowed to the capability when asked.
      indexName = ASSISTANT_RESULTS_BY_JOB_INDEX;
      partition = 'jobKey';
      values[':key'] = `${userId}#${filter.jobId}`;
      if (filter.capability !== undefined) {
        filterExpression = 'capability = :capability';
        values[':capability'] = filter.capability;
      }
    } else if (filter.capability !== undefined) {
      indexName = ASSISTANT_RESULTS_BY_CAPABILITY_INDEX;
      partition = 'capabilityKey';
      values[':key'] = `${userId}#${filter.capability}`;
    } else {
      partition = 'userId';
      values[':key'] = userId;
    }
    // Result ids sort by time: older than `before` is the range from the prefix up to its key
    // (inclusive, so that one is skipped below).
    let keyCondition: string;
    if (filter.before !== undefined) {
      keyCondition = `${partition} = :key AND itemId BETWEEN :prefix AND :before`;
      values[':before'] = resultItemId(filter.before);
    } else keyCondition = `${partition} = :key AND begins_with(itemId, :prefix)`;
    values[':prefix'] = ITEM_PREFIX.result;
    const everyItemCounts = filterExpression === undefined && words.length === 0;

    // One more than the page, to know whether a next page exists.
    const found: AssistantResult[] = [];
    let read = 0;
    let exclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const answer = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: indexName,
          KeyConditionExpression: keyCondition,
          FilterExpression: filterExpression,
          ExpressionAttributeValues: values,
          ScanIndexForward: false,
          Limit: everyItemCounts ? limit + 2 - found.length : Math.min(READ_PAGE_SIZE, RESULTS_READ_MAX - read),
          ExclusiveStartKey: exclusiveStartKey,
        }),
      );
      read += answer.ScannedCount ?? answer.Items?.length ?? 0;
      for (const item of answer.Items ?? []) {
        const result = toResult(item);
        if (result.id !== filter.before && resultMatches(result, words)) found.push(result);
      }
      exclusiveStartKey = answer.LastEvaluatedKey;
    } while (exclusiveStartKey && found.length <= limit && read < RESULTS_READ_MAX);

    if (found.length > limit) return { results: found.slice(0, limit), nextCursor: found[limit - 1].id };
    // The reading stopped at its bound with more left: go on from the last item read.
    const lastRead = exclusiveStartKey?.itemId;
    const nextCursor = typeof lastRead === 'string' ? lastRead.slice(ITEM_PREFIX.result.length) : null;
    return { results: found, nextCursor };
  }

  return {
    async append(userId, result) {
      const item: ResultItem = {
        ...result,
        userId,
        itemId: resultItemId(result.id),
        capabilityKey: `${userId}#${result.capability}`,
        ...(result.jobId !== null ? { jobKey: `${userId}#${result.jobId}` } : {}),
        ttl: expiresAfterDays(new Date(result.createdAt), RESULT_RETENTION_DAYS),
      };
      await client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(itemId)' }));
    },

    async get(userId, resultId) {
      const found = await client.send(
        new GetCommand({ TableName: tableName, Key: { userId, itemId: resultItemId(resultId) }, ConsistentRead: true }),
      );
      return found.Item ? toResult(found.Item) : undefined;
    },

    async list(userId, filter = {}) {
      return (await page(userId, filter)).results;
    },

    page,

    async remove(userId, resultId) {
      try {
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { userId, itemId: resultItemId(resultId) },
            ConditionExpression: 'attribute_exists(itemId)',
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
