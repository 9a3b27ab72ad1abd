import { ExternalJobDescriptionRequestSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { capabilityDependencies, type CapabilityDependencies } from './assistant-dependencies';
import { given, requireDescription, requireFirmJob } from './assistant-jobs';
import { capabilityRoute } from './capability-route';
import { externalJobDescription } from './domain/external-job-description';
import { jobDescriptionTask } from './engine/bedrock-tasks/job-description';
import { languageModelFromEnvironment } from './engine/language-model-from-environment';

/**
 * `POST /assistant/job-description` (subscribers): a publishable job description without the
 * client's name and identifying details, rates and margins, contact data or internal notes, and
 * what was removed and why; from one of the caller's saved jobs or a description given here.
 */
export function createWriteJobDescriptionHandler(
  dependencies: () => CapabilityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return capabilityRoute(
    {
      capability: 'job-description',
      request: ExternalJobDescriptionRequestSchema,
      prepare: async ({ deps, firm, input }) => {
        const job = input.jobId !== undefined ? await requireFirmJob(deps, firm.id, input.jobId) : undefined;
        return {
          input: {
            title: job?.title ?? '',
            description: requireDescription(given(input.description) ?? job?.description),
            companyInfo: given(input.companyInfo) ?? job?.companyInfo ?? '',
            clientNames: input.clientNames ?? [],
          },
          jobId: job?.id ?? null,
          jobTitle: job?.title,
          label: (output) => output.title || job?.title || 'Job description',
        };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createWriteJobDescriptionHandler(
  capabilityDependencies(() => languageModelFromEnvironment('job-description', externalJobDescription, jobDescriptionTask)),
);
