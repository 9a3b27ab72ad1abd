import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ASSISTANT_RESULTS_BY_CAPABILITY_INDEX, ASSISTANT_RESULTS_BY_JOB_INDEX } from '../../../lib/definitions/tables';
import { ASSISTANT_LIMITS, type AssistantCapability, type AssistantResult, type ResultAuthor } from '../../shared/contracts/assistant';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import { resultMatches, searchWords } from '../domain/result-search';
import { expiresAfterDays, ITEM_PREFIX, resultItemId, type AssistantTableOptions } from './assistant-items';

/**
 * The user's history: every capability answer, stored as `result#<time-ordered id>` in their
 * partition, so reading it newest first is one query. Two sparse indexes (`byCapability`,
 * `byJob`, keyed `<userId>#<capability>` / `<userId>#<jobId>`) answer the history's filters
 * without reading anything else. Results expire after {@link RESULT_RETENTION_DAYS}.
 *
 * Sharing with the firm (issue 18): a result is private; shared, a copy of it is kept in the
 * FIRM's partition as `shared#<result id>` with its author (results never change once made, so
 * the copy cannot go stale), keyed `<firmId>#shared#…` in the same indexes, so the firm's view is
 * one query with the same filters, however many members the firm has. Each result also remembers
 * the firm it was made in (`organizationId`), so a removed member's work is shown to that firm
 * only, never to a firm they joined later.
 */
export interface ResultsRepository {
  /** Stores a new result of `userId`, made while working for the firm `organizationId`. */
  append(userId: string, result: AssistantResult, organizationId: string): Promise<void>;
  /** One of the user's results, or `undefined` (also for another user's id). */
  get(userId: string, resultId: string): Promise<AssistantResult | undefined>;
  /** The user's most recent results, newest first, at most `limit` ({@link ASSISTANT_LIMITS.historyMax}). */
  list(userId: string, filter?: ResultsFilter): Promise<AssistantResult[]>;
  /** One page of the user's results, newest first, with where the next page starts. */
  page(userId: string, filter?: ResultsPageFilter): Promise<ResultsPage>;
  /** Removes one of the user's results; `false` when they have none by that id (another user's included). */
  remove(userId: string, resultId: string): Promise<boolean>;
  /**
   * Shares one of the user's results with the firm `firmId` (its copy written, then the result
   * marked `sharedAt`), or stops sharing it (the mark removed, then the copy); `undefined` when
   * the user has no result by that id.
   */
  setShared(
    userId: string,
    resultId: string,
    share: { readonly firmId: string; readonly author: { readonly userId: string; readonly name: string } } & (
      { readonly shared: true; readonly at: string } | { readonly shared: false }
    ),
  ): Promise<AssistantResult | undefined>;
  /** One page of the results shared with the firm, newest first, each with its author. */
  sharedPage(firmId: string, filter?: ResultsPageFilter): Promise<ResultsPage>;
  /** One page of the results `userId` made while working for the firm `firmId` (a removed member's work). */
  madeForFirmPage(userId: string, firmId: string, filter?: ResultsPageFilter): Promise<ResultsPage>;
}

/**
 * What the capability routes do with results: store a new one, and read one of the caller's (an
 * evaluation reads its screening questions). Built apart from the history's reading and sharing,
 * so the capability handlers do not bundle code only the results routes run.
 */
export type ResultRecords = Pick<ResultsRepository, 'append' | 'get'>;

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
  /** The firm it was made for (absent on results made before firms existed). */
  readonly organizationId?: string;
};

function toResult(item: Record<string, unknown>): AssistantResult {
  const {
    userId: _userId,
    itemId: _itemId,
    capabilityKey: _capabilityKey,
    jobKey: _jobKey,
    ttl: _ttl,
    organizationId: _organizationId,
    ...result
  } = item as unknown as ResultItem;
  return result;
}

/** The shared copies' item prefix in a firm's partition (ids from requests never hold `#`). */
const SHARED_PREFIX = 'shared#';

/**
 * Where a page of results is read: a partition, the prefix of its index keys (`<key>#<capability>`,
 * `<key>#<jobId>`), its items' prefix, and optionally only those made for one firm.
 */
interface ResultSpace {
  readonly partition: string;
  readonly indexKey: string;
  readonly itemPrefix: string;
  readonly madeFor?: string;
}

const ownSpace = (userId: string): ResultSpace => ({ partition: userId, indexKey: userId, itemPrefix: ITEM_PREFIX.result });
const sharedSpace = (firmId: string): ResultSpace => ({
  partition: firmId,
  indexKey: `${firmId}#shared`,
  itemPrefix: SHARED_PREFIX,
});

/** The index keys of a result stored in `space`. */
function indexKeys(space: ResultSpace, result: AssistantResult) {
  return {
    capabilityKey: `${space.indexKey}#${result.capability}`,
    ...(result.jobId !== null ? { jobKey: `${space.indexKey}#${result.jobId}` } : {}),
    ttl: expiresAfterDays(new Date(result.createdAt), RESULT_RETENTION_DAYS),
  };
}

export function createResultRecords({ client, tableName }: AssistantTableOptions): ResultRecords {
  return {
    async append(userId, result, organizationId) {
      const item: ResultItem = {
        ...result,
        userId,
        itemId: resultItemId(result.id),
        organizationId,
        ...indexKeys(ownSpace(userId), result),
      };
      await client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(itemId)' }));
    },

    async get(userId, resultId) {
      const found = await client.send(
        new GetCommand({ TableName: tableName, Key: { userId, itemId: resultItemId(resultId) }, ConsistentRead: true }),
      );
      return found.Item ? toResult(found.Item) : undefined;
    },
  };
}

export function createResultsRepository(options: AssistantTableOptions): ResultsRepository {
  const { client, tableName } = options;
  async function readPage(space: ResultSpace, filter: ResultsPageFilter = {}): Promise<ResultsPage> {
    const limit = Math.min(filter.limit ?? ASSISTANT_LIMITS.historyMax, ASSISTANT_LIMITS.historyMax);
    const words = searchWords(filter.search);
    const values: Record<string, unknown> = {};
    let indexName: string | undefined;
    let partition: string;
    const filters: string[] = [];
    if (filter.jobId !== undefined) {
      // A job has few results: its index, narrowed to the capability when asked.
      indexName = ASSISTANT_RESULTS_BY_JOB_INDEX;
      partition = 'jobKey';
      values[':key'] = `${space.indexKey}#${filter.jobId}`;
      if (filter.capability !== undefined) {
        filters.push('capability = :capability');
        values[':capability'] = filter.capability;
      }
    } else if (filter.capability !== undefined) {
      indexName = ASSISTANT_RESULTS_BY_CAPABILITY_INDEX;
      partition = 'capabilityKey';
      values[':key'] = `${space.indexKey}#${filter.capability}`;
    } else {
      partition = 'userId';
      values[':key'] = space.partition;
    }
    if (space.madeFor !== undefined) {
      filters.push('organizationId = :madeFor');
      values[':madeFor'] = space.madeFor;
    }
    const filterExpression = filters.length > 0 ? filters.join(' AND ') : undefined;
    // Result ids sort by time: older than `before` is the range from the prefix up to its key
    // (inclusive, so that one is skipped below).
    let keyCondition: string;
    if (filter.before !== undefined) {
      keyCondition = `${partition} = :key AND itemId BETWEEN :prefix AND :before`;
      values[':before'] = `${space.itemPrefix}${filter.before}`;
    } else keyCondition = `${partition} = :key AND begins_with(itemId, :prefix)`;
    values[':prefix'] = space.itemPrefix;
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
    const nextCursor = typeof lastRead === 'string' ? lastRead.slice(space.itemPrefix.length) : null;
    return { results: found, nextCursor };
  }

  const page = (userId: string, filter?: ResultsPageFilter) => readPage(ownSpace(userId), filter);

  return {
    ...createResultRecords(options),

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

    async setShared(userId, resultId, share) {
      const stored = await client.send(
        new GetCommand({ TableName: tableName, Key: { userId, itemId: resultItemId(resultId) }, ConsistentRead: true }),
      );
      if (!stored.Item) return undefined;
      const { sharedAt: _sharedAt, ...result } = toResult(stored.Item);
      const space = sharedSpace(share.firmId);
      const copyKey = { userId: space.partition, itemId: `${SHARED_PREFIX}${resultId}` };
      // No transactions in DynamoDB's local stand-in: the copy is written before the mark and
      // removed after it, so a failure in between leaves a shared result marked private (shared
      // again or unshared again, it heals), never a result marked shared that the firm cannot see.
      if (share.shared) {
        const author: ResultAuthor = { userId: share.author.userId, name: share.author.name, shared: true, removed: false };
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...result, ...copyKey, ...indexKeys(space, result), sharedAt: share.at, author },
          }),
        );
      }
      const marked = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId, itemId: resultItemId(resultId) },
          UpdateExpression: share.shared ? 'SET sharedAt = :at' : 'REMOVE sharedAt',
          ConditionExpression: 'attribute_exists(itemId)',
          ...(share.shared ? { ExpressionAttributeValues: { ':at': share.at } } : {}),
          ReturnValues: 'ALL_NEW',
        }),
      );
      if (!share.shared) {
        // Only the author's own copy: a teammate's result of the same id cannot exist (ids are random).
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: copyKey,
            ConditionExpression: 'attribute_not_exists(itemId) OR author.userId = :author',
            ExpressionAttributeValues: { ':author': userId },
          }),
        );
      }
      return toResult(marked.Attributes ?? stored.Item);
    },

    sharedPage: (firmId, filter) => readPage(sharedSpace(firmId), filter),

    madeForFirmPage: (userId, firmId, filter) => readPage({ ...ownSpace(userId), madeFor: firmId }, filter),
  };
}
