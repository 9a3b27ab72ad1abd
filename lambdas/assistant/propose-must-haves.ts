import { ProposeMustHavesRequestSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { capabilityDependencies, type CapabilityDependencies } from './assistant-dependencies';
import { capabilityRoute } from './capability-route';
import { proposeMustHaves } from './domain/must-haves';
import { mustHavesTask } from './engine/bedrock-tasks/must-haves';
import { languageModelFromEnvironment } from './engine/language-model-from-environment';

/**
 * `POST /assistant/must-haves` (subscribers): must-haves and nice-to-haves proposed from a job
 * description, for the recruiter to confirm and save with the job.
 */
export function createProposeMustHavesHandler(dependencies: () => CapabilityDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return capabilityRoute(
    {
      capability: 'must-haves',
      request: ProposeMustHavesRequestSchema,
      prepare: async ({ input }) => ({
        input: { title: input.title ?? '', description: input.description, companyInfo: input.companyInfo ?? '' },
        jobId: null,
        label: (output) => input.title || output.title || 'Untitled job',
      }),
    },
    dependencies,
    options,
  );
}

export const handler = createProposeMustHavesHandler(
  capabilityDependencies(() => languageModelFromEnvironment('must-haves', proposeMustHaves, mustHavesTask)),
);
