/**
 * Environment variables of the assistant's handlers that reach a language model. The RestApi
 * construct sets them on the routes that declare `languageModel`; the local runtime sets
 * `ASSISTANT_ENGINE=deterministic`. Plain constants: the CDK code imports them too.
 */
export const ASSISTANT_ENGINE_ENV = {
  /** `bedrock` (Amazon Bedrock, the deterministic engine as fallback) or `deterministic`. */
  engine: 'ASSISTANT_ENGINE',
  /** The Bedrock model or cross-region inference profile id, e.g. `us.amazon.nova-lite-v1:0`. */
  bedrockModelId: 'BEDROCK_MODEL_ID',
  /** Bedrock runtime endpoint override (tests against a local Converse server); absent in AWS. */
  bedrockEndpoint: 'BEDROCK_ENDPOINT',
} as const;

export const ASSISTANT_ENGINES = ['bedrock', 'deterministic'] as const;
export type AssistantEngine = (typeof ASSISTANT_ENGINES)[number];

/**
 * A Bedrock model id the product can call from us-east-2 with a precise IAM grant: a foundation
 * model id (`amazon.nova-lite-v1:0`, on-demand in the stack's region) or a US cross-region
 * inference profile (`us.` + a foundation model id). Other geographies (`eu.`, `apac.`) cannot be
 * called from us-east-2, and `global.` profiles would need a grant on every region; ARNs
 * (provisioned throughput, application profiles) are not supported.
 */
export const BEDROCK_MODEL_ID_PATTERN =
  /^(?!(?:eu|apac|global|ca|jp|au|us-gov)\.)(?:us\.)?[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9][a-z0-9.-]*(?::[0-9]+)?$/;

/** The prefix of US cross-region inference profile ids. */
export const US_INFERENCE_PROFILE_PREFIX = 'us.';
