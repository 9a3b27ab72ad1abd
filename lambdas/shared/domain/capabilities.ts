/**
 * The assistant's seven capabilities, in the order the product lists them. A plain module (no
 * zod) so that the plans' entitlements, which the web's entry bundle loads, can name them too;
 * the assistant's contracts re-export it.
 */
export const CAPABILITIES = [
  'must-haves',
  'sourcing-terms',
  'job-description',
  'screening-questions',
  'interview-evaluation',
  'best-fit',
  'candidate-summary',
] as const;
