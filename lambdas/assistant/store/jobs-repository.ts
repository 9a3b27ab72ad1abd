import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ASSISTANT_LIMITS, type Job } from '../../shared/contracts/assistant';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import { ITEM_PREFIX, jobItemId, type AssistantTableOptions } from './assistant-items';

/**
 * A firm's saved jobs (`job#<id>` items in the FIRM's partition of the assistant table, issue 18:
 * a requisition is worked by several recruiters). The partition key is the firm's id, which for a
 * firm's founder is their own user id, where they saved their jobs before firms existed. A job can
 * only be read or replaced under its firm's key, so another firm's job id simply is not there.
 * Who may change which job is the routes' check (organization-rules.ts `mayChangeJob`).
 */
export interface JobsRepository {
  /** The firm's jobs, most recently updated first. */
  list(firmId: string): Promise<Job[]>;
  get(firmId: string, jobId: string): Promise<Job | undefined>;
  /** Stores a new job; 409 when the firm already keeps {@link ASSISTANT_LIMITS.jobsMax}. */
  create(firmId: string, job: Job): Promise<Job>;
  /**
   * Replaces one of the firm's jobs (its `createdAt` and `createdBy` kept, and `archived` unless
   * `job` says); 404 when it has none by that id.
   */
  replace(firmId: string, job: Job): Promise<Job>;
  /** Renames, archives or restores one of the firm's jobs at `updatedAt`; 404 when it has none by that id. */
  update(firmId: string, jobId: string, changes: JobChanges, updatedAt: string): Promise<Job>;
  /** Deletes one of the firm's jobs; 404 when it has none by that id. */
  remove(firmId: string, jobId: string): Promise<void>;
}

/**
 * What the capability routes do with jobs: read one of the firm's. Built apart from the saving and
 * listing, so the capability handlers do not bundle code only the job routes run.
 */
export type JobReader = Pick<JobsRepository, 'get'>;

/** What `PATCH /assistant/jobs/{id}` changes. */
export interface JobChanges {
  readonly title?: string;
  readonly archived?: boolean;
}

export const JOB_MESSAGES = {
  notFound: 'We could not find that job.',
  tooMany: `Your team already keeps ${ASSISTANT_LIMITS.jobsMax} jobs, the most one team can. Update or delete one of its saved jobs instead.`,
} as const;

type JobItem = Job & { readonly userId: string; readonly itemId: string };

/** A firm's job as its item in the assistant table: the job with its keys. */
export function jobItem(firmId: string, job: Job): JobItem {
  return { ...job, userId: firmId, itemId: jobItemId(job.id) };
}

function toJob(item: Record<string, unknown>): Job {
  const { userId: _userId, itemId: _itemId, ...job } = item as JobItem;
  return job;
}

export function createJobReader({ client, tableName }: AssistantTableOptions): JobReader {
  return {
    async get(firmId, jobId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { userId: firmId, itemId: jobItemId(jobId) }, ConsistentRead: true }),
      );
      return result.Item ? toJob(result.Item) : undefined;
    },
  };
}

export function createJobsRepository(options: AssistantTableOptions): JobsRepository {
  const { client, tableName } = options;
  const { get } = createJobReader(options);
  const query = async (userId: string, select: 'ALL_ATTRIBUTES' | 'COUNT') => {
    const items: Record<string, unknown>[] = [];
    let count = 0;
    let exclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'userId = :userId AND begins_with(itemId, :prefix)',
          ExpressionAttributeValues: { ':userId': userId, ':prefix': ITEM_PREFIX.job },
          Select: select,
          ConsistentRead: true,
          ExclusiveStartKey: exclusiveStartKey,
        }),
      );
      items.push(...(page.Items ?? []));
      count += page.Count ?? 0;
      exclusiveStartKey = page.LastEvaluatedKey;
    } while (exclusiveStartKey);
    return { items, count };
  };

  return {
    async list(userId) {
      const { items } = await query(userId, 'ALL_ATTRIBUTES');
      return items.map(toJob).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
    },

    get,

    async create(userId, job) {
      // Counted, then written: two creates racing at the limit may both pass (one job over the
      // limit, bounded by the rate limit); DynamoDB's local stand-in has no transactions.
      const { count } = await query(userId, 'COUNT');
      if (count >= ASSISTANT_LIMITS.jobsMax) throw new ConflictError(JOB_MESSAGES.tooMany, { code: 'too_many_jobs' });
      await client.send(
        new PutCommand({ TableName: tableName, Item: jobItem(userId, job), ConditionExpression: 'attribute_not_exists(itemId)' }),
      );
      return job;
    },

    async replace(userId, job) {
      const stored = await get(userId, job.id);
      if (!stored) throw new NotFoundError(JOB_MESSAGES.notFound, { code: 'job_not_found' });
      // An archived job stays archived when saved, unless the save says otherwise.
      const { createdBy: _given, ...fields } = job;
      const replaced: Job = {
        ...fields,
        createdAt: stored.createdAt,
        ...(stored.createdBy ? { createdBy: stored.createdBy } : {}),
        ...(stored.archived && job.archived === undefined ? { archived: true } : {}),
      };
      try {
        // Only over the version read: a concurrent save of the same job wins, this one is told.
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: jobItem(userId, replaced),
            ConditionExpression: 'attribute_exists(itemId) AND updatedAt = :read',
            ExpressionAttributeValues: { ':read': stored.updatedAt },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        throw new ConflictError('This job was changed at the same time somewhere else. Reload it and save again.', { code: 'job_changed' });
      }
      return replaced;
    },

    async update(userId, jobId, changes, updatedAt) {
      const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
      const values: Record<string, unknown> = { ':updatedAt': updatedAt };
      const sets = ['#updatedAt = :updatedAt'];
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId, itemId: jobItemId(jobId) },
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(itemId)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toJob(result.Attributes ?? {});
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        throw new NotFoundError(JOB_MESSAGES.notFound, { code: 'job_not_found' });
      }
    },

    async remove(userId, jobId) {
      try {
        await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { userId, itemId: jobItemId(jobId) },
            ConditionExpression: 'attribute_exists(itemId)',
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        throw new NotFoundError(JOB_MESSAGES.notFound, { code: 'job_not_found' });
      }
    },
  };
}
