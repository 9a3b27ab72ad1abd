import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ASSISTANT_RESULTS_BY_CAPABILITY_INDEX, ASSISTANT_RESULTS_BY_JOB_INDEX } from '../../../lib/definitions/tables';
import { ASSISTANT_LIMITS, type AssistantCapability, type AssistantResult } from '../../shared/contracts/assistant';
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
}

export interface ResultsFilter {
  readonly capability?: AssistantCapability;
  readonly jobId?: string;
  readonly limit?: number;
}

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
      const limit = Math.min(filter.limit ?? ASSISTANT_LIMITS.historyMax, ASSISTANT_LIMITS.historyMax);
      const values: Record<string, unknown> = { ':prefix': ITEM_PREFIX.result };
      let indexName: string | undefined;
      let keyCondition: string;
      let filterExpression: string | undefined;
      if (filter.jobId !== undefined) {
        // A job has few results: its index, narrowed to the capability when asked.
        indexName = ASSISTANT_RESULTS_BY_JOB_INDEX;
        keyCondition = 'jobKey = :key AND begins_with(itemId, :prefix)';
        values[':key'] = `${userId}#${filter.jobId}`;
        if (filter.capability !== undefined) {
          filterExpression = 'capability = :capability';
          values[':capability'] = filter.capability;
        }
      } else if (filter.capability !== undefined) {
        indexName = ASSISTANT_RESULTS_BY_CAPABILITY_INDEX;
        keyCondition = 'capabilityKey = :key AND begins_with(itemId, :prefix)';
        values[':key'] = `${userId}#${filter.capability}`;
      } else {
        keyCondition = 'userId = :key AND begins_with(itemId, :prefix)';
        values[':key'] = userId;
      }

      const results: AssistantResult[] = [];
      let exclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: indexName,
            KeyConditionExpression: keyCondition,
            FilterExpression: filterExpression,
            ExpressionAttributeValues: values,
            ScanIndexForward: false,
            Limit: filterExpression ? undefined : limit - results.length,
            ExclusiveStartKey: exclusiveStartKey,
          }),
        );
        results.push(...(page.Items ?? []).map(toResult));
        exclusiveStartKey = page.LastEvaluatedKey;
      } while (exclusiveStartKey && results.length < limit);
      return results.slice(0, limit);
    },
  };
}
