/**
 * The ATS contract's limits (ats.ts), in a module of their own: nothing here imports zod, so the
 * web's pages take the values without the contract's schemas.
 */

/** Limits of the ATS answers: enough for a real desk, bounded for a 6 MB Lambda answer. */
export const ATS_LIMITS = {
  /** A key or token as pasted (longer is a paste of something else). */
  keyMaxChars: 512,
  /** Candidates one `GET /ats/candidates` answers. */
  candidatesMax: 100,
  /** Jobs one `GET /ats/jobs` answers (most recently updated first). */
  jobsMax: 500,
  /** Predictions one `POST /ats/predict` answers (most likely first). */
  predictionsMax: 100,
} as const;
