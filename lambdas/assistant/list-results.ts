import { HistoryQuerySchema, type HistoryResponse } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import type { AssistantDependencies } from './assistant-dependencies';
import { subscriberRoute } from '../shared/http/subscriber-route';

/**
 * `GET /assistant/results?capability=…&jobId=…&q=…&before=…&limit=…` (subscribers): a page of the
 * caller's results, newest first, optionally of one capability and/or job and matching a search;
 * `nextCursor` says where the next page starts. Served by the results function (results-routes.ts).
 */
export function createListResultsHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'query',
      schema: HistoryQuerySchema,
      run: async ({ deps, user, input }) => {
        const { q, limit, ...filter } = input;
        const page = await deps.results.page(user.id, {
          ...filter,
          ...(q ? { search: q } : {}),
          ...(limit !== undefined ? { limit: Number(limit) } : {}),
        });
        const body: HistoryResponse = page;
        return { body };
      },
    },
    dependencies,
    options,
  );
}
