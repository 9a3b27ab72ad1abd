import { randomUUID } from 'node:crypto';
import { subscriberRoute, type SubscriberRouteSpec } from '../../shared/http/subscriber-route';
import { ConflictError } from '../../shared/errors';
import { SYNC_LEASE_SECONDS } from '../ats-time-limits';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import type * as z from '../../shared/zod';
import type { AtsSyncStore } from '../sync/sync-store';
import type { AtsDependencies } from './ats-dependencies';
import { ATS_ERROR_MESSAGES, atsDomainError } from './ats-errors';

/**
 * One ATS REST route: the subscriber gate (caller from the Cognito claims → ACTIVE User record →
 * live subscription → the plan's feature (`ats-integration` unless the route names another) → the per-user rate limit, in the ATS routes' own bucket → the contract's
 * schema; see lambdas/shared/http/subscriber-route.ts), then the route's work on the caller's own
 * data only (the user id is the token's sub, never an input). Errors of the ATS module that escape
 * the route become their 4xx answers (ats-errors.ts); anything else is the generic 500.
 */
export function atsRoute<D extends AtsDependencies, S extends z.core.$ZodType | undefined = undefined>(
  spec: SubscriberRouteSpec<D, S>,
  dependencies: () => D,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return subscriberRoute<D, S>(
    {
      ...spec,
      // Every ATS route needs the ATS connection; placement prediction names its own feature.
      feature: spec.feature ?? 'ats-integration',
      run: async (request) => {
        try {
          return await spec.run(request);
        } catch (error) {
          throw atsDomainError(error);
        }
      },
    },
    dependencies,
    options,
  );
}

/**
 * Runs `work` holding the user's sync lease, so no sync writes while the connection changes
 * under it (a sync of the old ATS would otherwise refill what a change of ATS just cleared).
 * A sync running: 409 `ats_sync_running`, and `work` does not run.
 */
export async function withSyncLease<T>(store: AtsSyncStore, userId: string, now: Date, work: () => Promise<T>): Promise<T> {
  const owner = randomUUID();
  const expiresAt = new Date(now.getTime() + SYNC_LEASE_SECONDS * 1000).toISOString();
  if (!(await store.acquireLease(userId, { owner, now: now.toISOString(), expiresAt }))) {
    throw new ConflictError(ATS_ERROR_MESSAGES.syncRunning, { code: 'ats_sync_running' });
  }
  try {
    return await work();
  } finally {
    await store.releaseLease(userId, owner);
  }
}
