/** @jest-environment ./test/support/backend-environment.js */
import fc from 'fast-check';
import { RuntimeConfigSchema } from '@contracts/runtime-config';
import { parseRuntimeConfig, RUNTIME_CONFIG_FIELDS } from '../../../web/src/config/parse-runtime-config';
import { testConfig } from '../support/config';

/**
 * The browser validates config.json without zod (to keep zod out of every first visit); the
 * shared zod schema stays the contract. These tests hold the two together: same fields, same
 * optional ones, same verdict and same output on valid configs and on corrupted ones.
 */

const FULL_CONFIG = testConfig({
  productSlug: 'talentpilot',
  analyticsMeasurementId: 'G-ABC123',
  userPoolId: 'us-east-2_abc',
  userPoolClientId: 'client123',
  identityPoolId: 'us-east-2:pool',
  cognitoEndpoint: 'http://127.0.0.1:9229',
  recurlyPublicKey: 'ewr1-abc',
  localBillingTokenUrl: 'http://127.0.0.1:5181/billing/tokens',
});

const FIELDS = Object.keys(RUNTIME_CONFIG_FIELDS);

/**
 * Valid http(s) URLs shaped as `fc.webUrl()`'s: a domain, then path segments of letters, digits,
 * RFC 3986's unreserved and sub-delimiter characters and (one in eleven) a percent-encoded
 * character. `fc.webUrl()` itself costs about a CPU-second to build in every test file, a fifth
 * of this one: its percent-encoded characters come from a full-Unicode arbitrary, for which
 * fast-check indexes every code point.
 */
const webUrl = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.domain(),
    fc.array(
      fc.string({
        unit: fc.oneof(
          { weight: 10, arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@") },
          { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).map(encodeURIComponent) },
        ),
      }),
    ),
  )
  .map(([scheme, domain, segments]) => `${scheme}://${domain}${segments.map((segment) => `/${segment}`).join('')}`);

/** Values a hand-edited or broken file could hold, and near misses of the valid ones. */
const fieldValue = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'dev',
    'qa',
    'local',
    '_dev',
    '_stage',
    'talentpilot',
    'Talent Pilot',
    'a',
    'not a url',
    'http://',
    'https://api.example.com/prod/',
    '  https://api.example.com/  ',
    'https://exa\tmple.com/\n',
    'http:example.com',
    'mailto:ops@example.com',
    '//example.com',
    'javascript:alert(1)',
    '\u00a0https://example.com\u2003',
    '<!doctype html>',
  ),
  fc.string(),
  webUrl,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

/** The full config with some fields replaced, some removed and some unknown ones added. */
const corruptedConfig = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 4 }),
    fc.subarray(FIELDS, { maxLength: 3 }),
    fc.dictionary(fc.string(), fieldValue, { maxKeys: 2 }),
  )
  .map(([replaced, removed, extra]) => {
    const config: Record<string, unknown> = { ...extra, ...FULL_CONFIG, ...replaced };
    for (const field of removed) delete config[field];
    return config;
  });

describe('the browser’s config.json check against the shared schema', () => {
  it('knows every field of the contract and no other', () => {
    expect(FIELDS.sort()).toEqual(Object.keys(RuntimeConfigSchema.def.shape).sort());
  });

  it('makes the same fields optional as the contract', () => {
    for (const field of FIELDS) {
      const { [field]: _removed, ...without } = FULL_CONFIG as Record<string, unknown>;
      expect({ field, ok: parseRuntimeConfig(without).ok }).toEqual({ field, ok: RuntimeConfigSchema.safeParse(without).success });
    }
  });

  it('accepts what the schema accepts, with the same output, and refuses what it refuses', () => {
    fc.assert(
      fc.property(corruptedConfig, (config) => {
        const expected = RuntimeConfigSchema.safeParse(config);
        const actual = parseRuntimeConfig(config);
        expect(actual.ok).toBe(expected.success);
        if (actual.ok && expected.success) expect(actual.config).toEqual(expected.data);
        if (!actual.ok && !expected.success) {
          const fieldsWithProblems = new Set(actual.problems.map((problem) => problem.split(':')[0]));
          expect(fieldsWithProblems).toEqual(new Set(expected.error.issues.map((issue) => String(issue.path[0]))));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses anything that is not an object, as the schema does', () => {
    for (const value of [null, [], ['productName'], 'config', 42, true]) {
      expect(parseRuntimeConfig(value).ok).toBe(false);
      expect(RuntimeConfigSchema.safeParse(value).success).toBe(false);
    }
  });
});
