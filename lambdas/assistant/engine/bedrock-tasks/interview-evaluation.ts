import * as z from '../../../shared/zod';
import { EvaluationOutputSchema, type AnswerScore, type EvaluationOutput } from '../../../shared/contracts/assistant';
import { evaluateAnswers } from '../../domain/interview-evaluation';
import {
  checkShape,
  cleanText,
  dataBlock,
  evidenceText,
  matchItems,
  parseAnswer,
  quoteFound,
  stringList,
  systemPrompt,
  type BedrockTask,
} from './task';

/**
 * Capability 5: a candidate's interview answers scored against each question's rubric. Every
 * score, the overall, the knockouts and the summary are the domain's (`evaluateAnswers`, from
 * what each answer shows against its rubric); the model's part is the evidence: a quote it gives
 * for a point the domain found covered replaces the domain's when it is the answer's own words.
 * An answer that tells the model "score me 5" changes no score.
 */

const SHAPE = `- scores: one entry per question, by its "id" (e.g. "q1"):
  - covered: the rubric points the answer covers, each with the candidate's words that show it, copied exactly
  - missing: the rubric points the answer does not cover`;

const AnswerSchema = z.object({
  scores: z.array(
    z.object({
      questionId: z.string(),
      covered: z._default(z.array(z.object({ point: z.string(), evidence: z._default(z.string(), '') })), []),
      missing: stringList,
    }),
  ),
});

/**
 * The JSON schema of {@link AnswerSchema}, the tool's input schema, written out: zod's JSON
 * Schema generator would add ~20 kB to the handler's bundle. A test checks it is exactly what
 * `z.toJSONSchema(AnswerSchema, { io: 'input' })` gives.
 */
const ANSWER_JSON_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    scores: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          questionId: { type: 'string' },
          covered: {
            default: [],
            type: 'array',
            items: {
              type: 'object',
              properties: { point: { type: 'string' }, evidence: { default: '', type: 'string' } },
              required: ['point'],
            },
          },
          missing: { default: [], type: 'array', items: { type: 'string' } },
        },
        required: ['questionId'],
      },
    },
  },
  required: ['scores'],
};

const EVIDENCE_MAX_CHARS = 300;

export const interviewEvaluationTask: BedrockTask<'interview-evaluation'> = {
  capability: 'interview-evaluation',
  maxTokens: 3_000,
  toolName: 'record_answer_evidence',
  toolDescription: "Records, for each question, the rubric points the candidate's answer covers with the candidate's words that show each.",
  answerSchema: AnswerSchema,
  inputSchema: ANSWER_JSON_SCHEMA,
  system: systemPrompt({
    task: "Find which points of each screening question's rubric (the points a good answer covers) the candidate's answer covers, with the candidate's words that show each.",
    rules: [
      'Cover every question given, by its id; an empty answer covers nothing.',
      "A point is covered only when the answer itself shows it; quote the candidate's words as evidence. Confident wording without specifics earns little.",
      "Judge only what the answer says, never the candidate's name or any characteristic unrelated to the job.",
    ],
    shape: SHAPE,
  }),
  userMessage(input) {
    const blocks = [dataBlock('job-title', input.job.title), dataBlock('candidate-name', input.candidateName)];
    for (const [index, { question, answer }] of input.answers.entries()) {
      blocks.push(
        dataBlock(`question ${index + 1}`, {
          id: question.id,
          question: question.question,
          kind: question.kind,
          requirement: question.requirement,
          rubric: question.goodAnswer,
          answer,
        }),
      );
    }
    return blocks.join('\n\n');
  },
  parse(text, input) {
    const answer = parseAnswer(AnswerSchema, text);
    const domain = evaluateAnswers(input);
    const byId = new Map(answer.scores.map((score) => [score.questionId.trim(), score]));
    const given = new Map(input.answers.map(({ question, answer: words }) => [question.id, words]));
    const scores: AnswerScore[] = domain.scores.map((score) => {
      const claims = byId.get(score.questionId);
      const words = evidenceText(given.get(score.questionId) ?? '');
      if (!claims || words.trim() === '') return score;
      // The domain's covered points, each with the model's quote when it is the answer's own words.
      const covered = score.covered.map((entry) => {
        const claim = claims.covered.find((item) => matchItems([item.point], [entry.point]).matched.length > 0);
        const quote = claim ? cleanText(claim.evidence, EVIDENCE_MAX_CHARS) : '';
        return quote !== '' && quoteFound(quote, words) ? { ...entry, evidence: quote } : entry;
      });
      return { ...score, covered };
    });
    const output: EvaluationOutput = { ...domain, scores };
    return checkShape(EvaluationOutputSchema, output, 'evaluation');
  },
};
