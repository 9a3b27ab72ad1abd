import type { RuntimeConfig, RuntimeConfigResult } from './runtime-config';
import { PLAN_CODE_SUFFIXES } from '@shared-domain/plans';
import { PRODUCT_SLUG_PATTERN } from '@shared-domain/product-slug';

/**
 * The browser's check of `config.json`: the shared contract (`RuntimeConfigSchema`, zod) written
 * out by hand, field by field, with the same rules and the same output. zod/mini cost 6.5 kB gzip
 * on every first visit — a twentieth of the home route's JavaScript — and its start-up work sat
 * before the first paint. The file is produced by code that parses it with the schema itself
 * (the local runtime, the Website construct's test), so this guards against a hand-edited or
 * stale file; test/web/config checks that it agrees with the schema and knows all of its fields.
 */

type Rule = (value: unknown) => { ok: true; value: unknown } | { ok: false; message: string };

const STRING_EXPECTED = 'Invalid input: expected string';

function text({ min = 0, pattern }: { min?: number; pattern?: RegExp } = {}): Rule {
  return (value) => {
    if (typeof value !== 'string') return { ok: false, message: STRING_EXPECTED };
    if (value.length < min) return { ok: false, message: `Too small: expected string to have >=${min} characters` };
    if (pattern && !pattern.test(value)) return { ok: false, message: `Invalid string: must match pattern ${pattern}` };
    return { ok: true, value };
  };
}

function canParseUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** As zod's `z.url()`: trimmed, parseable by the URL parser, tabs and line breaks removed. */
const url: Rule = (value) => {
  if (typeof value !== 'string') return { ok: false, message: STRING_EXPECTED };
  const trimmed = value.trim();
  if (!canParseUrl(trimmed)) return { ok: false, message: 'Invalid URL' };
  return { ok: true, value: trimmed.replace(/[\t\n\r]/g, '') };
};

function oneOf(options: readonly string[]): Rule {
  return (value) =>
    typeof value === 'string' && options.includes(value)
      ? { ok: true, value }
      : { ok: false, message: `Invalid option: expected one of ${options.map((option) => JSON.stringify(option)).join('|')}` };
}

/** Every field of the contract, in its order; `true` marks the optional ones. */
export const RUNTIME_CONFIG_FIELDS: Readonly<Record<keyof RuntimeConfig, readonly [Rule, boolean]>> = {
  productName: [text({ min: 1 }), false],
  productSlug: [text({ pattern: PRODUCT_SLUG_PATTERN }), true],
  stage: [oneOf(['dev', 'stage', 'prod', 'local']), false],
  region: [text({ min: 1 }), false],
  restApiUrl: [url, false],
  graphqlUrl: [url, false],
  graphqlApiKey: [text({ min: 1 }), false],
  supportPortalUrl: [url, false],
  planCodeSuffix: [oneOf(PLAN_CODE_SUFFIXES), false],
  analyticsMeasurementId: [text(), true],
  userPoolId: [text(), true],
  userPoolClientId: [text(), true],
  identityPoolId: [text(), true],
  cognitoEndpoint: [url, true],
  recurlyPublicKey: [text({ min: 1 }), true],
  localBillingTokenUrl: [url, true],
};

/**
 * Validates a parsed `config.json`. Problems name the field, so whoever operates the site knows
 * what to fix; fields the contract does not know are dropped.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfigResult {
  const reason = 'The configuration file config.json is not valid.';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason, problems: ['config: Invalid input: expected object'] };
  }
  const input = raw as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [field, [rule, optional]] of Object.entries(RUNTIME_CONFIG_FIELDS)) {
    const present = Object.prototype.hasOwnProperty.call(input, field) && input[field] !== undefined;
    if (!present) {
      if (!optional) problems.push(`${field}: Invalid input: expected a value`);
      continue;
    }
    const checked = rule(input[field]);
    if (checked.ok) config[field] = checked.value;
    else problems.push(`${field}: ${checked.message}`);
  }
  return problems.length ? { ok: false, reason, problems } : { ok: true, config: config as RuntimeConfig };
}
