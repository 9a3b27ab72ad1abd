/**
 * Scores the candidate capabilities of the deterministic engine: best-fit ranking (top-1 against
 * our ranking sets, keyword stuffers kept out of the top two), candidate summaries (contact data,
 * self-contradictions) and interview evaluation (strong > middling > weak answer sets).
 */
import { bestFit } from '../../lambdas/assistant/domain/best-fit';
import { candidateSummary } from '../../lambdas/assistant/domain/candidate-summary';
import { evaluateAnswers, scoreAnswer } from '../../lambdas/assistant/domain/interview-evaluation';
import { proposeMustHaves } from '../../lambdas/assistant/domain/must-haves';
import { screeningQuestions } from '../../lambdas/assistant/domain/screening-questions';
import type { CorpusDocument } from './corpus';
import type { AnswerLevel, InterviewSet } from './fixtures/interview-sets';
import { keywordListStuffer, wrongCareerStuffer } from './fixtures/stuffers';
import type { BestFitSet, JobLabel } from './labels';
import { jobOf } from './score-postings';
import { contactData, contradictions } from './summary-checks';

/** Candidates per ranking: the API's limit (20), two of them stuffers. */
const RESUMES_PER_RANKING = 18;
export const STUFFERS = ['stuffer-keyword-list', 'stuffer-barista'] as const;

export interface RankingScore {
  readonly job: string;
  readonly family: string;
  readonly top: readonly string[];
  readonly ranked: string[];
  readonly top1: boolean;
  readonly stufferInTopTwo: boolean;
}

/** The job's own words a stuffer repeats: its labelled title and terms, else its title and proposed must-haves. */
export function stufferWords(posting: CorpusDocument, label: JobLabel | undefined): string[] {
  if (label)
    return [
      label.titles[0],
      ...label.coreTerms.map((c) => c[0]),
      ...label.mustHaves.flatMap((c) => c.filter((v) => !v.startsWith('/')).slice(0, 1)),
    ];
  const job = jobOf(posting);
  return [job.title, ...proposeMustHaves({ title: job.title, description: job.description, companyInfo: '' }).mustHaves.map((m) => m.text)];
}

export function scoreRanking(
  set: BestFitSet,
  posting: CorpusDocument,
  label: JobLabel | undefined,
  resumes: readonly CorpusDocument[],
): RankingScore {
  const sameFamily = resumes.filter((r) => r.family === posting.family);
  const others = resumes.filter((r) => r.family !== posting.family);
  const chosen = [...sameFamily, ...others].slice(0, RESUMES_PER_RANKING);
  for (const stem of set.top)
    if (!chosen.some((r) => r.stem === stem)) throw new Error(`Ranking set ${set.job}: ${stem} is not among the candidates`);
  const words = stufferWords(posting, label);
  const candidates = [
    ...chosen.map((r) => ({ name: r.stem, profile: r.body, evaluationOverall: null })),
    { name: STUFFERS[0], profile: keywordListStuffer(words), evaluationOverall: null },
    { name: STUFFERS[1], profile: wrongCareerStuffer(words), evaluationOverall: null },
  ];
  const ranked = bestFit({ job: jobOf(posting), candidates }).ranking.map((r) => r.name);
  return {
    job: set.job,
    family: posting.family,
    top: set.top,
    ranked,
    top1: set.top.includes(ranked[0]),
    stufferInTopTwo: ranked.slice(0, 2).some((name) => (STUFFERS as readonly string[]).includes(name)),
  };
}

export interface SummaryScore {
  readonly resume: string;
  readonly family: string;
  /** The job's file stem when summarized against a job. */
  readonly job: string | null;
  readonly contact: { kind: string; match: string }[];
  readonly contradictions: string[];
}

export function scoreSummary(resume: { stem: string; family: string; body: string }, job: CorpusDocument | null): SummaryScore {
  const output = candidateSummary({ candidateName: null, profile: resume.body, job: job ? jobOf(job) : null });
  return {
    resume: resume.stem,
    family: resume.family,
    job: job?.stem ?? null,
    contact: contactData(output.text),
    contradictions: contradictions(output),
  };
}

export interface InterviewScore {
  readonly set: string;
  readonly overall: Readonly<Record<AnswerLevel, number>>;
  readonly ordered: boolean;
  /** Questions whose three answers scored strong > middling > weak, of those with answers. */
  readonly questionsOrdered: number;
  readonly questionsAnswered: number;
  /** Questions whose requirement has no answer in the set (a set to extend). */
  readonly unanswered: string[];
}

const LEVELS: readonly AnswerLevel[] = ['strong', 'middling', 'weak'];

export function scoreInterview(set: InterviewSet): InterviewScore {
  const questions = screeningQuestions(set.job).questions;
  const overall = Object.fromEntries(
    LEVELS.map((level) => [
      level,
      evaluateAnswers({
        job: set.job,
        candidateName: level,
        answers: questions.map((question) => ({ question, answer: set.answers[question.requirement]?.[level] ?? '' })),
      }).overall,
    ]),
  ) as Record<AnswerLevel, number>;
  const answered = questions.filter((q) => set.answers[q.requirement]);
  const questionsOrdered = answered.filter((q) => {
    const [s, m, w] = LEVELS.map((level) => scoreAnswer(q, set.answers[q.requirement][level]).score);
    return s > m && m > w;
  }).length;
  return {
    set: set.name,
    overall,
    ordered: overall.strong > overall.middling && overall.middling > overall.weak,
    questionsOrdered,
    questionsAnswered: answered.length,
    unanswered: questions.filter((q) => !set.answers[q.requirement]).map((q) => q.requirement),
  };
}
