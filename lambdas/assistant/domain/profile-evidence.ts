import type { Requirement, RequirementVerdict } from '../../shared/contracts/assistant';
import {
  clip,
  deniesOrLapses,
  hasAction,
  hasDate,
  hasIdentifier,
  hasIssuer,
  hasMeasure,
  hasQuantity,
  isNegated,
  statedYears,
} from './evidence-signals';
import { coreOf, skillGroups, subjectOf } from './requirement-phrasing';
import { yearsOfExperience, yearsRequired, type ExperienceOptions } from '../../shared/text/experience';
import { matchRequirement } from '../../shared/text/matching';
import { keywords, splitSections, splitSentences, stem, tokenize, FILLER_WORDS, STOPWORDS } from '../../shared/text/normalize';
import { findSkills, skillEntry, skillsIn } from '../../shared/text/skills-dictionary';

/**
 * Where a resume shows each requirement, and how convincingly. A requirement mentioned in an
 * experience line with an action, a number or years ("Migrated 14 services to Kubernetes on EKS")
 * is strong evidence; in a licences section with a state, number or expiry it is strong for a
 * certification; in a bare skills or keywords list it is only a claim. This is what keeps a
 * keyword-stuffed resume from outranking one that shows the work. Best fit and candidate
 * summaries share it so they never disagree about what a candidate meets.
 */

/** What a resume line is: work described, a credential, education, the header, or a bare list. */
export type LineKind = 'experience' | 'credential' | 'education' | 'header' | 'list';

export interface ProfileLine {
  readonly text: string;
  readonly kind: LineKind;
  /** The dictionary skills the line names (computed once: a resume is weighed against every requirement). */
  readonly skills: readonly string[];
  /** The line's content-word stems. */
  readonly stems: ReadonlySet<string>;
  /** Whether the line holds any word that can deny or qualify what it names (checked once, so most lines skip the costlier check). */
  readonly mayDeny?: boolean;
}

/** Any word that can start a denial or a lapse: a line without one cannot deny anything. */
const DENIAL_CUE =
  /\b(?:no|not|never|n't|don't|doesn't|haven't|hasn't|didn't|can't|cannot|won't|unable|without|lack\w*|working|plan\w*|hope|studying|lapsed|expired|pending|progress|expected|anticipated|pursuing|enrolled)\b|n't\b/i;

export interface ProfileAnalysis {
  readonly text: string;
  /** Every sentence of the resume with the kind of line it came from. */
  readonly lines: readonly ProfileLine[];
  readonly years: number | null;
}

/** How a resume covers one requirement. */
export interface RequirementEvidence {
  readonly requirement: string;
  readonly kind: Requirement['kind'];
  /** Shown by experience, a credential or education (a bare list does not count). */
  readonly met: boolean;
  /** 0 (absent) to 1 (shown in quantified work or a verifiable credential). */
  readonly strength: number;
  /** Only claimed in a skills or keywords list or the header, with nothing that shows it (then not met). */
  readonly listedOnly: boolean;
  /** Years asked ("4+ years of …") and the field is shown, but for fewer years. */
  readonly shortOfYears: boolean;
  /** Of a requirement naming several skills ("BLS and ACLS"), those the resume does not show. */
  readonly missingSkills: readonly string[];
  /** The resume sentence that shows it best. */
  readonly evidence: string | null;
}

const LIST_HEADING = /skill|keyword|technolog|tools|competenc|expertise|stack|proficienc|interests/i;
const CREDENTIAL_HEADING = /certif|licen[cs]|credential|registration/i;
const EDUCATION_HEADING = /education|degree|academic|training/i;
/** The headings of a resume's own sections; any other short line that reads as a heading is content of the section above. */
const RESUME_HEADING =
  /summary|profile|objective|experience|employment|history|work|career|accomplish|achievement|highlight|award|project|affiliation|activit|volunteer|language|reference|information|qualification|publication|strength|about|overview|contact/i;
/** The strength at or below which a mention is a claim rather than evidence (a list, a headline). */
const LISTED_ONLY = 0.4;
/** How many lines before the first heading count as the header (name, title, contact line). */
const HEADER_LINES = 4;

/** Splits a resume into classified sentences, once per resume. */
export function analyzeProfile(profile: string, options: ExperienceOptions = {}): ProfileAnalysis {
  const text = String(profile ?? '');
  const lines: ProfileLine[] = [];
  // The resume section a line is in: a short "Bachelor of Science :" line reads as a heading but is
  // content of the section above it (Education), and keeps its words.
  let context = '';
  for (const section of splitSections(text)) {
    const own =
      section.heading !== null &&
      [RESUME_HEADING, LIST_HEADING, CREDENTIAL_HEADING, EDUCATION_HEADING].some((heading) => heading.test(section.heading ?? ''));
    if (own) context = section.heading ?? '';
    const content = section.heading !== null && !own ? [section.heading, ...section.lines] : section.lines;
    content.forEach((line, index) => {
      const kind = kindOf(context, section.heading === null && index < HEADER_LINES, line);
      for (const sentence of splitSentences(line))
        lines.push({
          text: sentence,
          kind,
          skills: skillsIn(sentence),
          stems: new Set(keywords(sentence)),
          mayDeny: DENIAL_CUE.test(sentence),
        });
    });
  }
  return { text, lines, years: yearsOfExperience(text, options) };
}

function kindOf(heading: string, inHeader: boolean, line: string): LineKind {
  if (LIST_HEADING.test(heading)) return 'list';
  if (CREDENTIAL_HEADING.test(heading)) return 'credential';
  if (EDUCATION_HEADING.test(heading)) return 'education';
  const separators = (line.match(/[,|;·]/g) ?? []).length;
  // "RN | ICU | ER | Critical Care | Trauma": a headline of keywords is a list, even at the top.
  if (separators >= 4 && !hasAction(line) && !/\b(?:with|for|in|on|at)\b.*\b(?:with|for|in|on|at)\b/i.test(line)) return 'list';
  // A long run of short comma-separated items is a keyword list whatever small words it holds.
  if (separators >= 6 && line.split(/\s+/).length / (separators + 1) <= 4) return 'list';
  return inHeader ? 'header' : 'experience';
}

/** How convincing one line is as evidence for a requirement of this kind. */
function lineStrength(line: ProfileLine, kind: Requirement['kind']): number {
  switch (line.kind) {
    case 'experience':
      return hasAction(line.text) || hasQuantity(line.text) || statedYears(line.text) !== null ? 1 : 0.7;
    case 'credential':
      if (kind !== 'certification') return 0.5;
      return hasDate(line.text) || hasIdentifier(line.text) || hasIssuer(line.text) || /\b(?:current|active|valid)\b/i.test(line.text)
        ? 1
        : 0.6;
    case 'education':
      return kind === 'education' ? 1 : kind === 'certification' ? 0.6 : 0.4;
    case 'header':
      return kind === 'certification' || kind === 'education' ? 0.6 : 0.4;
    default:
      return 0.3;
  }
}

/** Whether a line mentions one of the skills, or (no skills) most of the requirement's key words. */
function mentions(line: ProfileLine, skills: readonly string[] | null, stems: readonly string[]): boolean {
  const denied = () => line.mayDeny !== false && deniedIn(line.text, skills, stems);
  if (skills) return line.skills.some((skill) => skills.includes(skill)) && !denied();
  if (!stems.length) return false;
  return stems.filter((stem) => line.stems.has(stem)).length >= Math.ceil(stems.length / 2) && !denied();
}

/**
 * A line that names the requirement only to deny it or show it is not held: "I have not run CRRT
 * myself", "No experience with forklifts", "ACLS (lapsed 2022)", "BSN, expected 2027",
 * "Pursuing CPA". Such a line is never evidence.
 */
function deniedIn(text: string, skills: readonly string[] | null, stems: readonly string[]): boolean {
  if (deniesOrLapses(text)) return true;
  const mentionsIn = (sentence: string): number[] => {
    if (skills)
      return findSkills(sentence)
        .filter((m) => skills.includes(m.canonical))
        .map((m) => m.index);
    const at: number[] = [];
    for (const m of sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'.+#-]*/gu))
      if (stems.includes(stem(m[0].toLowerCase()))) at.push(m.index ?? 0);
    return at.slice(0, 1);
  };
  return isNegated([text], mentionsIn);
}

/** Among lines equally strong, one with an action and a measure reads best as evidence. */
function quality(line: ProfileLine, strength: number): number {
  return strength * 10 + (hasAction(line.text) ? 1 : 0) + (hasMeasure(line.text) ? 1 : 0);
}

interface Shown {
  readonly line: ProfileLine;
  readonly strength: number;
  readonly quality: number;
}

/** The most convincing line that mentions the skills (or key words), or null. */
function bestLine(
  analysis: ProfileAnalysis,
  kind: Requirement['kind'],
  skills: readonly string[] | null,
  stems: readonly string[],
): Shown | null {
  let best: Shown | null = null;
  for (const line of analysis.lines) {
    if (!mentions(line, skills, stems)) continue;
    const strength = lineStrength(line, kind);
    const score = quality(line, strength);
    if (!best || score > best.quality) best = { line, strength, quality: score };
  }
  return best;
}

/**
 * How the resume covers a requirement. The matcher decides whether it is covered at all; then
 * every skill the requirement names ("BLS and ACLS") must be shown somewhere (any one of them for
 * "Kafka or RabbitMQ"); the strength is their mean.
 */
export function requirementEvidence(analysis: ProfileAnalysis, requirement: Requirement): RequirementEvidence {
  const found = mentionEvidence(analysis, requirement);
  if (found.met || requirement.kind !== 'education') return found;
  const degree = degreeHeld(analysis, requirement.text);
  return degree ? { ...found, met: true, strength: 1, listedOnly: false, missingSkills: [], evidence: degree } : found;
}

/** How the resume's lines mention the requirement (see {@link requirementEvidence}). */
function mentionEvidence(analysis: ProfileAnalysis, requirement: Requirement): RequirementEvidence {
  const none: RequirementEvidence = {
    requirement: requirement.text,
    kind: requirement.kind,
    met: false,
    strength: 0,
    listedOnly: false,
    shortOfYears: false,
    missingSkills: [],
    evidence: null,
  };
  const core = coreOf(requirement.text);
  const skills = skillsIn(core);
  const stems = keywords(core);
  const match = matchRequirement(analysis.text, core);
  if (!match.matched) {
    // "5+ years of accounting" on a resume that shows accounting for fewer years, or only lists it.
    const shown = bestLine(analysis, requirement.kind, skills.length ? skills : null, keywords(subjectOf(core)));
    if (!shown) return none;
    if (shown.strength <= LISTED_ONLY) return { ...none, strength: shown.strength, listedOnly: true, evidence: shown.line.text };
    return yearsRequired(core) !== null ? { ...none, shortOfYears: true, evidence: shown.line.text } : none;
  }
  const found = skillGroups(core, skills);
  const groups: (readonly string[] | null)[] = found.length ? found : [null];
  const shown = groups.map((group) => bestLine(analysis, requirement.kind, group, stems));
  const absent = groups.filter((group, i) => group && !shown[i]).flat() as string[];
  // The mean, not the minimum: "SQL and PostgreSQL" shown through PostgreSQL work, with SQL in the
  // skills list, is shown; both only listed stays a claim.
  let strength = shown.reduce((sum, s) => sum + (s?.strength ?? 0), 0) / shown.length;
  let best = shown.reduce<Shown | null>((top, s) => (s && (!top || s.quality > top.quality) ? s : top), null)?.line ?? null;
  if (!best && skills.length === 0) {
    // Matched through word forms only the matcher knows: its own sentence is the evidence.
    const line = analysis.lines.find((candidate) => match.evidence !== null && candidate.text.includes(match.evidence.slice(0, 40)));
    if (deniedIn(line?.text ?? match.evidence ?? '', null, stems)) return none;
    best = line ?? { text: match.evidence ?? '', kind: 'experience', skills: [], stems: new Set() };
    strength = line ? lineStrength(line, requirement.kind) : 0.7 * match.strength;
  }
  const evidence = best?.text || null;
  if (absent.length) return { ...none, missingSkills: absent, evidence: absent.length < groups.length ? evidence : null };
  // A keyword list claims a skill without showing it: "ICU" among 30 keywords is not 2 years of ICU,
  // and "CPA" in a skills list is not a licence. Claims are reported, not counted as met.
  if (strength <= LISTED_ONLY) return { ...none, strength, listedOnly: evidence !== null, evidence };
  return { ...none, met: true, strength, evidence };
}

/**
 * Degree levels, lowest first, by their words (any case) and abbreviations (as written: "MS" and
 * "AS" in lower case are ordinary words). A requirement asks for the lowest level it names
 * ("Bachelor's or Master's"), a resume holds the highest its education section shows.
 */
const DEGREE_LEVELS: readonly (readonly [words: RegExp, abbreviations: RegExp])[] = [
  [/\b(?:high school|GED|diploma)\b/i, /\bGED\b/],
  [/\bassociate(?:'s|’s)?(?: degree| of)\b/i, /\b(?:A\.?A\.?S?|A\.S|AAS)\b/],
  [/\b(?:bachelor\w*|undergraduate degree|(?:4|four)[- ]year degree)/i, /\b(?:B\.?S\.?c?|B\.?A|B\.?Tech|BSN|BBA|BEng)\b/],
  [/\b(?:master\w*|graduate degree)/i, /\b(?:M\.?S\.?c?|M\.?A|MBA|MSN|M\.? ?Ed|M\.?Tech|MEng)\b/],
  [/\b(?:ph\.?d|doctora\w*)/i, /\bPh\.?D\b/],
];

function degreeLevels(text: string): number[] {
  return DEGREE_LEVELS.flatMap(([words, abbreviations], level) => (words.test(text) || abbreviations.test(text) ? [level] : []));
}

/** Words of a degree requirement that name no field of study. */
const NOT_A_FIELD =
  /\b(?:degree|diploma|bachelor\w*|master\w*|associate\w*|ph\.?d|doctora\w*|equivalent|related|similar|relevant|field|discipline|experience|required|preferred|accredited|university|college|minimum|GED|high|school|or|and|in|of|a|an|the|from)\b/gi;

/**
 * The resume's education line that holds a degree of at least the level asked, in one of the fields
 * named ("Masters in Computer Science" for "Bachelor's or Master's degree in Computer Science,
 * Information Technology, or a related field"; "Master of Science: Chemistry" for a degree "in
 * Chemical Engineering or Food Engineering"); null when none does. A field counts by its first,
 * specific word ("Chemical" of "Chemical Engineering"), compared on its first five letters.
 */
function degreeHeld(analysis: ProfileAnalysis, requirement: string): string | null {
  const asked = degreeLevels(requirement);
  if (!asked.length) return null;
  const prefix = (word: string) => word.toLowerCase().slice(0, 5);
  const fields = requirement
    .replace(/\([^)]*\)|['’]s\b/g, ' ')
    .split(/,|;|\/|\bor\b|\band\b/i)
    .filter((phrase) => !/\b(?:related|equivalent|similar|relevant)\b/i.test(phrase))
    .map((phrase) => phrase.replace(NOT_A_FIELD, ' ').trim().split(/\s+/)[0])
    .filter((word) => word && word.length >= 3)
    .map(prefix);
  // Each degree with the lines after it up to the next: "Bachelor of Science", "Accounting, 2010".
  const degrees: { line: string; level: number; held: boolean; words: Set<string> }[] = [];
  for (const line of analysis.lines) {
    if (line.kind !== 'education') continue;
    const levels = degreeLevels(line.text);
    // "BSN, expected 2027", "Pursuing a Master's": not held yet.
    if (levels.length) degrees.push({ line: line.text, level: Math.max(...levels), held: !deniesOrLapses(line.text), words: new Set() });
    for (const word of tokenize(line.text)) degrees[degrees.length - 1]?.words.add(prefix(word));
  }
  const held = degrees.find(
    (degree) => degree.held && degree.level >= Math.min(...asked) && (!fields.length || fields.some((word) => degree.words.has(word))),
  );
  return held?.line ?? null;
}

/**
 * How much a line's words say about the field a person works in: work, the header and credentials
 * fully, education a little less, a bare skills or keywords list only a tenth (so repeating a
 * job's words in a list cannot pass for a career in it).
 */
const FIELD_WEIGHT: Readonly<Record<LineKind, number>> = { experience: 1, header: 1, credential: 1, education: 0.6, list: 0.1 };

/** Abbreviations of roles and places of work, written out so "Lab Tech" and "Laboratory Technician" share their words. */
export const WRITTEN_OUT: ReadonlyMap<string, string> = new Map(
  Object.entries({
    rn: 'registered nurse',
    lpn: 'licensed practical nurse',
    lvn: 'licensed practical nurse',
    cna: 'certified nursing assistant',
    icu: 'intensive care unit',
    er: 'emergency room',
    lab: 'laboratory',
    tech: 'technician',
    admin: 'administrative',
    rep: 'representative',
    asst: 'assistant',
    mgr: 'manager',
    acct: 'accounting',
    qa: 'quality assurance',
    qc: 'quality control',
    csr: 'customer service representative',
    dev: 'developer',
  }),
);

/** A text's content-word stems with how often they occur (stopwords, filler and bare numbers left out). */
export function stemCounts(text: string, into: Map<string, number> = new Map(), weight = 1): Map<string, number> {
  for (const token of tokenize(text).flatMap((word) => WRITTEN_OUT.get(word)?.split(' ') ?? word)) {
    if (token.length < 2 || STOPWORDS.has(token) || FILLER_WORDS.has(token) || /^\d+$/.test(token)) continue;
    const key = stem(token);
    if (FILLER_WORDS.has(key)) continue;
    into.set(key, (into.get(key) ?? 0) + weight);
    // "ASP.NET" and "Node.js" also count as their last part, the platform ("net", "js").
    const dotted = /\.([a-z]{2,})$/.exec(token);
    if (dotted) into.set(dotted[1], (into.get(dotted[1]) ?? 0) + weight);
  }
  return into;
}

/**
 * How much a named skill counts among a text's words: "C#" or "ASP.NET" on a resume and ".NET" in a
 * posting are one skill however written, and a skill says more about the work than a word does.
 */
const SKILL_TERM_WEIGHT = 2;

/** The dictionary skills (soft skills left out) as terms `skill:<name>`, added to `into`. */
export function skillTerms(skills: readonly string[], into: Map<string, number>, weight = 1): Map<string, number> {
  for (const skill of skills) {
    if (skillEntry(skill)?.category === 'soft-skill') continue;
    const key = `skill:${skill}`;
    into.set(key, (into.get(key) ?? 0) + weight * SKILL_TERM_WEIGHT);
  }
  return into;
}

/**
 * The resume's words and skills twice: weighted by the kind of line each stands in
 * ({@link FIELD_WEIGHT}), and as written. One pass over the lines gives both (ranking 20 resumes
 * read each of them twice before).
 */
export function fieldTerms(analysis: ProfileAnalysis): { weighted: Map<string, number>; whole: Map<string, number> } {
  const weighted = new Map<string, number>();
  const whole = new Map<string, number>();
  for (const line of analysis.lines) {
    const weight = FIELD_WEIGHT[line.kind];
    for (const [key, count] of skillTerms(line.skills, stemCounts(line.text))) {
      whole.set(key, (whole.get(key) ?? 0) + count);
      weighted.set(key, (weighted.get(key) ?? 0) + count * weight);
    }
  }
  return { weighted, whole };
}

/** The longest evidence sentence a verdict quotes. */
const VERDICT_QUOTE_MAX = 200;

/** A requirement's verdict with the resume sentence it rests on, quoted short (marked when cut). */
export function verdictOf(e: RequirementEvidence): RequirementVerdict {
  if (!e.evidence) return { requirement: e.requirement, met: e.met, evidence: null };
  const cut = clip(e.evidence, VERDICT_QUOTE_MAX);
  return { requirement: e.requirement, met: e.met, evidence: cut.length < e.evidence.trim().length ? `${cut}…` : cut };
}
