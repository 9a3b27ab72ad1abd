import type { JobContext } from '../../../../../lambdas/assistant/engine/language-model';
import { proposeMustHaves } from '../../../../../lambdas/assistant/domain/must-haves';
import { sampleCandidatesFor, type SampleCandidate } from '../../../../../lambdas/assistant/samples/sample-candidates';
import { sampleJob, type SampleJob } from '../../../../../lambdas/assistant/samples/sample-jobs';

/** The sample jobs the sample candidates apply to. */
export const SAMPLE_JOB_IDS = ['senior-backend-engineer', 'icu-registered-nurse', 'senior-accountant'] as const;

function jobById(id: string): SampleJob {
  const job = sampleJob(id);
  if (!job) throw new Error(`No sample job ${id}`);
  return job;
}

/**
 * A sample job as the capabilities get it, with the must-haves and nice-to-haves the engine
 * proposes from its description confirmed as they are (what a recruiter clicking "Keep" does).
 * `confirmed: false` leaves them empty, so the capability must derive them itself.
 */
export function sampleJobContext(id: string, { confirmed = true } = {}): JobContext {
  const job = jobById(id);
  const proposed = proposeMustHaves({ title: job.title, description: job.description, companyInfo: job.companyInfo });
  const strip = (items: readonly { text: string; kind: JobContext['mustHaves'][number]['kind'] }[]) =>
    items.map(({ text, kind }) => ({ text, kind }));
  return {
    title: job.title,
    description: job.description,
    companyInfo: job.companyInfo,
    location: job.location,
    mustHaves: confirmed ? strip(proposed.mustHaves) : [],
    niceToHaves: confirmed ? strip(proposed.niceToHaves) : [],
  };
}

/** The sample candidate of a job in a role (best fit, near miss, keyword-stuffer, weak fit). */
export function candidateIn(jobId: string, role: SampleCandidate['role']): SampleCandidate {
  const candidate = sampleCandidatesFor(jobId).find((c) => c.role === role);
  if (!candidate) throw new Error(`No ${role} for ${jobId}`);
  return candidate;
}

/** E-mail addresses and phone numbers written in a resume, to prove a summary leaves them out. */
export function contactDetailsIn(profile: string): string[] {
  const emails = profile.match(/[\w.+-]+@[\w.-]+\.\w+/g) ?? [];
  const phones = profile.match(/(?:\+1[\s-])?(?:\(\d{3}\)\s?|\d{3}[-.\s])?\d{3}-\d{4}/g) ?? [];
  return [...emails, ...phones.map((phone) => phone.trim())];
}
