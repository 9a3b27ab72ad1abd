import { keywords, stem } from '../../shared/text/normalize';
import { cleanTitle, titleVariants } from '../../shared/text/titles';

/**
 * The small comparisons behind the placement features that the assistant's text helpers do not
 * already make: where two locations meet, how far an ATS stage name is along a hiring process, and
 * how much a candidate's current title says the same as a job title. Pure and forgiving: any
 * input, including '' and odd types, gives an answer (`null` when there is nothing to compare).
 */

/** The outcome of comparing a candidate's location with a job's. */
export interface LocationComparison {
  /** 1 same city or a remote job, 0.5 same region, 0 elsewhere; `null` when either is unknown. */
  readonly value: number | null;
  readonly explanation: string;
}

const REMOTE = /\b(?:remote|anywhere|work from home|wfh|distributed)\b/i;
const WORK_MODE = /\b(?:remote|hybrid|on[- ]?site|in[- ]office|anywhere|work from home|wfh|distributed|flexible)\b/gi;

/** "Austin, TX (hybrid)" → ['austin', 'tx']: city first, then region and country. */
function placeParts(location: string): string[] {
  return String(location ?? '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(WORK_MODE, ' ')
    .split(/\s*(?:[,/|;]|\s[-–—]\s)\s*/)
    .map((p) =>
      p
        .replace(/[^\p{L}\p{N} ]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p.length > 0);
}

/** Compares where a candidate is with where a job is ("Austin, TX" and "Austin, Texas" share a city). */
export function compareLocations(candidateLocation: string, jobLocation: string): LocationComparison {
  const candidate = String(candidateLocation ?? '').trim();
  const job = String(jobLocation ?? '').trim();
  const jobParts = placeParts(job);
  // A remote job with no office to come to: where the candidate lives does not matter.
  if (REMOTE.test(job) && !/\bhybrid\b/i.test(job)) return { value: 1, explanation: 'Remote job: location is no obstacle' };
  const candidateParts = placeParts(candidate);
  if (!jobParts.length) return { value: null, explanation: 'The job names no location' };
  if (!candidateParts.length) {
    return REMOTE.test(candidate)
      ? { value: 0, explanation: `Wants remote work; the job is in ${job}` }
      : { value: null, explanation: 'Candidate location unknown' };
  }
  if (candidateParts[0] === jobParts[0]) return { value: 1, explanation: `Same city as the job (${job})` };
  const region = candidateParts.slice(1).find((p) => jobParts.slice(1).includes(p));
  if (region) {
    // "il" reads better as "IL"; longer names ("bavaria") are shown as the job writes them.
    const name = region.length <= 3 ? region.toUpperCase() : (job.split(/\s*,\s*/).find((p) => p.toLowerCase() === region) ?? region);
    return { value: 0.5, explanation: `Same region as the job (${name}), another city` };
  }
  return { value: 0, explanation: `Lives in ${candidate}; the job is in ${job}` };
}

/**
 * How far a stage name is along a typical process, 1 (applied) to 6 (offer or hired), most
 * specific first: "Phone interview" is a screen, "Final interview" beats "Interview".
 */
const STAGE_LADDER: readonly [RegExp, number][] = [
  [/\b(?:offer|hired|placed|placement|starts?|started|onboarding)\b/i, 6],
  [/\b(?:final|on-?site|panel|client interview|second interview|2nd interview|reference)\b/i, 5],
  [/\b(?:phone|screen(?:ing)?|call|recruiter)\b/i, 2],
  [/\binterview/i, 4],
  [/\b(?:assess(?:ment)?|test|assignment|case study|take[- ]home|technical|exercise)\b/i, 3],
  [/\b(?:review|shortlist(?:ed)?|submitted|submission|sourced|applied|new|lead|application|prospect)\b/i, 1],
];
export const STAGE_LEVELS = 6;

/** The level of an ATS stage name (see {@link STAGE_LADDER}), `null` for '' or a name it does not know. */
export function stageLevel(stage: string): number | null {
  const name = String(stage ?? '').trim();
  if (!name) return null;
  return STAGE_LADDER.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

/** "Senior Engineer at Acme" → "Senior Engineer". */
export function titleOfHeadline(headline: string): string {
  return String(headline ?? '')
    .split(/\s+(?:at|@)\s+|\s+[-–—|]\s+/i)[0]
    .trim();
}

const SENIORITY_STEMS = new Set(
  ['senior', 'sr', 'junior', 'jr', 'lead', 'principal', 'head', 'chief', 'entry', 'level', 'mid', 'intern'].map(stem),
);

function titleWords(title: string): Set<string> {
  return new Set(keywords(title).filter((w) => !SENIORITY_STEMS.has(w)));
}

/**
 * The share of a job title's words (seniority aside) that a candidate's current title carries,
 * trying the job title's known variants ("Backend Developer" for "Backend Engineer"); 0..1, `null`
 * when either title is empty.
 */
export function titleSimilarity(jobTitle: string, candidateTitle: string): number | null {
  const have = titleWords(candidateTitle);
  const variants = titleVariants(jobTitle);
  const wanted = (variants.length ? variants : [cleanTitle(jobTitle)]).map(titleWords).filter((w) => w.size > 0);
  if (!have.size || !wanted.length) return null;
  const shares = wanted.map((words) => [...words].filter((w) => have.has(w)).length / words.size);
  return Math.round(Math.max(...shares) * 100) / 100;
}
