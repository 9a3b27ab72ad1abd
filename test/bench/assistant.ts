/**
 * Bench section "assistant": the offline engine's capabilities timed in process (issue 19: each
 * under 100 ms p95 on a 5,000-character posting). Each sample job's description is repeated to
 * 5,000 characters; best fit ranks 20 sample candidates. Wall time on the machine that runs it, so
 * compare runs on one machine (a loaded machine stretches every row alike).
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
import type { BenchSection } from './section';
import { latencySummary } from './stats';

export const POSTING_CHARS = 5_000;
export const RANKED_CANDIDATES = 20;
const CAPABILITY_P95_BUDGET_MS = 100;
const WARM_UP_RUNS = 3;
const TIMED_RUNS = 40;

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
  const capabilities: Record<string, (index: number) => unknown> = {
    'must-haves': (i) => proposeMustHaves(longJob(i)),
    'sourcing terms': (i) => sourcingTerms({ ...longJob(i), exclusions: [] }),
    'external job description': (i) => externalJobDescription({ ...longJob(i), clientNames: SAMPLE_JOBS[i % SAMPLE_JOBS.length].clientNames }),
    'screening questions': (i) => screeningQuestions(longJob(i)),
    'interview evaluation': (i) =>
      evaluateAnswers({
        job: longJob(i),
        candidateName: 'Sample Candidate',
        answers: questions[i % questions.length].map((question) => ({ question, answer: `Yes: ${question.goodAnswer.join('; ')}.` })),
      }),
    [`best fit, ${RANKED_CANDIDATES} candidates`]: (i) => bestFit({ job: longJob(i), candidates }),
    'candidate summary': (i) =>
      candidateSummary({ candidateName: null, profile: candidates[i % candidates.length].profile, job: longJob(i) }),
  };
  const measured = Object.entries(capabilities).map(([name, run]) => ({ name, ...latencySummary(timings(run)) }));
  return {
    id: 'assistant',
    title: `Assistant capabilities, offline engine (${POSTING_CHARS.toLocaleString('en-US')}-character posting)`,
    figures: measured.map(({ name, p50Ms, p95Ms }) => ({
      name: `${name}, p95 of ${TIMED_RUNS} runs`,
      value: `${p95Ms} ms (p50 ${p50Ms} ms)`,
      budget: `at most ${CAPABILITY_P95_BUDGET_MS} ms`,
      pass: p95Ms <= CAPABILITY_P95_BUDGET_MS,
    })),
    details: Object.fromEntries(measured.map(({ name, ...summary }) => [name, summary])),
  };
}
