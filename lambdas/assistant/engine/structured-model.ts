import type { AssistantCapability, EngineInfo } from '../../shared/contracts/assistant';
import type { BedrockTask } from './bedrock-tasks/task';
import type { AssistantInputs, LanguageModel, ModelAnswer } from './language-model';
import { isLanguageModelError, LanguageModelError } from './language-model-error';

/**
 * What Amazon Bedrock and an OpenAI-compatible local model share: one capability's task asked as
 * a forced tool call (the answer is the tool's input, checked against the task's JSON schema by
 * the task's parser), one retry when the answer cannot be used, and every failure as a
 * LanguageModelError with a reason. Each adapter supplies only `ask`: the request in its API's
 * shape and the tool input out of its response.
 */

/** The tasks a model can run, by capability (a handler passes only its own). */
export type ModelTasks = { readonly [C in AssistantCapability]?: BedrockTask<C> };

/** One request to the model. */
export interface ModelRequest {
  readonly system: string;
  readonly user: string;
  readonly toolName: string;
  readonly toolDescription: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly maxTokens: number;
  /** Aborts when the whole call's time budget is spent. */
  readonly signal: AbortSignal;
}

export interface StructuredModelOptions {
  /** Which engine answers (the result's `engine`). */
  readonly engine: EngineInfo;
  /** The model's id, as errors carry it (`LanguageModelError.model`). */
  readonly model: string;
  /** How error messages name the model, e.g. `Bedrock model us.amazon.nova-lite-v1:0` (never the documents). */
  readonly label: string;
  readonly tasks: ModelTasks;
  /** The whole call's budget, the retry included. */
  readonly timeoutMs: number;
  /** The tool's input the model sent, or a LanguageModelError (`invalid-answer` for an unusable reply). */
  ask(request: ModelRequest): Promise<unknown>;
}

/** How many times an unusable answer is asked again before the caller falls back. */
export const INVALID_ANSWER_RETRIES = 1;

/** Added to the user message of the retry: what was wrong (paths only, never values). */
export function retryMessage(user: string, problem: string): string {
  return `${user}\n\nYour previous answer could not be used: ${problem} Call the tool once more, with an input that follows its JSON schema exactly.`;
}

export function createStructuredModel(options: StructuredModelOptions): LanguageModel {
  const { tasks, model, label } = options;
  return {
    async run<C extends AssistantCapability>(capability: C, input: AssistantInputs[C]): Promise<ModelAnswer<C>> {
      const task = tasks[capability] as BedrockTask<C> | undefined;
      if (!task) throw new LanguageModelError('unsupported', `${label} has no task for capability ${capability}.`, { model });
      const signal = AbortSignal.timeout(options.timeoutMs);
      const firstMessage = task.userMessage(input);
      let user = firstMessage;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const answer = await options.ask({
            system: task.system,
            user,
            toolName: task.toolName,
            toolDescription: task.toolDescription,
            inputSchema: task.inputSchema,
            maxTokens: task.maxTokens,
            signal,
          });
          return { output: parseWith(task, answer, input, model, label), engine: options.engine };
        } catch (error) {
          const failure = isLanguageModelError(error)
            ? error
            : new LanguageModelError('unavailable', `${label} failed.`, { cause: error, model });
          if (failure.reason !== 'invalid-answer' || attempt >= INVALID_ANSWER_RETRIES || signal.aborted) throw failure;
          user = retryMessage(firstMessage, failure.message);
        }
      }
    },
  };
}

/** The task's parser, its failures named after the model. */
function parseWith<C extends AssistantCapability>(
  task: BedrockTask<C>,
  answer: unknown,
  input: AssistantInputs[C],
  model: string,
  label: string,
) {
  try {
    return task.parse(answer, input);
  } catch (error) {
    // The task's own message says what was wrong (paths, never values); the model is added here.
    if (isLanguageModelError(error)) throw new LanguageModelError(error.reason, error.message, { cause: error.cause, model });
    // A parser that trips over an odd answer: the answer is unusable, not the service.
    throw new LanguageModelError('invalid-answer', `${label} gave an answer the ${task.capability} task could not use.`, {
      cause: error,
      model,
    });
  }
}
