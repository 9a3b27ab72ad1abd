import { BestFitRequestSchema } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { capabilityDependencies, type CapabilityDependencies } from './assistant-dependencies';
import { jobContext, requireFirmJob } from './assistant-jobs';
import { capabilityRoute } from './capability-route';
import { bestFit } from './domain/best-fit';
import { bestFitTask } from './engine/bedrock-tasks/best-fit';
import { languageModelFromEnvironment } from './engine/language-model-from-environment';
import { normalizeCandidateName } from './store/assistant-items';

/**
 * `POST /assistant/best-fit` (subscribers): candidates ranked for one of the caller's saved jobs
 * on its must-haves and on each candidate's latest stored evaluation for that job (found by name,
 * whatever its case or spacing), with the reasons.
 */
export function createRecommendBestFitHandler(dependencies: () => CapabilityDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return capabilityRoute(
    {
      capability: 'best-fit',
      request: BestFitRequestSchema,
      prepare: async ({ deps, user, firm, input }) => {
        const job = await requireFirmJob(deps, firm.id, input.jobId);
        const evaluations = await deps.evaluations.latestFor(
          user.id,
          job.id,
          input.candidates.map((candidate) => candidate.name),
        );
        const candidates = input.candidates.map(({ name, profile }) => ({
          name,
          profile,
          evaluationOverall: evaluations.get(normalizeCandidateName(name))?.overall ?? null,
        }));
        const count = `${candidates.length} candidate${candidates.length === 1 ? '' : 's'}`;
        return { input: { job: jobContext(job), candidates }, jobId: job.id, jobTitle: job.title, label: `${job.title} · ${count}` };
      },
    },
    dependencies,
    options,
  );
}

// The composition root reads the clock: "2019 - Present" counts to today (the domain takes it as input).
export const handler = createRecommendBestFitHandler(
  capabilityDependencies(() => languageModelFromEnvironment('best-fit', (input) => bestFit(input, { today: new Date() }), bestFitTask)),
);
