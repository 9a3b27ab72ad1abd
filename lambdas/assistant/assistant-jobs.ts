import type { Job } from '../shared/contracts/assistant';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { AssistantDependencies } from './assistant-dependencies';
import type { JobContext } from './engine/language-model';
import { JOB_MESSAGES } from './store/jobs-repository';

/** One of the caller's saved jobs; 404 `job_not_found` when they have none by that id (another user's included). */
export async function requireOwnJob(deps: Pick<AssistantDependencies, 'jobs'>, userId: string, jobId: string): Promise<Job> {
  const job = await deps.jobs.get(userId, jobId);
  if (!job) throw new NotFoundError(JOB_MESSAGES.notFound, { code: 'job_not_found' });
  return job;
}

/** A saved job as the capabilities see it. */
export function jobContext(job: Job): JobContext {
  return {
    title: job.title,
    description: job.description,
    companyInfo: job.companyInfo,
    location: job.location,
    mustHaves: job.mustHaves,
    niceToHaves: job.niceToHaves,
  };
}

/** A field given in the request when it holds something (the contract trims; '' means not given). */
export function given(value: string | undefined): string | undefined {
  return value !== undefined && value !== '' ? value : undefined;
}

export const DESCRIPTION_REQUIRED_MESSAGE = 'Please give the job description or choose a saved job.';

/** The description a capability works from; 400 when neither the request nor the job has one. */
export function requireDescription(description: string | undefined): string {
  if (!description)
    throw new ValidationError(
      DESCRIPTION_REQUIRED_MESSAGE,
      { description: DESCRIPTION_REQUIRED_MESSAGE },
      { code: 'description_required' },
    );
  return description;
}
