import { squash } from '../../shared/text/normalize';

/** What makes two saved jobs the same job. */
export interface JobText {
  readonly title: string;
  readonly description: string;
}

/**
 * The one rule for "the same job" (issue 17): the same title and description once Unicode forms,
 * case and spacing are ignored. Saving a new job that reads the same as one the owner keeps
 * updates that job instead of adding a copy (a sample tried twice, must-haves proposed twice).
 */
export function jobIdentity(job: JobText): string {
  const normalized = (text: string) => squash(text.normalize('NFKC')).toLocaleLowerCase('en-US');
  return `${normalized(job.title)}\n${normalized(job.description)}`;
}

/** The owner's job that is the same job as `job`, if they keep one. */
export function findSameJob<T extends JobText>(jobs: readonly T[], job: JobText): T | undefined {
  const identity = jobIdentity(job);
  return jobs.find((candidate) => jobIdentity(candidate) === identity);
}
