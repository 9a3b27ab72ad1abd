import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { byRoute } from '../shared/http/by-route';
import { lazily } from '../shared/lazily';
import { assistantDependenciesFromEnvironment, type AssistantDependencies } from './assistant-dependencies';
import { createDeleteResultHandler } from './delete-result';
import { createListResultsHandler } from './list-results';
import { createShareResultHandler } from './share-result';

/**
 * The results function: one Lambda behind the results routes (lib/definitions/rest-routes.ts), so
 * a new results route adds a method, not a function, to a stack near CloudFormation's resource limit.
 */
export function createResultsRoutesHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return byRoute(
    {
      'GET /assistant/results': createListResultsHandler(dependencies, options),
      'POST /assistant/results/delete': createDeleteResultHandler(dependencies, options),
      'POST /assistant/results/share': createShareResultHandler(dependencies, options),
    },
    options,
  );
}

export const handler = createResultsRoutesHandler(lazily(() => assistantDependenciesFromEnvironment()));
