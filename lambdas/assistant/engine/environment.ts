/**
 * Environment variables of the assistant's handlers that reach a language model. The RestApi
 * construct sets them on the routes that declare `languageModel`; the local runtime sets
 * `ASSISTANT_ENGINE=deterministic`, or `openai-compatible` with the model's URL and name when
 * started with `--model-url` and `--model-name`. Plain constants: the CDK code imports them too.
 */
export const ASSISTANT_ENGINE_ENV = {
  /** `bedrock` (Amazon Bedrock), `openai-compatible` (a local model; both with the deterministic engine as fallback) or `deterministic`. */
  engine: 'ASSISTANT_ENGINE',
  /** The OpenAI-compatible server's base URL, e.g. `http://127.0.0.1:11434` (Ollama); local runtime only. */
  modelUrl: 'ASSISTANT_MODEL_URL',
  /** The model the OpenAI-compatible server runs, e.g. `llama3.1`; local runtime only. */
  modelName: 'ASSISTANT_MODEL_NAME',
  /** The Bedrock model or cross-region inference profile id, e.g. `us.amazon.nova-lite-v1:0`. */
  bedrockModelId: 'BEDROCK_MODEL_ID',
  /** Bedrock runtime endpoint override (tests against a local Converse server); absent in AWS. */
  bedrockEndpoint: 'BEDROCK_ENDPOINT',
} as const;

/** The engines a deployed stage may use (`-c assistantEngine=…`). */
export const ASSISTANT_ENGINES = ['bedrock', 'deterministic'] as const;
export type AssistantEngine = (typeof ASSISTANT_ENGINES)[number];

/** A local model behind an OpenAI-compatible chat endpoint (Ollama, llama.cpp's server, LM Studio, vLLM): the local runtime only. */
export const LOCAL_MODEL_ENGINE = 'openai-compatible';
/** The engines a handler accepts in `ASSISTANT_ENGINE`. */
export const HANDLER_ENGINES = [...ASSISTANT_ENGINES, LOCAL_MODEL_ENGINE] as const;
export type HandlerEngine = (typeof HANDLER_ENGINES)[number];

/** A model name as OpenAI-compatible servers spell them: `llama3.1`, `qwen2.5:7b-instruct`, `meta-llama/Llama-3.1-8B-Instruct`. */
export const MODEL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@-]{0,127}$/;

/**
 * What is wrong with a local model's base URL, or `null` when it is usable: an absolute `http`
 * or `https` URL with a host, without credentials, a query or a fragment (the adapter appends
 * `/v1/chat/completions`). One rule for the `--model-url` flag and the handler's environment.
 */
export function modelUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (e.g. http://127.0.0.1:11434)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https:// (e.g. http://127.0.0.1:11434)';
  if (url.hostname === '') return 'has no host';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (url.search !== '' || url.hash !== '') return 'must not have a query or a fragment';
  return null;
}

/** The chat completions endpoint of a base URL given with or without its `/v1`. */
export function chatCompletionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${/\/v1$/.test(base) ? base : `${base}/v1`}/chat/completions`;
}

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
