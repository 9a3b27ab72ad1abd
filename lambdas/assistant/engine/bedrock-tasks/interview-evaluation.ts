import * as z from '../../../shared/zod';
import { EvaluationOutputSchema, type AnswerScore, type EvaluationOutput } from '../../../shared/contracts/assistant';
import { LanguageModelError } from '../language-model-error';
import {
  checkShape,
  clamp,
  cleanText,
  documentBlock,
  listBlock,
  matchItems,
  parseAnswer,
  stringList,
  systemPrompt,
  type BedrockTask,
} from './task';

/** Capability 5: a candidate's interview answers scored against each question's rubric. */

const SHAPE = `{
  "scores": [{
    "questionId": string,             // the id of the question, e.g. "q1"
    "score": number,                  // 0 (no answer or nothing relevant) to 5 (covers every point with specifics)
    "covered": [{ "point": string, "evidence": string }],  // rubric points the answer covers, each with the candidate's words that show it
    "missing": [string],              // rubric points the answer does not cover
    "meetsRequirement": true, false or null  // knockout questions only: whether the answer meets the requirement; null when unclear
  }],
  "summary": string                   // two or three sentences for the recruiter
}`;

const AnswerSchema = z.object({
  scores: z.array(
    z.object({
      questionId: z.string(),
      score: z.number(),
      covered: z._default(z.array(z.object({ point: z.string(), evidence: z._default(z.string(), '') })), []),
      missing: stringList,
      meetsRequirement: z._default(z.nullable(z.boolean()), null),
    }),
  ),
  summary: z._default(z.string(), ''),
});

const EVIDENCE_MAX_CHARS = 300;
const SUMMARY_MAX_CHARS = 1_000;

export const interviewEvaluationTask: BedrockTask<'interview-evaluation'> = {
  capability: 'interview-evaluation',
  maxTokens: 3_000,
  system: systemPrompt({
    task: "Score a candidate's answers to screening questions against each question's rubric (the points a good answer covers), with the evidence for each score.",
    rules: [
      'Score every question given, by its id, even when the answer is empty (score 0).',
      "A point is covered only when the answer itself shows it; quote the candidate's words as evidence. Confident wording without specifics earns little.",
      "Judge only what the answer says, never the candidate's name or any characteristic unrelated to the job.",
    ],
    shape: SHAPE,
  }),
  userMessage(input) {
    const blocks = [documentBlock('job-title', input.job.title), documentBlock('candidate-name', input.candidateName)];
    for (const { question, answer } of input.answers) {
      blocks.push(
        documentBlock(
          `question ${question.id}`,
          `${question.question}\nKind: ${question.kind}\nRequirement: ${question.requirement}\nRubric:\n${question.goodAnswer.map((point) => `- ${point}`).join('\n') || '(none)'}`,
        ),
        answer.trim() === '' ? listBlock(`answer ${question.id}`, []) : documentBlock(`answer ${question.id}`, answer),
      );
    }
    return blocks.join('\n\n');
  },
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const byId = new Map(answer.scores.map((score) => [score.questionId.trim(), score]));
    const scores: AnswerScore[] = input.answers.map(({ question, answer: given }) => {
      const base = { questionId: question.id, question: question.question };
      // An unanswered question scores 0 whatever the model says.
      if (given.trim() === '') return { ...base, score: 0, covered: [], missing: [...question.goodAnswer], meetsRequirement: null };
      const scored = byId.get(question.id);
      if (!scored) throw new LanguageModelError('invalid-answer', `The model's evaluation left out question ${question.id}.`);
      const rubric = question.goodAnswer;
      // Covered points are named by the rubric's own wording; with no rubric, as the model gave them.
      const covered: AnswerScore['covered'] = [];
      for (const item of scored.covered) {
        const point = rubric.length > 0 ? matchItems([item.point], rubric).matched[0] : cleanText(item.point, EVIDENCE_MAX_CHARS);
        if (!point || covered.some((entry) => entry.point === point)) continue;
        covered.push({ point, evidence: cleanText(item.evidence, EVIDENCE_MAX_CHARS) });
      }
      const missing =
        rubric.length > 0
          ? rubric.filter((point) => !covered.some((entry) => entry.point === point))
          : scored.missing.map((point) => cleanText(point, EVIDENCE_MAX_CHARS));
      return {
        ...base,
        score: clamp(scored.score, 0, 5, 0.5),
        covered,
        missing,
        meetsRequirement: question.kind === 'knockout' ? scored.meetsRequirement : null,
      };
    });
    const mean = scores.length > 0 ? scores.reduce((sum, score) => sum + score.score, 0) / scores.length : 0;
    const failedKnockouts = input.answers.filter(
      ({ question }) => scores.find((score) => score.questionId === question.id)?.meetsRequirement === false,
    );
    let summary = cleanText(answer.summary, SUMMARY_MAX_CHARS);
    // The contract promises failed knockouts in the summary; the model may not have said so.
    if (failedKnockouts.length > 0) {
      summary = `${summary}${summary === '' ? '' : ' '}Knockout requirements not met: ${failedKnockouts.map(({ question }) => question.requirement || question.question).join('; ')}.`;
    }
    const output: EvaluationOutput = { candidateName: input.candidateName, overall: clamp((mean / 5) * 100, 0, 100), scores, summary };
    return checkShape(EvaluationOutputSchema, output, 'evaluation');
  },
};
