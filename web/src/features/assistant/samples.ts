import type { Job } from '@contracts/assistant';
import type { JobDraft } from './components/job-picker';

/**
 * The shipped samples (lambdas/assistant/samples), loaded with a dynamic import on the first
 * "Try a sample": their text is in a chunk of its own, never in the entry or a page's chunk.
 */

/** A sample job as a form fills it in. */
export interface JobSample extends JobDraft {
  readonly id: string;
  /** Names of the client the description mentions (for the external job description). */
  readonly clientNames: readonly string[];
}

/** A sample candidate: a name and a resume. */
export interface CandidateSample {
  readonly name: string;
  readonly profile: string;
}

export async function loadJobSamples(): Promise<readonly JobSample[]> {
  const { SAMPLE_JOBS } = await import('@assistant-samples/sample-jobs');
  return SAMPLE_JOBS.map((job) => ({
    id: job.id,
    title: job.title,
    companyInfo: job.companyInfo,
    description: job.description,
    location: job.location,
    clientNames: job.clientNames,
  }));
}

/** The sample job a saved job was made from (same title), if any. */
export function sampleOf(samples: readonly JobSample[], job: Pick<Job, 'title'> | undefined): JobSample | undefined {
  const title = job?.title.trim().toLowerCase();
  return title ? samples.find((sample) => sample.title.trim().toLowerCase() === title) : undefined;
}

/**
 * The sample candidates for a job: those written for the sample job it was made from (same
 * title), else the first sample job that has candidates, with that job.
 */
export async function loadCandidateSamples(
  job: Pick<Job, 'title'> | undefined,
): Promise<{ readonly job: JobSample; readonly candidates: readonly CandidateSample[] }> {
  const [jobs, { SAMPLE_CANDIDATES }] = await Promise.all([loadJobSamples(), import('@assistant-samples/sample-candidates')]);
  const forJob = (jobId: string) =>
    SAMPLE_CANDIDATES.filter((candidate) => candidate.jobId === jobId).map(({ name, profile }) => ({ name, profile }));
  const matching = sampleOf(jobs, job);
  const sample = matching && forJob(matching.id).length > 0 ? matching : jobs.find((candidate) => forJob(candidate.id).length > 0);
  if (!sample) throw new Error('There are no sample candidates.');
  return { job: sample, candidates: forJob(sample.id) };
}

/** Every sample resume, for the candidate summary. */
export async function loadAllCandidateSamples(): Promise<readonly CandidateSample[]> {
  const { SAMPLE_CANDIDATES } = await import('@assistant-samples/sample-candidates');
  return SAMPLE_CANDIDATES.map(({ name, profile }) => ({ name, profile }));
}

/** A candidate's sample answers to a job's questions: one set strong, one weak. */
export interface AnswerSample {
  readonly candidateName: string;
  /** The answer to the question about `requirement` ('' = unanswered). */
  readonly answerFor: (requirement: string) => string;
}

export async function loadAnswerSamples(): Promise<readonly AnswerSample[]> {
  const { SAMPLE_INTERVIEW_ANSWERS, sampleAnswerFor } = await import('@assistant-samples/sample-candidates');
  return [SAMPLE_INTERVIEW_ANSWERS.strong, SAMPLE_INTERVIEW_ANSWERS.weak].map((set) => ({
    candidateName: set.candidateName,
    answerFor: (requirement: string) => sampleAnswerFor(set, requirement),
  }));
}

/** Cycles through a list: each call gives the next item (the "Try a sample" button's order). */
export function cycle<T>(items: readonly T[], counter: { current: number }): T {
  if (items.length === 0) throw new Error('There are no samples.');
  const item = items[counter.current % items.length];
  counter.current += 1;
  return item;
}
