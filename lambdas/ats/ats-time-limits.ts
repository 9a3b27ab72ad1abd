import { API_GATEWAY_TIMEOUT_SECONDS } from '../shared/http/api-gateway';
import type { CreateConnectorOptions } from './connectors';

/**
 * Every time limit of the ATS routes, in one place because they only work together (the
 * invariants are tested in test/lambdas/ats/ats-time-limits.test.ts):
 *
 *   one sync call's budget + one page at its slowest (all attempts)  <  the function's time-out
 *   a connection test at its slowest                                  <  the function's time-out
 *   the function's time-out                                           <  API Gateway's 29 s
 *   the function's time-out  <  the sync lease  <=  when a `running` status counts as crashed
 *
 * The RestApi construct and the local runtime both take the time-out from here
 * (lib/definitions/rest-routes.ts). Plain TypeScript: no AWS types.
 */

/**
 * The time-out of the ATS routes that call the ATS or train on its data (connect, test, sync,
 * predict): a second under API Gateway's, like the Bedrock routes, so the function ends before
 * the gateway answers 504 for it.
 */
export const ATS_ROUTE_TIMEOUT_SECONDS = API_GATEWAY_TIMEOUT_SECONDS - 1;

/**
 * One `POST /ats/sync` call reads pages until this much time has passed, then stops as
 * `partial`: a page begun just before the budget ends must still finish (every attempt of
 * {@link SYNC_CONNECTOR_LIMITS}) and be stored before the function's time-out.
 */
export const SYNC_TIME_BUDGET_MS = 17_000;

/**
 * How patient the connectors are inside a REST call (their own defaults, four attempts of 10 s,
 * suit a background job instead). A longer Retry-After than allowed here ends the call at once
 * as "rate limited", with the ATS's wait.
 */

/** A connection test: two attempts of at most 8 s each. */
export const TEST_CONNECTOR_LIMITS: CreateConnectorOptions = {
  maxAttempts: 2,
  timeoutMs: 8_000,
  baseDelayMs: 250,
  maxRetryAfterSeconds: 2,
};

/** One page of a sync: two attempts of at most 4.5 s; a Retry-After over a second pauses the sync. */
export const SYNC_CONNECTOR_LIMITS: CreateConnectorOptions = {
  maxAttempts: 2,
  timeoutMs: 4_500,
  baseDelayMs: 250,
  maxRetryAfterSeconds: 1,
};

/**
 * How long a call holds the user's sync lease if it never gives it back (a crashed call): a sync
 * call, and a connection change, which must not run while a sync writes. Longer than any ATS
 * route may run, so a live call never loses it, and short, so a crashed one frees it soon after.
 */
export const SYNC_LEASE_SECONDS = 60;

/**
 * A `running` status nobody saved for longer than this belongs to a call that crashed: the UI
 * shows it as `partial`, which the next sync continues. (A live call saves it after every page.)
 */
export const RUNNING_STATUS_STALE_AFTER_SECONDS = 15 * 60;
