/**
 * The incremental, resumable sync of a user's ATS data (issue 7). It only ever lists from the ATS
 * (the connector port has no way to write) and upserts into the {@link AtsSyncStore}.
 *
 * Each resource (jobs, candidates, applications, in that order) is read in *passes*: every page
 * of one `updatedSince` query. The checkpoint is saved after each page is stored, so a crash or a
 * spent time budget loses at most one page, and reading that page again is harmless (records are
 * upserted by ATS id). A completed pass moves the watermark to the pass's start time, less a
 * safety overlap for clock skew, so the next sync reads only what changed.
 *
 * Records a connector could not read (`AtsPage.skipped`) never stop a sync: they are counted per
 * resource and by reason in the status record (./skipped-records.ts), and a page whose every
 * record was skipped moves on like any other. Nor do features a connector had to do without
 * (`AtsPage.notices`, an optional endpoint the API key may not read): they are gathered, distinct
 * and bounded, into the status record for the recruiter (./sync-notices.ts).
 */
import { randomUUID } from 'node:crypto';
import { AtsError, type AtsConnector, type AtsErrorReason, type AtsListOptions, type AtsPage } from '../ats-port';
import { SYNC_LEASE_SECONDS } from '../ats-time-limits';
import { SYNC_MESSAGES } from './sync-status';
import {
  ATS_RESOURCES,
  EMPTY_CHECKPOINT,
  IDLE_STATUS,
  ZERO_COUNTS,
  type AtsResource,
  type AtsSyncCheckpoint,
  type AtsSyncCount,
  type AtsSyncCounts,
  type AtsSyncStatus,
  type AtsSyncStore,
} from './sync-store';
import { boundRecord } from './bound-record';
import { addSkippedReasons, pageSkipped } from './skipped-records';
import { addNotices } from './sync-notices';

/** Subtracted from a pass's start time: records changed on an ATS clock a little behind ours are still read next time. */
export const WATERMARK_OVERLAP_MS = 5 * 60 * 1000;
/**
 * Every so often a pass reads everything again: an ATS paging by offset can skip a record when
 * another one moves between pages during a pass, and the watermark alone would never revisit it.
 */
export const FULL_PASS_EVERY_DAYS = 7;
const DAY_MS = 86_400_000;
/** When a 429 came without Retry-After. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface RunSyncOptions {
  /** The user's connector (credentials inside); only its list methods are called. */
  readonly connector: AtsConnector;
  readonly store: AtsSyncStore;
  readonly userId: string;
  readonly now: () => Date;
  /** `true` once the call's budget is spent: checked before each page. */
  readonly deadline: () => boolean;
}

/** How the call ended; `running`: another call holds the lease, this one did nothing. */
export type AtsSyncOutcome = 'complete' | 'partial' | 'paused' | 'failed' | 'running';

export interface AtsSyncResult {
  readonly outcome: AtsSyncOutcome;
  /** Records read, stored and skipped by this call (the status record counts the whole sync). */
  readonly counts: AtsSyncCounts;
  /** For the recruiter; `null` when complete. */
  readonly message: string | null;
  /** `paused`: how long to wait before calling again. */
  readonly retryAfterSeconds: number | null;
  /** The status record as this call left it (as found, for `running`). */
  readonly status: AtsSyncStatus;
  /** `failed`: the kind of the ATS's refusal (its words are `message`). */
  readonly failure?: AtsErrorReason;
}

const iso = (date: Date) => date.toISOString();
const addCount = (counts: AtsSyncCounts, resource: AtsResource, page: AtsSyncCount): AtsSyncCounts => ({
  ...counts,
  [resource]: {
    read: counts[resource].read + page.read,
    stored: counts[resource].stored + page.stored,
    skipped: counts[resource].skipped + page.skipped,
  },
});

/** Thrown inside a call when its budget is spent. */
class BudgetSpent {}

/**
 * Runs (or continues) the user's sync until it completes, the budget is spent, the ATS asks to
 * slow down, or something fails; never two at once for one user (a lease on the status record).
 */
export async function runSync(options: RunSyncOptions): Promise<AtsSyncResult> {
  const { connector, store, userId, now, deadline } = options;
  const callStartedAt = now();

  const found = (await store.getStatus(userId)) ?? IDLE_STATUS;
  if (found.state === 'paused' && found.resumeAt && iso(callStartedAt) < found.resumeAt) {
    // The ATS asked for a break: calling again before it ends would only be refused.
    const retryAfterSeconds = Math.ceil((Date.parse(found.resumeAt) - callStartedAt.getTime()) / 1000);
    return { outcome: 'paused', counts: ZERO_COUNTS, message: found.message, retryAfterSeconds, status: found };
  }

  const owner = randomUUID();
  const leased = await store.acquireLease(userId, {
    owner,
    now: iso(callStartedAt),
    expiresAt: iso(new Date(callStartedAt.getTime() + SYNC_LEASE_SECONDS * 1000)),
  });
  if (!leased) return { outcome: 'running', counts: ZERO_COUNTS, message: SYNC_MESSAGES.running, retryAfterSeconds: null, status: found };

  try {
    // Read again under the lease: the holder before may have changed it since.
    const previous = (await store.getStatus(userId)) ?? IDLE_STATUS;
    // A partial or paused sync, or one whose call crashed (`running` with its lease expired), continues.
    const continues =
      previous.syncId !== null && (previous.state === 'partial' || previous.state === 'paused' || previous.state === 'running');
    let status: AtsSyncStatus = {
      ...previous,
      state: 'running',
      syncId: continues ? previous.syncId : randomUUID(),
      startedAt: continues ? previous.startedAt : iso(callStartedAt),
      finishedAt: null,
      counts: continues ? previous.counts : ZERO_COUNTS,
      skippedReasons: continues ? previous.skippedReasons : [],
      notices: continues ? previous.notices : [],
      fullPass: continues && previous.fullPass,
      message: null,
      resumeAt: null,
      updatedAt: iso(callStartedAt),
    };
    await store.saveStatus(userId, status);
    let counts = ZERO_COUNTS;

    const syncResource = async <T extends { readonly id: string }>(
      resource: AtsResource,
      list: (options: AtsListOptions) => Promise<AtsPage<T>>,
      write: (records: readonly T[]) => Promise<number>,
    ) => {
      let checkpoint: AtsSyncCheckpoint = (await store.getCheckpoint(userId, resource)) ?? EMPTY_CHECKPOINT;
      if (checkpoint.completedInSync === status.syncId && checkpoint.passStartedAt === null) return;
      for (;;) {
        if (deadline()) throw new BudgetSpent();
        let { passStartedAt } = checkpoint;
        if (passStartedAt === null) {
          // A new pass: incremental from the watermark, or in full when the last full one is old.
          passStartedAt = iso(now());
          const lastFull = checkpoint.lastFullPassAt ? Date.parse(checkpoint.lastFullPassAt) : Number.NaN;
          const full = !(Date.parse(passStartedAt) - lastFull < FULL_PASS_EVERY_DAYS * DAY_MS);
          checkpoint = { ...checkpoint, cursor: null, updatedSince: full ? null : checkpoint.updatedSince, passStartedAt };
        }
        const page = await list({ cursor: checkpoint.cursor, updatedSince: checkpoint.updatedSince });
        const readInFull = checkpoint.updatedSince === null;
        if (page.nextCursor !== null && page.nextCursor === checkpoint.cursor)
          throw new AtsError('response', SYNC_MESSAGES.samePage(connector.name));
        const stored = await write(page.items.map(boundRecord));
        checkpoint =
          page.nextCursor === null
            ? {
                cursor: null,
                updatedSince: iso(new Date(Date.parse(passStartedAt) - WATERMARK_OVERLAP_MS)),
                passStartedAt: null,
                completedInSync: status.syncId,
                lastFullPassAt: checkpoint.updatedSince === null ? passStartedAt : (checkpoint.lastFullPassAt ?? null),
              }
            : { ...checkpoint, cursor: page.nextCursor, passStartedAt };
        // Saved only once the page is stored: a crash before this line reads the page again.
        await store.saveCheckpoint(userId, resource, checkpoint);
        const skipped = pageSkipped(page.skipped);
        const pageCount = { read: page.items.length, stored, skipped: skipped.total };
        counts = addCount(counts, resource, pageCount);
        status = {
          ...status,
          counts: addCount(status.counts, resource, pageCount),
          skippedReasons: addSkippedReasons(status.skippedReasons, resource, skipped.reasons),
          notices: addNotices(status.notices, page.notices),
          fullPass: status.fullPass || readInFull,
          updatedAt: iso(now()),
        };
        await store.saveStatus(userId, status);
        if (page.nextCursor === null) return;
      }
    };

    const finish = async (
      outcome: Exclude<AtsSyncOutcome, 'running'>,
      fields: Partial<AtsSyncStatus>,
      retryAfterSeconds: number | null = null,
      failure?: AtsErrorReason,
    ): Promise<AtsSyncResult> => {
      const finishedAt = iso(now());
      status = { ...status, state: outcome, finishedAt, updatedAt: finishedAt, ...fields };
      await store.saveStatus(userId, status);
      return { outcome, counts, message: status.message, retryAfterSeconds, status, ...(failure ? { failure } : {}) };
    };

    const passes: Record<AtsResource, () => Promise<void>> = {
      jobs: () =>
        syncResource(
          'jobs',
          (list) => connector.listJobs(list),
          (records) => store.upsertJobs(userId, records),
        ),
      candidates: () =>
        syncResource(
          'candidates',
          (list) => connector.listCandidates(list),
          (records) => store.upsertCandidates(userId, records),
        ),
      applications: () =>
        syncResource(
          'applications',
          (list) => connector.listApplications(list),
          (records) => store.upsertApplications(userId, records),
        ),
    };

    try {
      for (const resource of ATS_RESOURCES) await passes[resource]();
    } catch (error) {
      if (error instanceof BudgetSpent) return await finish('partial', { message: SYNC_MESSAGES.partial });
      if (error instanceof AtsError && error.reason === 'rate-limited') {
        const retryAfterSeconds = error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
        const resumeAt = iso(new Date(now().getTime() + retryAfterSeconds * 1000));
        return await finish('paused', { message: SYNC_MESSAGES.paused(connector.name, resumeAt), resumeAt }, retryAfterSeconds);
      }
      // The ATS's message is written for the recruiter and never holds a credential.
      if (error instanceof AtsError) return await finish('failed', { message: error.message }, null, error.reason);
      await finish('failed', { message: SYNC_MESSAGES.unexpected }).catch(() => undefined);
      throw error;
    }
    const completedAt = iso(now());
    return await finish('complete', { message: null, finishedAt: completedAt, updatedAt: completedAt, lastCompleteAt: completedAt });
  } finally {
    await store.releaseLease(userId, owner);
  }
}
