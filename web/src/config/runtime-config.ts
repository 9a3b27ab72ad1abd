import type { RuntimeConfig } from '@contracts/runtime-config';
import { parseRuntimeConfig } from './parse-runtime-config';

export type { RuntimeConfig };

/** Where the deployment (or the local runtime) publishes the runtime configuration. */
export const RUNTIME_CONFIG_URL = '/config.json';

export type RuntimeConfigResult =
  | { readonly ok: true; readonly config: RuntimeConfig }
  | { readonly ok: false; readonly reason: string; readonly problems: readonly string[] };

export interface LoadRuntimeConfigOptions {
  readonly fetch?: typeof fetch;
  readonly url?: string;
}

/**
 * Fetches `config.json` bypassing every cache (one build serves every stage, so the file can
 * change while the code does not) and validates it against the shared contract
 * (parse-runtime-config.ts). Never throws: a missing, unreadable or invalid file becomes a result
 * the startup screen can explain.
 */
export async function loadRuntimeConfig({
  fetch: fetchImpl = fetch,
  url = RUNTIME_CONFIG_URL,
}: LoadRuntimeConfigOptions = {}): Promise<RuntimeConfigResult> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    return {
      ok: false,
      reason: 'The configuration file config.json could not be downloaded.',
      problems: [error instanceof Error ? error.message : String(error)],
    };
  }
  if (!response.ok) {
    return {
      ok: false,
      reason: 'The configuration file config.json is missing.',
      problems: [`GET ${url} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`],
    };
  }
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    return { ok: false, reason: 'The configuration file config.json is not valid JSON.', problems: [] };
  }
  return parseRuntimeConfig(raw);
}
