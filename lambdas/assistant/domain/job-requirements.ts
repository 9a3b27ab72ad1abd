import type { Requirement } from '../../shared/contracts/assistant';
import type { JobContext } from '../engine/language-model';
import { proposeMustHaves } from './must-haves';

/**
 * The requirements a capability works from: the job's confirmed must-haves and nice-to-haves, or,
 * for a job the recruiter has not confirmed any for yet, the ones proposed from its description
 * (capability 3), so screening, ranking and summaries still have something to work against.
 */
export function requirementsOf(job: JobContext): { mustHaves: readonly Requirement[]; niceToHaves: readonly Requirement[] } {
  if (job.mustHaves.length > 0) return { mustHaves: job.mustHaves, niceToHaves: job.niceToHaves };
  const proposed = proposeMustHaves({ title: job.title, description: job.description, companyInfo: job.companyInfo });
  const strip = (items: readonly Requirement[]) => items.map(({ text, kind }) => ({ text, kind }));
  return {
    mustHaves: strip(proposed.mustHaves),
    niceToHaves: job.niceToHaves.length > 0 ? job.niceToHaves : strip(proposed.niceToHaves),
  };
}
