import { SourcingTermsRequestSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { capabilityDependencies, type CapabilityDependencies } from './assistant-dependencies';
import { given, requireDescription, requireFirmJob } from './assistant-jobs';
import { capabilityRoute } from './capability-route';
import { sourcingTerms } from './domain/sourcing-terms';
import { sourcingTermsTask } from './engine/bedrock-tasks/sourcing-terms';
import { languageModelFromEnvironment } from './engine/language-model-from-environment';

/**
 * `POST /assistant/sourcing-terms` (subscribers): boolean search strings for LinkedIn Recruiter,
 * job boards and a Google X-ray search, from one of the caller's saved jobs (`jobId`: its
 * must-haves become the AND groups) or a description given here; fields given here win.
 */
export function createBuildSourcingTermsHandler(
  dependencies: () => CapabilityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return capabilityRoute(
    {
      capability: 'sourcing-terms',
      request: SourcingTermsRequestSchema,
      prepare: async ({ deps, firm, input }) => {
        const job = input.jobId !== undefined ? await requireFirmJob(deps, firm.id, input.jobId) : undefined;
        const title = given(input.title) ?? job?.title ?? '';
        return {
          input: {
            title,
            description: requireDescription(given(input.description) ?? job?.description),
            companyInfo: given(input.companyInfo) ?? job?.companyInfo ?? '',
            location: given(input.location) ?? job?.location ?? '',
            mustHaves: job?.mustHaves ?? [],
            niceToHaves: job?.niceToHaves ?? [],
            exclusions: input.exclusions ?? [],
          },
          jobId: job?.id ?? null,
          jobTitle: job?.title,
          label: (output) => title || output.titles[0] || 'Untitled job',
        };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createBuildSourcingTermsHandler(
  capabilityDependencies(() => languageModelFromEnvironment('sourcing-terms', sourcingTerms, sourcingTermsTask)),
);
