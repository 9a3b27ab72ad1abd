/**
 * What a sync keeps of the records it could not read (issue 15): the connectors report them per
 * page as `{ reason, count }` (`AtsPage.skipped`); a sync adds them up per resource over all its
 * calls into its status record. The status record is read on every visit of the account page and
 * rewritten after every page, so what it keeps is bounded: at most {@link MAX_SKIPPED_REASONS}
 * reasons of at most {@link MAX_SKIPPED_REASON_CHARS} characters, whatever the ATS sends. The
 * number skipped per resource stays exact; a reason that no longer fits is only not named.
 *
 * Reasons name a field or a rule, never a value (the connectors' promise, ats-port.ts). They are
 * shown to the recruiter and logged, so one that carries contact data anyway (a connector bug) is
 * replaced, not passed on. Plain TypeScript: no AWS types.
 */
import type { AtsSkippedRecords } from '../ats-port';
import { connectorLine } from './connector-text';
import { ATS_RESOURCES, type AtsResource, type AtsSkippedReason } from './sync-store';

/** Reasons one sync names, over all resources; enough for a real ATS, small enough for any status record. */
export const MAX_SKIPPED_REASONS = 10;
/** Characters of one reason: a field path and a few words. */
export const MAX_SKIPPED_REASON_CHARS = 100;
/** The reason for a record whose reason was empty or could not be passed on. */
export const UNNAMED_SKIP_REASON = 'could not be read';

/** The reason as it is kept: on one line, bounded, never contact data. */
export function skippedReason(reason: unknown): string {
  return connectorLine(reason, MAX_SKIPPED_REASON_CHARS) ?? UNNAMED_SKIP_REASON;
}

const isCount = (count: unknown): count is number => typeof count === 'number' && Number.isSafeInteger(count) && count > 0;

/** A page's skipped records, cleaned: how many in all, and how many by each (kept) reason. */
export function pageSkipped(skipped: readonly AtsSkippedRecords[] | undefined): { total: number; reasons: AtsSkippedRecords[] } {
  const byReason = new Map<string, number>();
  let total = 0;
  for (const entry of skipped ?? []) {
    // A count that is not a number of records is the connector's bug, not records to report.
    if (!isCount(entry?.count)) continue;
    const reason = skippedReason(entry.reason);
    byReason.set(reason, (byReason.get(reason) ?? 0) + entry.count);
    total += entry.count;
  }
  return { total, reasons: [...byReason].map(([reason, count]) => ({ reason, count })) };
}

/**
 * The sync's reasons with a page's added: counts added by resource and reason; a new reason is
 * listed while fewer than {@link MAX_SKIPPED_REASONS} are (first come, so every listed count is
 * exact), else left unnamed.
 */
export function addSkippedReasons(
  reasons: readonly AtsSkippedReason[],
  resource: AtsResource,
  skipped: readonly AtsSkippedRecords[],
): AtsSkippedReason[] {
  const merged = reasons.map((entry) => ({ ...entry }));
  for (const { reason, count } of skipped) {
    const listed = merged.find((entry) => entry.resource === resource && entry.reason === reason);
    if (listed) listed.count += count;
    else if (merged.length < MAX_SKIPPED_REASONS) merged.push({ resource, reason, count });
  }
  return merged;
}

/** Reasons as stored (a status record saved before there were any has none): only well-formed entries, bounded. */
export function storedSkippedReasons(value: unknown): AtsSkippedReason[] {
  if (!Array.isArray(value)) return [];
  const reasons: AtsSkippedReason[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { resource, reason, count } = entry as Record<string, unknown>;
    if (!(ATS_RESOURCES as readonly unknown[]).includes(resource) || !isCount(count)) continue;
    reasons.push({ resource: resource as AtsResource, reason: skippedReason(reason), count });
  }
  return reasons.slice(0, MAX_SKIPPED_REASONS);
}
