import { EvaluateAnswersRequestSchema, type ScreeningQuestion } from '../shared/contracts/assistant';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { capabilityDependencies, type CapabilityDependencies } from './assistant-dependencies';
import { jobContext, requireFirmJob } from './assistant-jobs';
import { capabilityRoute } from './capability-route';
import { evaluateAnswers } from './domain/interview-evaluation';
import { interviewEvaluationTask } from './engine/bedrock-tasks/interview-evaluation';
import { languageModelFromEnvironment } from './engine/language-model-from-environment';

/**
 * `POST /assistant/evaluations` (subscribers): a candidate's answers scored against the rubrics
 * of one of the caller's screening results for that job, with the evidence for each score. The
 * overall score is kept as the candidate's latest evaluation for the job, which best-fit uses.
 */

export const EVALUATION_MESSAGES = {
  screeningNotFound: 'We could not find those screening questions for this job.',
  unknownQuestion: (questionId: string) => `Question "${questionId}" is not one of this job's screening questions.`,
  repeatedQuestion: (questionId: string) => `Question "${questionId}" is answered more than once.`,
} as const;

export function createEvaluateAnswersHandler(dependencies: () => CapabilityDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return capabilityRoute(
    {
      capability: 'interview-evaluation',
      request: EvaluateAnswersRequestSchema,
      prepare: async ({ deps, user, firm, input }) => {
        const [job, screening] = await Promise.all([
          requireFirmJob(deps, firm.id, input.jobId),
          deps.results.get(user.id, input.screeningResultId),
        ]);
        if (!screening || screening.capability !== 'screening-questions' || screening.jobId !== job.id) {
          throw new NotFoundError(EVALUATION_MESSAGES.screeningNotFound, { code: 'screening_not_found' });
        }
        const questions = new Map<string, ScreeningQuestion>(
          (screening.output as { questions: ScreeningQuestion[] }).questions.map((question) => [question.id, question]),
        );
        const fields: Record<string, string> = {};
        const answered = new Set<string>();
        for (const [index, { questionId }] of input.answers.entries()) {
          if (!questions.has(questionId)) fields[`answers.${index}.questionId`] = EVALUATION_MESSAGES.unknownQuestion(questionId);
          else if (answered.has(questionId)) fields[`answers.${index}.questionId`] = EVALUATION_MESSAGES.repeatedQuestion(questionId);
          answered.add(questionId);
        }
        const problems = Object.values(fields);
        if (problems.length > 0) throw new ValidationError(problems[0], fields, { code: 'unknown_question' });
        return {
          input: {
            job: jobContext(job),
            candidateName: input.candidateName,
            answers: input.answers.map(({ questionId, answer }) => ({ question: questions.get(questionId)!, answer: answer ?? '' })),
          },
          jobId: job.id,
          jobTitle: job.title,
          label: `${input.candidateName} · ${job.title}`,
        };
      },
      afterStored: async (deps, user, result) => {
        await deps.evaluations.record(user.id, {
          jobId: result.jobId!,
          candidateName: result.output.candidateName,
          overall: result.output.overall,
          resultId: result.id,
          createdAt: result.createdAt,
        });
      },
    },
    dependencies,
    options,
  );
}

export const handler = createEvaluateAnswersHandler(
  capabilityDependencies(() => languageModelFromEnvironment('interview-evaluation', evaluateAnswers, interviewEvaluationTask)),
);
