import {
  ATS_ROUTE_TIMEOUT_SECONDS,
  RUNNING_STATUS_STALE_AFTER_SECONDS,
  SYNC_CONNECTOR_LIMITS,
  SYNC_LEASE_SECONDS,
  SYNC_TIME_BUDGET_MS,
  TEST_CONNECTOR_LIMITS,
} from '../../../lambdas/ats/ats-time-limits';
import { longestRequestMs } from '../../../lambdas/ats/http/read-only-client';
import { API_GATEWAY_TIMEOUT_SECONDS } from '../../../lambdas/shared/http/api-gateway';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';

/** Time a call keeps after its last ATS answer, to store the page, its checkpoint and the status. */
const STORE_MARGIN_MS = 1_000;

/** The function time-out the route table gives a route, in ms. */
function timeoutMsOf(functionId: string): number {
  const route = REST_ROUTES.find((candidate) => candidate.functionId === functionId);
  if (route?.timeoutSeconds === undefined) throw new Error(`${functionId} declares no timeoutSeconds`);
  return route.timeoutSeconds * 1000;
}

describe('the ATS time limits fit together', () => {
  it('gives the routes that call the ATS the ATS time-out, under API Gateway’s 29 s', () => {
    for (const functionId of ['AtsConnectFunction', 'AtsTestConnectionFunction', 'AtsSyncFunction', 'AtsPredictFunction']) {
      expect({ functionId, timeoutMs: timeoutMsOf(functionId) }).toEqual({ functionId, timeoutMs: ATS_ROUTE_TIMEOUT_SECONDS * 1000 });
    }
    expect(ATS_ROUTE_TIMEOUT_SECONDS).toBeLessThan(API_GATEWAY_TIMEOUT_SECONDS);
  });

  it('lets a sync page begun just before the budget ends run every attempt and be stored before the function’s time-out', () => {
    const slowestPageMs = longestRequestMs(SYNC_CONNECTOR_LIMITS);
    expect(slowestPageMs).toBe(10_000); // 2 attempts of 4.5 s and the 1 s Retry-After between them
    expect(SYNC_TIME_BUDGET_MS + slowestPageMs + STORE_MARGIN_MS).toBeLessThanOrEqual(timeoutMsOf('AtsSyncFunction'));
  });

  it('lets a connection test run every attempt before the time-out of the routes that test (connect, test)', () => {
    const slowestTestMs = longestRequestMs(TEST_CONNECTOR_LIMITS);
    expect(slowestTestMs + STORE_MARGIN_MS).toBeLessThanOrEqual(timeoutMsOf('AtsConnectFunction'));
    expect(slowestTestMs + STORE_MARGIN_MS).toBeLessThanOrEqual(timeoutMsOf('AtsTestConnectionFunction'));
  });

  it('holds the sync lease longer than any route can run, and shows a running sync as stopped only once its lease is over', () => {
    expect(SYNC_LEASE_SECONDS).toBeGreaterThan(API_GATEWAY_TIMEOUT_SECONDS);
    expect(SYNC_LEASE_SECONDS).toBeGreaterThan(ATS_ROUTE_TIMEOUT_SECONDS);
    expect(RUNNING_STATUS_STALE_AFTER_SECONDS).toBeGreaterThanOrEqual(SYNC_LEASE_SECONDS);
  });
});
