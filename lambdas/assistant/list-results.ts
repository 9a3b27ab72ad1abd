import { HistoryQuerySchema, type HistoryResponse } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { assistantDependenciesFromEnvironment, type AssistantDependencies } from './assistant-dependencies';
import { subscriberRoute } from '../shared/http/subscriber-route';

/**
 * `GET /assistant/results?capability=…&jobId=…` (subscribers): the caller's most recent results,
 * newest first (at most `ASSISTANT_LIMITS.historyMax`), optionally of one capability and/or job.
 */
export function createListResultsHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'query',
      schema: HistoryQuerySchema,
      run: async ({ deps, user, input }) => {
        const body: HistoryResponse = { results: await deps.results.list(user.id, input) };
        return { body };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createListResultsHandler(lazily(() => assistantDependenciesFromEnvironment()));
