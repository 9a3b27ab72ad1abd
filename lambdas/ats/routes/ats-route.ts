import { randomUUID } from 'node:crypto';
import { ATS_MANAGERS_ONLY_SENTENCE } from '../../shared/contracts/ats';
import type { User } from '../../shared/contracts/user';
import { subscriberRoute, type Input, type SubscriberRequest, type SubscriberRouteSpec } from '../../shared/http/subscriber-route';
import { ConflictError } from '../../shared/errors';
import { SYNC_LEASE_SECONDS } from '../ats-time-limits';
import type { ApiGatewayHandler, HttpHandlerOptions, HttpResult } from '../../shared/http/handler';
import type * as z from '../../shared/zod';
import type { AtsSyncStore } from '../sync/sync-store';
import type { AtsDependencies } from './ats-dependencies';
import { ATS_ERROR_MESSAGES, atsDomainError } from './ats-errors';

/** What an ATS route gets: the gate's request and the User record that holds the firm's connection. */
export interface AtsRequest<D, I> extends SubscriberRequest<D, I> {
  /**
   * The firm's ATS connection (issue 18: one per firm): the User record whose id is the firm's (its
   * founder's, organization-founding.ts), holding the sealed credentials (spec section 3); its id
   * keys the connection's details, sync state, synced records and Bullhorn grant. The caller's own
   * record when they are their firm, so what today's code stored is found as it was.
   */
  readonly connection: User;
}

export interface AtsRouteSpec<D, S extends z.core.$ZodType | undefined> extends Omit<SubscriberRouteSpec<D, S>, 'run'> {
  /** Connect, test, sync, disconnect: the firm's owners and admins only (organization-rules `manageAts`). */
  readonly manages?: boolean;
  readonly run: (request: AtsRequest<D, Input<S>>) => Promise<HttpResult>;
}

export const ATS_MANAGERS_ONLY_MESSAGE = `${ATS_MANAGERS_ONLY_SENTENCE} Ask one of them, or use the synced jobs and candidates.`;
export const FIRM_CONNECTION_MISSING_MESSAGE = "Your firm's ATS connection could not be found. Ask your firm's owner to sign in once.";

/**
 * One ATS REST route: the subscriber gate (caller from the Cognito claims → ACTIVE User record →
 * live subscription → the plan's feature (`ats-integration` unless the route names another) → the per-user rate limit, in the ATS routes' own bucket → the contract's
 * schema; see lambdas/shared/http/subscriber-route.ts), then, for the routes that manage the
 * connection, the caller's role (403 `ats_managers_only` for a recruiter), then the route's work on
 * the caller's FIRM's connection only (the firm from the caller's membership, never an input). Errors of the ATS module that escape
 * the route become their 4xx answers (ats-errors.ts); anything else is the generic 500.
 */
export function atsRoute<D extends AtsDependencies, S extends z.core.$ZodType | undefined = undefined>(
  spec: AtsRouteSpec<D, S>,
  dependencies: () => D,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  const { manages, run, ...gate } = spec;
  return subscriberRoute<D, S>(
    {
      ...gate,
      // Every ATS route needs the ATS connection; placement prediction names its own feature.
      feature: spec.feature ?? 'ats-integration',
      ...(manages ? { requires: { action: 'manageAts', message: ATS_MANAGERS_ONLY_MESSAGE, code: 'ats_managers_only' } } : {}),
      run: async (request) => {
        const connection = request.firm.id === request.user.id ? request.user : await request.deps.users.getById(request.firm.id);
        if (!connection) throw new ConflictError(FIRM_CONNECTION_MISSING_MESSAGE, { code: 'ats_firm_connection_missing' });
        try {
          return await run({ ...request, connection });
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
