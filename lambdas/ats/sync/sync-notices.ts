/**
 * What a sync keeps of the features it had to do without (`AtsPage.notices`): a connector whose
 * API key may not read an optional endpoint (Lever's archive reasons, say) still syncs, and says
 * in words for the recruiter what is missing. A sync gathers the notices of all its pages and
 * calls into its status record (a continued sync keeps them, a new one starts from none), each
 * once. The status record is read on every visit of the account page and rewritten after every
 * page, so what it keeps is bounded: at most {@link MAX_SYNC_NOTICES} notices of at most
 * {@link MAX_SYNC_NOTICE_CHARS} characters, first come.
 *
 * Notices name endpoints and features, never a value (the connectors' promise, ats-port.ts). They
 * are shown to the recruiter, so one that carries contact data anyway (a connector bug) is dropped,
 * not passed on (./connector-text.ts, as for skipped reasons). A notice never fails or stops a
 * sync: anything that is not a usable notice is left out. Plain TypeScript: no AWS types.
 */
import { connectorLine } from './connector-text';

/** Notices one sync keeps: a few degraded features, small enough for any status record. */
export const MAX_SYNC_NOTICES = 5;
/** Characters of one notice: a sentence or two naming an endpoint and the feature it serves. */
export const MAX_SYNC_NOTICE_CHARS = 300;

/**
 * The sync's notices with a page's added: each cleaned (one line, bounded; dropped when empty or
 * carrying contact data), one that is already kept not again, a new one while fewer than
 * {@link MAX_SYNC_NOTICES} are kept (first come).
 */
export function addNotices(kept: readonly string[], notices: unknown): string[] {
  const merged = [...kept];
  // Typed as a list of strings, but a connector bug must not stop the sync: anything else adds nothing.
  if (!Array.isArray(notices)) return merged;
  for (const notice of notices as unknown[]) {
    if (merged.length >= MAX_SYNC_NOTICES) break;
    const line = connectorLine(notice, MAX_SYNC_NOTICE_CHARS);
    if (line !== null && !merged.includes(line)) merged.push(line);
  }
  return merged;
}

/** Notices as stored (a status record saved before there were any has none): cleaned, distinct, bounded. */
export function storedNotices(value: unknown): string[] {
  return addNotices([], value);
}
