import { CandidateSummaryRequestSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { capabilityDependencies, type CapabilityDependencies } from './assistant-dependencies';
import { given, jobContext, requireFirmJob } from './assistant-jobs';
import { capabilityRoute } from './capability-route';
import { candidateSummary } from './domain/candidate-summary';
import { candidateSummaryTask } from './engine/bedrock-tasks/candidate-summary';
import { languageModelFromEnvironment } from './engine/language-model-from-environment';

/**
 * `POST /assistant/candidate-summary` (subscribers): a short client-ready summary of a resume or
 * profile, measured against one of the caller's saved jobs when `jobId` is given.
 */
export function createSummarizeCandidateHandler(
  dependencies: () => CapabilityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return capabilityRoute(
    {
      capability: 'candidate-summary',
      request: CandidateSummaryRequestSchema,
      prepare: async ({ deps, firm, input }) => {
        const job = input.jobId !== undefined ? await requireFirmJob(deps, firm.id, input.jobId) : undefined;
        return {
          input: { candidateName: given(input.candidateName) ?? null, profile: input.profile, job: job ? jobContext(job) : null },
          jobId: job?.id ?? null,
          jobTitle: job?.title,
          label: (output) => (job ? `${output.candidateName} · ${job.title}` : output.candidateName),
        };
      },
    },
    dependencies,
    options,
  );
}

// The composition root reads the clock: "2019 - Present" counts to today (the domain takes it as input).
export const handler = createSummarizeCandidateHandler(
  capabilityDependencies(() =>
    languageModelFromEnvironment('candidate-summary', (input) => candidateSummary(input, { today: new Date() }), candidateSummaryTask),
  ),
);
