import { NotFoundError } from '../../shared/errors';
import type { AtsJob } from '../ats-port';
import type { AtsDependencies } from './ats-dependencies';
import { ATS_ERROR_MESSAGES } from './ats-errors';

/** The caller's synced job of this ATS id; 404 `ats_job_not_found` when they have none (another user's is unknown here). */
export async function findJob(deps: AtsDependencies, userId: string, jobId: string, jobs?: readonly AtsJob[]): Promise<AtsJob> {
  const job = (jobs ?? (await deps.store.listJobs(userId))).find((candidate) => candidate.id === jobId);
  if (!job) throw new NotFoundError(ATS_ERROR_MESSAGES.jobNotFound, { code: 'ats_job_not_found' });
  return job;
}
