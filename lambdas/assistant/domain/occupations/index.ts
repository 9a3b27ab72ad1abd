import { OCCUPATION_FAMILIES } from './occupations-data';
import { occupationsData } from './occupations-file';

/**
 * The occupations staffing agencies fill most (compacted from O*NET by bin/build-occupations.ts):
 * the titles each goes by and the words of its trade. Finds the occupation of a job title and
 * the trade words a posting uses, so a search names the role the way candidates write it.
 */

export type OccupationFamily = (typeof OCCUPATION_FAMILIES)[number];

export interface Occupation {
  readonly family: OccupationFamily;
  /** The titles a search uses, most reported first; the first is the canonical title. */
  readonly titles: readonly string[];
  /**
   * Rarer titles that only recognise the occupation in a posting's title, as their
   * {@link titleKey} ("help desk analyst"): the generator works the words out, not every cold start.
   */
  readonly matchTitles: readonly string[];
  /** Software of the trade, then the words its tasks use that few other occupations use. */
  readonly skills: readonly string[];
}

let parsed: readonly Occupation[] | null = null;

export function occupations(): readonly Occupation[] {
  if (parsed) return parsed;
  const data = occupationsData();
  const skills = data.skills.split('|');
  parsed = data.rows.map(([family, titles, matchTitles, refs]) => ({
    family: OCCUPATION_FAMILIES[family],
    titles: titles.split('|'),
    matchTitles: matchTitles ? matchTitles.split('|') : [],
    skills: refs ? refs.split('.').map((r) => skills[parseInt(r, 36)]) : [],
  }));
  return parsed;
}

/** Words of a title that say nothing about the role: seniority, schedule, contract, place. */
const NOISE =
  /^(?:senior|sr|junior|jr|lead|mid|part|full|time|temp|temporary|seasonal|contract|hire|to|per|diem|prn|remote|hybrid|onsite|job|in|at|the|and|of|for|a|an|with|shift|day|night|nights|days|weekend|weekends|1st|2nd|3rd|first|second|third|founding|new|travel|local|regional|i|ii|iii|iv|\d+)$/;

/** Short forms titles use for a word ("Monitor Tech", "Sales Rep"), read as the word. */
const TITLE_SHORT_FORMS: Readonly<Record<string, string>> = {
  tech: 'technician',
  techs: 'technician',
  rep: 'representative',
  reps: 'representative',
  asst: 'assistant',
  mgr: 'manager',
  coord: 'coordinator',
  admin: 'administrative',
};

/** Lower-case words of a title, short forms spelt out, plural "s" dropped ("Drivers" is "driver"). */
function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/\b(?:back|front)[\s-]+end\b|\bfull[\s-]+stack\b/g, (phrase) => phrase.replace(/[\s-]+/g, '')) // "Back End" is "Backend"
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => (Object.hasOwn(TITLE_SHORT_FORMS, w) ? TITLE_SHORT_FORMS[w] : w))
    .map((w) => (w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w));
}

/** The words a title is matched by, space-separated ("Sales Reps" → "sale representative"). */
export function titleKey(title: string): string {
  return titleWords(title).join(' ');
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
  // "Entry level", not "Data Entry": only the phrase says the level.
  return titleWords(title.replace(/\bentry[\s-]+level\b/gi, ' ')).filter((w) => !NOISE.test(w));
}

export interface OccupationMatch {
  readonly occupation: Occupation;
  /** The occupation title that matched. */
  readonly title: string;
}

/**
 * The occupations whose title the job title contains (all its words, in any order) and which tie
 * for the best: the longest such title, an exact one before a part; the one whose title is more
 * reported first ("Quality Technician" is an engineering and a food science technician). Empty
 * when none does. A bare generic title ("Driver") counts only when asked for, as a last resort.
 */
export function occupationMatches(jobTitle: string, options: { readonly generic?: boolean } = {}): OccupationMatch[] {
  const words = new Set(roleWords(jobTitle));
  if (!words.size) return [];
  // Per occupation, its best title: more matched words first, then an exact title, then the more reported.
  const best = new Map<Occupation, { match: OccupationMatch; rank: number; level: number }>();
  for (const word of words)
    for (const entry of titlesByFirstWord().get(word) ?? []) {
      const { occupation, title, rank, own } = entry;
      if (!own.every((w) => words.has(w))) continue;
      // "Analyst" alone says nothing of a "Help Desk Analyst": a shared bare word is no match.
      // As a last resort it counts when it is the whole role ("Regional Drivers").
      if (own.length === 1 && isGenericTitle(title) && !(options.generic && words.size === 1)) continue;
      const level = own.length * 10 + (own.length === words.size ? 5 : 0);
      const mine = best.get(occupation);
      if (!mine || level > mine.level || (level === mine.level && rank < mine.rank))
        best.set(occupation, { match: { occupation, title }, rank, level });
    }
  const top = Math.max(0, ...[...best.values()].map((m) => m.level));
  return [...best.values()]
    .filter((m) => m.level === top)
    .sort((a, b) => a.rank - b.rank || occupations().indexOf(a.match.occupation) - occupations().indexOf(b.match.occupation))
    .map((m) => m.match);
}

interface IndexedTitle {
  readonly occupation: Occupation;
  readonly title: string;
  /** Its place among the occupation's titles (search titles first, most reported first). */
  readonly rank: number;
  readonly own: readonly string[];
}

let byFirstWord: Map<string, IndexedTitle[]> | null = null;

/** Every occupation title by its first word, built once: a job title is matched against the few that start with one of its words. */
function titlesByFirstWord(): Map<string, IndexedTitle[]> {
  if (byFirstWord) return byFirstWord;
  const index = new Map<string, IndexedTitle[]>();
  for (const occupation of occupations())
    [...occupation.titles, ...occupation.matchTitles].forEach((title, rank) => {
      const own = rank < occupation.titles.length ? wordsOfTitle(title) : title.split(' ');
      if (!own.length) return;
      const list = index.get(own[0]) ?? [];
      list.push({ occupation, title, rank, own });
      index.set(own[0], list);
    });
  byFirstWord = index;
  return index;
}

/** The best of {@link occupationMatches}, or null. */
export function occupationOf(jobTitle: string, options: { readonly generic?: boolean } = {}): OccupationMatch | null {
  return occupationMatches(jobTitle, options)[0] ?? null;
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
  const words = titleWords(description.slice(0, 3_000));
  const counts = new Map<OccupationMatch, number>();
  // Each pair of words the description has, looked up among the titles' first two words.
  for (let i = 0; i + 1 < words.length; i += 1)
    for (const entry of titlesByFirstPair().get(`${words[i]} ${words[i + 1]}`) ?? [])
      if (entry.rest.every((w, k) => words[i + 2 + k] === w)) counts.set(entry.match, (counts.get(entry.match) ?? 0) + 1);
  let best: { match: OccupationMatch; count: number; rank: number } | null = null;
  for (const [match, count] of counts) {
    // Among titles named as often, the one more reported for its occupation ("Truck Driver" is a
    // truck driver's first title, a material mover's fortieth).
    const rank = rankOf.get(match) ?? 0;
    if (!best || count > best.count || (count === best.count && rank < best.rank)) best = { match, count, rank };
  }
  return best?.match ?? null;
}

let byFirstPair: Map<string, { match: OccupationMatch; rest: string[] }[]> | null = null;
const rankOf = new Map<OccupationMatch, number>();

/** The specific titles (two words or more) by their first two words, built once. */
function titlesByFirstPair(): Map<string, { match: OccupationMatch; rest: string[] }[]> {
  if (byFirstPair) return byFirstPair;
  const index = new Map<string, { match: OccupationMatch; rest: string[] }[]>();
  for (const occupation of occupations())
    [...occupation.titles, ...occupation.matchTitles].forEach((title, rank) => {
      const own = rank < occupation.titles.length ? wordsOfTitle(title) : title.split(' ');
      if (own.length < 2) return;
      const match = { occupation, title };
      rankOf.set(match, rank);
      const key = `${own[0]} ${own[1]}`;
      const list = index.get(key) ?? [];
      list.push({ match, rest: own.slice(2) });
      index.set(key, list);
    });
  byFirstPair = index;
  return index;
}

/** Every occupation family, in the data's order. */
export const occupationFamilies = (): readonly OccupationFamily[] => OCCUPATION_FAMILIES;

/** A keyword and the ways postings write it (itself first: "blueprints", "drawings", "prints"). */
export interface FamilyKeyword {
  readonly keyword: string;
  readonly forms: readonly string[];
}

/** The keywords recruiters search for in a family's postings, O*NET-attested ("blueprints", "vital signs"). */
export function familyKeywords(family: OccupationFamily): readonly FamilyKeyword[] {
  let keywords = keywordsByFamily.get(family);
  if (!keywords) {
    keywords = (occupationsData().familyKeywords[OCCUPATION_FAMILIES.indexOf(family)] ?? '')
      .split('|')
      .filter(Boolean)
      .map((entry) => {
        const forms = entry.split('~');
        return { keyword: forms[0], forms };
      });
    keywordsByFamily.set(family, keywords);
  }
  return keywords;
}

const keywordsByFamily = new Map<OccupationFamily, readonly FamilyKeyword[]>();
