import { ConnectAtsRequestSchema } from '../../shared/contracts/ats';
import { ConflictError } from '../../shared/errors';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { createLogger } from '../../shared/logger';
import { AtsError } from '../ats-port';
import { ATS_LABELS, AtsSettingsError, BROWSER_AUTHORIZED_ATS_NAMES } from '../ats-settings';
import { createConnector } from '../connectors';
import { prepareCredentials } from '../credentials/credential-vault';
import { TEST_CONNECTOR_LIMITS } from '../ats-time-limits';
import { recordAtsActivity, withAtsActivity, type AtsActivityDependencies } from './ats-activity';
import { cipherFromEnvironment } from './ats-cipher';
import { atsCredentialDependencies, type AtsCredentialDependencies } from './ats-dependencies';
import { ATS_ERROR_MESSAGES, connectionRefused } from './ats-errors';
import { atsRoute, withSyncLease } from './ats-route';
import { connectionResponse, storedCredentials } from './ats-views';

const logger = createLogger({ component: 'ats-connect' });

/**
 * `POST /ats/connection` (subscribers): saves the caller's ATS connection, read-only.
 * 1. The request is validated (the contract, then the vault's rules: the ATS's auth style, the
 *    key's shape); a mask sent back (`••••1234`) keeps the saved key, for the same ATS only.
 * 2. The keys are sealed for the caller, and the connection is tried with one harmless read
 *    BEFORE anything is stored: refused credentials answer 400 `ats_connection_failed` with the
 *    ATS's explanation under the field to fix, and nothing changes.
 * 3. The sealed keys replace the User record's ATS fields (only if they are still what was read:
 *    a concurrent save answers 409); a different ATS than the synced data's clears that data
 *    first (under the sync lease: 409 while a sync runs).
 * 4. `ats.connected` goes to the firm's activity log.
 */
export function createConnectAtsHandler(
  dependencies: () => AtsCredentialDependencies & AtsActivityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return atsRoute(
    {
      from: 'body',
      schema: ConnectAtsRequestSchema,
      manages: true,
      run: async ({ deps, connection, user, input }) => {
        if ((BROWSER_AUTHORIZED_ATS_NAMES as readonly string[]).includes(input.atsname)) {
          const label = ATS_LABELS[input.atsname];
          throw new AtsSettingsError(
            'atsname',
            `${label} connects through its own sign-in: choose “Sign in with ${label}” in your ATS settings.`,
          );
        }
        const previous = storedCredentials(connection);
        const { sealed, credentials } = await prepareCredentials(input, { cipher: deps.cipher, userId: connection.id, previous });
        let accountName: string | null;
        try {
          ({ accountName } = await createConnector(credentials, { ...TEST_CONNECTOR_LIMITS, ...deps.connectorOptions }).testConnection());
        } catch (error) {
          if (error instanceof AtsError) throw connectionRefused(error, credentials.atsname);
          throw error;
        }

        const now = deps.now();
        const meta = await deps.connections.getMeta(connection.id);
        // The synced data is of the ATS its details name (or, without details, of the one saved before).
        const syncedAts = meta?.atsname ?? previous.atsname ?? null;
        const changesAts = syncedAts !== null && syncedAts !== sealed.atsname;
        const save = async () => {
          if (!(await deps.settings.save(connection.id, sealed, previous, now))) {
            throw new ConflictError(ATS_ERROR_MESSAGES.settingsChanged, { code: 'ats_settings_changed' });
          }
          if (changesAts) await deps.store.deleteAll(connection.id);
          const sameConnection = meta !== null && meta.atsname === sealed.atsname;
          await deps.connections.putMeta(connection.id, {
            atsname: sealed.atsname,
            accountName,
            connectedAt: sameConnection && previous.apikey1 === sealed.apikey1 ? meta.connectedAt : now.toISOString(),
            lastTestedAt: now.toISOString(),
          });
        };
        if (changesAts) await withSyncLease(deps.store, connection.id, now, save);
        else await save();
        logger.info('ATS connected', { userId: user.id, firmId: connection.id, atsname: sealed.atsname, clearedSyncedData: changesAts });
        await recordAtsActivity(deps.activity, connection.id, user.id, { action: 'ats.connected', vendor: sealed.atsname });
        return { body: await connectionResponse(deps, connection.id, sealed, now) };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createConnectAtsHandler(withAtsActivity(atsCredentialDependencies(cipherFromEnvironment)));
