import type { Requirement, SourcingTermsOutput, TermGroup } from '../../shared/contracts/assistant';
import type { AssistantInputs } from '../engine/language-model';
import { buildSearches, cleanTerm } from './boolean-query';
import { proposeMustHaves } from './must-haves';
import {
  familyKeywords,
  isGenericTitle,
  occupationFamilies,
  occupationIn,
  occupationMatches,
  roleWords,
  type FamilyKeyword,
  type Occupation,
  type OccupationFamily,
  type OccupationMatch,
} from './occupations';
import { postingTitles, withoutSeniority } from './occupations/posting-title';
import { industryOf } from '../../shared/text/industry';
import { INTERNAL_LINE } from '../../shared/text/job-sections';
import { splitSentences, squash } from '../../shared/text/normalize';
import { findSkills, searchTermsOf, skillEntry, type SkillMention } from '../../shared/text/skills-dictionary';

/**
 * Capability 1: sourcing search terms. The job's confirmed must-haves (or, without them, the ones
 * proposed from its description) become one OR-group of synonyms per concept; the words of the
 * trade the posting uses (from the occupation vocabulary) join them; the title comes with its
 * seniority-free form and the occupation's common titles (O*NET's); exclusions keep recruiters, interns and (for non-sales roles)
 * sales people out. Every group carries the posting sentence it came from. Then the strings.
 */

const TERMS_PER_GROUP = 4;
const MUST_GROUPS_MAX = 8;
const NICE_GROUPS_MAX = 8;
const TRADE_GROUPS_MAX = 10;
const TITLES_MAX = 6;
const EXCLUSIONS_MAX = 8;
const EVIDENCE_MAX_CHARS = 240;

const lower = (s: string) => s.toLowerCase();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `term` as whole words, any case, spaces or hyphens alike, singular or plural ("delivery",
 * "deliveries"); a trade's "-ing" word also as its doer ("grinding": "grinders", "order picking":
 * "order pickers").
 */
function termPattern(term: string): RegExp {
  let pattern = patterns.get(term);
  if (!pattern) {
    let stem = term.replace(/(?<=[^s])s$/i, '');
    let ending = '(?:e?s)?';
    if (/[^aeiou]y$/i.test(stem)) [stem, ending] = [stem.slice(0, -1), '(?:y|ies)'];
    else if (/\p{L}{3}ing$/iu.test(stem)) [stem, ending] = [stem.slice(0, -3), '(?:ings?|ers?)'];
    const words = escape(stem).replace(/(?:\\-|\s)+/g, '[\\s-]+');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words}${ending}(?![\\p{L}\\p{N}])`, 'iu');
    patterns.set(term, pattern);
  }
  return pattern;
}

/** Each term's pattern, compiled once: every posting tries the whole vocabulary. */
const patterns = new Map<string, RegExp>();

/**
 * Whether `text` (lower-cased as `lowered`) names `term`: a cheap look for the term's first
 * letters before the pattern, as most of the vocabulary is in no given posting.
 */
function names(text: string, lowered: string, term: string): boolean {
  const head = /^[\p{L}\p{N}]{1,4}/u.exec(lower(term))?.[0] ?? '';
  return lowered.includes(head) && termPattern(term).test(text);
}

/** Whether `text` mentions `term` (see {@link termPattern}). */
function mentions(text: string, term: string): boolean {
  return termPattern(term).test(text);
}

/**
 * The names of a skill worth a place in a search: its canonical name, the names the posting
 * itself uses, and short abbreviations ("EHR", "k8s"). Paraphrases the posting never wrote
 * ("analysing data") find few more people and read as noise to the recruiter.
 */
function searchableTerms(canonical: string, posting: string): string[] {
  const terms = searchTermsOf(canonical);
  const kept = terms.filter((t, i) => i === 0 || mentions(posting, t) || (!/\s/.test(t) && t.length <= 5));
  const words = (t: string) => ` ${lower(t)} `;
  // A term containing another term of the group adds nothing ("RN license" beside "RN").
  return kept.filter((t) => !kept.some((o) => o !== t && o.length < t.length && words(t).includes(words(o)))).slice(0, TERMS_PER_GROUP);
}

/** Soft skills and the like do not find people in a keyword search. */
function searchable(canonical: string, kind: Requirement['kind']): boolean {
  const category = skillEntry(canonical)?.category;
  return category !== 'soft-skill' && (category !== 'language' || kind === 'language');
}

/** Words that make a requirement a description rather than a keyword ("Good communication skills"). */
const NOT_A_KEYWORD =
  /\b(?:skills?|abilit(?:y|ies)|able|experience[d]?|knowledge|strong|good|excellent|great|proven|working|must|required|preferred|plus|years?|attitude|team|detail|oriented|motivated|communication|customer service|self|willing|eager)\b/i;

/** The concept groups of one requirement: each skill its own group, or one group for "A or B". */
function groupsOf(requirement: Requirement & { evidence?: string }, posting: string): TermGroup[] {
  const evidence = requirement.evidence ? { evidence: clip(requirement.evidence) } : {};
  const mentioned = [...new Set(findSkills(requirement.text).map((m) => m.canonical))];
  const skills = mentioned.filter((s) => searchable(s, requirement.kind));
  if (!skills.length) {
    // A short requirement the dictionary does not know ("Salesforce CPQ") is itself the term,
    // unless it is a soft skill the dictionary knows or reads as a description, not a keyword.
    const text = cleanTerm(requirement.text);
    const short =
      !mentioned.length &&
      text.split(/\s+/).length <= 3 &&
      !/\d|[,;:.!?]/.test(text) &&
      !NOT_A_KEYWORD.test(text) &&
      (requirement.kind === 'skill' || requirement.kind === 'certification');
    return short ? [{ concept: text, terms: [text], ...evidence }] : [];
  }
  if (skills.length > 1 && /\bor\b|\//i.test(requirement.text)) {
    const terms = [...new Set(skills.flatMap((s) => searchableTerms(s, posting).slice(0, 2)))].slice(0, TERMS_PER_GROUP + 2);
    return [{ concept: skills.join(' or '), terms, ...evidence }];
  }
  return skills.map((s) => ({ concept: s, terms: searchableTerms(s, posting), ...evidence }));
}

function clip(sentence: string): string {
  const text = squash(sentence);
  return text.length <= EVIDENCE_MAX_CHARS ? text : `${text.slice(0, EVIDENCE_MAX_CHARS - 1).trimEnd()}…`;
}

function mergeGroups(
  requirements: readonly Requirement[],
  posting: string,
  taken: Set<string>,
  max: number,
): { groups: TermGroup[]; unsearchable: string[] } {
  const groups: TermGroup[] = [];
  const unsearchable: string[] = [];
  for (const requirement of requirements) {
    const all = groupsOf(requirement, posting);
    if (!all.length) unsearchable.push(requirement.text);
    for (const group of all.filter((g) => !taken.has(lower(g.concept)))) {
      if (groups.length >= max) break;
      for (const term of [group.concept, ...group.terms]) taken.add(lower(term));
      groups.push(group);
    }
  }
  return { groups, unsearchable };
}

/**
 * A family whose keywords a posting uses this many of, and more than its own family's, is part of
 * the job too (a general laborer's "plumbing", "carpentry", "drywall").
 */
const OTHER_FAMILY_KEYWORDS_MIN = 3;
const UNKNOWN_OCCUPATION_KEYWORDS_MIN = 2;

/**
 * Words run together where a scrape lost the line breaks ("accuracyLoading and unloading") parted
 * again, for finding the trade's lower-case words; names written in one ("QuickBooks") are looked
 * for in the text as it is.
 */
const parted = (text: string) => text.replace(/(\p{Ll})(\p{Lu}\p{Ll})/gu, '$1 $2');

/** The text to look for a word in: as written for a name ("QuickBooks"), parted for a lower-case word. */
const textFor = <T>(form: string, asWritten: T, partedText: T): T => (form === lower(form) ? partedText : asWritten);

/**
 * The occupation's own words, its family's keywords, then those of another family the posting
 * draws on more than on its own (a general laborer who does plumbing, carpentry and drywall).
 */
function vocabularyOf(occupation: Occupation | null, posting: string, partedPosting: string): FamilyKeyword[] {
  const own = occupation?.family ?? null;
  const ownUsed = own ? keywordsUsed(own, posting, partedPosting) : 0;
  // Without an occupation, fewer keywords say which trade the posting is in ("tractor trailer", "local delivery").
  const least = own ? OTHER_FAMILY_KEYWORDS_MIN : UNKNOWN_OCCUPATION_KEYWORDS_MIN;
  const others = occupationFamilies().filter((family) => {
    if (family === own) return false;
    const n = keywordsUsed(family, posting, partedPosting);
    return n >= least && n > ownUsed;
  });
  return [
    ...(occupation?.skills ?? []).map((skill) => ({ keyword: skill, forms: [skill] })),
    ...(own ? familyKeywords(own) : []),
    ...others.flatMap(familyKeywords),
  ];
}

/** How many of a family's keywords a posting uses (in any of their forms). */
function keywordsUsed(family: OccupationFamily, posting: string, partedPosting: string): number {
  const lowered = lower(posting);
  return familyKeywords(family).filter(({ forms }) => forms.some((f) => names(textFor(f, posting, partedPosting), lowered, f))).length;
}

/**
 * The occupation the posting's titles name; where several tie ("Quality Technician" in
 * engineering and in food science), the one whose family's keywords the posting uses most.
 */
function closestOccupation(titles: readonly string[], posting: string): OccupationMatch | null {
  const tied =
    titles.map((t) => occupationMatches(t)).find((m) => m.length > 0) ??
    titles.map((t) => occupationMatches(t, { generic: true })).find((m) => m.length > 0) ??
    [];
  if (tied.length < 2) return tied[0] ?? null;
  const partedPosting = parted(posting);
  const uses = new Map<OccupationFamily, number>();
  const usesOf = (family: OccupationFamily) =>
    uses.get(family) ?? uses.set(family, keywordsUsed(family, posting, partedPosting)).get(family) ?? 0;
  // A stable sort keeps the more reported title first among equals.
  return [...tied].sort((a, b) => usesOf(b.occupation.family) - usesOf(a.occupation.family))[0];
}

/**
 * The words of the trade the posting uses, each with the sentence it is in: the dictionary's
 * skills (not soft skills) wherever the posting names them, then the occupation's own words
 * ("quenching", "SolidWorks") and the keywords of its family and of the families the posting
 * draws on ("blueprints"). A word inside a longer one found first is left out.
 */
function tradeGroups(occupation: Occupation | null, sentences: readonly string[], taken: Set<string>, posting: string): TermGroup[] {
  const groups: TermGroup[] = [];
  const add = (group: TermGroup) => {
    if (groups.length >= TRADE_GROUPS_MAX || taken.has(lower(group.concept))) return;
    const inside = ` ${lower(group.concept)} `;
    if ([...taken].some((t) => t.includes(' ') && ` ${t} `.includes(inside))) return;
    for (const term of [group.concept, ...group.terms]) taken.add(lower(term));
    groups.push(group);
  };
  // One pass over the posting (a pass per sentence costs twenty times more), then each mention's sentence.
  for (const mention of findSkills(posting)) {
    const sentence = sentences.find((s) => s.includes(mention.matched));
    if (sentence && searchable(mention.canonical, 'skill') && namesATool(mention))
      add({ concept: mention.canonical, terms: searchableTerms(mention.canonical, posting), evidence: clip(sentence) });
  }
  const partedPosting = parted(posting);
  const loweredPosting = lower(posting);
  const partedSentences = sentences.map(parted);
  // One pattern per form, tried on the whole posting before its sentences.
  const seen = new Set<string>();
  const found = vocabularyOf(occupation, posting, partedPosting).flatMap(({ keyword, forms }) => {
    if (seen.has(lower(keyword))) return [];
    seen.add(lower(keyword));
    for (const form of forms) {
      const pattern = termPattern(form);
      if (!names(textFor(form, posting, partedPosting), loweredPosting, form)) continue;
      const sentence = textFor(form, sentences, partedSentences).find((s) => pattern.test(s));
      if (sentence) return [{ skill: keyword, sentence }];
    }
    return [];
  });
  // Longer phrases first, so "respiratory therapy" is kept and "therapy" inside it is not.
  for (const { skill, sentence } of [...found].sort((a, b) => b.skill.length - a.skill.length))
    add({ concept: skill, terms: [skill], evidence: clip(sentence) });
  return groups;
}

/**
 * Whether a skill the posting names in passing is worth a search: a tool, system, licence or
 * clinical skill is; a practice written in plain words ("continuous improvement", "data
 * analysis", "procurement") usually describes the company, unless it is a name or an acronym.
 */
function namesATool(mention: SkillMention): boolean {
  const category = skillEntry(mention.canonical)?.category;
  if (category === 'software' || category === 'cloud' || category === 'clinical' || category === 'certification') return true;
  return /\p{Lu}.*\p{Lu}|\d/u.test(mention.matched);
}

const words = (title: string) =>
  lower(title)
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter(Boolean);

/**
 * Whether an occupation's title names the posting's role: it adds a word to the matched title
 * ("Certified Medical Assistant"), is part of the posting's title ("Paralegal" for "Litigation
 * Paralegal"), or keeps the matched title's head and another of its words ("CNC Operator" for
 * "CNC Machine Operator"). Words are compared as role words ("Sales Rep" is "Sales Representative",
 * "Back End" is "Backend"). "Chiropractor Assistant" shares only the head: another job.
 */
function namesRole(title: string, own: readonly string[], matched: string): boolean {
  const t = roleWords(title);
  const m = roleWords(matched);
  const ownWords = new Set(own.flatMap(roleWords));
  if (m.every((w) => t.includes(w))) return true;
  if (t.every((w) => ownWords.has(w))) return true;
  return t[t.length - 1] === m[m.length - 1] && t.slice(0, -1).some((w) => m.slice(0, -1).includes(w));
}

/** A title a search can use: at most four words, none an operator ("OR Nurse") or repeated ("QA QA Engineer"). */
function usableTitle(title: string): boolean {
  const w = words(title);
  return w.length > 0 && w.length <= 4 && new Set(w).size === w.length && !/(?:^|\s)(?:AND|OR|NOT)(?:\s|$)/.test(title);
}

/**
 * The search titles: the posting's own (cleaned), without its seniority too, then the
 * occupation's titles for the same role (O*NET's, most reported first).
 */
function searchTitles(own: readonly string[], match: OccupationMatch | null): string[] {
  const titles = own.flatMap((t) => [t, withoutSeniority(t)]).filter(usableTitle);
  if (match) {
    // Two-letter abbreviations ("MA", "RT") match states, degrees and initials in a keyword search,
    // and a bare "Driver" or "Teacher" matches every kind of one.
    const common = match.occupation.titles.filter((t) => t.length > 2 && !isGenericTitle(t) && usableTitle(t));
    // A rarer title that matched is the posting's own, in the words it is matched by: not shown.
    if (match.occupation.titles.includes(match.title)) titles.push(match.title);
    titles.push(...common.filter((t) => namesRole(t, own, match.title)));
  }
  const seen = new Set<string>();
  return titles.filter((t) => t && !isGenericTitle(t) && !seen.has(lower(t)) && !!seen.add(lower(t))).slice(0, TITLES_MAX);
}

function defaultExclusions(title: string, mustHaves: readonly Requirement[], niceToHaves: readonly Requirement[]): string[] {
  const required = [...mustHaves, ...niceToHaves];
  const names = new Set(required.flatMap((r) => findSkills(r.text).map((m) => m.canonical)));
  const exclusions = ['recruiter', 'talent acquisition', 'intern'];
  const salesRole =
    /\b(?:sales|account executive|business development|account manager|SDR|BDR)\b/i.test(title) ||
    [...names].some((name) => skillEntry(name)?.category === 'sales');
  if (!salesRole) exclusions.push('sales');
  // Licensed roles are not filled by students working toward the licence. The phrase, not the
  // word: a nurse who precepts students or an accountant who tutored them is still wanted.
  if (names.has('Registered Nurse')) exclusions.push('nursing student', 'student nurse');
  if (names.has('CPA')) exclusions.push('accounting student');
  // Never exclude what the job is about: a recruiter's search keeps "recruiter".
  const wanted = `${title} ${required.map((r) => r.text).join(' ')}`;
  return exclusions.filter((e) => !new RegExp(`\\b${e}`, 'i').test(wanted));
}

/** Licences and certifications narrow a search most surely, so they lead the AND-ed groups. */
function byStrength(groups: readonly TermGroup[]): TermGroup[] {
  const rank = (g: TermGroup) => (skillEntry(g.concept)?.category === 'certification' ? 0 : 1);
  return [...groups].sort((a, b) => rank(a) - rank(b));
}

/**
 * The terms and strings of a job. Uses the job's confirmed must-haves and nice-to-haves when it
 * has any, else those proposed from its description; the recruiter's exclusions come first.
 */
export function sourcingTerms(input: AssistantInputs['sourcing-terms']): SourcingTermsOutput {
  const description = String(input?.description ?? '');
  const companyInfo = String(input?.companyInfo ?? '');
  const confirmed = (input?.mustHaves?.length ?? 0) + (input?.niceToHaves?.length ?? 0) > 0;
  const proposed = confirmed ? null : proposeMustHaves({ title: input?.title ?? '', description, companyInfo });
  const mustHaves: readonly Requirement[] = confirmed ? input.mustHaves : (proposed?.mustHaves ?? []);
  const niceToHaves: readonly Requirement[] = confirmed ? input.niceToHaves : (proposed?.niceToHaves ?? []);
  const title = String(input?.title ?? '').trim() || proposed?.title || '';

  const publicDescription = description
    .split(/\r\n|\r|\n/)
    .filter((l) => !INTERNAL_LINE.test(l))
    .join('\n');
  const sentences = publicDescription.split(/\n+/).flatMap((line) => splitSentences(line));
  // The title names trade words too ("Medical-Surgical/Telemetry"), and is where the posting says them first.
  const titled = title && !publicDescription.includes(title) ? [title, ...sentences] : sentences;
  const own = postingTitles(title);
  const match = closestOccupation(own, `${title}\n${publicDescription}`) ?? occupationIn(publicDescription);
  const occupation = match?.occupation ?? null;

  const taken = new Set<string>();
  const must = mergeGroups(mustHaves, publicDescription, taken, MUST_GROUPS_MAX);
  const nice = mergeGroups(niceToHaves, publicDescription, taken, NICE_GROUPS_MAX);
  const titles = searchTitles(own, match);
  for (const t of titles) taken.add(lower(t));
  // The client's own industry, as the recruiter states it: guessed from a posting it misleads.
  const industry = companyInfo.trim() ? industryOf(companyInfo) : null;
  if (industry && !taken.has(industry.name) && nice.groups.length < NICE_GROUPS_MAX) {
    nice.groups.push({ concept: `${industry.name} industry`, terms: [...industry.searchTerms] });
  }
  // Without confirmed requirements, the trade's words the posting uses join them: those a
  // must-have names are must-haves, the others only say the posting uses them.
  if (!confirmed) {
    const mustText = mustHaves.map((m) => m.text).join('\n');
    for (const group of tradeGroups(
      occupation,
      titled,
      taken,
      titled === sentences ? publicDescription : `${title}\n${publicDescription}`,
    )) {
      const into = mentions(mustText, group.concept) ? must.groups : nice.groups;
      if (into.length < (into === must.groups ? MUST_GROUPS_MAX : NICE_GROUPS_MAX)) into.push(group);
    }
  }

  const requested = (input?.exclusions ?? []).map(cleanTerm).filter(Boolean);
  const exclusions = [...new Set([...requested, ...defaultExclusions(title, mustHaves, niceToHaves)].map(lower))]
    .map((e) => requested.find((r) => lower(r) === e) ?? e)
    .slice(0, Math.max(EXCLUSIONS_MAX, requested.length));
  const location = String(input?.location ?? '').trim() || proposed?.location || null;
  const mustGroups = byStrength(must.groups);

  const { searches, notes } = buildSearches({ titles, mustHaveGroups: mustGroups, niceToHaveGroups: nice.groups, exclusions, location });
  const unsearchable = must.unsearchable.length
    ? [`Not in the strings (no keyword finds it; check it when screening): ${must.unsearchable.join('; ')}.`]
    : [];
  return {
    titles,
    mustHaveGroups: mustGroups,
    niceToHaveGroups: nice.groups,
    exclusions,
    location,
    searches,
    notes: [...notes, ...unsearchable],
  };
}
