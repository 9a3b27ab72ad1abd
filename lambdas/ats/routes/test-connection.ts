import type { AtsTestResponse } from '../../shared/contracts/ats';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { AtsError } from '../ats-port';
import { ATS_LABELS } from '../ats-settings';
import { TEST_CONNECTOR_LIMITS } from '../ats-time-limits';
import { recordAtsActivity, withAtsActivity, type AtsActivityDependencies } from './ats-activity';
import { cipherFromEnvironment } from './ats-cipher';
import { atsCredentialDependencies, type AtsCredentialDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { openSavedConnection } from './saved-connection';

/**
 * `POST /ats/connection/test` (subscribers): tries the saved connection with one harmless read.
 * 200 either way: `ok: true` with the account name (recorded with the time), or `ok: false` with
 * what the ATS refused and what to do. Nothing connected: 409 `ats_not_connected`; a saved key
 * that no longer opens: 409 `ats_key_unreadable` (enter it again). A test the ATS answered, either
 * way, goes to the firm's activity log (`ats.tested`).
 */
export function createTestConnectionHandler(
  dependencies: () => AtsCredentialDependencies & AtsActivityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return atsRoute(
    {
      manages: true,
      run: async ({ deps, connection, user }) => {
        const { credentials, connectorWith } = await openSavedConnection(deps, connection);
        const label = ATS_LABELS[credentials.atsname];
        let answer: AtsTestResponse;
        let failure: AtsError['reason'] | null = null;
        try {
          const { accountName } = await connectorWith(TEST_CONNECTOR_LIMITS).testConnection();
          const testedAt = deps.now().toISOString();
          await deps.connections.recordTest(connection.id, { accountName, testedAt });
          const account = accountName ? ` (account ${accountName})` : '';
          answer = { ok: true, accountName, message: `${label} answered${account}: your connection works and can be synced.`, testedAt };
        } catch (error) {
          if (!(error instanceof AtsError)) throw error;
          failure = error.reason;
          answer = { ok: false, accountName: null, message: error.message, testedAt: deps.now().toISOString() };
        }
        await recordAtsActivity(deps.activity, connection.id, user.id, { action: 'ats.tested', vendor: credentials.atsname, failure });
        return { body: answer };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createTestConnectionHandler(withAtsActivity(atsCredentialDependencies(cipherFromEnvironment)));
