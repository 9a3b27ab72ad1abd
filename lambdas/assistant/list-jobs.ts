import { ListJobsResponseSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { assistantDependenciesFromEnvironment, type AssistantDependencies } from './assistant-dependencies';
import { subscriberRoute } from '../shared/http/subscriber-route';

/** `GET /assistant/jobs` (subscribers): the caller's firm's saved jobs (each with who saved it), most recently updated first. */
export function createListJobsHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      run: async ({ deps, firm }) => ({ body: ListJobsResponseSchema.parse({ jobs: await deps.jobs.list(firm.id) }) }),
    },
    dependencies,
    options,
  );
}

export const handler = createListJobsHandler(lazily(() => assistantDependenciesFromEnvironment()));
