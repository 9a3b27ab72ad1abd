import { ATS_LIMITS, AtsCandidatesQuerySchema, type AtsCandidatesResponse } from '../../shared/contracts/ats';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { lazily } from '../../shared/lazily';
import { atsDependenciesFromEnvironment, type AtsDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { findJob } from './ats-jobs';
import { candidateView } from './ats-views';

/**
 * `GET /ats/candidates?jobId=` (subscribers): the synced candidates with an application to one of
 * the caller's jobs (at most `ATS_LIMITS.candidatesMax`): those still in the job's pipeline (an
 * active application) first, then past applicants, each group by ATS id. A job with a long history
 * has far more past applicants than the limit, and best fit and candidate summary are about the
 * people in the pipeline now, so each says whether it is (`inPipeline`). A job id the caller does not have (another user's included): 404
 * `ats_job_not_found`.
 */
export function createListAtsCandidatesHandler(dependencies: () => AtsDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return atsRoute(
    {
      from: 'query',
      schema: AtsCandidatesQuerySchema,
      run: async ({ deps, connection, input }) => {
        await findJob(deps, connection.id, input.jobId);
        const [candidates, applications] = await Promise.all([
          deps.store.listCandidates(connection.id, { jobId: input.jobId }),
          deps.store.listApplications(connection.id),
        ]);
        const inPipeline = new Set(
          applications
            .filter((application) => application.jobId === input.jobId && application.status === 'active')
            .map((application) => application.candidateId),
        );
        const ordered = [
          ...candidates.filter((candidate) => inPipeline.has(candidate.id)),
          ...candidates.filter((candidate) => !inPipeline.has(candidate.id)),
        ];
        const body: AtsCandidatesResponse = {
          candidates: ordered.slice(0, ATS_LIMITS.candidatesMax).map((candidate) => candidateView(candidate, inPipeline.has(candidate.id))),
        };
        return { body };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createListAtsCandidatesHandler(lazily(() => atsDependenciesFromEnvironment()));
