import type { AnswerScore, EvaluationOutput, ScreeningQuestion } from '../../shared/contracts/assistant';
import type { AssistantInputs } from '../engine/language-model';
import {
  clip,
  hasAction,
  hasDate,
  hasEscalation,
  hasIdentifier,
  hasIssuer,
  hasLesson,
  hasMeasure,
  hasName,
  hasOutcome,
  hasQuantity,
  hasReason,
  isNegated,
  opensWithYes,
  statedYears,
} from './evidence-signals';
import { industriesOf } from './resume-outline';
import { subjectOf } from './requirement-phrasing';
import { matchRequirement } from '../../shared/text/matching';
import { keywords, splitSentences, squash, stem } from '../../shared/text/normalize';
import { yearsRequired } from '../../shared/text/experience';
import { findSkills, skillsIn } from '../../shared/text/skills-dictionary';

/**
 * Capability 5: a candidate's answers scored against the screening questions' rubrics. Each rubric
 * point is checked by what it asks for (years, an expiry date, a licence number, a named employer,
 * a first-person action, a measurable result, a trade-off…), falling back to matching the point's
 * words, synonyms and stems; the sentence that shows a point is quoted as its evidence. A score
 * (0-5) is mostly rubric coverage (4 of the 5 points) plus specificity (numbers, named tools,
 * named places, things the candidate did); an answer that never touches the requirement scores at
 * most 1, an empty one 0. Knock-out questions also say whether the must-have is met: false on
 * "no", "not yet", "I don't have", or fewer years than required; null when the answer is unclear.
 */

interface Context {
  readonly sentences: readonly string[];
  readonly answer: string;
  readonly point: string;
  readonly negated: boolean;
  /** Whether a sentence is about the question's requirement. */
  readonly about: (sentence: string) => boolean;
  readonly requirement: string;
}

/** The text without the numbers the requirement itself names ("1099s", "Form 941"): those measure nothing. */
function withoutOwnNumbers(text: string, requirement: string): string {
  const own = new Set(requirement.match(/\d{3,}/g) ?? []);
  return own.size ? text.replace(/\d{3,}/g, (n) => (own.has(n) ? ' ' : n)) : text;
}

type Finder = (context: Context) => string | null;

/** The first sentence that passes, preferring those about the requirement. */
function sentenceWhere(context: Context, test: (sentence: string) => boolean): string | null {
  return context.sentences.find((s) => test(s) && context.about(s)) ?? context.sentences.find(test) ?? null;
}

const where =
  (test: (sentence: string) => boolean): Finder =>
  (context) =>
    sentenceWhere(context, test);

/** A name that is more than dictionary skills ("Northwind Payments on Kubernetes" is, "Spring Boot" is not). */
function namesSomething(sentence: string): boolean {
  return hasName(sentence, (name) => {
    const skills = findSkills(name);
    const covered = skills.reduce((sum, mention) => sum + mention.matched.length, 0);
    return skills.length > 0 && covered >= name.replace(/\b(?:and|of|&)\b|\s/g, '').length * 0.6;
  });
}

const LEVEL =
  /\b(?:native|fluent|fluently|bilingual|mother tongue|professional working|full professional|conversational|advanced|intermediate|basic|[ABC][12])\b/i;
const DEGREE =
  /\b(?:B\.?S\.?N?|B\.?A\.?|B\.?Sc|M\.?S\.?N?|M\.?Sc|MBA|Ph\.?D|bachelor'?s?|master'?s?|degree|diploma|associate|doctorate|A\.?D\.?N|B\.?B\.?A)\b/i;
const INSTITUTION = /\b(?:university|college|institute|school|academy|polytechnic)\b/i;
const START = /\b(?:notice|immediately|right away|start(?:ing)?|available|weeks?|months?|date|from (?:the )?\d)\b/i;
const PLACE_WORDS =
  /\b(?:live|living|based|commute|commuting|relocat\w*|move|moving|minutes|on[- ]site|onsite|hybrid|nearby|local|close to)\b/i;
const SCHEDULE = /\b(?:nights?|days?|shifts?|weekends?|hours?|schedule|rotation|on[- ]call|overtime|full[- ]time|part[- ]time)\b/i;
const CORRECTNESS =
  /\b(?:reconcil\w*|audit\w*|controls?|complian\w*|idempot\w*|double[- ]entry|tests?|tested|monitor\w*|alerts?|verif\w*|checks?|tokeni[sz]\w*|balanced|breaks?)\b/i;
const SCALE_WORDS =
  /\b(?:team of|beds?|unit|entities|plants?|clients|users|customers|borrowers|merchants|accounts|patients|engineers|services|requests|transactions|invoices|million|thousand|per (?:day|shift|month|week|second)|a (?:day|month|year))\b/i;

/** Rubric checks, chosen by the point's wording; the first whose pattern matches the point applies. */
const CHECKS: readonly { readonly when: RegExp; readonly find: Finder }[] = [
  {
    when: /at least (\d+) years/i,
    find: (context) => {
      const needed = Number(/at least (\d+) years/i.exec(context.point)?.[1] ?? 0);
      // "at least 3 years in Java": the sentence must be about Java too.
      const within = skillsIn(/ years in (.+)$/i.exec(context.point)?.[1] ?? '');
      const inField = (s: string) => within.length === 0 || skillsIn(s).some((skill) => within.includes(skill));
      return sentenceWhere(context, (s) => (statedYears(s) ?? 0) >= needed && inField(s));
    },
  },
  { when: /how many years|how long/i, find: where((s) => statedYears(s) !== null) },
  { when: /expir|has not passed/i, find: where(hasDate) },
  { when: /licen[cs]e number|certificate number|number so it can be verified/i, find: where(hasIdentifier) },
  { when: /issuing (?:state|board|body)/i, find: where(hasIssuer) },
  {
    when: /^confirms they hold each of (.+?), current$/i,
    find: (context) => {
      const wanted = skillsIn(/^confirms they hold each of (.+?), current$/i.exec(context.point)?.[1] ?? '');
      const named = new Set(skillsIn(context.answer));
      if (context.negated || !wanted.every((skill) => named.has(skill))) return null;
      return context.sentences.find((s) => skillsIn(s).some((skill) => wanted.includes(skill))) ?? null;
    },
  },
  {
    when: /^confirms they (?:hold|meet|can work the schedule)/i,
    find: (context) =>
      context.negated ? null : (context.sentences.find(context.about) ?? (opensWithYes(context.sentences) ? context.sentences[0] : null)),
  },
  { when: /schedule they work/i, find: where((s) => SCHEDULE.test(s)) },
  { when: /correct or compliant/i, find: where((s) => CORRECTNESS.test(s)) },
  {
    when: /^confirms they can work/i,
    find: (context) =>
      context.negated
        ? null
        : (sentenceWhere(context, (s) => PLACE_WORDS.test(s)) ?? (opensWithYes(context.sentences) ? context.sentences[0] : null)),
  },
  { when: /start date|notice period/i, find: where((s) => START.test(s)) },
  { when: /their level/i, find: where((s) => LEVEL.test(s)) },
  { when: /degree or qualification/i, find: where((s) => DEGREE.test(s)) },
  { when: /institution/i, find: where((s) => INSTITUTION.test(s) || hasDate(s)) },
  { when: /trade-off|options considered/i, find: where(hasReason) },
  { when: /learned|lesson|control or/i, find: where(hasLesson) },
  { when: /escalated/i, find: where((s) => hasAction(s) && (hasEscalation(s) || /\bI\s+(?:assessed|noticed|checked)/i.test(s))) },
  {
    when: /measurable|in numbers\b|\(users|\(revenue|\(days/i,
    find: (context) =>
      sentenceWhere(context, (s) => hasMeasure(withoutOwnNumbers(s, context.requirement))) ??
      sentenceWhere(context, (s) => hasQuantity(withoutOwnNumbers(s, context.requirement))),
  },
  { when: /outcome|the result/i, find: where(hasOutcome) },
  {
    when: /at what scale|patient load|size of the business|deal sizes|their size/i,
    find: (context) =>
      sentenceWhere(context, (s) => hasMeasure(s) && SCALE_WORDS.test(s)) ??
      sentenceWhere(context, (s) => hasMeasure(s) || SCALE_WORDS.test(s)),
  },
  { when: /personally|themselves|what they noticed/i, find: where(hasAction) },
  { when: /^names (?:a real|the company|the roles|a specific|the units|the employer|the project)/i, find: where(namesSomething) },
  {
    when: /^describes a specific|specific example|example of using/i,
    find: (context) => context.sentences.find((s) => context.about(s) && (hasAction(s) || hasQuantity(s) || namesSomething(s))) ?? null,
  },
];

/** The verb a rubric point starts with ("Mentions …", "Explains …"): how to judge, not what to find. */
const RUBRIC_VERB =
  /^(?:mentions|names|describes|explains|says|gives|states|confirms|covers|shows|talks about|discusses|lists|identifies|uses)\s+(?:how\s+|that\s+|what\s+)?/i;

/**
 * Whether the answer covers a point no check knows (a rubric written by a person or by Bedrock):
 * the requirement matcher first, then shared key words, where "blue-green or canary deployments"
 * needs two of its words, not all of them.
 */
const byWords: Finder = (context) => {
  const wanted = keywords(context.point.replace(RUBRIC_VERB, ''));
  if (wanted.length === 0) return null;
  const match = matchRequirement(context.answer, context.point.replace(RUBRIC_VERB, ''));
  if (match.matched && match.evidence)
    return context.sentences.find((s) => match.evidence && (s.includes(match.evidence) || match.evidence.includes(s))) ?? match.evidence;
  const needed = wanted.length <= 2 ? wanted.length : Math.max(2, Math.ceil(wanted.length * 0.4));
  let best: { sentence: string; shared: number } | null = null;
  for (const sentence of context.sentences) {
    const have = new Set(keywords(sentence));
    const shared = wanted.filter((word) => have.has(word)).length;
    if (!best || shared > best.shared) best = { sentence, shared };
  }
  return best && best.shared >= needed ? best.sentence : null;
};

/** Scores every answer and sums them up for the candidate. */
export function evaluateAnswers(input: AssistantInputs['interview-evaluation']): EvaluationOutput {
  const candidateName = squash(input.candidateName) || 'The candidate';
  const scores = input.answers.map(({ question, answer }) => scoreAnswer(question, answer));
  const overall = scores.length ? Math.round((scores.reduce((sum, s) => sum + s.score, 0) / (scores.length * 5)) * 100) : 0;
  const answered = input.answers.filter(({ answer }) => squash(answer).length > 0).length;
  const subjects = new Map(input.answers.map(({ question }) => [question.id, subjectOf(question.requirement).split(/,\s/)[0]]));
  return { candidateName, overall, scores, summary: summarize(candidateName, overall, scores, answered, subjects) };
}

/** The score of one answer against its question's rubric. */
export function scoreAnswer(question: ScreeningQuestion, rawAnswer: string): AnswerScore {
  const answer = squash(rawAnswer);
  const points = question.goodAnswer.map(squash).filter(Boolean);
  const base = { questionId: question.id, question: question.question };
  if (!answer) return { ...base, score: 0, covered: [], missing: points, meetsRequirement: null };

  const sentences = splitSentences(answer);
  const requirement = question.requirement;
  const { about, mentionsIn } = requirementMentions(requirement);
  const negated = isNegated(sentences, mentionsIn);
  const covered: AnswerScore['covered'] = [];
  const missing: string[] = [];
  for (const point of points) {
    const context: Context = { sentences, answer, point, negated, about, requirement };
    const check = CHECKS.find((candidate) => candidate.when.test(point));
    const evidence = (check ? check.find(context) : null) ?? (check ? null : byWords(context));
    if (evidence) covered.push({ point, evidence: clip(evidence) });
    else missing.push(point);
  }

  const relevant = sentences.some(about) || covered.length >= 2 || (!negated && refersBack(sentences));
  const coverage = points.length ? covered.length / points.length : relevant ? 1 : 0;
  const specifics =
    [hasQuantity(withoutOwnNumbers(answer, requirement)), hasAction(answer), namesSomething(answer), skillsIn(answer).length > 0].filter(
      Boolean,
    ).length / 4;
  let score = Math.round(4 * coverage + specifics);
  const meetsRequirement = question.kind === 'knockout' ? meets(requirement, answer, sentences, negated, relevant, covered.length) : null;
  if (!relevant || meetsRequirement === false) score = Math.min(score, 1);
  if (relevant && meetsRequirement !== false) score = Math.max(score, 1);
  // A flat refusal ("No.", "Not really, but I learn fast") is the weakest answer there is.
  if (negated && covered.length === 0) score = 0;
  return { ...base, score: Math.max(0, Math.min(5, score)), covered, missing, meetsRequirement };
}

/**
 * Where a sentence mentions the requirement (each of its skills and content words), and whether a
 * sentence is about it at all.
 */
function requirementMentions(requirement: string): { about: (sentence: string) => boolean; mentionsIn: (sentence: string) => number[] } {
  const skills = new Set(skillsIn(requirement));
  const words = new Set(keywords(subjectOf(requirement)).map(wordForm));
  const fields = new Set(industriesOf(requirement));
  const mentionsIn = (sentence: string): number[] => {
    const at = findSkills(sentence)
      .filter((mention) => skills.has(mention.canonical))
      .map((mention) => mention.index);
    for (const match of sentence.toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}.+#'-]*/gu))
      if (words.has(wordForm(stem(match[0]))) || words.has(wordForm(match[0]))) at.push(match.index ?? 0);
    // "a nursing home" is long-term care: the same field in other words.
    if (fields.size && industriesOf(sentence, 5).some((field) => fields.has(field))) at.push(0);
    return at;
  };
  const about = (sentence: string) =>
    mentionsIn(sentence).length > 0 || (skills.size === 0 && words.size === 0 && matchRequirement(sentence, requirement).matched);
  return { about, mentionsIn };
}

/** Past forms the stemmer cannot fold ("driven" → "driv"), and "1099s" → "1099". */
const IRREGULAR: Readonly<Record<string, string>> = {
  driven: 'driv',
  drove: 'driv',
  ran: 'run',
  led: 'lead',
  wrote: 'writ',
  written: 'writ',
  built: 'build',
  taught: 'teach',
  sold: 'sell',
  kept: 'keep',
  held: 'hold',
  made: 'mak',
  took: 'tak',
  taken: 'tak',
  gave: 'giv',
  given: 'giv',
};

function wordForm(word: string): string {
  return IRREGULAR[word] ?? word.replace(/^(\d+)s$/, '$1');
}

/** A short reply that points back at the question ("I am thinking about getting it"): about the requirement, whatever its words. */
function refersBack(sentences: readonly string[]): boolean {
  const text = sentences.join(' ');
  // "I have heard of it" knows the name, nothing more.
  if (/\b(?:heard (?:of|about)|read about|seen it|know of)\b/i.test(text)) return false;
  return text.split(/\s+/).length <= 12 && /\b(?:it|one|that|this|them)\b/i.test(text);
}

/** A knock-out's verdict: false on a refusal or too few years, true on a relevant affirmative answer. */
function meets(
  requirement: string,
  answer: string,
  sentences: readonly string[],
  negated: boolean,
  relevant: boolean,
  coveredCount: number,
): boolean | null {
  if (negated) return false;
  const needed = yearsRequired(requirement);
  const stated = statedYears(answer);
  if (needed !== null && stated !== null) return stated >= needed;
  if ((relevant || opensWithYes(sentences)) && coveredCount > 0) return true;
  return null;
}

/** How many requirements a summary names in one list before "and N more". */
const SUMMARY_LIST_MAX = 4;

function listOf(scores: readonly AnswerScore[], subjects: ReadonlyMap<string, string>): string {
  const all = [...new Set(scores.map((s) => subjects.get(s.questionId) ?? clip(s.question, 60)))];
  const list = all.length > SUMMARY_LIST_MAX ? [...all.slice(0, SUMMARY_LIST_MAX - 1), `${all.length - SUMMARY_LIST_MAX + 1} more`] : all;
  // Semicolons when an item holds "and" itself ("Kubernetes and Docker").
  if (list.some((item) => / and /.test(item)))
    return `${list.slice(0, -1).join('; ')}${list.length > 2 ? '; and ' : '; '}${list[list.length - 1]}`;
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** One or a few sentences: the overall score, the strengths, the gaps and failed knock-outs. */
function summarize(
  name: string,
  overall: number,
  scores: readonly AnswerScore[],
  answered: number,
  subjects: ReadonlyMap<string, string>,
): string {
  if (scores.length === 0) return `${name} has no answers to evaluate.`;
  if (answered === 0) return `${name} answered none of the ${scores.length} questions, so there is nothing to score yet.`;
  const parts = [`${name} scored ${overall}/100 over ${scores.length} question${scores.length === 1 ? '' : 's'}.`];
  const strong = scores.filter((s) => s.score >= 4);
  const weak = scores.filter((s) => s.score <= 2);
  if (strong.length) parts.push(`Strong, specific answers on ${listOf(strong, subjects)}.`);
  if (weak.length) parts.push(`Gaps: ${listOf(weak, subjects)}${strong.length ? '' : ' (answers were vague or missing)'}.`);
  const failed = scores.filter((s) => s.meetsRequirement === false);
  if (failed.length) parts.push(`Does not meet the must-have${failed.length === 1 ? '' : 's'} ${listOf(failed, subjects)}.`);
  const skipped = scores.length - answered;
  if (skipped > 0) parts.push(`${skipped} question${skipped === 1 ? ' was' : 's were'} left unanswered.`);
  return parts.join(' ');
}
