import type { AssistantCapability } from '@contracts/assistant';
import { paths } from '../../config/paths';

/** The contract's size limits, from its zod-free module (the pages import no schemas). */
export { ASSISTANT_LIMITS as LIMITS } from '@contracts/assistant-limits';

/** One capability's screen under /services. */
export interface AssistantScreen {
  readonly capability: AssistantCapability;
  readonly path: string;
  /** The screen's heading, card title and tab title. */
  readonly title: string;
  /** One sentence on the hub's card and under the screen's heading. */
  readonly summary: string;
}

/** The seven screens, in the order a recruiter works through a job (the contract's order). */
export const ASSISTANT_SCREENS: readonly AssistantScreen[] = [
  {
    capability: 'must-haves',
    path: paths.servicesMustHaves,
    title: 'Client must-haves',
    summary: 'Save a job with the must-haves and nice-to-haves the client gave you: proposed from the description, confirmed by you.',
  },
  {
    capability: 'sourcing-terms',
    path: paths.servicesSourcingTerms,
    title: 'Sourcing search terms',
    summary: 'Boolean search strings for LinkedIn Recruiter, job boards and a Google X-ray search, each within its limits.',
  },
  {
    capability: 'job-description',
    path: paths.servicesJobDescription,
    title: 'External job description',
    summary:
      'A publishable job description with the client’s name, rates, contacts and internal notes removed, and a list of what was removed and why.',
  },
  {
    capability: 'screening-questions',
    path: paths.servicesScreeningQuestions,
    title: 'Screening questions',
    summary: 'Knock-out and competency questions from a job’s must-haves, each with what a good answer covers.',
  },
  {
    capability: 'interview-evaluation',
    path: paths.servicesInterviewEvaluation,
    title: 'Interview answer evaluation',
    summary: 'A candidate’s answers scored against the screening questions’ rubrics, with the evidence for each score.',
  },
  {
    capability: 'best-fit',
    path: paths.servicesBestFit,
    title: 'Best-fit recommendation',
    summary: 'Candidates for a job ranked on its must-haves and their interview evaluations, with the reasons.',
  },
  {
    capability: 'candidate-summary',
    path: paths.servicesCandidateSummary,
    title: 'Candidate summary',
    summary: 'A short, client-ready summary of a resume or profile, without contact details, against a job when you pick one.',
  },
];

/** The screen of a capability. */
export function screenOf(capability: AssistantCapability): AssistantScreen {
  const screen = ASSISTANT_SCREENS.find((candidate) => candidate.capability === capability);
  if (!screen) throw new Error(`No screen for ${capability}.`);
  return screen;
}
