import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput, type ToolInputSchema } from '@aws-sdk/client-bedrock-runtime';
import type { LanguageModel } from './language-model';
import { isLanguageModelError, LanguageModelError, type LanguageModelFailure } from './language-model-error';
import { createStructuredModel, type ModelTasks } from './structured-model';

/**
 * The language-model ADAPTER for Amazon Bedrock's Converse API: one request per capability run,
 * with the task's system prompt, its JSON-encoded data blocks as the user message, a low
 * temperature and the task's answer as a forced tool call; the tool's input goes through the
 * task's parser (shape, contract, domain checks), with one retry of an unusable answer
 * (structured-model.ts). Every failure becomes a {@link LanguageModelError} with a reason, so the
 * fallback can say what happened without repeating the documents or the answer.
 */

/** The tasks a model can run, by capability (a handler passes only its own). */
export type BedrockTasks = ModelTasks;

export interface BedrockModelOptions {
  readonly client: BedrockRuntimeClient;
  /** A foundation model id or an inference profile id, e.g. `us.amazon.nova-lite-v1:0`. */
  readonly modelId: string;
  readonly tasks: BedrockTasks;
  /**
   * The whole call's budget, retries included: past it the call is aborted as a `timeout`, which
   * leaves the fallback time to answer within API Gateway's 29 s.
   * @default BEDROCK_TIME_BUDGET_MS
   */
  readonly timeoutMs?: number;
  /** @default BEDROCK_TEMPERATURE */
  readonly temperature?: number;
}

/** Leaves ~10 s of a 28 s Lambda time-out for the fallback engine and the result's storage. */
export const BEDROCK_TIME_BUDGET_MS = 18_000;
/** Low: the same job should give much the same terms and scores each time. */
export const BEDROCK_TEMPERATURE = 0.2;

export interface BedrockClientOptions {
  /** Absent: the SDK's default (`AWS_REGION` in Lambda). */
  readonly region?: string;
  /** A Converse-compatible endpoint (tests); absent in AWS. */
  readonly endpoint?: string;
  /** Absent: the SDK's default chain (the Lambda role in AWS). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/**
 * A Bedrock runtime client sized for a request behind API Gateway: two attempts (one retry of a
 * throttle or a 5xx) and a 15 s idle time-out per stream, over the SDK's default HTTP/2 handler
 * (one session per request, as the SDK sets it); the adapter's overall budget bounds the rest.
 * Create one per module.
 */
export function createBedrockClient(options: BedrockClientOptions = {}): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
    maxAttempts: 2,
    requestHandler: { requestTimeout: 15_000, disableConcurrentStreams: true },
  });
}

const REASON_BY_ERROR: Readonly<Record<string, LanguageModelFailure>> = {
  ThrottlingException: 'throttled',
  ServiceQuotaExceededException: 'throttled',
  AccessDeniedException: 'access-denied',
  UnrecognizedClientException: 'access-denied',
  ValidationException: 'misconfigured',
  ResourceNotFoundException: 'misconfigured',
  ModelTimeoutException: 'timeout',
  TimeoutError: 'timeout',
  AbortError: 'timeout',
  InternalServerException: 'unavailable',
  ServiceUnavailableException: 'unavailable',
  ModelNotReadyException: 'unavailable',
  ModelErrorException: 'unavailable',
};

/** An SDK or network failure as a LanguageModelError; the message names the reason and the model only. */
function translate(error: unknown, modelId: string): LanguageModelError {
  if (isLanguageModelError(error)) return error;
  const details = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = details.$metadata?.httpStatusCode;
  const reason: LanguageModelFailure =
    (details.name ? REASON_BY_ERROR[details.name] : undefined) ??
    (status === 429
      ? 'throttled'
      : status === 403
        ? 'access-denied'
        : status !== undefined && status >= 400 && status < 500
          ? 'misconfigured'
          : 'unavailable');
  return new LanguageModelError(
    reason,
    `Bedrock model ${modelId} failed: ${reason} (${details.name ?? 'error'}${status ? `, HTTP ${status}` : ''}).`,
    { cause: error, model: modelId },
  );
}

/**
 * The tool input of a Converse reply, or the failure its stop reason stands for. The documented
 * shape of a tool call: `output.message.content[]` holds a `toolUse` block
 * `{ toolUseId, name, input }` and `stopReason` is `tool_use`
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use.html). A model that answered
 * in text instead (some ignore `toolChoice`) gives its text, which the task parses as JSON.
 */
function answerOf(response: ConverseCommandOutput, modelId: string, toolName: string): unknown {
  const stop = response.stopReason;
  if (stop === 'content_filtered' || stop === 'guardrail_intervened') {
    throw new LanguageModelError('refused', `Bedrock model ${modelId} did not answer (${stop}).`, { model: modelId });
  }
  if (stop === 'max_tokens' || stop === 'model_context_window_exceeded') {
    throw new LanguageModelError('invalid-answer', `Bedrock model ${modelId} was cut off (${stop}) before its answer was complete.`, {
      model: modelId,
    });
  }
  const content = response.output?.message?.content ?? [];
  const toolUse = content.find((block) => block.toolUse?.name === toolName)?.toolUse;
  if (toolUse) return toolUse.input;
  const text = content.map((block) => block.text ?? '').join('');
  if (text.trim() === '')
    throw new LanguageModelError('invalid-answer', `Bedrock model ${modelId} gave an empty answer.`, { model: modelId });
  return text;
}

/**
 * A LanguageModel answering through Bedrock's Converse API with the given tasks: each request
 * carries `toolConfig` with one tool, the capability's (`toolSpec.inputSchema.json` is the
 * answer's JSON schema), and `toolChoice: { tool: { name } }` forcing the model to call it
 * (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html,
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolChoice.html).
 */
export function createBedrockModel(options: BedrockModelOptions): LanguageModel {
  const { client, modelId, tasks } = options;
  const temperature = options.temperature ?? BEDROCK_TEMPERATURE;
  return createStructuredModel({
    engine: { kind: 'bedrock', model: modelId, note: null },
    model: modelId,
    label: `Bedrock model ${modelId}`,
    tasks,
    timeoutMs: options.timeoutMs ?? BEDROCK_TIME_BUDGET_MS,
    async ask(request) {
      const command = new ConverseCommand({
        modelId,
        system: [{ text: request.system }],
        messages: [{ role: 'user', content: [{ text: request.user }] }],
        inferenceConfig: { maxTokens: request.maxTokens, temperature },
        toolConfig: {
          tools: [
            {
              toolSpec: {
                name: request.toolName,
                description: request.toolDescription,
                inputSchema: { json: request.inputSchema } as ToolInputSchema,
              },
            },
          ],
          toolChoice: { tool: { name: request.toolName } },
        },
      });
      let response: ConverseCommandOutput;
      try {
        response = await client.send(command, { abortSignal: request.signal });
      } catch (error) {
        throw translate(error, modelId);
      }
      return answerOf(response, modelId, request.toolName);
    },
  });
}
