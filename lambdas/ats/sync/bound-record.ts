/**
 * Caps on the text of a synced record. A DynamoDB item holds at most 400 KB, and one oversized
 * record would fail the whole batch it is written in; the assistant never reads this much of a
 * profile anyway. Ids are never cut (they are keys).
 */
export const MAX_LONG_TEXT = 50_000;
export const MAX_SHORT_TEXT = 2_000;

/** The fields that carry a posting or a profile; every other string is a name, a title, a date. */
const LONG_FIELDS = new Set(['description', 'profile']);
const ID_FIELDS = new Set(['id', 'candidateId', 'jobId']);

/** The text cut to at most `max` characters, never between the halves of a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max);
  // Never leave half of a surrogate pair at the end.
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/** The record with over-long text fields cut to {@link MAX_LONG_TEXT} or {@link MAX_SHORT_TEXT} characters. */
export function boundRecord<T extends object>(record: T): T {
  let bounded: Record<string, unknown> | null = null;
  for (const [field, value] of Object.entries(record)) {
    if (typeof value !== 'string' || ID_FIELDS.has(field)) continue;
    const max = LONG_FIELDS.has(field) ? MAX_LONG_TEXT : MAX_SHORT_TEXT;
    if (value.length <= max) continue;
    bounded ??= { ...(record as Record<string, unknown>) };
    bounded[field] = cutText(value, max);
  }
  return (bounded ?? record) as T;
}
