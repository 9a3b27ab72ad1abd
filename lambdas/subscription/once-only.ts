import { ConflictError } from '../shared/errors';
import { createLogger } from '../shared/logger';
import type { IdempotencyStore, StoredResult } from '../shared/subscriptions/idempotency-store';
import type { LeaseLocks } from '../shared/subscriptions/lease-locks';

/**
 * Runs a request's work at most once at a time per lock, and answers repeats of a completed
 * request with its stored result:
 *
 * 1. a stored result for the request's key (and the same request) is replayed;
 * 2. otherwise the caller tries to take the lock (a leased item, see `lease-locks.ts`); the holder
 *    checks for a stored result again (one may have been stored just before), does the work,
 *    stores the result and releases the lock;
 * 3. a caller that cannot take the lock waits a little (with jitter) and starts again at 1, until
 *    its wait budget runs out: then 409, "already in progress".
 *
 * So concurrent identical requests end with one doing the work and the others replaying its
 * result (or, if the work takes longer than their budget, a 409 they may retry). Failed work
 * stores nothing: the next attempt runs again.
 */

const logger = createLogger({ component: 'once-only' });

export const IN_PROGRESS_MESSAGE = 'A subscription request is already in progress. Try again in a moment.';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';

export interface OnceOnlyTiming {
  /**
   * How long a lock holder may take before others may take over: longer than the handler's
   * Lambda time-out (10 s), so a live holder never loses it, short enough that a crashed
   * holder blocks the user only briefly.
   */
  readonly leaseMs: number;
  /** How long a waiting caller keeps trying before answering 409. */
  readonly waitBudgetMs: number;
  readonly minPollMs: number;
  readonly maxPollMs: number;
}

export const DEFAULT_ONCE_ONLY_TIMING: OnceOnlyTiming = { leaseMs: 15_000, waitBudgetMs: 6_000, minPollMs: 40, maxPollMs: 200 };

export interface OnceOnlyDependencies {
  readonly locks: LeaseLocks;
  readonly idempotency: IdempotencyStore;
  readonly now: () => Date;
  readonly timing: OnceOnlyTiming;
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface OnceOnlyResult {
  readonly statusCode: number;
  readonly body: unknown;
}

export interface OnceOnlyRequest {
  /** Who may not run concurrently (e.g. `create-change#<userId>`). */
  readonly lockName: string;
  /** Namespace of the key (e.g. the user id): keys of different users never meet. */
  readonly scope: string;
  /** The request's identity: an Idempotency-Key, or one derived from the payload. */
  readonly key: string;
  /** What the request asked for; a stored result with another fingerprint is not this request's. */
  readonly fingerprint: string;
  /** How long the result is replayed. */
  readonly ttlMs: number;
  /** Extra check before replaying (e.g. that nothing changed since); replays whenever absent. */
  readonly isStillValid?: (stored: StoredResult) => Promise<boolean>;
  readonly work: () => Promise<OnceOnlyResult>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runOnceOnly(
  deps: OnceOnlyDependencies,
  request: OnceOnlyRequest,
): Promise<OnceOnlyResult & { readonly replayed: boolean }> {
  const { timing } = deps;
  const sleep = deps.sleep ?? defaultSleep;
  const deadline = deps.now().getTime() + timing.waitBudgetMs;

  const replayable = async (): Promise<StoredResult | undefined> => {
    const stored = await deps.idempotency.find(request.scope, request.key, deps.now());
    if (!stored) return undefined;
    if (stored.requestFingerprint !== request.fingerprint) throw new ConflictError(KEY_REUSED_MESSAGE, { code: 'idempotency_key_reused' });
    return !request.isStillValid || (await request.isStillValid(stored)) ? stored : undefined;
  };
  const replay = (stored: StoredResult) => ({ statusCode: stored.statusCode, body: stored.body, replayed: true });

  for (;;) {
    const stored = await replayable();
    if (stored) return replay(stored);

    const lease = await deps.locks.tryAcquire(request.lockName, { leaseMs: timing.leaseMs, now: deps.now() });
    if (lease) {
      try {
        const storedMeanwhile = await replayable();
        if (storedMeanwhile) return replay(storedMeanwhile);
        const result = await request.work();
        await deps.idempotency.save(
          request.scope,
          request.key,
          { requestFingerprint: request.fingerprint, ...result },
          { ttlMs: request.ttlMs, now: deps.now() },
        );
        return { ...result, replayed: false };
      } finally {
        await lease.release().catch((error: unknown) => {
          // The lease runs out by itself; the answer is still right.
          logger.warn('Could not release a request lock', { lockName: request.lockName, error });
        });
      }
    }

    const wait = timing.minPollMs + Math.floor(Math.random() * (timing.maxPollMs - timing.minPollMs + 1));
    if (deps.now().getTime() + wait > deadline) throw new ConflictError(IN_PROGRESS_MESSAGE, { code: 'request_in_progress' });
    await sleep(wait);
  }
}
