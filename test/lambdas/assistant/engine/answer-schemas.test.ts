import { bestFitTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/best-fit';
import { candidateSummaryTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/candidate-summary';
import { interviewEvaluationTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/interview-evaluation';
import { jobDescriptionTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/job-description';
import { mustHavesTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/must-haves';
import { screeningQuestionsTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/screening-questions';
import { sourcingTermsTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/sourcing-terms';
import * as z from '../../../../lambdas/shared/zod';

/**
 * Each task's tool input schema (written out in its module, to keep zod's JSON Schema generator
 * out of the handler bundles) is exactly the JSON Schema of the shape its parser checks, and a
 * tool name the Converse API and OpenAI accept.
 */

const TASKS = [
  mustHavesTask,
  sourcingTermsTask,
  jobDescriptionTask,
  screeningQuestionsTask,
  interviewEvaluationTask,
  bestFitTask,
  candidateSummaryTask,
] as const;

describe.each(TASKS.map((task) => [task.capability, task] as const))('the %s task', (_capability, task) => {
  it("sends as the tool's input schema the JSON Schema of what its parser accepts", () => {
    const { $schema: _dialect, ...generated } = z.toJSONSchema(task.answerSchema, { io: 'input' }) as Record<string, unknown>;
    expect(task.inputSchema).toEqual(generated);
    expect(task.inputSchema).toMatchObject({ type: 'object' });
  });

  it('names its tool as both APIs allow', () => {
    expect(task.toolName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(task.toolDescription.length).toBeGreaterThan(20);
  });
});

it('gives every task its own tool', () => {
  expect(new Set(TASKS.map((task) => task.toolName)).size).toBe(TASKS.length);
});
