import { StartBullhornAuthorizationRequestSchema, type StartBullhornAuthorizationResponse } from '../../shared/contracts/ats-bullhorn';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { createLogger } from '../../shared/logger';
import { AtsError } from '../ats-port';
import { TEST_CONNECTOR_LIMITS } from '../ats-time-limits';
import { bullhornAuthorizeUrl, findBullhornDataCentre } from '../connectors/bullhorn-session';
import { prepareCredentials } from '../credentials/credential-vault';
import { atsRoute } from './ats-route';
import { storedCredentials } from './ats-views';
import {
  BULLHORN_AUTHORIZATION_MINUTES,
  bullhornAuthorizationDependencies,
  bullhornHttpOptions,
  checkedRedirectUri,
  checkedUsername,
  dataCentreRefused,
  newBullhornState,
  type BullhornAuthorizationDependencies,
} from './bullhorn-authorization';

const logger = createLogger({ component: 'ats-bullhorn-authorize' });

/**
 * `POST /ats/bullhorn/authorize` (subscribers): starts connecting Bullhorn in the browser.
 * 1. The request is validated: the return address (the account page on the web app's origin),
 *    the API user name, the client id and secret (the vault's rules; a mask sent back keeps the
 *    saved Bullhorn key).
 * 2. The data centre of the API user is asked of Bullhorn (`loginInfo`, a GET).
 * 3. The client id and secret are sealed and kept, with a random `state`, the data centre and the
 *    return address, as the user's one pending authorization for 10 minutes. The User record is
 *    NOT changed yet: a recruiter who abandons the sign-in keeps the connection they had.
 * 4. The answer is Bullhorn's authorize URL, where the browser goes next.
 */
export function createStartBullhornAuthorizationHandler(
  dependencies: () => BullhornAuthorizationDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return atsRoute(
    {
      from: 'body',
      schema: StartBullhornAuthorizationRequestSchema,
      manages: true,
      run: async ({ deps, connection, user, input }) => {
        const redirectUri = checkedRedirectUri(input.redirectUri, deps.webOrigins);
        const username = checkedUsername(input.username);
        const { sealed, credentials } = await prepareCredentials(
          { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: input.apikey1, apikey2: input.apikey2 },
          { cipher: deps.cipher, userId: connection.id, previous: storedCredentials(connection) },
        );
        let dataCentre;
        try {
          dataCentre = await findBullhornDataCentre(username, { ...TEST_CONNECTOR_LIMITS, ...bullhornHttpOptions(deps.connectorOptions) });
        } catch (error) {
          if (error instanceof AtsError) throw dataCentreRefused(error);
          throw error;
        }
        const state = newBullhornState();
        const expiresAt = new Date(deps.now().getTime() + BULLHORN_AUTHORIZATION_MINUTES * 60_000).toISOString();
        await deps.bullhornPending.put(user.id, {
          state,
          expiresAt,
          apikey1: sealed.apikey1,
          apikey2: sealed.apikey2 ?? '',
          oauthUrl: dataCentre.oauthUrl,
          restUrl: dataCentre.restUrl,
          redirectUri,
        });
        logger.info('Bullhorn authorization started', { userId: user.id, firmId: connection.id });
        const body: StartBullhornAuthorizationResponse = {
          authorizeUrl: bullhornAuthorizeUrl(dataCentre, credentials.apikey1, redirectUri, state),
          expiresAt,
        };
        return { body };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createStartBullhornAuthorizationHandler(bullhornAuthorizationDependencies());
