import { SAMPLE_INTERVIEW_ANSWERS, sampleAnswerFor, sampleCandidatesFor } from '../../../../lambdas/assistant/samples/sample-candidates';
import type { SaveJobRequest, ScreeningQuestion } from '../../../../lambdas/shared/contracts/assistant';

/** A job as a recruiter saves it: the sample backend job's candidates and answers fit it. */
export const BACKEND_JOB: SaveJobRequest = {
  title: 'Senior Backend Engineer',
  companyInfo: 'Northwind Payments is a card payments processor in Seattle. Internal: bill rate $95/hr, margin 28%.',
  description: [
    'Senior Backend Engineer (Seattle, WA, hybrid)',
    '',
    'Our client, Northwind Payments, is hiring a senior backend engineer to build payment and ledger services.',
    '',
    'Requirements:',
    '- 5+ years of backend development',
    '- Node.js and TypeScript in production',
    '- PostgreSQL schema design',
    '- Kubernetes',
    '- AWS',
    '',
    'Nice to have:',
    '- Kafka or another event streaming platform',
    '- Terraform',
    '- Fintech or payments experience',
    '',
    'Internal note: the hiring manager is Dana Li (dana.li@northwind-payments.example, 206-555-0100); do not share the rate.',
  ].join('\n'),
  location: 'Seattle, WA',
  mustHaves: ['5+ years of backend development', 'Node.js and TypeScript', 'PostgreSQL', 'Kubernetes', 'AWS'],
  niceToHaves: ['Kafka', 'Terraform', 'Payments or fintech experience'],
};

export const BACKEND_CANDIDATES = sampleCandidatesFor('senior-backend-engineer').map(({ name, profile }) => ({ name, profile }));
export const PLANTED_BEST_BACKEND_CANDIDATE = 'Priya Raman';

/** Priya's strong answers to the questions asked. */
export function strongAnswers(questions: readonly ScreeningQuestion[]): { questionId: string; answer: string }[] {
  return questions.map((question) => ({
    questionId: question.id,
    answer: sampleAnswerFor(SAMPLE_INTERVIEW_ANSWERS.strong, question.requirement),
  }));
}

/** Sam's weak answers to the questions asked. */
export function weakAnswers(questions: readonly ScreeningQuestion[]): { questionId: string; answer: string }[] {
  return questions.map((question) => ({
    questionId: question.id,
    answer: sampleAnswerFor(SAMPLE_INTERVIEW_ANSWERS.weak, question.requirement),
  }));
}
