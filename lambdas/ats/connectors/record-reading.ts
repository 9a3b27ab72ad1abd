/**
 * Tolerant reading of one list page (issue 15): an ATS answer is read record by record, so one
 * odd record costs that record, never the page or the sync. The page's envelope (the list itself,
 * the paging fields) is the connector's to check: without it nothing on the page can be trusted.
 *
 * A record is skipped when it does not fit its schema (the first problem names the field) or when
 * the mapping refuses it with {@link skipRecord} or throws; a mapping that returns `null` means
 * "not a record of this list" (a Greenhouse prospect among applications) and is not counted.
 * Unknown fields are ignored by the schemas (zod objects strip them). Reasons name fields, never
 * values: they reach the recruiter and the logs. Plain TypeScript: no AWS types.
 */
import * as z from '../../shared/zod';
import type { AtsSkippedRecords } from '../ats-port';

const SKIP = Symbol('skip');

/** A mapping's refusal of one record, with why (a field or a rule, never a value). */
export interface RecordSkip {
  readonly [SKIP]: true;
  readonly reason: string;
}

export function skipRecord(reason: string): RecordSkip {
  return { [SKIP]: true, reason };
}

function isSkip(value: unknown): value is RecordSkip {
  return typeof value === 'object' && value !== null && SKIP in value;
}

/** The reason for a record the schema refused: the first problem's field, array positions left out. */
export function unreadableReason(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).filter((key): key is string => typeof key === 'string');
  return path.length === 0 ? 'not a record' : `unreadable "${path.join('.')}"`;
}

/** The page's records that could be read, mapped, and the rest counted by reason. */
export function readRecords<S extends z.ZodMiniType, T>(
  records: readonly unknown[],
  schema: S,
  map: (record: z.infer<S>) => T | RecordSkip | null,
): { items: T[]; skipped: AtsSkippedRecords[] } {
  const items: T[] = [];
  const skipped = new Map<string, number>();
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  for (const record of records) {
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      skip(unreadableReason(parsed.error));
      continue;
    }
    let mapped: T | RecordSkip | null;
    try {
      mapped = map(parsed.data);
    } catch {
      // A mapping bug or a value no rule foresaw: the record is lost, the page is not.
      skip('could not be read');
      continue;
    }
    if (isSkip(mapped)) skip(mapped.reason);
    else if (mapped !== null) items.push(mapped);
  }
  return { items, skipped: [...skipped].map(([reason, count]) => ({ reason, count })) };
}

/** Two pages' (or two sources') skipped records as one list, counts added by reason. */
export function mergeSkipped(...lists: readonly (readonly AtsSkippedRecords[] | undefined)[]): AtsSkippedRecords[] {
  const merged = new Map<string, number>();
  for (const list of lists) for (const { reason, count } of list ?? []) merged.set(reason, (merged.get(reason) ?? 0) + count);
  return [...merged].map(([reason, count]) => ({ reason, count }));
}
