import type { AtsSyncResponse } from '../../shared/contracts/ats';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { createLogger } from '../../shared/logger';
import { SYNC_CONNECTOR_LIMITS, SYNC_TIME_BUDGET_MS } from '../ats-time-limits';
import { runSync } from '../sync/sync-engine';
import { recordAtsActivity, UNEXPECTED_FAILURE, withAtsActivity, type AtsActivityDependencies, type AtsSyncEnd } from './ats-activity';
import { cipherFromEnvironment } from './ats-cipher';
import { atsCredentialDependencies, type AtsCredentialDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { currentSyncView } from './ats-views';
import { openSavedConnection } from './saved-connection';

const logger = createLogger({ component: 'ats-sync' });

/**
 * `POST /ats/sync` (subscribers): reads the caller's ATS (jobs, candidates, applications; GET
 * only) into their partition until everything is read or the call's time budget is spent
 * (`partial`: call again, it continues where it stopped). `paused`: the ATS asked to wait, until
 * `sync.resumeAt` (also a Retry-After header); `running`: another call is syncing; `failed`: the
 * ATS refused, `sync.message` says why. Nothing connected: 409 `ats_not_connected`.
 *
 * A sync spans calls, so the firm's activity log gets one `ats.synced` per sync, from the call
 * that ends it (`complete` or `failed`, or an unexpected error), naming whoever made that call,
 * with the counts of the whole sync; `partial` and `paused` go on at the next call, and `running`
 * did nothing.
 */
export function createSyncAtsHandler(
  dependencies: () => AtsCredentialDependencies & AtsActivityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return atsRoute(
    {
      manages: true,
      run: async ({ deps, connection, user }) => {
        const { credentials, connectorWith } = await openSavedConnection(deps, connection);
        const connector = connectorWith(SYNC_CONNECTOR_LIMITS);
        const budgetEndsAt = deps.now().getTime() + (deps.syncBudgetMs ?? SYNC_TIME_BUDGET_MS);
        const synced = (end: AtsSyncEnd) =>
          recordAtsActivity(deps.activity, connection.id, user.id, { action: 'ats.synced', vendor: credentials.atsname, ...end });
        const result = await runSync({
          connector,
          store: deps.store,
          userId: connection.id,
          now: deps.now,
          deadline: () => deps.now().getTime() >= budgetEndsAt,
        }).catch(async (error: unknown) => {
          await synced({ failure: UNEXPECTED_FAILURE });
          throw error;
        });
        if (result.outcome === 'complete' || result.outcome === 'failed') {
          await synced({ failure: result.outcome === 'failed' ? (result.failure ?? UNEXPECTED_FAILURE) : null, status: result.status });
        }
        logger.info('ATS sync call ended', {
          userId: connection.id,
          atsname: credentials.atsname,
          outcome: result.outcome,
          counts: result.counts,
          // Fields and rules only, never values (sync/skipped-records.ts): what the connectors could not read.
          skippedReasons: result.status.skippedReasons,
          // How many features the sync had to do without (sync/sync-notices.ts); the panel shows which.
          notices: result.status.notices.length,
        });
        const body: AtsSyncResponse = { outcome: result.outcome, sync: await currentSyncView(deps, connection.id, deps.now()) };
        const retryAfter =
          result.outcome === 'paused' && result.retryAfterSeconds !== null
            ? { 'Retry-After': String(Math.max(1, result.retryAfterSeconds)) }
            : undefined;
        return { body, headers: retryAfter };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createSyncAtsHandler(withAtsActivity(atsCredentialDependencies(cipherFromEnvironment)));
