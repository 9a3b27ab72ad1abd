import type { User } from '../../shared/contracts/user';
import type { AtsConnector, AtsCredentials } from '../ats-port';
import { createConnector, type CreateConnectorOptions } from '../connectors';
import { openCredentials } from '../credentials/credential-vault';
import type { AtsCredentialDependencies } from './ats-dependencies';
import { storedCredentials } from './ats-views';

/**
 * The firm's saved connection, opened: its credentials (the key unsealed with the deployment's
 * cipher) and its connector with the route's limits, the deployment's connector options (the
 * local runtime's base URLs) and, for Bullhorn, the connection's grant store. Building the
 * connector can refuse (an AtsError: the key is no longer valid, Bullhorn not authorized yet);
 * the route decides whether that is its answer or a failure, so it is built on demand.
 */
export async function openSavedConnection(
  deps: AtsCredentialDependencies,
  connection: User,
): Promise<{ readonly credentials: AtsCredentials; connectorWith(limits: CreateConnectorOptions): AtsConnector }> {
  const credentials = await openCredentials(storedCredentials(connection), { cipher: deps.cipher, userId: connection.id });
  return {
    credentials,
    connectorWith: (limits) =>
      createConnector(credentials, { ...limits, ...deps.connectorOptions, bullhornGrants: deps.bullhornGrants?.(connection.id) }),
  };
}
