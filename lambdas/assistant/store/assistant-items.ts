import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';

/**
 * The assistant table's item keys. Every item lives in its owner's partition (`userId` = the
 * Cognito sub); the sort key `itemId` says what it is (the `rate#` counters of the subscriber
 * gate's rate limit live here too: shared/dynamodb/rate-limiter.ts). Ids that come from requests are checked
 * against the contract's `ID_PATTERN` (no `#`) before they reach a key, so one kind of item can
 * never be named as another.
 */
export const ITEM_PREFIX = {
  job: 'job#',
  result: 'result#',
  evaluation: 'evaluation#',
} as const;

export const jobItemId = (jobId: string) => `${ITEM_PREFIX.job}${jobId}`;
export const resultItemId = (resultId: string) => `${ITEM_PREFIX.result}${resultId}`;

/**
 * A result id that sorts by creation time: the milliseconds in base 36 (fixed width, good until
 * the year 5188) and 48 random bits, e.g. `0mhx2k9b4-3f9a0c1d2e4b`. The history is read newest
 * first straight off the sort key.
 */
export function timeOrderedId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}-${randomBytes(6).toString('hex')}`;
}

/** A candidate's name as evaluations are looked up by it: case and spacing do not matter. */
export function normalizeCandidateName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

export const evaluationItemId = (jobId: string, candidateName: string) =>
  `${ITEM_PREFIX.evaluation}${jobId}#${normalizeCandidateName(candidateName)}`;

/** Epoch seconds `days` after `now` (DynamoDB's TTL unit). */
export function expiresAfterDays(now: Date, days: number): number {
  return Math.floor(now.getTime() / 1000) + days * 86_400;
}

/** Where the assistant's repositories keep their items. */
export interface AssistantTableOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ASSISTANT_TABLE`. */
  readonly tableName: string;
}
