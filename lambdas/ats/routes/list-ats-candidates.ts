import { ATS_LIMITS, AtsCandidatesQuerySchema, type AtsCandidatesResponse } from '../../shared/contracts/ats';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { lazily } from '../../shared/lazily';
import { atsDependenciesFromEnvironment, type AtsDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { findJob } from './ats-jobs';
import { candidateView } from './ats-views';

/**
 * `GET /ats/candidates?jobId=` (subscribers): the synced candidates with an application to one of
 * the caller's jobs (at most `ATS_LIMITS.candidatesMax`, by ATS id). A job id the caller does not
 * have (another user's included): 404 `ats_job_not_found`.
 */
export function createListAtsCandidatesHandler(dependencies: () => AtsDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return atsRoute(
    {
      from: 'query',
      schema: AtsCandidatesQuerySchema,
      run: async ({ deps, user, input }) => {
        await findJob(deps, user.id, input.jobId);
        const candidates = await deps.store.listCandidates(user.id, { jobId: input.jobId });
        const body: AtsCandidatesResponse = { candidates: candidates.slice(0, ATS_LIMITS.candidatesMax).map(candidateView) };
        return { body };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createListAtsCandidatesHandler(lazily(() => atsDependenciesFromEnvironment()));
