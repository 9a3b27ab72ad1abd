import type { BestFitOutput, RankedCandidate, Requirement } from '../../shared/contracts/assistant';
import type { AssistantInputs, JobContext } from '../engine/language-model';
import { clip, hasAction, hasMeasure } from './evidence-signals';
import { requirementsOf } from './job-requirements';
import { analyzeProfile, requirementEvidence, type ProfileAnalysis, type RequirementEvidence } from './profile-evidence';
import { inlineSubject, subjectOf, topicOf } from './requirement-phrasing';
import { yearsRequired } from '../../shared/text/experience';
import { headerTitle, rolesOf } from './resume-outline';
import { keywords, squash } from '../../shared/text/normalize';
import { cleanTitle, seniorityOf, titleVariants, type Seniority } from '../../shared/text/titles';

/**
 * Capability 6: candidates ranked for a job. Each candidate scores 0-100 from, in order of weight:
 * must-have coverage (40) and how convincingly the resume shows them (20: quantified work beats a
 * keyword list, so stuffing a skills section does not win), years against the years required (15),
 * seniority and title against the job's (15), and nice-to-haves (10). A part that does not apply
 * (no years asked, no nice-to-haves) gives its weight to the others. A stored interview evaluation
 * counts for a quarter of the final score. Ties fall back to the name, so the order is stable.
 */

/** The weights of the profile score's parts (sum 100). */
export const BEST_FIT_WEIGHTS = { mustHaves: 40, evidence: 20, years: 15, seniority: 15, niceToHaves: 10 } as const;
/** The share of the final score an interview evaluation takes when there is one. */
export const EVALUATION_SHARE = 0.25;

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
}

/** Ranks the candidates for the job, best first, with reasons and a one-sentence recommendation. */
export function bestFit(input: AssistantInputs['best-fit']): BestFitOutput {
  const { mustHaves, niceToHaves } = requirementsOf(input.job);
  const requiredYears = yearsAsked(input.job, mustHaves);
  const assessments = input.candidates.map((candidate, index) =>
    assess(
      squash(candidate.name) || `Candidate ${index + 1}`,
      index,
      candidate.profile,
      candidate.evaluationOverall,
      input.job,
      mustHaves,
      niceToHaves,
      requiredYears,
    ),
  );
  assessments.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name, 'en') || a.index - b.index);
  const ranking: RankedCandidate[] = assessments.map((a, i) => ({
    rank: i + 1,
    name: a.name,
    score: a.score,
    mustHavesMet: a.must.filter((e) => e.met).map((e) => e.requirement),
    mustHavesMissing: a.must.filter((e) => !e.met).map((e) => e.requirement),
    niceToHavesMet: a.nice.filter((e) => e.met).map((e) => e.requirement),
    evaluationOverall: a.evaluationOverall,
    reasons: a.reasons,
  }));
  return { ranking, recommendation: recommend(assessments, mustHaves.length) };
}

/** The years the job asks for: the strictest of its must-haves, else of its description. */
function yearsAsked(job: JobContext, mustHaves: readonly Requirement[]): number | null {
  const fromMustHaves = mustHaves.map((r) => yearsRequired(r.text)).filter((n): n is number => n !== null);
  return fromMustHaves.length ? Math.max(...fromMustHaves) : yearsRequired(job.description);
}

function assess(
  name: string,
  index: number,
  profile: string,
  evaluation: number | null,
  job: JobContext,
  mustHaves: readonly Requirement[],
  niceToHaves: readonly Requirement[],
  requiredYears: number | null,
): Assessment {
  const analysis = analyzeProfile(profile);
  const must = mustHaves.map((r) => requirementEvidence(analysis, r));
  const nice = niceToHaves.map((r) => requirementEvidence(analysis, r));
  const parts: [weight: number, value: number][] = [];
  if (must.length) {
    parts.push([BEST_FIT_WEIGHTS.mustHaves, must.filter((e) => e.met).length / must.length]);
    // Strength counts claims too (a list scores 0.3), so a claim is worth a little, proof much more.
    parts.push([BEST_FIT_WEIGHTS.evidence, must.reduce((sum, e) => sum + e.strength, 0) / must.length]);
  }
  if (requiredYears !== null)
    parts.push([BEST_FIT_WEIGHTS.years, analysis.years === null ? 0.2 : Math.min(1, analysis.years / requiredYears)]);
  const level = levelFit(job.title, analysis, titlesOf(profile));
  parts.push([BEST_FIT_WEIGHTS.seniority, level.value]);
  if (nice.length)
    parts.push([
      BEST_FIT_WEIGHTS.niceToHaves,
      nice.reduce((sum, e) => sum + (e.met ? 0.5 + 0.5 * e.strength : e.strength), 0) / nice.length,
    ]);
  const weight = parts.reduce((sum, [w]) => sum + w, 0);
  const profileScore = weight ? (100 * parts.reduce((sum, [w, v]) => sum + w * v, 0)) / weight : 0;
  const evaluationOverall = evaluation === null || !Number.isFinite(evaluation) ? null : Math.max(0, Math.min(100, Math.round(evaluation)));
  const blended = evaluationOverall === null ? profileScore : (1 - EVALUATION_SHARE) * profileScore + EVALUATION_SHARE * evaluationOverall;
  const score = Math.max(0, Math.min(100, Math.round(blended)));
  const reasons = reasonsFor(must, nice, analysis.years, requiredYears, level.reason, evaluationOverall);
  return { name, index, score, must, nice, years: analysis.years, evaluationOverall, reasons };
}

/** Seniority and title against the job's: same level and a title variant in the resume score 1. */
function levelFit(jobTitle: string, analysis: ProfileAnalysis, profileTitles: readonly string[]): { value: number; reason: string | null } {
  const headline = analysis.lines
    .filter((l) => l.kind === 'header' || l.kind === 'experience')
    .slice(0, 6)
    .map((l) => l.text)
    .join(' \n ');
  const jobLevel = seniorityOf(jobTitle);
  const theirs =
    seniorityOf(
      analysis.lines
        .filter((l) => l.kind === 'header')
        .map((l) => l.text)
        .join(' '),
    ) ?? seniorityOf(headline);
  let levelValue = 0.5;
  if (jobLevel && theirs) {
    const gap = LEVELS.indexOf(theirs) - LEVELS.indexOf(jobLevel);
    levelValue = gap === 0 ? 1 : gap === 1 ? 0.8 : gap === -1 ? 0.4 : gap > 1 ? 0.5 : 0;
  }
  const role = cleanTitle(jobTitle);
  const variant = titleHeld(role, profileTitles);
  const value = 0.5 * levelValue + 0.5 * (variant ? 1 : 0);
  let reason: string | null = null;
  if (variant) reason = `Has worked as ${variant}`;
  else if (role) reason = `No ${role} title in the resume`;
  if (jobLevel && theirs && theirs !== jobLevel) reason = `${reason ? `${reason}; ` : ''}${theirs}-level against a ${jobLevel}-level role`;
  return { value, reason };
}

/** The titles a resume gives its holder: the header's and every role's. */
function titlesOf(profile: string): string[] {
  return [headerTitle(profile), ...rolesOf(profile).map((role) => role.title)].filter((title): title is string => !!title);
}

/** The first variant of the job's title whose words all appear in one of the resume's titles. */
function titleHeld(jobTitle: string, titles: readonly string[]): string | null {
  const held = titles.map((title) => new Set(keywords(title)));
  return (
    titleVariants(jobTitle).find((variant) => {
      const words = keywords(variant);
      return words.length > 0 && held.some((have) => words.every((word) => have.has(word)));
    }) ?? null
  );
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
