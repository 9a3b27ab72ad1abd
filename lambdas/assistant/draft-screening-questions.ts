import { ScreeningQuestionsRequestSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { capabilityDependencies, type CapabilityDependencies } from './assistant-dependencies';
import { jobContext, requireFirmJob } from './assistant-jobs';
import { capabilityRoute } from './capability-route';
import { screeningQuestions } from './domain/screening-questions';
import { screeningQuestionsTask } from './engine/bedrock-tasks/screening-questions';
import { languageModelFromEnvironment } from './engine/language-model-from-environment';

/**
 * `POST /assistant/screening-questions` (subscribers): questions from one of the caller's saved
 * jobs' must-haves, each with what a good answer covers. The stored result is what interview
 * evaluations refer to (`screeningResultId`).
 */
export function createDraftScreeningQuestionsHandler(
  dependencies: () => CapabilityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return capabilityRoute(
    {
      capability: 'screening-questions',
      request: ScreeningQuestionsRequestSchema,
      prepare: async ({ deps, firm, input }) => {
        const job = await requireFirmJob(deps, firm.id, input.jobId);
        return { input: jobContext(job), jobId: job.id, jobTitle: job.title, label: job.title };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createDraftScreeningQuestionsHandler(
  capabilityDependencies(() => languageModelFromEnvironment('screening-questions', screeningQuestions, screeningQuestionsTask)),
);
