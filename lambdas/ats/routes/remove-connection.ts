import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { createLogger } from '../../shared/logger';
import { atsDependenciesFromEnvironment, type AtsDependencies } from './ats-dependencies';
import { recordAtsActivity, withAtsActivity, type AtsActivityDependencies } from './ats-activity';
import { atsRoute, withSyncLease } from './ats-route';
import { connectionResponse, storedCredentials } from './ats-views';

const logger = createLogger({ component: 'ats-remove' });

/** Nothing connected, as the User record holds it after a removal. */
const NO_CREDENTIALS = { atsname: null, apikeytype: null, apikey1: null, apikey2: null };

/**
 * `POST /ats/connection/remove` (subscribers): forgets the caller's ATS connection: the User
 * record's four ATS fields, the connection's details and everything synced (under the sync
 * lease: 409 `ats_sync_running` while a sync runs). Idempotent: with nothing connected it
 * answers the same, `connection: null`, and records nothing; a removal goes to the firm's activity
 * log (`ats.disconnected`).
 */
export function createRemoveConnectionHandler(
  dependencies: () => AtsDependencies & AtsActivityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return atsRoute(
    {
      manages: true,
      run: async ({ deps, connection, user }) => {
        const now = deps.now();
        const vendor = storedCredentials(connection).atsname;
        await withSyncLease(deps.store, connection.id, now, async () => {
          // The keys go first: should the rest fail, nothing can be synced again with them.
          await deps.settings.clear(connection.id, now);
          await deps.store.deleteAll(connection.id);
          await deps.connections.deleteMeta(connection.id);
        });
        logger.info('ATS connection removed', { userId: user.id, firmId: connection.id });
        if (vendor) await recordAtsActivity(deps.activity, connection.id, user.id, { action: 'ats.disconnected', vendor });
        return { body: await connectionResponse(deps, connection.id, NO_CREDENTIALS, now) };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createRemoveConnectionHandler(withAtsActivity(() => atsDependenciesFromEnvironment()));
