import type { AtsName } from '../ats-port';
import { ATS_LABELS } from '../ats-settings';
import { RUNNING_STATUS_STALE_AFTER_SECONDS } from '../ats-time-limits';
import { IDLE_STATUS, type AtsSyncStatus } from './sync-store';

/** What the recruiter reads about a sync (the ATS's own errors carry their own message). */
export const SYNC_MESSAGES = {
  running: 'A sync of your ATS is already running. Its progress shows here as it goes.',
  partial: 'Part of your ATS is synced. The sync continues where it stopped on its next run.',
  unexpected: 'The sync stopped on an unexpected error. Everything read so far is kept; try again in a few minutes.',
  samePage: (atsname: AtsName) =>
    `${ATS_LABELS[atsname]} returned the same page twice, so the sync stopped instead of reading it forever. Everything read so far is kept; try again later.`,
  paused: (atsname: AtsName, resumeAt: string) =>
    `${ATS_LABELS[atsname]} is limiting how often it can be read right now. The sync continues where it stopped after ${resumeAt.slice(11, 16)} UTC.`,
} as const;

/**
 * The status as the UI should show it: a `running` record nobody saved for longer than
 * {@link RUNNING_STATUS_STALE_AFTER_SECONDS} belongs to a call that crashed, which the next sync
 * continues, so it shows as `partial`.
 */
export function presentSyncStatus(status: AtsSyncStatus | null, now: Date): AtsSyncStatus {
  if (!status) return IDLE_STATUS;
  const savedAt = status.updatedAt ? Date.parse(status.updatedAt) : Number.NaN;
  if (status.state === 'running' && !(now.getTime() - savedAt <= RUNNING_STATUS_STALE_AFTER_SECONDS * 1000)) {
    return { ...status, state: 'partial', message: SYNC_MESSAGES.partial };
  }
  return status;
}
