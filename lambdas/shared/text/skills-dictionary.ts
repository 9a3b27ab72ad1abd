import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * A curated skills dictionary: a few hundred canonical skills, certifications, languages and soft
 * skills of the trades recruiters fill most (software, data, cloud, nursing, accounting, sales,
 * operations), each with the synonyms and abbreviations people write, in skills-dictionary.json.
 * Compact on purpose (it ships beside every assistant Lambda). Words that are ordinary English in lower case ("excel",
 * "react", "swift", "epic") match only as written ({@link SkillEntry.exactCase}); "Go" and "R"
 * also need a list or "with/in" around them. Terms too ambiguous to place safely ("C", "AP", "TS")
 * are left out rather than matched wrongly.
 */

export const SKILL_CATEGORIES = [
  'software',
  'data',
  'cloud',
  'clinical',
  'finance',
  'sales',
  'operations',
  'certification',
  'education',
  'language',
  'soft-skill',
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

export interface SkillEntry {
  /** The name shown to people and used as a search concept, e.g. "Kubernetes". */
  readonly canonical: string;
  /** Other names, spellings and abbreviations, matched case-insensitively at word boundaries. */
  readonly synonyms: readonly string[];
  readonly category: SkillCategory;
  /**
   * Forms that match only with exactly this case ("Excel", "React"); when the canonical is among
   * them it is not matched case-insensitively. They are left out of search strings (search engines
   * ignore case) unless no other form exists.
   */
  readonly exactCase?: readonly string[];
}

/** The dictionary's file: beside this module in the source tree, beside the handler's bundle when deployed. */
export const SKILLS_DATA_FILE = 'skills-dictionary.json';

/** {@link SKILLS_DATA_FILE} from the repository root, for the routes that deploy it (`dataFiles`). */
export const SKILLS_DATA_PATH = 'lambdas/shared/text/skills-dictionary.json';

/** A row of the file: canonical, "|"-separated synonyms, "|"-separated exact-case forms. */
type Row = readonly [canonical: string, synonyms?: string, exactCase?: string];

let entries: readonly SkillEntry[] | null = null;

/**
 * Every entry of the dictionary, read once from {@link SKILLS_DATA_FILE} (data, not code: it
 * would cost every assistant handler about 15 kB of its 150 kB bundle budget). The file is the
 * rows' only owner: edit them there.
 */
export function skills(): readonly SkillEntry[] {
  if (entries) return entries;
  const file = path.join(__dirname, SKILLS_DATA_FILE);
  const rows = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<SkillCategory, readonly Row[]>>;
  // The file as written, or a clear failure: never a dictionary half read.
  if (!SKILL_CATEGORIES.every((category) => Array.isArray(rows[category]) && rows[category].every((row) => typeof row[0] === 'string')))
    throw new Error(`${file} is not the skills dictionary: every category needs its rows`);
  entries = SKILL_CATEGORIES.flatMap((category) =>
    (rows[category] ?? []).map(([canonical, synonyms, exactCase]): SkillEntry => ({
      canonical,
      synonyms: synonyms ? synonyms.split('|') : [],
      category,
      ...(exactCase ? { exactCase: exactCase.split('|') } : {}),
    })),
  );
  return entries;
}

/** How a matched form is looked up: case-, space- and hyphen-insensitive. */
export function skillKey(form: string): string {
  return form.toLowerCase().replace(/[\s\-'’]+/g, '');
}

let entriesByKey: Map<string, SkillEntry> | null = null;

/** Each entry under the key of every one of its names, the first entry to claim a key keeping it. */
function byKey(): Map<string, SkillEntry> {
  if (entriesByKey) return entriesByKey;
  entriesByKey = new Map();
  for (const entry of skills())
    for (const form of [entry.canonical, ...entry.synonyms, ...(entry.exactCase ?? [])])
      if (!entriesByKey.has(skillKey(form))) entriesByKey.set(skillKey(form), entry);
  return entriesByKey;
}

/** The dictionary entry a name belongs to (canonical or synonym, any case), or `undefined`. */
export function skillEntry(name: string): SkillEntry | undefined {
  return byKey().get(skillKey(String(name ?? '').trim()));
}

/** Every name of a skill, canonical first (any of its names may be given); `[]` when unknown. */
export function synonymsOf(canonical: string): string[] {
  const entry = skillEntry(canonical);
  return entry ? unique([entry.canonical, ...entry.synonyms, ...(entry.exactCase ?? [])]) : [];
}

/**
 * The names to put in a search string: every name that is unambiguous in any case (search engines
 * ignore case), or the canonical when there is no other, e.g. Go gives "Golang" and "Go" never.
 */
export function searchTermsOf(canonical: string): string[] {
  const entry = skillEntry(canonical);
  if (!entry) return [];
  const exact = new Set((entry.exactCase ?? []).map(skillKey));
  const terms = [entry.canonical, ...entry.synonyms].filter((t) => !exact.has(skillKey(t)));
  return terms.length ? unique(terms) : [entry.canonical];
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}

function pattern(form: string): string {
  return form
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replace(/['’]/g, "['’]?")
    .replace(/\s*-\s*/g, '[\\s-]?')
    .replace(/\s+/g, '[\\s-]+')
    .replace(/\\\//g, '\\s*\\/\\s*');
}

// Not inside a word, a dotted name ("Node.js" holds no "JS"), a hyphenated prefix ("T-SQL") or an e-mail.
const BEFORE = '(?<![\\p{L}\\p{N}_@]|[\\p{L}\\p{N}][.\\-])';
// Not followed by more word ("Java" in "JavaScript"), "+"/"#" ("C" in "C++") or a dotted suffix.
const AFTER = '(?![\\p{L}\\p{N}_+#]|\\.[\\p{L}\\p{N}])';

function alternation(forms: readonly string[]): string {
  return [...new Set(forms)]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(pattern)
    .join('|');
}

const CONTEXT_ONLY = new Set(['Go', 'R']);
/**
 * "Go" and "R" count only in a list or after "in/with/and/or", and not as "Go to", "Go live" or
 * "R&D". The name is found first and its surroundings checked after (a lookbehind scanning back
 * over every space would make long texts slow).
 */
const CONTEXTUAL: readonly { canonical: string; regex: RegExp; before: RegExp; after: RegExp }[] = [
  {
    canonical: 'Go',
    regex: /(?<![\p{L}\p{N}_])Go(?![\p{L}\p{N}_\-&'’])/gu,
    before: /(?:[,/(;:•*-]|\b(?:with|in|and|or|using|like|including|plus|as))[ \t]*$/,
    after: /^(?!\s+(?:to|ahead|live|back|through|beyond|for|get|on|out|over|with|the|a|an)\b)/,
  },
  {
    canonical: 'R',
    regex: /(?<![\p{L}\p{N}_])R(?![\p{L}\p{N}_\-&'’.+#])/gu,
    before: /(?:[,/(;:]|\b(?:with|in|and|or|using|like|including|plus))[ \t]*$/,
    after: /^[ \t]*(?:[,/);]|$|\n|[ \t]+(?:and|or|programming|language|packages|scripts)\b)/,
  },
];

let compiled: { insensitive: RegExp; exact: RegExp } | null = null;

function regexes(): { insensitive: RegExp; exact: RegExp } {
  if (compiled) return compiled;
  const insensitive: string[] = [];
  const exact: string[] = [];
  for (const entry of skills()) {
    const exactKeys = new Set((entry.exactCase ?? []).map(skillKey));
    for (const form of [entry.canonical, ...entry.synonyms]) if (!exactKeys.has(skillKey(form))) insensitive.push(form);
    for (const form of entry.exactCase ?? []) if (!CONTEXT_ONLY.has(form)) exact.push(form);
  }
  compiled = {
    insensitive: new RegExp(`${BEFORE}(?:${alternation(insensitive)})${AFTER}`, 'giu'),
    exact: new RegExp(`${BEFORE}(?:${alternation(exact)})${AFTER}`, 'gu'),
  };
  return compiled;
}

/** One mention of a dictionary skill in a text. */
export interface SkillMention {
  readonly canonical: string;
  /** The text as written, e.g. "k8s". */
  readonly matched: string;
  /** Where it starts in the text. */
  readonly index: number;
}

/**
 * Every mention of a dictionary skill, in order. Where names overlap the longest wins ("SQL Server"
 * is one mention, not also "SQL"; "Lean Six Sigma Green Belt" not also "Lean").
 */
export function findSkills(text: string): SkillMention[] {
  const source = String(text ?? '');
  if (!source.trim()) return [];
  // The same few texts come back again and again (a job's must-haves, matched against each of
  // hundreds of candidates in a sync): remember the latest answers. A copy, since callers reorder it.
  const remembered = RECENT_MENTIONS.get(source);
  if (remembered) return [...remembered];
  const mentions = scanForSkills(source);
  if (RECENT_MENTIONS.size >= RECENT_MENTIONS_LIMIT) RECENT_MENTIONS.clear();
  RECENT_MENTIONS.set(source, mentions);
  return [...mentions];
}

/** Texts whose mentions {@link findSkills} remembers; cleared whole when full (bounded memory). */
const RECENT_MENTIONS_LIMIT = 2_000;
const RECENT_MENTIONS = new Map<string, readonly SkillMention[]>();

function scanForSkills(source: string): SkillMention[] {
  const found: SkillMention[] = [];
  const { insensitive, exact } = regexes();
  for (const regex of [insensitive, exact]) {
    regex.lastIndex = 0;
    for (const m of source.matchAll(regex)) {
      const entry = byKey().get(skillKey(m[0]));
      // "Excel at", "Excel in": the verb, not the spreadsheet.
      if (regex === exact && m[0] === 'Excel' && /^\s+(?:at|in|as|with)\b/.test(source.slice((m.index ?? 0) + 5, (m.index ?? 0) + 12)))
        continue;
      if (entry) found.push({ canonical: entry.canonical, matched: m[0], index: m.index ?? 0 });
    }
  }
  for (const { canonical, regex, before, after } of CONTEXTUAL) {
    for (const m of source.matchAll(regex)) {
      const at = m.index ?? 0;
      const head = source.slice(Math.max(source.lastIndexOf('\n', at - 1) + 1, at - 40), at);
      // At the start of a line (a list item) or after a list separator or "with/in/and/or".
      const placed = !head.trim() || before.test(head);
      if (placed && after.test(source.slice(at + m[0].length, at + m[0].length + 40))) {
        found.push({ canonical, matched: m[0], index: at });
      }
    }
  }
  found.sort((a, b) => a.index - b.index || b.matched.length - a.matched.length);
  const kept: SkillMention[] = [];
  let end = -1;
  for (const mention of found) {
    if (mention.index < end) continue;
    kept.push(mention);
    end = mention.index + mention.matched.length;
  }
  return kept;
}

/** The canonical names of the skills a text mentions, in order of first mention, without repeats. */
export function skillsIn(text: string): string[] {
  return [...new Set(findSkills(text).map((m) => m.canonical))];
}
