import type { AtsSyncResourceView, AtsSyncStateView, AtsSyncView, PlacementEvaluationView } from '@contracts/ats';

/** The contract's limits, from its zod-free module (the pages import no schemas). */
export { ATS_LIMITS as LIMITS } from '@contracts/ats-limits';

export { formatWhen } from '../../lib/format-when';

/** A 0-1 share as a whole percentage: "82%". */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** "1 job", "12 candidates". */
export function count(value: number, singular: string, plural = `${singular}s`): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? singular : plural}`;
}

const SYNC_STATES: Readonly<Record<AtsSyncStateView, string>> = {
  idle: 'Not synced yet',
  running: 'Syncing',
  partial: 'Partly synced: more to read',
  paused: 'Paused at the ATS’s request',
  failed: 'The last sync failed',
  complete: 'Up to date',
};

/** Where a sync stands, in words. */
export function syncStateLabel(sync: Pick<AtsSyncView, 'state'>): string {
  return SYNC_STATES[sync.state] ?? sync.state;
}

/** What is stored from the ATS: "12 jobs, 340 candidates, 410 applications and 25 placements". */
export function storedSummary(stored: AtsSyncView['stored']): string {
  return `${count(stored.jobs, 'job')}, ${count(stored.candidates, 'candidate')}, ${count(stored.applications, 'application')} and ${count(stored.placements, 'placement')}`;
}

/** What a sync has read so far: "120 jobs, 400 candidates and 800 applications". */
export function readSummary(counts: AtsSyncView['counts']): string {
  return `${count(counts.jobs.read, 'job')}, ${count(counts.candidates.read, 'candidate')} and ${count(counts.applications.read, 'application')}`;
}

/** What a sync reads, in its order, each as one record of it is called. */
const RESOURCES: readonly (readonly [AtsSyncResourceView, string])[] = [
  ['jobs', 'job'],
  ['candidates', 'candidate'],
  ['applications', 'application'],
];

/** Records the sync skipped, all kinds together. */
export function skippedTotal(sync: Pick<AtsSyncView, 'counts'>): number {
  return RESOURCES.reduce((sum, [resource]) => sum + sync.counts[resource].skipped, 0);
}

/**
 * What the sync skipped, one sentence per kind of record that had any: "3 candidates were
 * skipped: unreadable "Tags" (2), no candidate id (1)." Reasons the server could not list (it
 * names at most ten) are "other reasons". None when nothing was skipped.
 */
export function skippedSentences(sync: Pick<AtsSyncView, 'counts' | 'skippedReasons'>): string[] {
  const sentences: string[] = [];
  for (const [resource, singular] of RESOURCES) {
    const skipped = sync.counts[resource].skipped;
    if (!(skipped > 0)) continue;
    const listed = sync.skippedReasons.filter((entry) => entry.resource === resource);
    const parts = listed.map((entry) => `${entry.reason} (${entry.count.toLocaleString('en-US')})`);
    const unlisted = skipped - listed.reduce((sum, entry) => sum + entry.count, 0);
    if (unlisted > 0 && parts.length > 0) parts.push(`other reasons (${unlisted.toLocaleString('en-US')})`);
    const subject = `${count(skipped, singular)} ${skipped === 1 ? 'was' : 'were'} skipped`;
    sentences.push(parts.length > 0 ? `${subject}: ${parts.join(', ')}.` : `${subject}.`);
  }
  return sentences;
}

/**
 * How the model did on past applications it did not learn from, in one sentence: "Right 82% of
 * the time on 40 past applications it did not learn from; always guessing ‘not placed’ would be
 * right 57%."
 */
export function accuracySentence(
  evaluation: Pick<PlacementEvaluationView, 'accuracy' | 'baselineAccuracy' | 'heldOutSize' | 'method'>,
): string {
  const tested =
    evaluation.method === 'cross-validation'
      ? `on ${count(evaluation.heldOutSize, 'past application')}, each checked by a model that did not learn from it`
      : `on ${count(evaluation.heldOutSize, 'past application')} it did not learn from`;
  return `Right ${percent(evaluation.accuracy)} of the time ${tested}; always guessing ‘not placed’ would be right ${percent(evaluation.baselineAccuracy)}.`;
}
