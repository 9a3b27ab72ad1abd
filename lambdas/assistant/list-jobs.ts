import { ListJobsResponseSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { assistantDependenciesFromEnvironment, lazily, type AssistantDependencies } from './assistant-dependencies';
import { assistantRoute } from './assistant-route';

/** `GET /assistant/jobs` (subscribers): the caller's saved jobs, most recently updated first. */
export function createListJobsHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return assistantRoute(
    {
      run: async ({ deps, user }) => ({ body: ListJobsResponseSchema.parse({ jobs: await deps.jobs.list(user.id) }) }),
    },
    dependencies,
    options,
  );
}

export const handler = createListJobsHandler(lazily(() => assistantDependenciesFromEnvironment()));
