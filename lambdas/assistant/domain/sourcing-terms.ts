import type { Requirement, SourcingTermsOutput, TermGroup } from '../../shared/contracts/assistant';
import type { AssistantInputs } from '../engine/language-model';
import { buildSearches, cleanTerm } from './boolean-query';
import { proposeMustHaves } from './must-haves';
import { industryOf } from '../../shared/text/industry';
import { INTERNAL_LINE } from '../../shared/text/job-sections';
import { findSkills, searchTermsOf, skillEntry } from '../../shared/text/skills-dictionary';
import { titleVariants } from '../../shared/text/titles';

/**
 * Capability 1: sourcing search terms. The job's confirmed must-haves (or, without them, the ones
 * proposed from its description) become one OR-group of synonyms per concept, AND-ed together; the
 * nice-to-haves and the client's industry one OR-group; the title its variants; exclusions keep
 * recruiters, interns and (for non-sales roles) sales people out. Then the three strings.
 */

const TERMS_PER_GROUP = 4;
const MUST_GROUPS_MAX = 8;
const NICE_GROUPS_MAX = 8;
const EXCLUSIONS_MAX = 8;

/** Synonyms a search gains nothing from: a term that contains another term of the group ("RN license" beside "RN"). */
function searchableTerms(canonical: string): string[] {
  const terms = searchTermsOf(canonical);
  const words = (t: string) => ` ${t.toLowerCase()} `;
  return terms.filter((t) => !terms.some((o) => o !== t && o.length < t.length && words(t).includes(words(o)))).slice(0, TERMS_PER_GROUP);
}

/** Soft skills and the like do not find people in a keyword search. */
function searchable(canonical: string, kind: Requirement['kind']): boolean {
  const category = skillEntry(canonical)?.category;
  return category !== 'soft-skill' && (category !== 'language' || kind === 'language');
}

/** The concept groups of one requirement: each skill its own group, or one group for "A or B". */
function groupsOf(requirement: Requirement): TermGroup[] {
  const skills = [...new Set(findSkills(requirement.text).map((m) => m.canonical))].filter((s) => searchable(s, requirement.kind));
  if (!skills.length) {
    // A short requirement the dictionary does not know ("Salesforce CPQ") is itself the term.
    const text = cleanTerm(requirement.text);
    const short = text.split(/\s+/).length <= 3 && !/\d/.test(text) && requirement.kind !== 'location' && requirement.kind !== 'other';
    return short ? [{ concept: text, terms: [text] }] : [];
  }
  if (skills.length > 1 && /\bor\b|\//i.test(requirement.text)) {
    const terms = [...new Set(skills.flatMap((s) => searchableTerms(s).slice(0, 2)))].slice(0, TERMS_PER_GROUP + 2);
    return [{ concept: skills.join(' or '), terms }];
  }
  return skills.map((s) => ({ concept: s, terms: searchableTerms(s) }));
}

function mergeGroups(
  requirements: readonly Requirement[],
  taken: Set<string>,
  max: number,
): { groups: TermGroup[]; unsearchable: string[] } {
  const groups: TermGroup[] = [];
  const unsearchable: string[] = [];
  for (const requirement of requirements) {
    const found = groupsOf(requirement).filter((g) => !taken.has(g.concept.toLowerCase()));
    if (!groupsOf(requirement).length) unsearchable.push(requirement.text);
    for (const group of found) {
      if (groups.length >= max) break;
      taken.add(group.concept.toLowerCase());
      groups.push(group);
    }
  }
  return { groups, unsearchable };
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

  const taken = new Set<string>();
  const must = mergeGroups(mustHaves, taken, MUST_GROUPS_MAX);
  const nice = mergeGroups(niceToHaves, taken, NICE_GROUPS_MAX);
  const publicDescription = description
    .split(/\r\n|\r|\n/)
    .filter((l) => !INTERNAL_LINE.test(l))
    .join('\n');
  const industry = industryOf(companyInfo, publicDescription);
  if (industry && !taken.has(industry.name) && nice.groups.length < NICE_GROUPS_MAX) {
    nice.groups.push({ concept: `${industry.name} industry`, terms: [...industry.searchTerms] });
  }

  const requested = (input?.exclusions ?? []).map(cleanTerm).filter(Boolean);
  const exclusions = [...new Set([...requested, ...defaultExclusions(title, mustHaves, niceToHaves)].map((e) => e.toLowerCase()))]
    .map((e) => requested.find((r) => r.toLowerCase() === e) ?? e)
    .slice(0, Math.max(EXCLUSIONS_MAX, requested.length));
  const location = String(input?.location ?? '').trim() || proposed?.location || null;
  const titles = titleVariants(title);

  const { searches, notes } = buildSearches({ titles, mustHaveGroups: must.groups, niceToHaveGroups: nice.groups, exclusions, location });
  const unsearchable = must.unsearchable.length
    ? [`Not in the strings (no keyword finds it; check it when screening): ${must.unsearchable.join('; ')}.`]
    : [];
  return {
    titles,
    mustHaveGroups: must.groups,
    niceToHaveGroups: nice.groups,
    exclusions,
    location,
    searches,
    notes: [...notes, ...unsearchable],
  };
}
