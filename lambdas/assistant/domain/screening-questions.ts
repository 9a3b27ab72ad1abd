import {
  ASSISTANT_LIMITS,
  type Requirement,
  type ScreeningQuestion,
  type ScreeningQuestionsOutput,
} from '../../shared/contracts/assistant';
import type { AssistantInputs, JobContext } from '../engine/language-model';
import { requirementsOf } from './job-requirements';
import { competencyWording, knockoutWording } from './question-wording';
import { coreOf, isDomainSkill } from './requirement-phrasing';
import { skillEntry, skillsIn } from '../../shared/text/skills-dictionary';

/**
 * Capability 4: screening questions from a job's must-haves. Every must-have gets one knock-out
 * question phrased for its kind, then the nice-to-haves and the description's other key skills get
 * competency questions that probe depth, up to {@link ASSISTANT_LIMITS.questionsMax}. Each question
 * carries its rubric (`goodAnswer`): two to four concrete, checkable points interview evaluation
 * scores answers against. A job without confirmed must-haves gets them proposed from its text.
 * Ids are `q1`, `q2`… in order, so the same job always gives the same questions.
 */

/** How many competency questions the description's other key skills may add. */
const KEY_SKILL_QUESTIONS = 3;
/** Categories of skills worth a competency question (tools and practices, not papers or languages). */
const PRACTICAL = new Set(['software', 'data', 'cloud', 'clinical', 'finance', 'sales', 'operations']);

/** Screening questions for a job: knock-outs for its must-haves, then competency questions. */
export function screeningQuestions(input: AssistantInputs['screening-questions']): ScreeningQuestionsOutput {
  const { mustHaves, niceToHaves } = requirementsOf(input);
  const drafts: Omit<ScreeningQuestion, 'id'>[] = [];
  for (const requirement of mustHaves)
    drafts.push({ requirement: requirement.text, kind: 'knockout', ...knockoutWording(requirement, input.location) });
  for (const requirement of niceToHaves)
    drafts.push({ requirement: requirement.text, kind: 'competency', ...competencyWording(requirement, input.location) });
  for (const skill of otherKeySkills(input, [...mustHaves, ...niceToHaves])) {
    drafts.push({ requirement: skill, kind: 'competency', ...competencyWording({ text: skill, kind: 'skill' }, input.location) });
  }

  const seen = new Set<string>();
  const questions: ScreeningQuestion[] = [];
  for (const draft of drafts) {
    if (questions.length >= ASSISTANT_LIMITS.questionsMax) break;
    const key = draft.question.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    questions.push({ id: `q${questions.length + 1}`, ...draft });
  }
  return { questions };
}

/** Skills the description names that no requirement covers, in the order it names them. */
function otherKeySkills(job: JobContext, requirements: readonly Requirement[]): string[] {
  const covered = new Set(requirements.flatMap((requirement) => skillsIn(coreOf(requirement.text))));
  return skillsIn(job.description)
    .filter((skill) => !covered.has(skill) && PRACTICAL.has(skillEntry(skill)?.category ?? '') && !isDomainSkill(skill))
    .slice(0, KEY_SKILL_QUESTIONS);
}
