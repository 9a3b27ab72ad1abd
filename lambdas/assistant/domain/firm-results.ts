import type { AssistantResult, HistoryResponse } from '../../shared/contracts/assistant';

/**
 * The firm's view of results (issue 18) is read from several places at once: the copies teammates
 * shared and, for owners and admins, each removed member's own results. Each source answers a
 * page newest first with where it stopped reading; this merges them into one page that the next
 * request can continue with a single `before` cursor (result ids sort by time across sources).
 */
export interface SourcePage {
  readonly results: readonly AssistantResult[];
  /** Where this source stopped reading (everything newer was looked at), or `null` when it read to the end. */
  readonly nextCursor: string | null;
}

/**
 * One page of at most `limit` results, newest first, each result once (the first source that
 * holds an id wins: put the shared copies first). A source that stopped early has not looked at
 * anything older than its cursor, so the page keeps nothing older than the newest such cursor,
 * and continues from there.
 */
export function mergeResultPages(pages: readonly SourcePage[], limit: number): HistoryResponse {
  const cursors = pages.map((page) => page.nextCursor).filter((cursor): cursor is string => cursor !== null);
  const cut = cursors.length > 0 ? cursors.reduce((newest, cursor) => (cursor > newest ? cursor : newest)) : null;
  const seen = new Set<string>();
  const kept: AssistantResult[] = [];
  for (const page of pages) {
    for (const result of page.results) {
      if (seen.has(result.id) || (cut !== null && result.id < cut)) continue;
      seen.add(result.id);
      kept.push(result);
    }
  }
  kept.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  if (kept.length > limit) return { results: kept.slice(0, limit), nextCursor: kept[limit - 1].id };
  return { results: kept, nextCursor: cut };
}
