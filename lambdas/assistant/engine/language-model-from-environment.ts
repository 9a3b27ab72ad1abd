import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AssistantCapability, AssistantOutputs } from '../../shared/contracts/assistant';
import { readEnvironment, type EnvironmentSource } from '../../shared/read-environment';
import * as z from '../../shared/zod';
import { createBedrockClient, createBedrockModel, type BedrockTasks } from './bedrock-model';
import type { BedrockTask } from './bedrock-tasks/task';
import { createDeterministicModel, type DeterministicImplementations } from './deterministic-model';
import { ASSISTANT_ENGINE_ENV, ASSISTANT_ENGINES, BEDROCK_MODEL_ID_PATTERN } from './environment';
import { withFallback } from './fallback-model';
import type { AssistantInputs, LanguageModel } from './language-model';

const EngineEnvironmentSchema = z
  .object({
    [ASSISTANT_ENGINE_ENV.engine]: z.enum(ASSISTANT_ENGINES, { error: `must be one of ${ASSISTANT_ENGINES.join(', ')}` }),
    [ASSISTANT_ENGINE_ENV.bedrockModelId]: z.optional(
      z
        .string()
        .check(z.regex(BEDROCK_MODEL_ID_PATTERN, 'must be a Bedrock model id or a US inference profile id, e.g. us.amazon.nova-lite-v1:0')),
    ),
    [ASSISTANT_ENGINE_ENV.bedrockEndpoint]: z.optional(z.url()),
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
 *   and the deterministic engine answering whenever Bedrock fails (withFallback).
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
  const modelId = env[ASSISTANT_ENGINE_ENV.bedrockModelId];
  if (env[ASSISTANT_ENGINE_ENV.engine] === 'deterministic' || modelId === undefined) return deterministic;

  const endpoint = env[ASSISTANT_ENGINE_ENV.bedrockEndpoint];
  const credentials =
    endpoint && env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
      : undefined;
  const bedrock = createBedrockModel({
    client: bedrockClient(env.AWS_REGION, endpoint, credentials),
    modelId,
    tasks: { [capability]: bedrockTask } as BedrockTasks,
  });
  return withFallback(bedrock, deterministic);
}
