/**
 * Where a user's synced ATS data lives (issue 7): the {@link AtsSyncStore} port the sync engine
 * writes through and the assistant and placement prediction read through. Its adapter is
 * `../store/dynamodb-sync-store.ts` (one table, one partition per user); the engine's tests use
 * an in-memory double held to the same contract. Plain TypeScript: no AWS types here.
 */
import type { AtsApplication, AtsCandidate, AtsJob } from '../ats-port';

/** What a sync reads, in the order it reads it (applications last: they name jobs and candidates). */
export const ATS_RESOURCES = ['jobs', 'candidates', 'applications'] as const;
export type AtsResource = (typeof ATS_RESOURCES)[number];

/**
 * Where one resource's sync stands. A *pass* reads every page of one `updatedSince` query; the
 * checkpoint is saved after each stored page, so a pass resumes at `cursor`.
 */
export interface AtsSyncCheckpoint {
  /** The page to read next in the current pass; `null` before a pass's first page. */
  readonly cursor: string | null;
  /**
   * The current pass's `updatedSince` (constant through a pass: the cursor belongs to that query).
   * Between passes, the one the next pass will use; `null` until a first pass completed (read all).
   */
  readonly updatedSince: string | null;
  /** When the current pass started (its first page was read); `null` between passes. */
  readonly passStartedAt: string | null;
  /** The sync (see {@link AtsSyncStatus.syncId}) that last completed a pass of this resource. */
  readonly completedInSync: string | null;
  /** When the last full pass (no `updatedSince`) began; `null` before the first one completed. */
  readonly lastFullPassAt: string | null;
}

/** A checkpoint before anything was ever read. */
export const EMPTY_CHECKPOINT: AtsSyncCheckpoint = {
  cursor: null,
  updatedSince: null,
  passStartedAt: null,
  completedInSync: null,
  lastFullPassAt: null,
};

export interface AtsSyncCount {
  /** Records read from the ATS (not counting the skipped ones). */
  readonly read: number;
  /** Distinct records written to the store (a record listed twice in one page is written once). */
  readonly stored: number;
  /** Records the ATS returned that could not be read (the connectors' `AtsPage.skipped`), so were not stored. */
  readonly skipped: number;
}

export type AtsSyncCounts = Readonly<Record<AtsResource, AtsSyncCount>>;

export const ZERO_COUNTS: AtsSyncCounts = {
  jobs: { read: 0, stored: 0, skipped: 0 },
  candidates: { read: 0, stored: 0, skipped: 0 },
  applications: { read: 0, stored: 0, skipped: 0 },
};

/**
 * Why records of one resource were skipped during a sync, and how many: a reason names a field or
 * a rule (`unreadable "Tags"`, `no candidate id`), never a value. Bounded and merged by
 * `./skipped-records.ts`.
 */
export interface AtsSkippedReason {
  readonly resource: AtsResource;
  readonly reason: string;
  readonly count: number;
}

/**
 * - `idle`: never synced; `running`: a sync holds the lease; `partial`: stopped on its time
 *   budget, the next call continues it; `paused`: the ATS asked to slow down, continue after
 *   `resumeAt`; `failed`: stopped on an error `message` explains; `complete`: everything read.
 */
export type AtsSyncState = 'idle' | 'running' | 'partial' | 'paused' | 'failed' | 'complete';

/** The status record the UI shows (one per user). */
export interface AtsSyncStatus {
  readonly state: AtsSyncState;
  /**
   * The sync this record describes. A sync spans calls: a `partial` or `paused` one is continued
   * by the next call under the same id, so resources it already completed are not read again.
   */
  readonly syncId: string | null;
  /** When this sync began (its first call). */
  readonly startedAt: string | null;
  /** When its last call ended; `null` while running. */
  readonly finishedAt: string | null;
  /** Records read, stored and skipped by this sync so far, over all its calls. */
  readonly counts: AtsSyncCounts;
  /**
   * Why this sync skipped records so far, over all its calls (at most `MAX_SKIPPED_REASONS`
   * entries; a resource's `counts.skipped` is exact even when some of its reasons did not fit).
   */
  readonly skippedReasons: readonly AtsSkippedReason[];
  /**
   * Features this sync had to do without so far, over all its calls, in words for the recruiter
   * (the connectors' `AtsPage.notices`: distinct, at most `MAX_SYNC_NOTICES`, ./sync-notices.ts).
   */
  readonly notices: readonly string[];
  /**
   * Whether this sync read some resource in full (no `updatedSince`: a first sync, or the periodic
   * full pass) rather than only what changed since the last one; false for a record saved before
   * the field existed.
   */
  readonly fullPass: boolean;
  /** For the recruiter: what failed or why it paused; `null` otherwise. */
  readonly message: string | null;
  /** When a sync last read everything; `null` before the first complete one. */
  readonly lastCompleteAt: string | null;
  /** `paused`: not before this instant (the ATS's Retry-After). */
  readonly resumeAt: string | null;
  /** When this record was last saved (a `running` record not saved for long is a crashed sync). */
  readonly updatedAt: string | null;
}

export const IDLE_STATUS: AtsSyncStatus = {
  state: 'idle',
  syncId: null,
  startedAt: null,
  finishedAt: null,
  counts: ZERO_COUNTS,
  skippedReasons: [],
  notices: [],
  fullPass: false,
  message: null,
  lastCompleteAt: null,
  resumeAt: null,
  updatedAt: null,
};

export interface AtsSyncLease {
  /** Who holds it: one id per sync call. */
  readonly owner: string;
  /** The current time (ISO 8601): a lease that expired before it is free. */
  readonly now: string;
  /** When this lease lapses by itself if never released (a crashed call). */
  readonly expiresAt: string;
}

export interface AtsSyncStore {
  /** Inserts or replaces records by ATS id (idempotent); resolves with the number written. */
  upsertJobs(userId: string, jobs: readonly AtsJob[]): Promise<number>;
  upsertCandidates(userId: string, candidates: readonly AtsCandidate[]): Promise<number>;
  upsertApplications(userId: string, applications: readonly AtsApplication[]): Promise<number>;

  getCheckpoint(userId: string, resource: AtsResource): Promise<AtsSyncCheckpoint | null>;
  saveCheckpoint(userId: string, resource: AtsResource, checkpoint: AtsSyncCheckpoint): Promise<void>;

  getStatus(userId: string): Promise<AtsSyncStatus | null>;
  /** Saves the status fields only: never touches the lease. */
  saveStatus(userId: string, status: AtsSyncStatus): Promise<void>;
  /** Takes the user's sync lease unless another owner holds one that has not expired. */
  acquireLease(userId: string, lease: AtsSyncLease): Promise<boolean>;
  /** Gives the lease back if `owner` still holds it (a no-op otherwise). */
  releaseLease(userId: string, owner: string): Promise<void>;

  /** The user's jobs by id. */
  listJobs(userId: string): Promise<AtsJob[]>;
  /** The user's candidates by id; with `jobId`, only those with an application to that job. */
  listCandidates(userId: string, options?: { readonly jobId?: string }): Promise<AtsCandidate[]>;
  /** The user's applications by id (the `hired` ones are their past placements). */
  listApplications(userId: string): Promise<AtsApplication[]>;
  /** Forgets everything synced for the user (records, checkpoints, status): another ATS was connected. */
  deleteAll(userId: string): Promise<void>;
}

/** Sorts records by id the way DynamoDB orders the sort key (code units, not locale). */
export function byId<T extends { readonly id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The records to write from one page: without id-less records, and each id once (the last copy
 * wins, as it would with sequential writes; a DynamoDB batch refuses duplicate keys).
 */
export function distinctById<T extends { readonly id: string }>(records: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const record of records) if (typeof record.id === 'string' && record.id !== '') byKey.set(record.id, record);
  return [...byKey.values()];
}
