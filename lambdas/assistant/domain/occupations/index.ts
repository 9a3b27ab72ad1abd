import { FAMILY_KEYWORDS, OCCUPATION_FAMILIES, OCCUPATION_ROWS, OCCUPATION_SKILLS } from './occupations-data';

/**
 * The occupations staffing agencies fill most (compacted from O*NET by bin/build-occupations.ts):
 * the titles each goes by and the words of its trade. Finds the occupation of a job title and
 * the trade words a posting uses, so a search names the role the way candidates write it.
 */

export type OccupationFamily = (typeof OCCUPATION_FAMILIES)[number];

export interface Occupation {
  readonly family: OccupationFamily;
  /** Most reported first; the first is the canonical title. */
  readonly titles: readonly string[];
  /** Software of the trade, then the words its tasks use that few other occupations use. */
  readonly skills: readonly string[];
}

let parsed: readonly Occupation[] | null = null;

export function occupations(): readonly Occupation[] {
  if (parsed) return parsed;
  const skills = OCCUPATION_SKILLS.split('|');
  parsed = OCCUPATION_ROWS.map(([family, titles, refs]) => ({
    family: OCCUPATION_FAMILIES[family],
    titles: titles.split('|'),
    skills: refs ? refs.split('.').map((r) => skills[parseInt(r, 36)]) : [],
  }));
  return parsed;
}

/** Words of a title that say nothing about the role: seniority, schedule, contract, place. */
const NOISE =
  /^(?:senior|sr|junior|jr|lead|entry|level|mid|part|full|time|temp|temporary|seasonal|contract|hire|to|per|diem|prn|remote|hybrid|onsite|job|in|at|the|and|of|for|a|an|with|shift|day|night|nights|days|weekend|weekends|1st|2nd|3rd|first|second|third|founding|new|travel|local|regional|i|ii|iii|iv|\d+)$/;

/** Lower-case words of a title, plural "s" dropped ("Drivers" is "driver"). */
function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w));
}

const titleWordsCache = new Map<string, string[]>();

/** {@link titleWords} of an occupation's title, worked out once (every match reads all of them). */
function wordsOfTitle(title: string): string[] {
  let words = titleWordsCache.get(title);
  if (!words) {
    words = titleWords(title);
    titleWordsCache.set(title, words);
  }
  return words;
}

/** The role words of a posting's title ("CNC Machine Operator 3rd shift" → cnc machine operator). */
export function roleWords(title: string): string[] {
  return titleWords(title).filter((w) => !NOISE.test(w));
}

export interface OccupationMatch {
  readonly occupation: Occupation;
  /** The occupation title that matched. */
  readonly title: string;
}

/**
 * The occupation whose title the job title contains (all its words, in any order), the longest
 * such title winning, then the most reported; null when none does. A bare generic title
 * ("Driver") counts only when asked for, as a last resort.
 */
export function occupationOf(jobTitle: string, options: { readonly generic?: boolean } = {}): OccupationMatch | null {
  const words = new Set(roleWords(jobTitle));
  if (!words.size) return null;
  let best: { match: OccupationMatch; score: number } | null = null;
  for (const occupation of occupations()) {
    occupation.titles.forEach((title, rank) => {
      const own = wordsOfTitle(title);
      if (!own.length || !own.every((w) => words.has(w))) return;
      // "Analyst" alone says nothing of a "Help Desk Analyst": a shared bare word is no match.
      // As a last resort it counts when it is the whole role ("Regional Drivers").
      if (own.length === 1 && isGenericTitle(title) && !(options.generic && words.size === 1)) return;
      // More matched words first; an exact title next; the occupation's own name before its rarer titles.
      const score = own.length * 10 + (own.length === words.size ? 5 : 0) - rank * 0.1;
      if (!best || score > best.score) best = { match: { occupation, title }, score };
    });
  }
  return (best as { match: OccupationMatch } | null)?.match ?? null;
}

let generic: Set<string> | null = null;
/** A word heading the titles of this many occupations names a kind of work, not a job. */
const GENERIC_HEAD_OCCUPATIONS = 3;

/**
 * A one-word title too broad to search for alone: several occupations use it ("Driver", "Cook")
 * or end their titles with it ("Analyst", "Engineer", "Teacher").
 */
export function isGenericTitle(title: string): boolean {
  if (!generic) {
    const alone = new Map<string, number>();
    const heads = new Map<string, number>();
    for (const occupation of occupations()) {
      const lowered = occupation.titles.map((x) => x.toLowerCase());
      for (const t of new Set(lowered.filter((x) => !x.includes(' ')))) alone.set(t, (alone.get(t) ?? 0) + 1);
      for (const h of new Set(lowered.map((x) => x.split(' ').pop() as string))) heads.set(h, (heads.get(h) ?? 0) + 1);
    }
    generic = new Set([
      ...[...alone].filter(([, n]) => n > 1).map(([t]) => t),
      ...[...heads].filter(([, n]) => n >= GENERIC_HEAD_OCCUPATIONS).map(([t]) => t),
    ]);
  }
  return !title.includes(' ') && generic.has(title.toLowerCase());
}

/**
 * The occupation a description names most often by one of its specific titles (two words or
 * more: "truck driver", "line cook"), for a posting whose own title names none ("SOCAL - Local
 * Deliveries"); null when it names none.
 */
export function occupationIn(description: string): OccupationMatch | null {
  const text = ` ${titleWords(description.slice(0, 3_000)).join(' ')} `;
  let best: { match: OccupationMatch; count: number } | null = null;
  for (const occupation of occupations())
    for (const title of occupation.titles) {
      const own = wordsOfTitle(title);
      if (own.length < 2) continue;
      const phrase = ` ${own.join(' ')} `;
      const count = text.includes(phrase) ? text.split(phrase).length - 1 : 0;
      if (count > 0 && (!best || count > best.count)) best = { match: { occupation, title }, count };
    }
  return (best as { match: OccupationMatch } | null)?.match ?? null;
}

/** The keywords recruiters search for in a family's postings, O*NET-attested ("blueprints", "vital signs"). */
export function familyKeywords(family: OccupationFamily): readonly string[] {
  return (FAMILY_KEYWORDS[OCCUPATION_FAMILIES.indexOf(family)] ?? '').split('|').filter(Boolean);
}
