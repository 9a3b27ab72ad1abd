import type { BestFitOutput, RankedCandidate, Requirement } from '../../shared/contracts/assistant';
import type { AssistantInputs, JobContext } from '../engine/language-model';
import { clip, hasAction, hasMeasure } from './evidence-signals';
import { requirementsOf } from './job-requirements';
import { unglue } from './must-haves';
import { jobSections } from '../../shared/text/job-sections';
import {
  analyzeProfile,
  fieldTerms,
  requirementEvidence,
  skillTerms,
  stemCounts,
  WRITTEN_OUT,
  verdictOf,
  type ProfileAnalysis,
  type RequirementEvidence,
} from './profile-evidence';
import { inlineSubject, subjectOf, topicOf } from './requirement-phrasing';
import { yearsRequired, type ExperienceOptions } from '../../shared/text/experience';
import { squash, STOPWORDS, tokenize } from '../../shared/text/normalize';
import { skillsIn } from '../../shared/text/skills-dictionary';
import { cleanTitle, seniorityOf, type Seniority } from '../../shared/text/titles';

/**
 * Capability 6: candidates ranked for a job. Each candidate scores 0-100 from: must-have coverage
 * (30) and how convincingly the resume shows them (10: quantified work beats a keyword list, so
 * stuffing a skills section does not win), the field the resume's work is in against the job's (20:
 * its work lines' words against the posting's duties and requirements, rare words counting most, a
 * keyword list a tenth) and the titles held against the job's title (20), years against the years
 * asked (10; a few years of work when none are asked), seniority (5) and nice-to-haves (5). Must-haves
 * proposed from the posting (none confirmed yet) count half. Must-haves, years and nice-to-haves
 * count in full only in the job's line of work (its field or title), and conditions a resume cannot
 * show (right to work, lifting, availability) are left to screening. A part that does not apply
 * gives its weight to the others. A stored interview evaluation counts for a quarter of the final
 * score. Ties go to the stronger evidence, then the longer experience, and only then to the name.
 */

/** The weights of the profile score's parts (sum 100). */
export const BEST_FIT_WEIGHTS = { mustHaves: 30, evidence: 10, field: 20, title: 20, years: 10, seniority: 5, niceToHaves: 5 } as const;
/** The share of the final score an interview evaluation takes when there is one. */
export const EVALUATION_SHARE = 0.25;
/**
 * The cosine between a resume's and a posting's words at which the field counts as fully the job's
 * (two real texts about the same work share few words in absolute terms: 0.05-0.1 is close).
 */
const FIELD_FULL = 0.15;
/** Lines of a posting about the employer's policies rather than the work. */
const BOILERPLATE =
  /\b(?:equal (?:employment )?opportunity|without regard|disabilit|accommodat|veteran status|sexual orientation|e-?verify|background check|drug (?:screen|test)|benefits?|401\(?k|paid (?:time off|holidays)|PTO|dental|vision|insurance|wellness|retirement|vacation|discounts?)\b/i;

/**
 * How much must-haves proposed from the posting count against confirmed ones: a proposal from a
 * long posting can hold boilerplate every candidate "misses", so it must not outweigh the field.
 */
const DERIVED_MUST_HAVE_SHARE = 0.5;
/** How much must-haves, years and nice-to-haves count for a resume whose work is not the job's at all (1 when it is). */
const QUALIFICATION_FLOOR = 0.4;
/** Years of work that count as fully experienced when the job asks for no number. */
const YEARS_WHEN_NONE_ASKED = 5;

/**
 * What a resume cannot show and a recruiter confirms at screening instead: the right to work,
 * citizenship, age, lifting, a background check or drug screen, where one lives, availability. A
 * resume line that happens to share their words ("work", "state") is no evidence of them, so they
 * are not scored.
 */
const CONFIRMED_AT_SCREENING =
  /\b(?:authori[sz]ed to work|work authori[sz]ation|legally (?:permitted|eligible|authori[sz]ed)|eligib\w* to work|sponsorship|citizen(?:ship)?|(?:lift|carry)\w*\b[^.]{0,40}?\b\d{2,3}\s*(?:lbs?|pounds)|background (?:check|screen)|drug (?:test|screen)|\d{2}\s*(?:years? (?:old|of age)|or older)|(?:live|reside) (?:in|within)|(?:available|availability|willing(?:ness)? to work|able to work)\b[^.]{0,30}?\b(?:weekends?|nights?|overtime|shifts?|holidays|on[- ]call))/i;

/** Whether a resume can show the requirement (see {@link CONFIRMED_AT_SCREENING}; a location is confirmed at screening too). */
function shownByResume(requirement: Requirement): boolean {
  return requirement.kind !== 'location' && !CONFIRMED_AT_SCREENING.test(requirement.text);
}

const LEVELS: readonly Seniority[] = ['entry', 'mid', 'senior', 'lead', 'executive'];

interface Assessment {
  readonly name: string;
  readonly index: number;
  readonly score: number;
  readonly must: readonly RequirementEvidence[];
  readonly nice: readonly RequirementEvidence[];
  readonly years: number | null;
  readonly evaluationOverall: number | null;
  readonly reasons: string[];
  /** What ties are broken on: must-have strength and how close the field is (0-2). */
  readonly evidenceStrength: number;
}

/** Ranks the candidates for the job, best first, with reasons and a one-sentence recommendation. */
export function bestFit(input: AssistantInputs['best-fit'], options: ExperienceOptions = {}): BestFitOutput {
  const requirements = requirementsOf(input.job);
  const mustHaves = requirements.mustHaves.filter(shownByResume);
  const niceToHaves = requirements.niceToHaves.filter(shownByResume);
  const screened = requirements.mustHaves.filter((r) => !shownByResume(r)).map((r) => r.text);
  const requiredYears = yearsAsked(input.job, mustHaves);
  const analyses = input.candidates.map((candidate) => analyzeProfile(candidate.profile, options));
  const fields = fieldSimilarity(input.job, analyses);
  const titles = input.candidates.map((candidate, index) => titlesOf(candidate.profile, analyses[index]).map(titleWords));
  const rarity = titleWordRarity(titles);
  const assessments = input.candidates.map((candidate, index) =>
    assess(
      {
        name: squash(candidate.name) || `Candidate ${index + 1}`,
        index,
        titles: titles[index],
        rarity,
        evaluation: candidate.evaluationOverall,
      },
      analyses[index],
      fields[index],
      input.job,
      mustHaves,
      niceToHaves,
      requiredYears,
      input.job.mustHaves.length > 0 ? 1 : DERIVED_MUST_HAVE_SHARE,
    ),
  );
  assessments.sort(
    (a, b) =>
      b.score - a.score ||
      b.evidenceStrength - a.evidenceStrength ||
      (b.years ?? -1) - (a.years ?? -1) ||
      a.name.localeCompare(b.name, 'en') ||
      a.index - b.index,
  );
  const ranking: RankedCandidate[] = assessments.map((a, i) => ({
    rank: i + 1,
    name: a.name,
    score: a.score,
    mustHavesMet: a.must.filter((e) => e.met).map((e) => e.requirement),
    mustHavesMissing: a.must.filter((e) => !e.met).map((e) => e.requirement),
    niceToHavesMet: a.nice.filter((e) => e.met).map((e) => e.requirement),
    evaluationOverall: a.evaluationOverall,
    reasons: screened.length
      ? [
          ...a.reasons,
          `To confirm at screening: ${list(screened.map((text) => subjectOf(text).replace(/^(?:must|should)\s+(?:be\s+)?/i, '')))}`,
        ]
      : a.reasons,
    mustHaveEvidence: a.must.map(verdictOf),
  }));
  return { ranking, recommendation: recommend(assessments, mustHaves.length) };
}

/**
 * How close each resume's work is to the job, 0-1: the cosine between the posting's words (its
 * title counted three times) and the resume's ({@link fieldTerms}: a keyword list counts a
 * quarter), each word weighted by how rare it is among these candidates, so "patient" or "forklift"
 * tell candidates apart and "team" does not.
 */
function fieldSimilarity(job: JobContext, analyses: readonly ProfileAnalysis[]): number[] {
  // What the job is: its duties and requirements, then at half weight what it says about the role
  // or the employer (a heading a scrape lost leaves duties there); never its benefits or policies.
  const jobTerms = new Map<string, number>();
  for (const section of jobSections(unglue(job.description))) {
    if (['offer', 'internal', 'location'].includes(section.role)) continue;
    const lines = section.lines.filter((line) => !BOILERPLATE.test(line)).join('\n');
    const weight = section.role === 'about' ? 0.5 : 1;
    stemCounts(lines, jobTerms, weight);
    skillTerms(skillsIn(lines), jobTerms, weight);
  }
  stemCounts(job.mustHaves.map((r) => r.text).join('\n'), jobTerms);
  stemCounts(job.title, jobTerms, 3);
  const terms = analyses.map((analysis) => fieldTerms(analysis));
  const resumes = terms.map((t) => t.weighted);
  const whole = terms.map((t) => t.whole);
  const frequency = new Map<string, number>();
  for (const terms of resumes) for (const key of terms.keys()) frequency.set(key, (frequency.get(key) ?? 0) + 1);
  // Inverse document frequency: a word every candidate uses tells none of them apart.
  const rarity = (key: string) => Math.log((resumes.length + 1) / ((frequency.get(key) ?? 0) + 0.5));
  const dampen = (count: number) => (count > 0 ? 1 + Math.log(count) : 0);
  const jobVector = new Map([...jobTerms].map(([key, count]) => [key, dampen(count) * rarity(key)]));
  const jobNorm = Math.hypot(...jobVector.values());
  // The length is the whole resume's, so words a list holds add to it fully but count a quarter toward the job.
  const cosines = resumes.map((terms, i) => {
    let dot = 0;
    let norm = 0;
    for (const [key, count] of terms) dot += dampen(count) * rarity(key) * (jobVector.get(key) ?? 0);
    for (const [key, count] of whole[i]) norm += (dampen(count) * rarity(key)) ** 2;
    return jobNorm && norm ? dot / (jobNorm * Math.sqrt(norm)) : 0;
  });
  return cosines.map((cosine) => Math.min(1, cosine / FIELD_FULL));
}

/** The years the job asks for: the strictest of its must-haves, else of its description. */
function yearsAsked(job: JobContext, mustHaves: readonly Requirement[]): number | null {
  const fromMustHaves = mustHaves.map((r) => yearsRequired(r.text)).filter((n): n is number => n !== null);
  return fromMustHaves.length ? Math.max(...fromMustHaves) : yearsRequired(job.description);
}

function assess(
  candidate: {
    name: string;
    index: number;
    titles: readonly (readonly string[])[];
    rarity: (word: string) => number;
    evaluation: number | null;
  },
  analysis: ProfileAnalysis,
  field: number,
  job: JobContext,
  mustHaves: readonly Requirement[],
  niceToHaves: readonly Requirement[],
  requiredYears: number | null,
  mustHaveShare: number,
): Assessment {
  const { name, index, titles, rarity, evaluation } = candidate;
  const must = mustHaves.map((r) => requirementEvidence(analysis, r));
  const nice = niceToHaves.map((r) => requirementEvidence(analysis, r));
  const mustStrength = must.length ? must.reduce((sum, e) => sum + e.strength, 0) / must.length : 0;
  const level = levelFit(job.title, analysis, titles, rarity);
  // A recruiter first asks whether the work is the job's: must-haves and years shown in another
  // line of work (a welder who drove a forklift, a nurse's 20 years for a developer job) count less.
  const inLine = QUALIFICATION_FLOOR + (1 - QUALIFICATION_FLOOR) * Math.max(field, level.title);
  const parts: [weight: number, value: number][] = [];
  if (must.length) {
    parts.push([mustHaveShare * BEST_FIT_WEIGHTS.mustHaves, inLine * (must.filter((e) => e.met).length / must.length)]);
    // Strength counts claims too (a list scores 0.3), so a claim is worth a little, proof much more.
    parts.push([mustHaveShare * BEST_FIT_WEIGHTS.evidence, inLine * mustStrength]);
  }
  parts.push([BEST_FIT_WEIGHTS.field, field]);
  parts.push([BEST_FIT_WEIGHTS.title, level.title]);
  const yearsValue =
    analysis.years === null
      ? 0.2
      : requiredYears !== null
        ? Math.min(1, analysis.years / requiredYears)
        : Math.min(1, analysis.years / YEARS_WHEN_NONE_ASKED);
  parts.push([BEST_FIT_WEIGHTS.years, inLine * yearsValue]);
  parts.push([BEST_FIT_WEIGHTS.seniority, level.seniority]);
  if (nice.length)
    parts.push([
      BEST_FIT_WEIGHTS.niceToHaves,
      inLine * (nice.reduce((sum, e) => sum + (e.met ? 0.5 + 0.5 * e.strength : e.strength), 0) / nice.length),
    ]);
  const weight = parts.reduce((sum, [w]) => sum + w, 0);
  const profileScore = weight ? (100 * parts.reduce((sum, [w, v]) => sum + w * v, 0)) / weight : 0;
  const evaluationOverall = evaluation === null || !Number.isFinite(evaluation) ? null : Math.max(0, Math.min(100, Math.round(evaluation)));
  const blended = evaluationOverall === null ? profileScore : (1 - EVALUATION_SHARE) * profileScore + EVALUATION_SHARE * evaluationOverall;
  const score = Math.max(0, Math.min(100, Math.round(blended)));
  const reasons = reasonsFor(must, nice, analysis.years, requiredYears, level.reason, evaluationOverall);
  return { name, index, score, must, nice, years: analysis.years, evaluationOverall, reasons, evidenceStrength: mustStrength + field };
}

/** Words in a job title that say how or where the job is worked, not what it is ("3rd shift", "Temp to Hire"). */
const NOT_THE_ROLE =
  /^(?:shift|1st|2nd|3rd|first|second|third|night|nights|day|days|weekend|full|part|time|temp|temporary|hire|contract|per|diem|remote|hybrid|onsite|seasonal|job|local|regional|home|weekly|founding|\d+)$/i;

/** Seniority and title against the job's: a title held that names the job's role scores 1, its main word alone a half. */
function levelFit(
  jobTitle: string,
  analysis: ProfileAnalysis,
  profileTitles: readonly (readonly string[])[],
  rarity: (word: string) => number,
): { title: number; seniority: number; reason: string | null } {
  // The seniority the header and the latest roles state ("Senior Accountant").
  const headline = analysis.lines
    .filter((l) => l.kind === 'header' || l.kind === 'experience')
    .slice(0, 6)
    .map((l) => l.text);
  const jobLevel = seniorityOf(jobTitle);
  const theirs = seniorityOf(headline.join(' \n '));
  let seniority = 0.5;
  if (jobLevel && theirs) {
    const gap = LEVELS.indexOf(theirs) - LEVELS.indexOf(jobLevel);
    seniority = gap === 0 ? 1 : gap === 1 ? 0.8 : gap === -1 ? 0.4 : gap > 1 ? 0.5 : 0;
  }
  const role = cleanTitle(jobTitle);
  const held = titleHeld(role, profileTitles, rarity);
  let reason: string | null = null;
  if (held.value === 1) reason = `Has worked as ${held.variant}`;
  else if (role) reason = `No ${role} title in the resume`;
  if (jobLevel && theirs && theirs !== jobLevel) reason = `${reason ? `${reason}; ` : ''}${theirs}-level against a ${jobLevel}-level role`;
  return { title: held.value, seniority, reason };
}

/** The longest dated line read as a role's title line ("Night Warehouse Selector 12/2016 to Current"). */
const ROLE_LINE_WORDS = 14;

/**
 * The title lines of a resume: its first line when that reads as a title ("NIGHT WAREHOUSE
 * SELECTOR"), the header's lines and every short dated work line (a role: "Staff Accountant March
 * 2013 to Present", "Forklift Operator — Uline, 2019 – 2023"), each part of "Sous Chef/Line Cook" on
 * its own. Extra words on a line (dates, employer) do not matter: a title is held when the job's
 * title words are among a line's words.
 */
function titlesOf(profile: string, analysis: ProfileAnalysis): string[] {
  const first = String(profile ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find(Boolean);
  const lines = analysis.lines
    .filter(
      (line) =>
        line.kind === 'header' ||
        (line.kind === 'experience' && /\b(?:19|20)\d{2}\b/.test(line.text) && line.text.split(/\s+/).length <= ROLE_LINE_WORDS),
    )
    .map((line) => line.text);
  return [first && first.length <= 80 && !/[@\d]/.test(first) ? first : '', ...lines]
    .filter(Boolean)
    .flatMap((title) => title.split(/\s*\/\s*/));
}

/**
 * Role nouns that name the same job: a Help Desk Specialist is a Help Desk Analyst, a .NET
 * developer a software engineer, a Licensed Vocational Nurse a Licensed Practical Nurse.
 */
const SAME_ROLE: ReadonlyMap<string, string> = new Map(
  Object.entries({
    vocational: 'practical',
    aide: 'assistant',
    technologist: 'technician',
    administrator: 'administrative',
    agent: 'representative',
    accountant: 'accounting',
    engineer: 'developer',
    programmer: 'developer',
    specialist: 'analyst',
  }),
);

/** A title's words for comparing titles: lower case, plurals folded, abbreviations written out ({@link WRITTEN_OUT}), role nouns folded ({@link SAME_ROLE}), "nursing" kept apart from "nurse". */
function titleWords(title: string): string[] {
  return tokenize(title)
    .flatMap((word) => {
      const singular = word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
      // "ASP.NET" and ".Net" are both the platform.
      return (WRITTEN_OUT.get(singular) ?? SAME_ROLE.get(singular) ?? singular.replace(/^.*\./, '')).split(' ');
    })
    .filter((word) => word && !STOPWORDS.has(word) && !/^\d+$/.test(word) && !NOT_THE_ROLE.test(word));
}

/**
 * How rare each title word is among the candidates' titles: "technician" or "service", which many
 * hold, says less than "quality" or "laboratory", which few do.
 */
function titleWordRarity(titles: readonly (readonly (readonly string[])[])[]): (word: string) => number {
  const holders = new Map<string, number>();
  for (const own of titles) for (const word of new Set(own.flat())) holders.set(word, (holders.get(word) ?? 0) + 1);
  return (word) => Math.log((titles.length + 1) / ((holders.get(word) ?? 0) + 0.5));
}

/**
 * How well the resume's titles (as {@link titleWords}) name the job's role, over the roles the job
 * title names ("Administrative Assistant/Receptionist" names two): 1 when every word of a role is
 * in one title, else the share of its words one title holds, the rarer words counting more, times
 * 0.8 ("Quality Assurance Associate" for a Quality Technician job is closer than "Engineering
 * Technician").
 */
function titleHeld(
  jobTitle: string,
  held: readonly (readonly string[])[],
  rarity: (word: string) => number,
): { value: number; variant: string | null } {
  // "Telesales" holds "sales": a compound of a channel and a role counts as the role ("paralegal" is not "legal").
  const holds = (have: readonly string[], word: string) => have.some((h) => h === word || word === `tele${h}`);
  const weigh = (words: readonly string[]) => words.reduce((sum, word) => sum + rarity(word), 0);
  let best = { value: 0, variant: null as string | null };
  for (const variant of rolesNamed(jobTitle)) {
    const words = titleWords(variant);
    if (!words.length) continue;
    for (const have of held) {
      const found = words.filter((word) => holds(have, word));
      if (found.length === words.length) return { value: 1, variant };
      const value = 0.8 * (weigh(found) / weigh(words));
      if (value > best.value) best = { value, variant: null };
    }
  }
  return best;
}

/**
 * The roles a job title names: "Administrative Assistant/Receptionist" two ("Administrative
 * Assistant", "Receptionist"), "Service / Construction Technician" two that share their noun
 * ("Service Technician", "Construction Technician"), any other title itself.
 */
function rolesNamed(jobTitle: string): string[] {
  const parts = cleanTitle(jobTitle)
    .split(/\s*\/\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return [jobTitle];
  const roles = parts.map((part, i) => {
    const words = part.split(/\s+/);
    const next = parts.slice(i + 1).find((later) => later.split(/\s+/).length > 1);
    // A lone word before a longer role shares that role's noun ("Service" → "Service Technician").
    return words.length === 1 && next && i < parts.length - 1 ? `${part} ${next.split(/\s+/).slice(-1)[0]}` : part;
  });
  return [...new Set(roles)];
}

function list(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** Why a must-have is not met, in the recruiter's words. */
export function gap(e: RequirementEvidence): string {
  const subject = inlineSubject(e.requirement);
  if (e.missingSkills.length) return `No evidence of ${list(e.missingSkills)}`;
  if (e.shortOfYears) return `Shows ${subject}, but not the ${yearsRequired(e.requirement)}+ years asked`;
  if (e.listedOnly)
    return /licen[cs]|certif|\b(?:RN|CPA|BLS|ACLS)\b/i.test(e.requirement)
      ? `Names ${subject} only in a keyword list, with no license or certificate details`
      : `Lists ${subject} but shows no experience of it`;
  return e.kind === 'other' || e.kind === 'location' ? `Does not show: ${subject}` : `No evidence of ${subject}`;
}

/** Plain-English reasons, most decisive first. */
function reasonsFor(
  must: readonly RequirementEvidence[],
  nice: readonly RequirementEvidence[],
  years: number | null,
  requiredYears: number | null,
  levelReason: string | null,
  evaluation: number | null,
): string[] {
  const reasons: string[] = [];
  const met = must.filter((e) => e.met);
  const claimed = must.filter((e) => e.listedOnly);
  if (must.length) {
    const count =
      met.length === must.length
        ? `all ${must.length}`
        : met.length === 0
          ? `none of the ${must.length}`
          : `${met.length} of ${must.length}`;
    const claims = claimed.length === must.length ? `all ${must.length}` : `${claimed.length} of the ${must.length}`;
    if (met.length === 0 && claimed.length > 0) reasons.push(`Lists ${claims} must-haves but shows work for none of them`);
    else reasons.push(`Meets ${count} must-have${must.length === 1 ? '' : 's'}`);
    for (const e of must.filter((m) => !m.met)) reasons.push(gap(e));
    // A quantified action reads best as proof; a degree or licence line only when nothing else shows.
    const convincing = (e: RequirementEvidence) => (e.evidence && hasAction(e.evidence) && hasMeasure(e.evidence) ? 1 : 0) + e.strength;
    const shown = met.filter((e) => e.evidence).sort((x, y) => convincing(y) - convincing(x))[0];
    if (shown?.evidence) reasons.push(`Strongest evidence: "${quote(shown.evidence)}"`);
  }
  if (years !== null && requiredYears !== null) {
    reasons.push(
      `${years} year${years === 1 ? '' : 's'} of experience${years >= requiredYears ? `, the job asks for ${requiredYears}+` : `; the job asks for ${requiredYears}+`}`,
    );
  } else if (years !== null) reasons.push(`${years} year${years === 1 ? '' : 's'} of experience`);
  else if (requiredYears !== null) reasons.push(`Years of experience unclear; the job asks for ${requiredYears}+`);
  if (levelReason) reasons.push(levelReason);
  const extras = nice.filter((e) => e.met).map((e) => topicOf(e.requirement));
  if (extras.length) reasons.push(`Also brings ${list(extras)}`);
  if (evaluation !== null) reasons.push(`Interview evaluation ${evaluation}/100`);
  return reasons;
}

/** One sentence: who to put forward and why, and who comes next. */
function recommend(ranked: readonly Assessment[], mustHaveCount: number): string {
  const top = ranked[0];
  if (!top) return 'No candidates to rank.';
  const met = top.must.filter((e) => e.met).length;
  const missing = top.must.filter((e) => !e.met).map((e) => subjectOf(e.requirement));
  const why: string[] = [];
  if (mustHaveCount)
    why.push(met === mustHaveCount ? `meets all ${mustHaveCount} must-haves with evidence` : `shows ${met} of ${mustHaveCount} must-haves`);
  if (top.years !== null) why.push(`${top.years} years of experience`);
  if (top.evaluationOverall !== null) why.push(`interview evaluation ${top.evaluationOverall}/100`);
  const next = ranked[1];
  const nextGap = next?.must.find((e) => !e.met);
  const nextWhy = nextGap ? `, ${lowerFirst(gap(nextGap))}` : '';
  const close =
    next && top.score - next.score <= 3
      ? `; ${next.name} is a close second (${next.score}${nextWhy})`
      : next
        ? `; next is ${next.name} (${next.score}${nextWhy})`
        : '';
  const check = missing.length ? ` but check ${list(missing)}` : '';
  const lead =
    missing.length === mustHaveCount && mustHaveCount > 0
      ? `No candidate meets the must-haves; ${top.name} comes closest`
      : `Recommend ${top.name}`;
  return `${lead} (${top.score}/100)${why.length ? `: ${why.join(', ')}` : ''}${check}${close}.`;
}

/** A resume sentence cut to a readable length, marked when cut. */
function quote(sentence: string): string {
  const cut = clip(sentence, 160);
  return cut.length < sentence.trim().length ? `${cut}…` : cut;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
