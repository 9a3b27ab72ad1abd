/**
 * Syncs as "Sync now" does: a sync reads the ATS within a time budget and answers `partial` when
 * it stopped before the end, so it is called again until it answers `complete`. For tests whose
 * subject comes after a sync, whatever carries the call (the browser's request, the REST API,
 * a handler invoked directly). Fails when the sync ends otherwise or is still partial after `maxCalls`.
 */
export async function syncUntilComplete<T extends { readonly outcome: string }>(
  syncOnce: () => Promise<T>,
  { maxCalls, what }: { readonly maxCalls: number; readonly what: string },
): Promise<T> {
  let answer = await syncOnce();
  for (let calls = 1; answer.outcome === 'partial' && calls < maxCalls; calls += 1) answer = await syncOnce();
  if (answer.outcome !== 'complete') throw new Error(`${what}: the sync ended ${answer.outcome}`);
  return answer;
}
