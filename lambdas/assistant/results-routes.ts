import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { assistantDependenciesFromEnvironment, type AssistantDependencies } from './assistant-dependencies';
import { createDeleteResultHandler } from './delete-result';
import { createListResultsHandler } from './list-results';

/**
 * The results function: one Lambda behind the results routes (`GET /assistant/results`, `POST
 * /assistant/results/delete`; lib/definitions/rest-routes.ts), so a new results route adds a
 * method, not a function, to a stack near CloudFormation's resource limit. API Gateway sends each
 * route its own method and resource; anything else never reaches it.
 */
export function createResultsRoutesHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  const list = createListResultsHandler(dependencies, options);
  const remove = createDeleteResultHandler(dependencies, options);
  return (event, context) =>
    (event.httpMethod === 'POST' && event.resource === '/assistant/results/delete' ? remove : list)(event, context);
}

export const handler = createResultsRoutesHandler(lazily(() => assistantDependenciesFromEnvironment()));
