import { ListJobsResponseSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { assistantDependenciesFromEnvironment, type AssistantDependencies } from './assistant-dependencies';
import { subscriberRoute } from '../shared/http/subscriber-route';
import { jobViewFor } from './assistant-jobs';

/** `GET /assistant/jobs` (subscribers): the caller's firm's saved jobs (each with who saved it and whether the caller may change it), most recently updated first. */
export function createListJobsHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      run: async ({ deps, user, firm }) => ({
        body: ListJobsResponseSchema.parse({ jobs: (await deps.jobs.list(firm.id)).map((job) => jobViewFor(firm, user.id, job)) }),
      }),
    },
    dependencies,
    options,
  );
}

export const handler = createListJobsHandler(lazily(() => assistantDependenciesFromEnvironment()));
