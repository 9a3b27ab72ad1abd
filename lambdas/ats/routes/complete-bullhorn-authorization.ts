import { CompleteBullhornAuthorizationRequestSchema } from '../../shared/contracts/ats-bullhorn';
import { ConflictError } from '../../shared/errors';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { createLogger } from '../../shared/logger';
import { AtsError } from '../ats-port';
import { TEST_CONNECTOR_LIMITS } from '../ats-time-limits';
import { createConnector } from '../connectors';
import { completeBullhornAuthorization, type BullhornGrant } from '../connectors/bullhorn-session';
import { openCredentials, type SealedCredentials } from '../credentials/credential-vault';
import { recordAtsActivity, withAtsActivity, type AtsActivityDependencies } from './ats-activity';
import { ATS_ERROR_MESSAGES } from './ats-errors';
import { atsRoute, withSyncLease } from './ats-route';
import { connectionResponse, storedCredentials } from './ats-views';
import {
  BULLHORN_AUTHORIZATION_MESSAGES as MESSAGES,
  authorizationRefused,
  bullhornAuthorizationDependencies,
  bullhornHttpOptions,
  exchangeRefused,
  type BullhornAuthorizationDependencies,
} from './bullhorn-authorization';

const logger = createLogger({ component: 'ats-bullhorn-callback' });

/**
 * `POST /ats/bullhorn/callback` (subscribers): finishes connecting Bullhorn with what its redirect
 * brought back to the account page.
 * 1. The `state` must be the caller's pending authorization: it is consumed at once (a state
 *    works once), then checked for expiry (10 minutes). Unknown, used or replaced: 400
 *    `ats_authorization_invalid`; expired: 400 `ats_authorization_expired`; Bullhorn's `error`
 *    (the recruiter refused): 400 `ats_authorization_denied`. Nothing else changes.
 * 2. The code is traded for the first tokens and the refresh token saved as the grant BEFORE the
 *    access token is used; the REST login and one harmless read test the connection. A refusal
 *    answers 400 `ats_connection_failed` and puts the grant back as it was.
 * 3. The sealed client id and secret replace the User record's ATS fields (only if they are still
 *    what was read: 409 otherwise), the data of another ATS is cleared (under the sync lease), and
 *    the connection's details are recorded: the answer is `GET /ats/connection`'s; `ats.connected`
 *    goes to the firm's activity log.
 */
export function createCompleteBullhornAuthorizationHandler(
  dependencies: () => BullhornAuthorizationDependencies & AtsActivityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return atsRoute(
    {
      from: 'body',
      schema: CompleteBullhornAuthorizationRequestSchema,
      manages: true,
      run: async ({ deps, connection, user, input }) => {
        const pending = await deps.bullhornPending.consume(user.id, input.state);
        if (pending === null) throw authorizationRefused(MESSAGES.unknownState, 'ats_authorization_invalid');
        const now = deps.now();
        if (!(Date.parse(pending.expiresAt) > now.getTime())) throw authorizationRefused(MESSAGES.expired, 'ats_authorization_expired');
        if (input.error !== undefined || input.code === undefined || input.code === '') {
          const denied = input.error === 'access_denied' || input.error === undefined;
          throw authorizationRefused(denied ? MESSAGES.denied : MESSAGES.failed, 'ats_authorization_denied');
        }

        const sealed: SealedCredentials = { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: pending.apikey1, apikey2: pending.apikey2 };
        const credentials = await openCredentials(sealed, { cipher: deps.cipher, userId: connection.id });
        const grants = deps.bullhornGrants(connection.id);
        // The grant in place before (a Bullhorn connection authorized again), to put back should this one fail.
        const before = await grants.read().catch(() => null);
        let written = false;
        const putBack = async () => {
          if (!written) return;
          try {
            if (before) await grants.create(before);
            else await grants.remove();
          } catch (error) {
            logger.error('The Bullhorn grant could not be put back', { userId: user.id, firmId: connection.id, error });
          }
        };

        let accountName: string | null;
        try {
          await completeBullhornAuthorization(pending, input.code, pending.redirectUri, {
            ...TEST_CONNECTOR_LIMITS,
            ...bullhornHttpOptions(deps.connectorOptions),
            clientId: credentials.apikey1,
            clientSecret: credentials.apikey2 ?? '',
            grants: {
              read: () => grants.read(),
              // The first grant of this authorization: written whole, before its access token is used.
              save: async (grant: BullhornGrant) => {
                written = true;
                await grants.create(grant);
              },
            },
          });
          ({ accountName } = await createConnector(credentials, {
            ...TEST_CONNECTOR_LIMITS,
            ...deps.connectorOptions,
            bullhornGrants: grants,
          }).testConnection());
        } catch (error) {
          await putBack();
          if (error instanceof AtsError) throw exchangeRefused(error, written);
          throw error;
        }

        const previous = storedCredentials(connection);
        const meta = await deps.connections.getMeta(connection.id);
        const syncedAts = meta?.atsname ?? previous.atsname ?? null;
        const changesAts = syncedAts !== null && syncedAts !== 'bullhorn';
        const save = async () => {
          if (!(await deps.settings.save(connection.id, sealed, previous, now))) {
            throw new ConflictError(ATS_ERROR_MESSAGES.settingsChanged, { code: 'ats_settings_changed' });
          }
          if (changesAts) {
            // The other ATS's data goes; the grant just written stays.
            const grant = await grants.read();
            await deps.store.deleteAll(connection.id);
            if (grant) await grants.create(grant);
          }
          await deps.connections.putMeta(connection.id, {
            atsname: 'bullhorn',
            accountName,
            connectedAt: meta !== null && meta.atsname === 'bullhorn' && !changesAts ? meta.connectedAt : now.toISOString(),
            lastTestedAt: now.toISOString(),
          });
        };
        try {
          if (changesAts) await withSyncLease(deps.store, connection.id, now, save);
          else await save();
        } catch (error) {
          if (error instanceof ConflictError) await putBack();
          throw error;
        }
        logger.info('ATS connected', { userId: user.id, firmId: connection.id, atsname: 'bullhorn', clearedSyncedData: changesAts });
        await recordAtsActivity(deps.activity, connection.id, user.id, { action: 'ats.connected', vendor: 'bullhorn' });
        return { body: await connectionResponse(deps, connection.id, sealed, now) };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createCompleteBullhornAuthorizationHandler(withAtsActivity(bullhornAuthorizationDependencies()));
