import { yearsMentioned, yearsOfExperience, yearsRequired } from './experience';
import { keywords, splitSentences } from './normalize';
import { findSkills, searchTermsOf } from './skills-dictionary';

/**
 * Whether a resume, profile or interview answer covers a requirement, and the sentence that shows
 * it: dictionary skills with their synonyms ("k8s" covers "Kubernetes"), stemmed key words
 * ("managed budgets" covers "budget management"), and years ("7 years of nursing" covers "5+ years").
 * Negated mentions ("I have not used Kafka") do not count.
 */

export interface RequirementMatch {
  /** Whether the text covers the requirement (strength ≥ {@link MATCH_THRESHOLD}). */
  readonly matched: boolean;
  /** The sentence that best shows it, `null` when none shows anything. */
  readonly evidence: string | null;
  /** 0 (nothing) to 1 (every skill, key word and year count in one sentence). */
  readonly strength: number;
}

export const MATCH_THRESHOLD = 0.5;

/** At most this many sentences are weighed (a 20,000-character resume has a few hundred). */
const MAX_SENTENCES = 1_500;

const NEGATION =
  /\b(?:no|not|never|without|lack|lacking|haven't|hasn't|didn't|don't|doesn't|do not|have not|has not|did not|does not|unfamiliar|zero)\b/i;
const CONTRAST = /\b(?:but|however|although|though|yet|whereas)\b/i;

/** Whether the words just before `index` in `sentence` negate what follows ("never used X"). */
function negatedAt(sentence: string, index: number): boolean {
  const before = sentence.slice(Math.max(0, index - 48), index);
  const cue = NEGATION.exec(before);
  return !!cue && !CONTRAST.test(before.slice(cue.index));
}

interface SentenceFacts {
  readonly sentence: string;
  readonly skills: Set<string>;
  readonly stems: Set<string>;
  readonly years: number;
  readonly negated: boolean;
}

function factsOf(sentence: string): SentenceFacts {
  const skills = new Set<string>();
  for (const m of findSkills(sentence)) if (!negatedAt(sentence, m.index)) skills.add(m.canonical);
  const years = yearsMentioned(sentence);
  return {
    sentence,
    skills,
    stems: new Set(keywords(sentence)),
    years: years.length ? Math.max(...years) : 0,
    negated: NEGATION.test(sentence),
  };
}

interface TextFacts {
  readonly sentences: readonly SentenceFacts[];
  readonly textSkills: ReadonlySet<string>;
  readonly totalYears: number | null;
}

/** Recently analysed texts: one resume is matched against every requirement of a job in a row. */
const cache = new Map<string, TextFacts>();
const CACHE_SIZE = 24;

function analysed(source: string): TextFacts {
  const hit = cache.get(source);
  if (hit) return hit;
  const sentences = splitSentences(source).slice(0, MAX_SENTENCES).map(factsOf);
  const facts = { sentences, textSkills: new Set(sentences.flatMap((s) => [...s.skills])), totalYears: yearsOfExperience(source) };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(source, facts);
  return facts;
}

function withoutSkillNames(text: string): string {
  let out = text;
  for (const m of findSkills(text).reverse()) out = `${out.slice(0, m.index)} ${out.slice(m.index + m.matched.length)}`;
  return out;
}

interface RequirementFacts {
  readonly reqSkills: readonly string[];
  /** "Kafka or RabbitMQ", "AWS/Azure": any one of the skills covers it. */
  readonly anyOf: boolean;
  /** Other word forms of a skill's names ("mentored" for "Mentoring"); ambiguous names ("Go") never. */
  readonly skillStems: ReadonlyMap<string, readonly (readonly string[])[]>;
  readonly reqYears: number | null;
  readonly reqStems: readonly string[];
}

/** Recently read requirements: ranking 20 resumes matches each requirement once per resume. */
const requirements = new Map<string, RequirementFacts>();
const REQUIREMENTS_SIZE = 500;

function requirementFacts(wanted: string): RequirementFacts {
  const hit = requirements.get(wanted);
  if (hit) return hit;
  const reqSkills = [...new Set(findSkills(wanted).map((m) => m.canonical))];
  const facts: RequirementFacts = {
    reqSkills,
    anyOf: reqSkills.length > 1 && /\bor\b|\//i.test(wanted),
    skillStems: new Map(
      reqSkills.map((s) => [
        s,
        searchTermsOf(s)
          .map(keywords)
          .filter((k) => k.length),
      ]),
    ),
    reqYears: yearsRequired(wanted),
    reqStems: keywords(withoutSkillNames(wanted)),
  };
  if (requirements.size >= REQUIREMENTS_SIZE) requirements.clear();
  requirements.set(wanted, facts);
  return facts;
}

/**
 * How well `text` covers `requirement` (e.g. "5+ years of Java and Spring Boot", "BLS
 * certification", "Month-end close"). Skills weigh most, then the requirement's other key words,
 * then years; a skill mentioned elsewhere in the text counts a little less than in the evidence
 * sentence itself.
 */
export function matchRequirement(text: string, requirement: string): RequirementMatch {
  const none: RequirementMatch = { matched: false, evidence: null, strength: 0 };
  const source = String(text ?? '');
  const wanted = String(requirement ?? '');
  if (!source.trim() || !wanted.trim()) return none;

  const { reqSkills, anyOf, skillStems, reqYears, reqStems } = requirementFacts(wanted);
  if (!reqSkills.length && !reqStems.length && reqYears === null) return none;

  const { sentences, textSkills, totalYears } = analysed(source);

  let best = { score: 0, sentence: null as string | null };
  for (const facts of sentences) {
    const parts: [weight: number, score: number][] = [];
    const covers = (skill: string) =>
      facts.skills.has(skill) ||
      (!facts.negated && (skillStems.get(skill) ?? []).some((stems) => stems.every((st) => facts.stems.has(st))));
    const coveredHere = reqSkills.filter(covers);
    if (reqSkills.length) {
      const here = coveredHere.length;
      const elsewhere = reqSkills.filter((s) => !coveredHere.includes(s) && textSkills.has(s)).length;
      parts.push([0.6, anyOf ? (here ? 1 : elsewhere ? 0.8 : 0) : (here + 0.8 * elsewhere) / reqSkills.length]);
    }
    if (reqStems.length) {
      const hits = reqStems.filter((s) => facts.stems.has(s)).length / reqStems.length;
      // Without a skill to anchor it, a negated sentence ("no budget experience") is weak evidence.
      parts.push([reqSkills.length ? 0.25 : 0.85, !reqSkills.length && facts.negated ? hits / 2 : hits]);
    }
    if (reqYears !== null) {
      const years =
        facts.years >= reqYears ? 1 : totalYears !== null && totalYears >= reqYears ? 0.7 : facts.years > 0 || totalYears ? 0.25 : 0;
      parts.push([0.15 + (parts.length ? 0 : 0.85), years]);
    }
    const weight = parts.reduce((sum, [w]) => sum + w, 0);
    const score = parts.reduce((sum, [w, s]) => sum + w * s, 0) / weight;
    const shows = coveredHere.length > 0 || reqStems.some((s) => facts.stems.has(s)) || (reqYears !== null && facts.years > 0);
    if (shows && score > best.score) best = { score, sentence: facts.sentence };
  }
  let strength = Math.round(Math.min(1, best.score) * 100) / 100;
  // "10+ years" is not met by a text that shows 8, however well the rest matches.
  if (reqYears !== null) {
    const shown = Math.max(totalYears ?? 0, ...sentences.map((s) => s.years));
    if (shown > 0 && shown < reqYears) strength = Math.min(strength, MATCH_THRESHOLD - 0.05);
  }
  return { matched: strength >= MATCH_THRESHOLD, evidence: best.sentence, strength };
}
