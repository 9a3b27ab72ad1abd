import { RuntimeConfigSchema } from '../../../lambdas/shared/contracts/runtime-config';
import type { RuntimeConfigResult } from './runtime-config';

/**
 * Validates a parsed `config.json` against the shared contract (zod). Problems name the field,
 * so whoever operates the site knows what to fix. Kept in its own module so that zod loads as a
 * separate chunk, in parallel with the `config.json` request, instead of enlarging the entry.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfigResult {
  const parsed = RuntimeConfigSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    reason: 'The configuration file config.json is not valid.',
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`),
  };
}
