import { ASSISTANT_LIMITS, type MustHavesOutput, type RequirementKind } from '../../shared/contracts/assistant';
import type { AssistantInputs } from '../engine/language-model';
import { yearsRequired } from '../../shared/text/experience';
import { INTERNAL_LINE, jobSections, locationInText, titleInText, type SectionRole } from '../../shared/text/job-sections';
import { keywords, splitSentences, squash } from '../../shared/text/normalize';
import { cleanTitle } from '../../shared/text/titles';
import { statesCommercialTerms } from './sensitive-data';
import { findSkills, skillEntry } from '../../shared/text/skills-dictionary';

/**
 * Capability 3: the client's must-haves and nice-to-haves, proposed from a job description for
 * the recruiter to confirm. Lines of "Requirements / Must have / Qualifications" sections are
 * must-haves and lines of "Nice to have / Preferred / Bonus" sections nice-to-haves (a line that
 * says "a plus" or "required" moves across); elsewhere only sentences that say "must", "required",
 * "minimum N years" or "preferred" count. A description without any of that gets the dictionary
 * skills it mentions most. Every item keeps the sentence it came from as evidence.
 */

type Proposed = MustHavesOutput['mustHaves'][number];

/** Words that make a sentence a requirement: "must have", "required", "minimum of 3", "at least 2". */
export const MUST_CUE =
  /\b(?:must (?:have|be|hold|possess|demonstrate)|(?:is |are )?required|essential|mandatory|minimum (?:of )?(?:\d|one|two|three|four|five|six|seven|eight|nine|ten)|at least (?:\d|one|two|three|four|five|six|seven|eight|nine|ten))\b/i;
/** In a requirements list, only a line that is itself optional moves to nice-to-haves ("…, ideally in X" stays). */
const NICE_LINE =
  /^(?:ideally|preferably|bonus|nice[- ]to[- ]have|preferred|a plus)\b|(?:\((?:preferred|a plus|nice to have|bonus)\)|\b(?:is|are|would be) a (?:big |strong )?plus|\bpreferred|\bdesirable|\bnice[- ]to[- ]have|\ba bonus)\s*[.!]?$/i;
/** Words that make a sentence a nice-to-have: "a plus", "preferred", "ideally", "bonus". */
export const NICE_CUE =
  /\b(?:nice[- ]to[- ]have|(?:is |are |would be )?a (?:big |strong )?plus|preferred|preferably|bonus|desirable|ideally|advantageous|an advantage)\b/i;
/** Rates, margins and contact lines are the agency's business, never a requirement ("a $1M quota" may be one). */
function notARequirement(line: string): boolean {
  return statesCommercialTerms(line) || /@|\b(?:bill|pay|charge) rate\b|\bmargin\b|\bmark-?up\b/i.test(line);
}

const LEADING =
  /^(?:(?:must[- ]haves?|required|requirements?|essential|nice[- ]to[- ]haves?|preferred|bonus|plus|desirable)\s*[:：–-]\s*|(?:ideally,?\s+)?(?:(?:the )?(?:ideal )?(?:person|candidate) (?:we need|we(?:'re| are) looking for )?(?:has|have|is|will have)|you(?:'ll)? (?:have|bring|are|hold|possess)|we need|we(?:'re| are) looking for|candidates? (?:must|should) (?:have|be|hold)|(?:you )?must (?:have|hold|possess)|should have|ideally(?: you have)?,?)\s+)/i;
const TRAILING =
  /\s*(?:\((?:required|preferred|a plus|must|essential|mandatory)\)|[-–—,]?\s*(?:is|are|would be)?\s*(?:(?:a (?:big |strong )?plus)|required|preferred|essential|mandatory|a bonus|desirable|nice to have))\s*[.!]?$/i;

/** A requirement as a short item: no "You have", no "(preferred)", capitalised, at most 160 characters. */
export function requirementText(sentence: string): string {
  let text = squash(sentence).replace(/[.;:]+$/, '');
  for (let i = 0; i < 2; i += 1) text = text.replace(LEADING, '').replace(TRAILING, '').trim();
  text = text.charAt(0).toUpperCase() + text.slice(1);
  const max = ASSISTANT_LIMITS.itemMaxChars;
  if (text.length <= max) return text;
  const cut = Math.max(
    text.lastIndexOf('; ', max - 1),
    text.lastIndexOf(', ', max - 1),
    text.lastIndexOf(' (', max - 1),
    text.lastIndexOf(' – ', max - 1),
  );
  if (cut >= 40) return text.slice(0, cut).replace(/[,;:(\s–-]+$/, '');
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

const CERT_WORDS =
  /\b(?:certif(?:ied|ication|icate)s?|licen[cs](?:e|ed|ure)s?|registered|registration|chartered|accredit(?:ed|ation)|board[- ]certified|(?:security )?clearance|vetting|vetted)\b/i;
const EDUCATION_WORDS =
  /\b(?:degree|bachelor(?:'|’)?s?|master(?:'|’)?s|ph\.?d|doctorate|diploma|b\.?sc?|m\.?sc|mba|bsn|msn|graduate of|coursework|gpa)\b/i;
const LANGUAGE_WORDS = /\b(?:fluen(?:t|cy)|bilingual|native|spoken|conversational|speak(?:s|ing)?|proficiency in|business[- ]level)\b/i;
const LOCATION_WORDS =
  /\b(?:based in|located in|on[- ]?site|in[- ]office|relocat(?:e|ion)|commut(?:e|able|ing)|within \d+ (?:miles|km)|hybrid|remote|work authori[sz]ation|authori[sz]ed to work|visa|sponsorship|willing(?:ness)? to travel|travel (?:up to|required))\b/i;

/**
 * The kind of a requirement, from its words: a certification or licence ("Active RN license",
 * "CPA"), education ("Bachelor's in Accounting"), a spoken language ("Fluent Spanish"),
 * experience ("5+ years of …"), location ("Must be based in Chicago"), a skill, or other.
 */
export function classifyRequirement(text: string): RequirementKind {
  const source = String(text ?? '');
  const categories = new Set(findSkills(source).map((m) => skillEntry(m.canonical)?.category));
  if (categories.has('certification') || CERT_WORDS.test(source)) return 'certification';
  if (categories.has('education') || EDUCATION_WORDS.test(source)) return 'education';
  if (categories.has('language') && (LANGUAGE_WORDS.test(source) || categories.size === 1)) return 'language';
  if (yearsRequired(source) !== null) return 'experience';
  if (LOCATION_WORDS.test(source)) return 'location';
  if (categories.size) return 'skill';
  if (/\b(?:experience|background in|track record|worked (?:in|with|as))\b/i.test(source)) return 'experience';
  if (/\b(?:knowledge|proficien(?:t|cy)|skills?|familiar(?:ity)?|hands-on|ability to|expertise|understanding of)\b/i.test(source))
    return 'skill';
  return 'other';
}

interface Candidate {
  readonly text: string;
  readonly evidence: string;
  readonly nice: boolean;
}

function fromSections(description: string): Candidate[] {
  const found: Candidate[] = [];
  for (const section of jobSections(description)) {
    const role: SectionRole = section.role;
    if (role === 'internal' || role === 'offer' || role === 'location') continue;
    const listed = role === 'requirements' || role === 'nice-to-haves';
    for (const line of section.lines) {
      if (INTERNAL_LINE.test(line) || notARequirement(line)) continue;
      for (const sentence of listed ? [line] : splitSentences(line)) {
        const must = MUST_CUE.test(sentence);
        const nice = NICE_CUE.test(sentence);
        if (!listed && !must && !nice) continue;
        const isNice =
          role === 'nice-to-haves' ? !must : (listed ? NICE_LINE.test(sentence) : nice) && !/\bmust\b|\brequired\b/i.test(sentence);
        const text = requirementText(sentence);
        if (text.length >= 2 && /\p{L}/u.test(text)) found.push({ text, evidence: squash(sentence).slice(0, 400), nice: isNice });
      }
    }
  }
  return found;
}

/** A description with no requirements written out: the dictionary skills it mentions most. */
function fromSkills(description: string): Candidate[] {
  const usable = jobSections(description)
    .filter((s) => s.role !== 'internal' && s.role !== 'offer')
    .flatMap((s) => s.lines)
    .filter((l) => !INTERNAL_LINE.test(l) && !notARequirement(l));
  const sentences = usable.flatMap(splitSentences);
  const counts = new Map<string, { count: number; first: number; evidence: string }>();
  sentences.forEach((sentence, i) => {
    for (const m of findSkills(sentence)) {
      const seen = counts.get(m.canonical);
      if (seen) seen.count += 1;
      else counts.set(m.canonical, { count: 1, first: i, evidence: sentence });
    }
  });
  const ranked = [...counts.entries()].sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first);
  const candidates: Candidate[] = [];
  const years = yearsRequired(sentences.join('\n'));
  if (years !== null) {
    const evidence = sentences.find((s) => yearsRequired(s) === years) ?? '';
    candidates.push({ text: `${years}+ years of relevant experience`, evidence, nice: false });
  }
  let must = 0;
  for (const [canonical, { evidence }] of ranked) {
    // Soft skills and languages are rarely the client's knock-outs unless written as such.
    const soft = ['soft-skill', 'language'].includes(skillEntry(canonical)?.category ?? '');
    const nice = soft || must >= 8;
    if (!nice) must += 1;
    candidates.push({ text: canonical, evidence: squash(evidence).slice(0, 400), nice });
  }
  return candidates;
}

function dedupe(candidates: readonly Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  const keys = new Map<string, number>();
  for (const c of candidates) {
    const key = keywords(c.text).sort().join(' ') || c.text.toLowerCase();
    const at = keys.get(key);
    if (at === undefined) {
      keys.set(key, kept.length);
      kept.push(c);
    } else if (kept[at].nice && !c.nice) {
      kept[at] = c; // A must-have wins over the same item as a nice-to-have.
    }
  }
  return kept;
}

/**
 * Proposes the must-haves and nice-to-haves of a job, each with its kind and the sentence it came
 * from, plus the title and location the description states. At most 25 of each, in the order of
 * the description; never throws.
 */
export function proposeMustHaves(input: AssistantInputs['must-haves']): MustHavesOutput {
  const description = String(input?.description ?? '');
  let candidates = dedupe(fromSections(description));
  // Prose without requirement lists: add the skills it names that no proposed item covers yet.
  const listed = jobSections(description).some((s) => s.role === 'requirements' || s.role === 'nice-to-haves');
  if (!listed || !candidates.some((c) => !c.nice)) {
    const covered = new Set(candidates.flatMap((c) => findSkills(c.text).map((m) => m.canonical)));
    const statesYears = candidates.some((c) => yearsRequired(c.text) !== null);
    const extra = fromSkills(description).filter((c) =>
      skillEntry(c.text) ? !covered.has(skillEntry(c.text)?.canonical ?? '') : !statesYears,
    );
    candidates = dedupe([...candidates, ...extra]);
  }
  const toItem = (c: Candidate): Proposed => ({ text: c.text, kind: classifyRequirement(c.text), evidence: c.evidence });
  const max = ASSISTANT_LIMITS.requirementsMax;
  return {
    mustHaves: candidates
      .filter((c) => !c.nice)
      .slice(0, max)
      .map(toItem),
    niceToHaves: candidates
      .filter((c) => c.nice)
      .slice(0, max)
      .map(toItem),
    title: cleanTitle(titleInText(description) ?? '') || squash(input?.title ?? '') || null,
    location: locationInText(description),
  };
}
