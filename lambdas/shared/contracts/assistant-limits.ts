/**
 * The assistant contract's size limits (assistant.ts), in a module of their own: nothing here
 * imports zod, so the web's pages take the values without the contract's schemas.
 */

/** Size limits of every input; long enough for real documents, short enough to bound cost. */
export const ASSISTANT_LIMITS = {
  titleMaxChars: 120,
  /** A job description, a resume or a profile. */
  documentMaxChars: 20_000,
  companyInfoMaxChars: 5_000,
  locationMaxChars: 120,
  /** One must-have, nice-to-have, exclusion or rubric point. */
  itemMaxChars: 160,
  requirementsMax: 25,
  clientNamesMax: 10,
  questionsMax: 20,
  answerMaxChars: 5_000,
  candidatesMax: 20,
  candidateNameMaxChars: 120,
  /** How many recent results the history answer holds. */
  historyMax: 50,
  /** How many jobs one user may keep. */
  jobsMax: 200,
} as const;
