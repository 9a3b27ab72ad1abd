import type { CreateConnectorOptions } from '../connectors';

/**
 * How patient the connectors are inside a REST call (API Gateway ends a request at 29 s; the
 * connectors' own defaults, four attempts of 10 s, suit a background job instead). A longer
 * Retry-After than allowed here ends the call at once as "rate limited", with the ATS's wait.
 */

/** A connection test: two attempts of at most 8 s each. */
export const TEST_CONNECTOR_LIMITS: CreateConnectorOptions = {
  maxAttempts: 2,
  timeoutMs: 8_000,
  baseDelayMs: 250,
  maxRetryAfterSeconds: 2,
};

/**
 * One page of a sync: two attempts of at most 4.5 s. A page begun just before the sync's budget
 * (17 s) ends still finishes within about 27 s, under the function's 28 s; a Retry-After over a second pauses the sync.
 */
export const SYNC_CONNECTOR_LIMITS: CreateConnectorOptions = {
  maxAttempts: 2,
  timeoutMs: 4_500,
  baseDelayMs: 250,
  maxRetryAfterSeconds: 1,
};
