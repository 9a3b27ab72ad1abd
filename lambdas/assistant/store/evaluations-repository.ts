import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../../shared/dynamodb/document-client';
import { evaluationItemId, expiresAfterDays, normalizeCandidateName, type AssistantTableOptions } from './assistant-items';
import { RESULT_RETENTION_DAYS } from './results-repository';

/**
 * Each candidate's latest evaluation for a job (`evaluation#<jobId>#<name>`), so best-fit finds
 * it by the name the recruiter types, whatever its case or spacing. The full evaluation is a
 * result in the history; this item points to it with its overall score.
 */
export interface EvaluationsRepository {
  /** Records an evaluation as the candidate's latest for the job (a later one replaces it). */
  record(userId: string, evaluation: LatestEvaluation): Promise<void>;
  /** The latest evaluation of each named candidate that has one, by normalized name. */
  latestFor(userId: string, jobId: string, candidateNames: readonly string[]): Promise<Map<string, LatestEvaluation>>;
}

export interface LatestEvaluation {
  readonly jobId: string;
  readonly candidateName: string;
  /** 0-100, the evaluation's `overall`. */
  readonly overall: number;
  readonly resultId: string;
  readonly createdAt: string;
}

export { normalizeCandidateName };

export function createEvaluationsRepository({ client, tableName }: AssistantTableOptions): EvaluationsRepository {
  return {
    async record(userId, evaluation) {
      await client
        .send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...evaluation,
              userId,
              itemId: evaluationItemId(evaluation.jobId, evaluation.candidateName),
              ttl: expiresAfterDays(new Date(evaluation.createdAt), RESULT_RETENTION_DAYS),
            },
            // Two evaluations of the same candidate finishing out of order: the later one stays.
            ConditionExpression: 'attribute_not_exists(itemId) OR createdAt <= :createdAt',
            ExpressionAttributeValues: { ':createdAt': evaluation.createdAt },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionalCheckFailed(error)) throw error;
        });
    },

    async latestFor(userId, jobId, candidateNames) {
      const found = new Map<string, LatestEvaluation>();
      const itemIds = [...new Set(candidateNames.map((name) => evaluationItemId(jobId, name)))];
      // BatchGetItem takes 100 keys; best-fit sends at most 20 candidates.
      for (let start = 0; start < itemIds.length; start += 100) {
        let keys: Record<string, unknown>[] | undefined = itemIds.slice(start, start + 100).map((itemId) => ({ userId, itemId }));
        while (keys && keys.length > 0) {
          const page = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
          for (const item of page.Responses?.[tableName] ?? []) {
            const { jobId: itemJobId, candidateName, overall, resultId, createdAt } = item as LatestEvaluation;
            found.set(normalizeCandidateName(candidateName), { jobId: itemJobId, candidateName, overall, resultId, createdAt });
          }
          keys = page.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined;
        }
      }
      return found;
    },
  };
}
