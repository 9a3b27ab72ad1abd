import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AssistantCapability, AssistantOutputs } from '../../shared/contracts/assistant';
import { readEnvironment, type EnvironmentSource } from '../../shared/read-environment';
import * as z from '../../shared/zod';
import { createBedrockClient, createBedrockModel, type BedrockTasks } from './bedrock-model';
import type { BedrockTask } from './bedrock-tasks/task';
import { createDeterministicModel, type DeterministicImplementations } from './deterministic-model';
import {
  ASSISTANT_ENGINE_ENV,
  BEDROCK_MODEL_ID_PATTERN,
  HANDLER_ENGINES,
  LOCAL_MODEL_ENGINE,
  MODEL_NAME_PATTERN,
  modelUrlProblem,
} from './environment';
import { LOCAL_MODEL_FALLBACK_LOG_MESSAGE, LOCAL_MODEL_FALLBACK_NOTES, withFallback } from './fallback-model';
import { createOpenAiCompatibleModel } from './openai-compatible-model';
import type { AssistantInputs, LanguageModel } from './language-model';

const EngineEnvironmentSchema = z
  .object({
    [ASSISTANT_ENGINE_ENV.engine]: z.enum(HANDLER_ENGINES, { error: `must be one of ${HANDLER_ENGINES.join(', ')}` }),
    [ASSISTANT_ENGINE_ENV.bedrockModelId]: z.optional(
      z
        .string()
        .check(z.regex(BEDROCK_MODEL_ID_PATTERN, 'must be a Bedrock model id or a US inference profile id, e.g. us.amazon.nova-lite-v1:0')),
    ),
    [ASSISTANT_ENGINE_ENV.bedrockEndpoint]: z.optional(z.url()),
    [ASSISTANT_ENGINE_ENV.modelUrl]: z.optional(
      z
        .string()
        .check(z.refine((value) => modelUrlProblem(value) === null, 'must be an http:// or https:// URL, e.g. http://127.0.0.1:11434')),
    ),
    [ASSISTANT_ENGINE_ENV.modelName]: z.optional(z.string().check(z.regex(MODEL_NAME_PATTERN, 'must be a model name, e.g. llama3.1'))),
    AWS_REGION: z.optional(z.string()),
    // Read only with BEDROCK_ENDPOINT (tests against a local Converse server); in AWS the
    // SDK's default chain reads the role's credentials, session token included.
    AWS_ACCESS_KEY_ID: z.optional(z.string()),
    AWS_SECRET_ACCESS_KEY: z.optional(z.string()),
  })
  .check(
    z.refine((env) => env[ASSISTANT_ENGINE_ENV.engine] !== 'bedrock' || env[ASSISTANT_ENGINE_ENV.bedrockModelId] !== undefined, {
      message: `is required when ${ASSISTANT_ENGINE_ENV.engine} is bedrock`,
      path: [ASSISTANT_ENGINE_ENV.bedrockModelId],
    }),
    z.refine((env) => env[ASSISTANT_ENGINE_ENV.engine] !== LOCAL_MODEL_ENGINE || env[ASSISTANT_ENGINE_ENV.modelUrl] !== undefined, {
      message: `is required when ${ASSISTANT_ENGINE_ENV.engine} is ${LOCAL_MODEL_ENGINE}`,
      path: [ASSISTANT_ENGINE_ENV.modelUrl],
    }),
    z.refine((env) => env[ASSISTANT_ENGINE_ENV.engine] !== LOCAL_MODEL_ENGINE || env[ASSISTANT_ENGINE_ENV.modelName] !== undefined, {
      message: `is required when ${ASSISTANT_ENGINE_ENV.engine} is ${LOCAL_MODEL_ENGINE}`,
      path: [ASSISTANT_ENGINE_ENV.modelName],
    }),
  );

/** One client per module (per handler), reused by every request of the container. */
let cachedClient: { readonly key: string; readonly client: BedrockRuntimeClient } | undefined;

function bedrockClient(
  region: string | undefined,
  endpoint: string | undefined,
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined,
): BedrockRuntimeClient {
  const key = JSON.stringify([region, endpoint, credentials?.accessKeyId]);
  if (cachedClient?.key !== key) cachedClient = { key, client: createBedrockClient({ region, endpoint, credentials }) };
  return cachedClient.client;
}

/**
 * The language model of one capability's handler, as its environment says:
 * - `ASSISTANT_ENGINE=deterministic`: the deterministic engine only (the local runtime, or a
 *   stage deployed with `-c assistantEngine=deterministic`);
 * - `ASSISTANT_ENGINE=bedrock`: Amazon Bedrock with `BEDROCK_MODEL_ID` (region from `AWS_REGION`),
 *   and the deterministic engine answering whenever Bedrock fails (withFallback);
 * - `ASSISTANT_ENGINE=openai-compatible` (the local runtime's `--model-url`): the model
 *   `ASSISTANT_MODEL_NAME` at `ASSISTANT_MODEL_URL`, with the same tasks and the same fallback.
 *
 * The handler passes its own capability's domain function and Bedrock task, so its bundle holds
 * only those. A missing or bad variable throws an EnvironmentError naming it.
 *
 * @example languageModelFromEnvironment('sourcing-terms', sourcingTerms, sourcingTermsTask)
 */
export function languageModelFromEnvironment<C extends AssistantCapability>(
  capability: C,
  deterministicImplementation: (input: AssistantInputs[C]) => AssistantOutputs[C],
  bedrockTask: BedrockTask<C>,
  source: EnvironmentSource = process.env,
): LanguageModel {
  const env = readEnvironment(EngineEnvironmentSchema, source);
  const deterministic = createDeterministicModel({ [capability]: deterministicImplementation } as DeterministicImplementations);
  const tasks = { [capability]: bedrockTask } as BedrockTasks;
  const modelUrl = env[ASSISTANT_ENGINE_ENV.modelUrl];
  const modelName = env[ASSISTANT_ENGINE_ENV.modelName];
  if (env[ASSISTANT_ENGINE_ENV.engine] === LOCAL_MODEL_ENGINE && modelUrl !== undefined && modelName !== undefined) {
    return withFallback(createOpenAiCompatibleModel({ baseUrl: modelUrl, model: modelName, tasks }), deterministic, {
      notes: LOCAL_MODEL_FALLBACK_NOTES,
      logMessage: LOCAL_MODEL_FALLBACK_LOG_MESSAGE,
    });
  }
  const modelId = env[ASSISTANT_ENGINE_ENV.bedrockModelId];
  if (env[ASSISTANT_ENGINE_ENV.engine] !== 'bedrock' || modelId === undefined) return deterministic;

  const endpoint = env[ASSISTANT_ENGINE_ENV.bedrockEndpoint];
  const credentials =
    endpoint && env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
      : undefined;
  const bedrock = createBedrockModel({
    client: bedrockClient(env.AWS_REGION, endpoint, credentials),
    modelId,
    tasks,
  });
  return withFallback(bedrock, deterministic);
}
