import * as z from '../../../shared/zod';
import { ASSISTANT_LIMITS, ScreeningQuestionsOutputSchema, type ScreeningQuestionsOutput } from '../../../shared/contracts/assistant';
import { checkShape, cleanList, cleanText, jobBlocks, parseAnswer, stringList, systemPrompt, type BedrockTask } from './task';

/** Capability 4: screening questions from a job's must-haves, each with its rubric. */

const SHAPE = `{
  "questions": [{
    "question": string,               // asked of the candidate, one requirement per question
    "requirement": string,            // the must-have or nice-to-have it checks, worded as in the job
    "kind": "knockout" or "competency",
    "goodAnswer": [string]            // 2-5 points a good answer covers
  }]
}`;

const AnswerSchema = z.object({
  questions: z.array(
    z.object({
      question: z.string(),
      requirement: z._default(z.string(), ''),
      kind: z.enum(['knockout', 'competency']),
      goodAnswer: stringList,
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
    questions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          question: { type: 'string' },
          requirement: { default: '', type: 'string' },
          kind: { type: 'string', enum: ['knockout', 'competency'] },
          goodAnswer: { default: [], type: 'array', items: { type: 'string' } },
        },
        required: ['question', 'kind'],
      },
    },
  },
  required: ['questions'],
};

const QUESTION_MAX_CHARS = 400;
const RUBRIC_POINTS_MAX = 6;
const RUBRIC_POINT_MAX_CHARS = 200;

export const screeningQuestionsTask: BedrockTask<'screening-questions'> = {
  capability: 'screening-questions',
  maxTokens: 3_000,
  toolName: 'record_screening_questions',
  toolDescription: 'Records the screening questions for the job, each with the requirement it checks and its rubric.',
  answerSchema: AnswerSchema,
  inputSchema: ANSWER_JSON_SCHEMA,
  system: systemPrompt({
    task: "Write screening questions a recruiter asks a candidate on a first call, from the job's must-haves and nice-to-haves.",
    rules: [
      'One question per must-have first, then nice-to-haves; when the job lists no must-haves, use the clearest requirements of the description.',
      `At most ${ASSISTANT_LIMITS.questionsMax} questions.`,
      '"knockout" for a must-have a candidate either meets or not (a licence, years, work authorisation, location); "competency" for depth of a skill.',
      'Questions are open ("Tell me about...", "How have you...") and never ask about age, family, health, religion, nationality or other protected characteristics.',
      '"goodAnswer" lists the concrete points a strong answer covers (tools, scale, results, years), each a short phrase.',
    ],
    shape: SHAPE,
  }),
  userMessage: (input) => jobBlocks(input).join('\n\n'),
  parse(text) {
    const answer = parseAnswer(AnswerSchema, text);
    const questions: ScreeningQuestionsOutput['questions'] = [];
    for (const item of answer.questions) {
      const question = cleanText(item.question, QUESTION_MAX_CHARS);
      if (question === '') continue;
      questions.push({
        // Ids come from the position, as the deterministic engine's do: evaluations cite them.
        id: `q${questions.length + 1}`,
        question,
        requirement: cleanText(item.requirement, ASSISTANT_LIMITS.itemMaxChars),
        kind: item.kind,
        goodAnswer: cleanList(item.goodAnswer, RUBRIC_POINTS_MAX, RUBRIC_POINT_MAX_CHARS),
      });
      if (questions.length === ASSISTANT_LIMITS.questionsMax) break;
    }
    return checkShape(ScreeningQuestionsOutputSchema, { questions }, 'screening questions');
  },
};
