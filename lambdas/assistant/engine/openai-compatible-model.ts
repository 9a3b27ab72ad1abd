import type { LanguageModel } from './language-model';
import { LanguageModelError, type LanguageModelFailure } from './language-model-error';
import { chatCompletionsUrl } from './environment';
import { createStructuredModel, type ModelTasks } from './structured-model';

/**
 * The language-model ADAPTER for a local model behind an OpenAI-compatible chat endpoint (what
 * Ollama, llama.cpp's server, LM Studio and vLLM expose), with the same tasks, prompts, schemas
 * and checks as Bedrock (structured-model.ts).
 *
 * The request is OpenAI's Chat Completions `POST {base}/v1/chat/completions`
 * (https://platform.openai.com/docs/api-reference/chat/create) with `model`, `messages` (the
 * task's system prompt, then its data blocks as the user message), `temperature`, `max_tokens`,
 * `stream: false`, and the answer as a function call: `tools` holds one function whose
 * `parameters` is the answer's JSON schema and `tool_choice` names it. Tools rather than
 * `response_format: json_schema`: Ollama's OpenAI compatibility lists `tools` among its supported
 * request fields (https://docs.ollama.com/api/openai-compatibility, and
 * https://ollama.com/blog/tool-support), and llama.cpp's server, LM Studio and vLLM accept them
 * too. The answer is `choices[0].message.tool_calls[0].function.arguments` (a JSON string); a
 * server that answered in `content` instead gives its text, which the task parses as JSON.
 */

export interface OpenAiCompatibleModelOptions {
  /** The server's base URL, with or without `/v1`, e.g. `http://127.0.0.1:11434`. */
  readonly baseUrl: string;
  /** The model name the server knows, e.g. `llama3.1`. */
  readonly model: string;
  readonly tasks: ModelTasks;
  /**
   * The whole call's budget, the retry included. Local models are slower than Bedrock: the local
   * runtime gives the handler its full time-out.
   * @default LOCAL_MODEL_TIME_BUDGET_MS
   */
  readonly timeoutMs?: number;
  /** @default LOCAL_MODEL_TEMPERATURE */
  readonly temperature?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

/** Leaves the fallback engine time to answer within the route's 28 s. */
export const LOCAL_MODEL_TIME_BUDGET_MS = 20_000;
export const LOCAL_MODEL_TEMPERATURE = 0.2;

interface ChatCompletion {
  readonly choices?: readonly {
    readonly finish_reason?: string | null;
    readonly message?: {
      readonly content?: string | null;
      readonly refusal?: string | null;
      readonly tool_calls?: readonly { readonly function?: { readonly name?: string; readonly arguments?: string } }[];
    };
  }[];
}

function reasonForStatus(status: number): LanguageModelFailure {
  if (status === 429) return 'throttled';
  if (status === 401 || status === 403) return 'access-denied';
  if (status >= 400 && status < 500) return 'misconfigured';
  return 'unavailable';
}

/** The function call's arguments (or the reply's text), or the failure the reply stands for. */
function answerOf(completion: ChatCompletion, label: string, model: string, toolName: string): unknown {
  const choice = completion.choices?.[0];
  const message = choice?.message;
  if (!choice || !message) throw new LanguageModelError('invalid-answer', `${label} answered without a message.`, { model });
  if (choice.finish_reason === 'content_filter' || (message.refusal ?? '') !== '') {
    throw new LanguageModelError('refused', `${label} declined to answer.`, { model });
  }
  if (choice.finish_reason === 'length') {
    throw new LanguageModelError('invalid-answer', `${label} was cut off (length) before its answer was complete.`, { model });
  }
  const call = message.tool_calls?.find((item) => item.function?.name === toolName) ?? message.tool_calls?.[0];
  const text = call?.function?.arguments ?? message.content ?? '';
  if (text.trim() === '') throw new LanguageModelError('invalid-answer', `${label} gave an empty answer.`, { model });
  return text;
}

export function createOpenAiCompatibleModel(options: OpenAiCompatibleModelOptions): LanguageModel {
  const { model, tasks } = options;
  const url = chatCompletionsUrl(options.baseUrl);
  const send = options.fetch ?? globalThis.fetch;
  const temperature = options.temperature ?? LOCAL_MODEL_TEMPERATURE;
  const label = `Local model ${model}`;
  return createStructuredModel({
    engine: { kind: 'local-model', model, note: null },
    model,
    label,
    tasks,
    timeoutMs: options.timeoutMs ?? LOCAL_MODEL_TIME_BUDGET_MS,
    async ask(request) {
      const body = {
        model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        temperature,
        max_tokens: request.maxTokens,
        stream: false,
        tools: [
          {
            type: 'function',
            function: { name: request.toolName, description: request.toolDescription, parameters: request.inputSchema },
          },
        ],
        tool_choice: { type: 'function', function: { name: request.toolName } },
      };
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: request.signal,
        });
      } catch (error) {
        const timedOut = request.signal.aborted || (error as { name?: string } | null)?.name === 'TimeoutError';
        throw new LanguageModelError(
          timedOut ? 'timeout' : 'unavailable',
          timedOut ? `${label} took too long.` : `${label} could not be reached.`,
          { cause: error, model },
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        const reason = reasonForStatus(response.status);
        throw new LanguageModelError(reason, `${label} failed: ${reason} (HTTP ${response.status}).`, { model });
      }
      let completion: ChatCompletion;
      try {
        completion = (await response.json()) as ChatCompletion;
      } catch (error) {
        const timedOut = request.signal.aborted;
        throw new LanguageModelError(timedOut ? 'timeout' : 'invalid-answer', `${label} answered with a body that is not JSON.`, {
          cause: error,
          model,
        });
      }
      return answerOf(completion, label, model, request.toolName);
    },
  });
}
