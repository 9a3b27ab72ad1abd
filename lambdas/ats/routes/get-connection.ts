import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { lazily } from '../../shared/lazily';
import { atsDependenciesFromEnvironment, type AtsDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { connectionResponse, storedCredentials } from './ats-views';

/**
 * `GET /ats/connection` (subscribers): the caller's ATS connection with its keys masked (nothing
 * is decrypted), where their sync stands with what is stored, and the ATSs the settings form offers.
 */
export function createGetConnectionHandler(dependencies: () => AtsDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return atsRoute(
    {
      run: async ({ deps, connection }) => ({
        body: await connectionResponse(deps, connection.id, storedCredentials(connection), deps.now()),
      }),
    },
    dependencies,
    options,
  );
}

export const handler = createGetConnectionHandler(lazily(() => atsDependenciesFromEnvironment()));
