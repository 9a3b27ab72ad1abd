import type { PlanFeature } from '@shared-domain/plan-entitlements';

/**
 * The product's nine capabilities (spec section 1), in the spec's order, with the copy the public
 * pages show. Home lists them; the Products feature matrix uses them as its rows, released with
 * the plan that first includes each (`feature`, see features/products/matrix.ts).
 */
export interface Capability {
  readonly id: string;
  /** The capability as the spec names it. */
  readonly name: string;
  /** A short heading for cards. */
  readonly title: string;
  /** One or two sentences of product copy. */
  readonly description: string;
  /** The plan feature it is: which plans include it, and so the release that brought it. */
  readonly feature: PlanFeature;
}

export const CAPABILITIES: readonly Capability[] = [
  {
    id: 'sourcing-terms',
    name: 'Generating sourcing search terms from a job description and company information',
    title: 'Sourcing search terms',
    description:
      'Paste a job description and the client’s company profile and get Boolean strings, title variants and skill synonyms ready for LinkedIn, job boards and your own database.',
    feature: 'sourcing-terms',
  },
  {
    id: 'job-description-formatting',
    name: 'Formatting external job descriptions without sensitive information',
    title: 'Clean external job posts',
    description:
      'Turn an internal requisition into a publishable ad in your house style, with the client’s name, salary bands and internal notes removed before anything leaves your desk.',
    feature: 'job-description',
  },
  {
    id: 'client-must-haves',
    name: 'Using client must-haves',
    title: 'Client must-haves',
    description:
      'Record the non-negotiables a client gives you once — certifications, location, clearance, years in role — and every search, screen and shortlist respects them.',
    feature: 'must-haves',
  },
  {
    id: 'screening-questions',
    name: 'Automated screening questions',
    title: 'Screening questions',
    description:
      'Get a focused set of knock-out and competency questions for each role, written from the job description and the client’s must-haves.',
    feature: 'screening-questions',
  },
  {
    id: 'interview-evaluation',
    name: 'Evaluating candidate interview answers',
    title: 'Interview answer evaluation',
    description:
      'Score candidate answers against the role’s criteria with the reasoning shown, so you can compare candidates consistently and explain your call to the client.',
    feature: 'interview-evaluation',
  },
  {
    id: 'best-fit',
    name: 'Recommending the best-fit candidate',
    title: 'Best-fit recommendations',
    description:
      'See which candidates in your pipeline match the role best, and why — ranked on skills, experience and must-haves, with the final decision always yours.',
    feature: 'best-fit',
  },
  {
    id: 'candidate-summaries',
    name: 'Writing candidate summaries',
    title: 'Candidate summaries',
    description:
      'Produce a client-ready write-up of each shortlisted candidate in seconds: highlights, fit against the brief, notice period and open questions.',
    feature: 'candidate-summary',
  },
  {
    id: 'placement-prediction',
    name: 'Predicting placement from past placements',
    title: 'Placement prediction',
    description:
      'Learn from the placements your desk has already made to estimate which candidates are most likely to be offered, accept and stay.',
    feature: 'placement-prediction',
  },
  {
    id: 'ats-integration',
    name: 'Read-only ATS integration',
    title: 'Read-only ATS integration',
    description:
      'Connect your applicant tracking system with a read-only key: jobs, candidates and placement history flow in, and nothing is ever written back.',
    feature: 'ats-integration',
  },
];
