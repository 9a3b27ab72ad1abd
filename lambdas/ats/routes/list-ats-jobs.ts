import { ATS_LIMITS, type AtsJobsResponse } from '../../shared/contracts/ats';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import { lazily } from '../../shared/lazily';
import { atsDependenciesFromEnvironment, type AtsDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { applicationCounts, byMostRecentlyUpdated, jobView } from './ats-views';

/**
 * `GET /ats/jobs` (subscribers): the caller's synced jobs, most recently updated first (at most
 * `ATS_LIMITS.jobsMax`), each with its active applications and placements.
 */
export function createListAtsJobsHandler(dependencies: () => AtsDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return atsRoute(
    {
      run: async ({ deps, connection }) => {
        const [jobs, applications] = await Promise.all([deps.store.listJobs(connection.id), deps.store.listApplications(connection.id)]);
        const counts = applicationCounts(applications);
        const body: AtsJobsResponse = {
          jobs: jobs
            .sort(byMostRecentlyUpdated)
            .slice(0, ATS_LIMITS.jobsMax)
            .map((job) => jobView(job, counts.get(job.id))),
        };
        return { body };
      },
    },
    dependencies,
    options,
  );
}

export const handler = createListAtsJobsHandler(lazily(() => atsDependenciesFromEnvironment()));
