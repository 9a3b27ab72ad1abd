import { JOB_CHANGE_RULE, type Job, type JobView } from '../shared/contracts/assistant';
import { mayChangeJob } from '../shared/domain/organization-rules';
import { ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import type { Firm } from '../shared/organizations/caller-firm';
import type { AssistantDependencies } from './assistant-dependencies';
import type { JobContext } from './engine/language-model';
import { JOB_MESSAGES, type JobReader } from './store/jobs-repository';

/**
 * One of the firm's saved jobs (every member may use them); 404 `job_not_found` when the firm has
 * none by that id (another firm's included).
 */
export async function requireFirmJob(deps: { readonly jobs: JobReader }, firmId: string, jobId: string): Promise<Job> {
  const job = await deps.jobs.get(firmId, jobId);
  if (!job) throw new NotFoundError(JOB_MESSAGES.notFound, { code: 'job_not_found' });
  return job;
}

/**
 * Who saved the job first: `createdBy`, else (a job saved before firms existed) the firm's
 * founder, whose user id is the firm's id and whose partition it was saved in.
 */
export function jobCreatorId(job: Pick<Job, 'createdBy'>, firmId: string): string {
  return job.createdBy?.userId ?? firmId;
}

/** Whether the caller may change or delete this job of their firm (organization-rules.ts `mayChangeJob`). */
export function callerMayChangeJob(firm: Firm, userId: string, job: Pick<Job, 'createdBy'>): boolean {
  return mayChangeJob({ userId, role: firm.role }, jobCreatorId(job, firm.id));
}

/** The job as the caller sees it: with whether they may change it. */
export function jobViewFor(firm: Firm, userId: string, job: Job): JobView {
  return { ...job, mayChange: callerMayChangeJob(firm, userId, job) };
}

/** One of the firm's jobs the caller may change or delete: 404 as {@link requireFirmJob}, 403 `job_change_forbidden`. */
export async function requireChangeableJob(
  deps: Pick<AssistantDependencies, 'jobs'>,
  firm: Firm,
  userId: string,
  jobId: string,
): Promise<Job> {
  const job = await requireFirmJob(deps, firm.id, jobId);
  if (!callerMayChangeJob(firm, userId, job)) throw new ForbiddenError(JOB_CHANGE_RULE, { code: 'job_change_forbidden' });
  return job;
}

/** Records a change of one of the firm's jobs in its activity log (its id and title, nothing else). */
export async function recordJobActivity(
  deps: Pick<AssistantDependencies, 'activity'>,
  firm: Firm,
  actorId: string,
  action: 'job.saved' | 'job.deleted',
  job: Pick<Job, 'id' | 'title'>,
): Promise<void> {
  await deps.activity.record({
    organizationId: firm.id,
    actorId,
    action,
    subject: { kind: 'job', id: job.id },
    details: { jobId: job.id, jobTitle: job.title },
  });
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
