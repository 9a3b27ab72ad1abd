import type { AtsSyncResponse } from '../../shared/contracts/ats';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { createLogger } from '../../shared/logger';
import { SYNC_CONNECTOR_LIMITS, SYNC_TIME_BUDGET_MS } from '../ats-time-limits';
import { createConnector } from '../connectors';
import { openCredentials } from '../credentials/credential-vault';
import { runSync } from '../sync/sync-engine';
import { cipherFromEnvironment } from './ats-cipher';
import { atsCredentialDependencies, type AtsCredentialDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { currentSyncView, storedCredentials } from './ats-views';

const logger = createLogger({ component: 'ats-sync' });

/**
 * `POST /ats/sync` (subscribers): reads the caller's ATS (jobs, candidates, applications; GET
 * only) into their partition until everything is read or the call's time budget is spent
 * (`partial`: call again, it continues where it stopped). `paused`: the ATS asked to wait, until
 * `sync.resumeAt` (also a Retry-After header); `running`: another call is syncing; `failed`: the
 * ATS refused, `sync.message` says why. Nothing connected: 409 `ats_not_connected`.
 */
export function createSyncAtsHandler(dependencies: () => AtsCredentialDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return atsRoute(
    {
      manages: true,
      run: async ({ deps, connection }) => {
        const credentials = await openCredentials(storedCredentials(connection), { cipher: deps.cipher, userId: connection.id });
        const connector = createConnector(credentials, {
          ...SYNC_CONNECTOR_LIMITS,
          ...deps.connectorOptions,
          bullhornGrants: deps.bullhornGrants?.(connection.id),
        });
        const budgetEndsAt = deps.now().getTime() + (deps.syncBudgetMs ?? SYNC_TIME_BUDGET_MS);
        const result = await runSync({
          connector,
          store: deps.store,
          userId: connection.id,
          now: deps.now,
          deadline: () => deps.now().getTime() >= budgetEndsAt,
        });
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

export const handler = createSyncAtsHandler(atsCredentialDependencies(cipherFromEnvironment));
