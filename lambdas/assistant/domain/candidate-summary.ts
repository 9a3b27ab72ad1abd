import type { CandidateSummaryOutput } from '../../shared/contracts/assistant';
import type { AssistantInputs } from '../engine/language-model';
import { stripContact } from '../../shared/text/contact-data';
import { clip, hasAction, hasQuantity } from './evidence-signals';
import { requirementsOf } from './job-requirements';
import { analyzeProfile, requirementEvidence, verdictOf, type ProfileLine } from './profile-evidence';
import { subjectOf } from './requirement-phrasing';
import { educationOf, headerTitle, industriesOf, latestRole, looksLikeTitle, nameFromProfile } from './resume-outline';
import { squash } from '../../shared/text/normalize';
import type { ExperienceOptions } from '../../shared/text/experience';
import { findSkills, skillEntry } from '../../shared/text/skills-dictionary';

/**
 * Capability 7: a short, client-ready summary of a resume or profile. A headline (current title,
 * years, industries), a paragraph of three to five sentences, the quantified achievements picked
 * from the resume, the skills it shows (those shown in work first), and, against a job, which
 * must-haves the resume shows and which it does not. Contact data (e-mails, phones, web and street
 * addresses) is stripped from the resume before anything is read from it, so none can leak into
 * what the recruiter forwards to the client.
 */

const MAX_HIGHLIGHTS = 5;
const MAX_SKILLS = 12;
const SUMMARY_SKILLS = 5;

/** Writes the summary; `text` is the plain-text version the "Copy" button copies. */
export function candidateSummary(input: AssistantInputs['candidate-summary'], options: ExperienceOptions = {}): CandidateSummaryOutput {
  const profile = stripContact(String(input.profile ?? ''));
  const analysis = analyzeProfile(profile, options);
  const candidateName = squash(stripContact(input.candidateName ?? '')) || nameFromProfile(profile) || 'The candidate';
  const role = latestRole(profile);
  // Only a phrase that names a role is written as one ("is a Forklift Operator", never "is an Uline Distribution").
  const title = [role?.title, headerTitle(profile)].find((t): t is string => !!t && looksLikeTitle(t)) ?? null;
  const years = analysis.years;
  // Industries from the work lines only: a keyword list naming "fintech" is not a career in it.
  const industries = industriesOf(
    analysis.lines
      .filter((line) => line.kind === 'experience' || line.kind === 'header')
      .map((line) => line.text)
      .join('\n'),
  );
  const skills = skillsShown(analysis.lines);
  const credentials = credentialsShown(analysis.lines);
  const highlights = highlightsOf(analysis.lines);

  const fit = input.job ? fitAgainst(input.job, analysis) : null;
  const headline = [
    title ?? 'Candidate',
    years !== null ? `${years} year${years === 1 ? '' : 's'} of experience` : null,
    industries.length ? list(industries) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const sentences: string[] = [];
  const experience = years !== null ? ` with ${years} year${years === 1 ? '' : 's'} of experience` : '';
  const field = industries.length ? ` in ${list(industries)}` : '';
  sentences.push(
    title
      ? `${candidateName} is ${article(title)} ${title}${experience}${field}.`
      : `${candidateName} brings${experience ? experience.replace(' with', '') : ' experience'}${field}.`,
  );
  if (role?.employer) {
    const lead = highlights.find((h) => startsWithVerb(h));
    const what = lead ? `, where they ${lowerFirst(lead.split(/;\s/)[0]).replace(/[.;]+$/, '')}` : '';
    sentences.push(`${role.current ? 'Currently' : 'Most recently'} at ${role.employer}${what}.`);
  }
  if (skills.length) sentences.push(`Core skills: ${list(skills.slice(0, SUMMARY_SKILLS))}.`);
  const education = educationOf(profile);
  if (credentials.length || education) {
    const parts = [
      credentials.length ? `Credentials: ${list(credentials)}` : null,
      education ? `${credentials.length ? 'e' : 'E'}ducation: ${clip(education, 100)}` : null,
    ].filter(Boolean);
    sentences.push(`${parts.join('; ')}.`);
  }
  if (fit && input.job) sentences.push(fitSentence(input.job.title, fit, [...skills, ...credentials, ...fit.met]));
  // A resume that shows nothing to go on says so, rather than padding a sentence.
  const empty = !title && years === null && skills.length === 0 && highlights.length === 0 && credentials.length === 0;
  const summary =
    empty && !fit
      ? `${candidateName === 'The candidate' ? 'The resume' : `${candidateName}'s resume`} shows no title, years of experience or skills to summarize yet.`
      : sentences.slice(0, 5).join(' ');

  const output = { candidateName, headline, summary, highlights, skills, yearsOfExperience: years, fit };
  return { ...output, text: plainText(output, input.job?.title ?? null) };
}

/** Dictionary skills the resume names, those shown in work first; credentials and degrees aside. */
function skillsShown(lines: readonly ProfileLine[]): string[] {
  const rank: Record<ProfileLine['kind'], number> = { experience: 3, credential: 2, education: 1, header: 1, list: 0 };
  const seen = new Map<string, { rank: number; count: number; first: number }>();
  lines.forEach((line, index) => {
    for (const mention of findSkills(line.text)) {
      const category = skillEntry(mention.canonical)?.category;
      if (category === 'certification' || category === 'education') continue;
      const entry = seen.get(mention.canonical) ?? { rank: -1, count: 0, first: index };
      seen.set(mention.canonical, { rank: Math.max(entry.rank, rank[line.kind]), count: entry.count + 1, first: entry.first });
    }
  });
  // Shown in work before listed; then the most mentioned; then the first mentioned.
  return [...seen.entries()]
    .sort(([, a], [, b]) => b.rank - a.rank || b.count - a.count || a.first - b.first)
    .map(([name]) => name)
    .slice(0, MAX_SKILLS);
}

/** Certifications and licences named outside a bare keyword list. */
function credentialsShown(lines: readonly ProfileLine[]): string[] {
  const names: string[] = [];
  for (const line of lines) {
    if (line.kind === 'list') continue;
    for (const mention of findSkills(line.text)) {
      if (skillEntry(mention.canonical)?.category === 'certification' && !names.includes(mention.canonical)) names.push(mention.canonical);
    }
  }
  return names.slice(0, 6);
}

/** Quantified achievements from the work lines, in the resume's order; plain actions when none. */
function highlightsOf(lines: readonly ProfileLine[]): string[] {
  const work = lines.filter((line) => line.kind === 'experience' && line.text.length >= 25);
  const quantified = work.filter((line) => hasQuantity(line.text) && hasAction(line.text));
  const picked = quantified.length ? quantified : work.filter((line) => hasAction(line.text));
  return picked.slice(0, MAX_HIGHLIGHTS).map((line) => clip(line.text, 220));
}

function fitAgainst(job: NonNullable<AssistantInputs['candidate-summary']['job']>, analysis: ReturnType<typeof analyzeProfile>) {
  const evidence = requirementsOf(job).mustHaves.map((requirement) => requirementEvidence(analysis, requirement));
  return {
    met: evidence.filter((e) => e.met).map((e) => e.requirement),
    missing: evidence.filter((e) => !e.met).map((e) => e.requirement),
    evidence: evidence.map(verdictOf),
  };
}

function fitSentence(jobTitle: string, fit: { met: string[]; missing: string[] }, shown: readonly string[]): string {
  const total = fit.met.length + fit.missing.length;
  const against = `Against the ${squash(jobTitle) || 'job'}'s ${total} must-have${total === 1 ? '' : 's'}`;
  if (total === 0) return `The job has no must-haves to compare against yet.`;
  if (fit.missing.length === 0) return `${against}, the resume shows all of them.`;
  const shows = fit.met.length === 0 ? 'none of them' : String(fit.met.length);
  // A missing must-have that names something the summary shows (a skill, a credential, a must-have
  // met) is only partly missing: calling it "not shown" would contradict the summary.
  const names = shown.map((name) => name.toLowerCase()).filter((name) => name.length >= 3);
  const partly = (item: string) =>
    names.some((name) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(name)}(?:$|[^\\p{L}\\p{N}])`, 'iu').test(item));
  const subjects = fit.missing.map(subjectOf);
  const notShown = subjects.filter((item) => !partly(item));
  const partial = subjects.filter(partly);
  // Semicolons: a requirement may itself hold "and" ("Month-end close and account reconciliations").
  const clauses = [
    notShown.length ? `not shown: ${notShown.join('; ')}` : null,
    partial.length ? `only in part: ${partial.join('; ')}` : null,
  ].filter(Boolean);
  return `${against}, the resume shows ${shows}; ${clauses.join('. Shown ')}.`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function plainText(output: Omit<CandidateSummaryOutput, 'text'>, jobTitle: string | null): string {
  const blocks = [`${output.candidateName}\n${output.headline}`, output.summary];
  if (output.highlights.length) blocks.push(`Highlights\n${output.highlights.map((h) => `- ${h}`).join('\n')}`);
  if (output.skills.length) blocks.push(`Skills: ${output.skills.join(', ')}`);
  if (output.fit) {
    const lines = [`Fit against the ${squash(jobTitle ?? '') || 'job'} must-haves`];
    if (output.fit.met.length) lines.push(`Shown: ${output.fit.met.join('; ')}`);
    if (output.fit.missing.length) lines.push(`Not shown: ${output.fit.missing.join('; ')}`);
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

function startsWithVerb(sentence: string): boolean {
  return hasAction(sentence) && !/^I\b/.test(sentence) && /^[A-Z][a-z]+\b/.test(sentence);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "a" or "an" for the word that follows: by its sound, acronyms by their first letter's name ("an RN"). */
function article(word: string): string {
  if (/^[FHLMNRSX][A-Z]/.test(word)) return 'an';
  return /^[aeiou]/i.test(word) && !/^(?:uni|use|usu|eu|one)/i.test(word) ? 'an' : 'a';
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
