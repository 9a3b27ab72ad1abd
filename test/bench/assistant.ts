/**
 * Bench section "assistant": the offline engine's capabilities timed in process (issue 19: each
 * under 100 ms p95 on a 5,000-character posting). Each sample job's description is repeated to
 * 5,000 characters; best fit ranks 20 sample candidates. Then each capability on hostile documents:
 * the largest description a request accepts, made of one run of a single shape, where a pattern
 * that rescans a run takes seconds (docs/decisions.md, "Redaction: … the square of a run's
 * length"). Wall time on the machine that runs it, so compare runs on one machine (a loaded
 * machine stretches every row alike).
 */
import { bestFit } from '../../lambdas/assistant/domain/best-fit';
import { candidateSummary } from '../../lambdas/assistant/domain/candidate-summary';
import { externalJobDescription } from '../../lambdas/assistant/domain/external-job-description';
import { evaluateAnswers } from '../../lambdas/assistant/domain/interview-evaluation';
import { proposeMustHaves } from '../../lambdas/assistant/domain/must-haves';
import { screeningQuestions } from '../../lambdas/assistant/domain/screening-questions';
import { sourcingTerms } from '../../lambdas/assistant/domain/sourcing-terms';
import type { JobContext } from '../../lambdas/assistant/engine/language-model';
import { SAMPLE_CANDIDATES } from '../../lambdas/assistant/samples/sample-candidates';
import { SAMPLE_JOBS } from '../../lambdas/assistant/samples/sample-jobs';
import { ASSISTANT_LIMITS } from '../../lambdas/shared/contracts/assistant';
import type { BenchSection } from './section';
import { latencySummary } from './stats';

export const POSTING_CHARS = 5_000;
export const RANKED_CANDIDATES = 20;
const CAPABILITY_P95_BUDGET_MS = 100;
const WARM_UP_RUNS = 3;
const TIMED_RUNS = 40;

/** One run of each shape, repeated to the longest description a request accepts. */
const HOSTILE_RUNS: Readonly<Record<string, string>> = {
  'one unbroken word': 'x',
  spaces: ' ',
  tabs: '\t',
  'blank lines': '\n',
  digits: '1',
  dots: '.',
  dashes: '-',
  capitals: 'A',
  'dotted letters': 'a.',
  'capitalised words': 'Ab ',
  'commas and spaces': ', ',
  'at signs': '@',
};
/** The posting budget scaled to the hostile document's length: the engine should stay linear. */
const HOSTILE_BUDGET_MS = CAPABILITY_P95_BUDGET_MS * (ASSISTANT_LIMITS.documentMaxChars / POSTING_CHARS);

function hostileJob(unit: string): JobContext {
  const description = unit.repeat(Math.ceil(ASSISTANT_LIMITS.documentMaxChars / unit.length)).slice(0, ASSISTANT_LIMITS.documentMaxChars);
  return { title: 'Engineer', description, companyInfo: '', location: '', mustHaves: [], niceToHaves: [] };
}

/** A sample job whose description is repeated to {@link POSTING_CHARS} characters. */
function longJob(index: number): JobContext {
  const job = SAMPLE_JOBS[index % SAMPLE_JOBS.length];
  let description = job.description;
  while (description.length < POSTING_CHARS) description += `\n\n${job.description}`;
  return { title: job.title, description: description.slice(0, POSTING_CHARS), companyInfo: job.companyInfo, location: job.location, mustHaves: [], niceToHaves: [] };
}

function timings(run: (index: number) => unknown): number[] {
  for (let i = 0; i < WARM_UP_RUNS; i += 1) run(i);
  const found: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i += 1) {
    const started = performance.now();
    run(i);
    found.push(performance.now() - started);
  }
  return found;
}

export async function benchAssistant(): Promise<BenchSection> {
  const candidates = Array.from({ length: RANKED_CANDIDATES }, (_, i) => {
    const sample = SAMPLE_CANDIDATES[i % SAMPLE_CANDIDATES.length];
    return { name: `${sample.name} ${i + 1}`, profile: sample.profile, evaluationOverall: null };
  });
  const questions = SAMPLE_JOBS.map((_, i) => screeningQuestions(longJob(i)).questions);
  /** What each capability reads: a job, and a resume where it reads one. */
  type Inputs = { readonly job: JobContext; readonly resume: string };
  const capabilities: Record<string, (inputs: Inputs, index: number) => unknown> = {
    'must-haves': ({ job }) => proposeMustHaves(job),
    'sourcing terms': ({ job }) => sourcingTerms({ ...job, exclusions: [] }),
    'external job description': ({ job }, i) => externalJobDescription({ ...job, clientNames: SAMPLE_JOBS[i % SAMPLE_JOBS.length].clientNames }),
    'screening questions': ({ job }) => screeningQuestions(job),
    'interview evaluation': ({ job }, i) =>
      evaluateAnswers({
        job,
        candidateName: 'Sample Candidate',
        answers: questions[i % questions.length].map((question) => ({ question, answer: `Yes: ${question.goodAnswer.join('; ')}.` })),
      }),
    [`best fit, ${RANKED_CANDIDATES} candidates`]: ({ job }) => bestFit({ job, candidates }),
    'candidate summary': ({ job, resume }) => candidateSummary({ candidateName: null, profile: resume, job }),
  };
  const measured = Object.entries(capabilities).map(([name, run]) => ({
    name,
    ...latencySummary(timings((i) => run({ job: longJob(i), resume: candidates[i % candidates.length].profile }, i))),
  }));
  // The hostile document is both the job's description and the resume.
  const hostile = Object.entries(capabilities).map(([name, run]) => {
    const slowest = Object.entries(HOSTILE_RUNS)
      .map(([shape, unit]) => {
        const job = hostileJob(unit);
        const started = performance.now();
        run({ job, resume: job.description }, 0);
        return { shape, ms: Math.round(performance.now() - started) };
      })
      .sort((a, b) => b.ms - a.ms)[0];
    return { name, ...slowest };
  });
  return {
    id: 'assistant',
    title: `Assistant capabilities, offline engine (${POSTING_CHARS.toLocaleString('en-US')}-character posting)`,
    figures: [
      ...measured.map(({ name, p50Ms, p95Ms }) => ({
        name: `${name}, p95 of ${TIMED_RUNS} runs`,
        value: `${p95Ms} ms (p50 ${p50Ms} ms)`,
        budget: `at most ${CAPABILITY_P95_BUDGET_MS} ms`,
        pass: p95Ms <= CAPABILITY_P95_BUDGET_MS,
      })),
      ...hostile.map(({ name, shape, ms }) => ({
        name: `${name}, slowest of ${Object.keys(HOSTILE_RUNS).length} hostile ${ASSISTANT_LIMITS.documentMaxChars.toLocaleString('en-US')}-character documents`,
        value: `${ms} ms (${shape})`,
        budget: `at most ${HOSTILE_BUDGET_MS} ms`,
        pass: ms <= HOSTILE_BUDGET_MS,
      })),
    ],
    details: { ...Object.fromEntries(measured.map(({ name, ...summary }) => [name, summary])), hostile },
  };
}
