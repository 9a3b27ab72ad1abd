import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type { AssistantCapability } from '../../shared/contracts/assistant';
import type { BedrockTask } from './bedrock-tasks/task';
import type { AssistantInputs, LanguageModel, ModelAnswer } from './language-model';
import { isLanguageModelError, LanguageModelError, type LanguageModelFailure } from './language-model-error';

/**
 * The language-model ADAPTER for Amazon Bedrock's Converse API: one request per capability run,
 * with the task's system prompt, its delimited documents as the user message and a low
 * temperature; the answer's text goes through the task's parser (JSON only, shape, contract,
 * domain guarantees). Every failure becomes a {@link LanguageModelError} with a reason, so the
 * fallback can say what happened without repeating the documents or the answer.
 */

/** The tasks a model can run, by capability (a handler passes only its own). */
export type BedrockTasks = { readonly [C in AssistantCapability]?: BedrockTask<C> };

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

/** The reply's text, or the failure its stop reason stands for. */
function answerText(response: ConverseCommandOutput, modelId: string): string {
  const stop = response.stopReason;
  if (stop === 'content_filtered' || stop === 'guardrail_intervened') {
    throw new LanguageModelError('refused', `Bedrock model ${modelId} did not answer (${stop}).`, { model: modelId });
  }
  if (stop === 'max_tokens' || stop === 'model_context_window_exceeded') {
    throw new LanguageModelError('invalid-answer', `Bedrock model ${modelId} was cut off (${stop}) before its answer was complete.`, {
      model: modelId,
    });
  }
  const text = (response.output?.message?.content ?? []).map((block) => block.text ?? '').join('');
  if (text.trim() === '')
    throw new LanguageModelError('invalid-answer', `Bedrock model ${modelId} gave an empty answer.`, { model: modelId });
  return text;
}

/** A LanguageModel answering through Bedrock's Converse API with the given tasks. */
export function createBedrockModel(options: BedrockModelOptions): LanguageModel {
  const { client, modelId, tasks } = options;
  const timeoutMs = options.timeoutMs ?? BEDROCK_TIME_BUDGET_MS;
  const temperature = options.temperature ?? BEDROCK_TEMPERATURE;

  return {
    async run<C extends AssistantCapability>(capability: C, input: AssistantInputs[C]): Promise<ModelAnswer<C>> {
      const task = tasks[capability] as BedrockTask<C> | undefined;
      if (!task) throw new LanguageModelError('unsupported', `No Bedrock task for capability ${capability}.`, { model: modelId });
      const command = new ConverseCommand({
        modelId,
        system: [{ text: task.system }],
        messages: [{ role: 'user', content: [{ text: task.userMessage(input) }] }],
        inferenceConfig: { maxTokens: task.maxTokens, temperature },
      });
      let response: ConverseCommandOutput;
      try {
        response = await client.send(command, { abortSignal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw translate(error, modelId);
      }
      const text = answerText(response, modelId);
      let output: ModelAnswer<C>['output'];
      try {
        output = task.parse(text, input);
      } catch (error) {
        // The task's own message says what was wrong (paths, never values); the model is added here.
        if (isLanguageModelError(error)) throw new LanguageModelError(error.reason, error.message, { cause: error.cause, model: modelId });
        // A parser that trips over an odd answer: the answer is unusable, not the service.
        throw new LanguageModelError('invalid-answer', `Bedrock model ${modelId} gave an answer the ${capability} task could not use.`, {
          cause: error,
          model: modelId,
        });
      }
      return { output, engine: { kind: 'bedrock', model: modelId, note: null } };
    },
  };
}
