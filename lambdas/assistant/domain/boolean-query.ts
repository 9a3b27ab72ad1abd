import type { SearchString, SearchTarget, TermGroup } from '../../shared/contracts/assistant';
import { googleWordCount, parseBooleanQuery } from './boolean-query-parser';
import { squash } from '../../shared/text/normalize';
import { formatCount } from '../../shared/domain/format-count';

export { googleWordCount, parseBooleanQuery, type ParseResult, type QueryNode } from './boolean-query-parser';

/**
 * Capability 1's strings: boolean searches rendered for LinkedIn Recruiter (its Keywords field
 * and its Job titles field), job boards and a Google X-ray, each valid for its target's syntax
 * and within its limit. A string ANDs at most {@link MAX_AND_CONCEPTS} concepts (the title group
 * and the first must-haves: each AND shrinks the pool, and five find almost nobody) and never a
 * nice-to-have (a nice-to-have every profile must match is a must-have). Lowest-value words go
 * first when a string is too long (extra titles and synonyms, then exclusions; must-have
 * concepts last), and `notes` says what was left out.
 */

/**
 * Each target's limit, and why:
 * - LinkedIn Recruiter publishes no length limit for the Keywords field; 1,000 characters holds a
 *   title group and six or more must-have concepts with synonyms, and stays clear of the
 *   truncation and parsing trouble recruiters report with very long pasted strings.
 * - Job boards and CV databases each have their own (often undocumented) cap; 500 characters is
 *   conservative enough to paste into the common ones unchanged.
 * - Google reads at most 32 words of a query and ignores the rest; operators, `site:` and every
 *   word inside quotes count.
 */
export const SEARCH_LIMITS: Readonly<Record<SearchTarget, SearchString['limit']>> = {
  'linkedin-recruiter': { unit: 'characters', max: 1_000 },
  // The Job titles field takes the same boolean syntax; a title group is far shorter than this.
  'linkedin-recruiter-title': { unit: 'characters', max: 1_000 },
  'job-board': { unit: 'characters', max: 500 },
  'google-xray': { unit: 'words', max: 32 },
};

/** The most concepts a string ANDs: the title group and three must-haves, or four must-haves. */
export const MAX_AND_CONCEPTS = 4;

/** What the strings are built from (capability 1's terms, from the engine or from Bedrock). */
export interface SearchTerms {
  readonly titles: readonly string[];
  readonly mustHaveGroups: readonly TermGroup[];
  readonly niceToHaveGroups: readonly TermGroup[];
  readonly exclusions: readonly string[];
  readonly location: string | null;
}

const LABELS: Record<SearchTarget, string> = {
  'linkedin-recruiter': 'LinkedIn Recruiter keywords',
  'linkedin-recruiter-title': 'LinkedIn Recruiter job titles',
  'job-board': 'Job board or CV database boolean',
  'google-xray': 'Google X-ray (public LinkedIn profiles)',
};

const TARGET_NAMES: Record<SearchTarget, string> = {
  'linkedin-recruiter': 'LinkedIn Recruiter',
  'linkedin-recruiter-title': 'LinkedIn Recruiter job titles',
  'job-board': 'Job board',
  'google-xray': 'Google X-ray',
};

/** A search word without any syntax: no quotes, brackets or wildcards, no leading +/-. */
export function cleanTerm(term: string): string {
  return squash(
    String(term ?? '')
      .replace(/[’‘]/g, "'")
      .replace(/["“”()[\]{}<>*]/g, ' ')
      .replace(/^[\s+\-–]+/, ''),
  )
    .slice(0, 80)
    .trim();
}

function uniqueTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms.map(cleanTerm).filter((t) => t && !/^(?:and|or|not)$/i.test(t) && !seen.has(t.toLowerCase()) && !!seen.add(t.toLowerCase()));
}

/** A term as the target reads it: a bare word, or a "quoted phrase" for anything else. */
function render(term: string): string {
  return /^[\p{L}\p{N}]+$/u.test(term) ? term : `"${term}"`;
}

function orGroup(terms: readonly string[]): string {
  return terms.length === 1 ? render(terms[0]) : `(${terms.map(render).join(' OR ')})`;
}

interface Draft {
  titles: string[];
  must: { concept: string; terms: string[] }[];
  nice: { concept: string; terms: string[] }[];
  exclusions: string[];
}

function draftOf(terms: SearchTerms): Draft {
  const groups = (list: readonly TermGroup[]) =>
    list
      .map((g) => ({
        concept: cleanTerm(g.concept) || cleanTerm(g.terms[0] ?? ''),
        terms: uniqueTerms(g.terms.length ? g.terms : [g.concept]),
      }))
      .filter((g) => g.concept && g.terms.length);
  return {
    titles: uniqueTerms(terms.titles),
    must: groups(terms.mustHaveGroups),
    nice: groups(terms.niceToHaveGroups),
    exclusions: uniqueTerms(terms.exclusions),
  };
}

/** The must-haves a string ANDs (the first ones, beside the title group) and those it leaves to the recruiter. */
function andedMust(d: Draft, others = 0): { kept: Draft['must']; left: Draft['must'] } {
  const room = MAX_AND_CONCEPTS - (d.titles.length ? 1 : 0) - others;
  return { kept: d.must.slice(0, room), left: d.must.slice(room) };
}

function renderBoolean(d: Draft): string {
  const parts: string[] = [];
  if (d.titles.length) parts.push(orGroup(d.titles));
  for (const g of d.must) parts.push(orGroup(g.terms));
  let query = parts.join(' AND ');
  if (d.exclusions.length) query += ` NOT ${orGroup(d.exclusions)}`;
  return query;
}

/** What was left out, per kind, for the notes. */
interface Dropped {
  nice: string[];
  synonyms: string[];
  titles: string[];
  exclusions: string[];
  must: string[];
}

function list(values: readonly string[]): string {
  return [...new Set(values)].join(', ');
}

function notesFor(target: SearchTarget, dropped: Dropped): string[] {
  const limit = SEARCH_LIMITS[target];
  const within = `to stay within ${formatCount(limit.max)} ${limit.unit}`;
  const name = TARGET_NAMES[target];
  const notes: string[] = [];
  if (dropped.must.length) notes.push(`${name}: left out the must-haves ${list(dropped.must)} ${within}; search for them separately.`);
  if (dropped.nice.length) notes.push(`${name}: left out the nice-to-haves ${list(dropped.nice)} ${within}.`);
  if (dropped.synonyms.length) notes.push(`${name}: kept fewer synonyms for ${list(dropped.synonyms)} ${within}.`);
  if (dropped.titles.length) notes.push(`${name}: left out the title variants ${list(dropped.titles.map((t) => `"${t}"`))} ${within}.`);
  if (dropped.exclusions.length) notes.push(`${name}: left out the exclusions ${list(dropped.exclusions)} ${within}.`);
  return notes;
}

/** LinkedIn Recruiter and job boards: AND between groups, OR inside, NOT (…) for exclusions. */
function fitBoolean(terms: SearchTerms, target: SearchTarget): { query: string; dropped: Dropped; anded: Dropped['must'] } {
  const d = draftOf(terms);
  const { kept, left } = andedMust(d);
  d.must = kept;
  const dropped: Dropped = { nice: [], synonyms: [], titles: [], exclusions: [], must: [] };
  const max = SEARCH_LIMITS[target].max;
  for (let guard = 0; renderBoolean(d).length > max && guard < 500; guard += 1) {
    const widest = d.must.reduce<Draft['must'][number] | null>(
      (w, g) => (g.terms.length > 1 && (!w || g.terms.length >= w.terms.length) ? g : w),
      null,
    );
    if (d.titles.length > 3) dropped.titles.push(d.titles.pop() as string);
    else if (widest) {
      widest.terms.pop();
      dropped.synonyms.push(widest.concept);
    } else if (d.titles.length > 1) dropped.titles.push(d.titles.pop() as string);
    else if (d.exclusions.length) dropped.exclusions.push(d.exclusions.pop() as string);
    else if (d.must.length > 1) dropped.must.push((d.must.pop() as Draft['must'][number]).concept);
    else break;
  }
  return { query: renderBoolean(d), dropped, anded: left.map((g) => g.concept) };
}

/** LinkedIn Recruiter's Job titles field: the title variants OR-ed, nothing else. */
function fitTitles(terms: SearchTerms): { query: string; dropped: Dropped } {
  const titles = uniqueTerms(terms.titles);
  const dropped: Dropped = { nice: [], synonyms: [], titles: [], exclusions: [], must: [] };
  const max = SEARCH_LIMITS['linkedin-recruiter-title'].max;
  const query = () => titles.map(render).join(' OR ');
  while (query().length > max && titles.length > 1) dropped.titles.push(titles.pop() as string);
  return { query: query(), dropped };
}

/** The city of a location for a web search: "Chicago, IL (hybrid)" → "Chicago"; none for remote. */
export function searchLocation(location: string | null): string | null {
  const city = cleanTerm((location ?? '').split(/[,(/;|–-]/)[0] ?? '');
  return city && !/^(?:remote|anywhere|worldwide|global|n\/?a|tbd|hybrid)$/i.test(city) ? city : null;
}

/** Google X-ray: `site:linkedin.com/in`, titles OR-ed, one word per must-have, -exclusions, within 32 words. */
function fitGoogle(terms: SearchTerms): { query: string; dropped: Dropped } {
  const d = draftOf(terms);
  const city = searchLocation(terms.location);
  // Google ANDs the city too.
  d.must = andedMust(d, city ? 1 : 0).kept;
  const dropped: Dropped = { nice: d.nice.map((g) => g.concept), synonyms: [], titles: [], exclusions: [], must: [] };
  const state = {
    titles: d.titles.slice(0, 1),
    must: d.must.map((g) => ({ concept: g.concept, terms: g.terms.slice(0, 1) })),
    exclusions: d.exclusions.slice(0, 2),
  };
  const compose = () =>
    [
      'site:linkedin.com/in',
      state.titles.length ? orGroup(state.titles) : '',
      ...state.must.map((g) => orGroup(g.terms)),
      city ? `"${city}"` : '',
      ...state.exclusions.map((e) => `-${render(e)}`),
    ]
      .filter(Boolean)
      .join(' ');
  const fits = () => googleWordCount(compose()) <= SEARCH_LIMITS['google-xray'].max;
  while (!fits() && state.exclusions.length) dropped.exclusions.push(state.exclusions.pop() as string);
  while (!fits() && state.must.length > 1) dropped.must.push((state.must.pop() as { concept: string }).concept);
  // Then widen while it fits: more titles, a second term per concept, more exclusions.
  const tryAdd = (add: () => void, undo: () => void) => {
    add();
    if (!fits()) undo();
  };
  for (const title of d.titles.slice(1, 3))
    tryAdd(
      () => state.titles.push(title),
      () => state.titles.pop(),
    );
  state.must.forEach((g, i) => {
    const second = d.must[i].terms[1];
    if (second)
      tryAdd(
        () => g.terms.push(second),
        () => g.terms.pop(),
      );
  });
  for (const title of d.titles.slice(3, 5))
    tryAdd(
      () => state.titles.push(title),
      () => state.titles.pop(),
    );
  for (const exclusion of d.exclusions.slice(state.exclusions.length, 5))
    tryAdd(
      () => state.exclusions.push(exclusion),
      () => state.exclusions.pop(),
    );
  // Google gets fewer titles by design (the other strings carry them all); that is not a note.
  dropped.exclusions = d.exclusions.filter((e) => !state.exclusions.includes(e));
  d.must.forEach((g, i) => {
    if (state.must[i] && state.must[i].terms.length < Math.min(g.terms.length, 2)) dropped.synonyms.push(g.concept);
  });
  return { query: compose(), dropped };
}

function usage(target: SearchTarget, location: string | null): string {
  const where = location ? location.trim() : '';
  switch (target) {
    case 'linkedin-recruiter':
      return `Paste into the Keywords field of a LinkedIn Recruiter search${where ? `; set the Location filter to ${where}` : ''}.`;
    case 'linkedin-recruiter-title':
      return 'Paste into the Job titles field of a LinkedIn Recruiter search (current titles) to match titles only; the Keywords string then finds the skills anywhere in the profile.';
    case 'job-board':
      return `Paste into the boolean or keyword search of a job board or CV database${where ? `; enter ${where} as the location` : ''}.`;
    default:
      return 'Paste into Google: it finds public LinkedIn profiles. Google reads only the first 32 words of a query.';
  }
}

/**
 * The three search strings for a job's terms, and notes on what each left out to respect its
 * target's limit. Every string parses with {@link parseBooleanQuery} for its target; with no
 * title and no must-have there is nothing to search for, and no string.
 */
export function buildSearches(terms: SearchTerms): { searches: SearchString[]; notes: string[] } {
  const draft = draftOf(terms);
  if (!draft.titles.length && !draft.must.length && !draft.nice.length) {
    return { searches: [], notes: ['Give a job title or must-haves to build search strings.'] };
  }
  const searches: SearchString[] = [];
  const notes: string[] = [];
  let anded: string[] = [];
  for (const target of ['linkedin-recruiter', 'linkedin-recruiter-title', 'job-board', 'google-xray'] as const) {
    if (target === 'linkedin-recruiter-title' && !draft.titles.length) continue;
    let fitted: { query: string; dropped: Dropped };
    if (target === 'google-xray') fitted = fitGoogle(terms);
    else if (target === 'linkedin-recruiter-title') fitted = fitTitles(terms);
    else {
      const boolean = fitBoolean(terms, target);
      anded = boolean.anded;
      fitted = boolean;
    }
    const { query, dropped } = fitted;
    const limit = SEARCH_LIMITS[target];
    const length = limit.unit === 'words' ? googleWordCount(query) : query.length;
    if (!parseBooleanQuery(query, target).ok || length > limit.max) {
      notes.push(`${TARGET_NAMES[target]}: no valid string fits the limit with these terms; shorten the title or must-haves.`);
      continue;
    }
    searches.push({ target, label: LABELS[target], query, length, limit, usage: usage(target, terms.location) });
    notes.push(...notesFor(target, { ...dropped, nice: [] }));
  }
  if (anded.length)
    notes.push(
      `The strings AND at most ${MAX_AND_CONCEPTS} concepts (more find almost nobody): left out the must-haves ${list(anded)}; check them when screening or run a second search with them.`,
    );
  if (draft.nice.length)
    notes.push(`Nice-to-haves are not in the strings (a profile would have to match them): ${list(draft.nice.map((g) => g.concept))}.`);
  return { searches, notes };
}
