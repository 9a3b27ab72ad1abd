import fc from 'fast-check';

/**
 * The hostile inputs every entry point gets, as a few fast-check arbitraries: strings that attack
 * (injection, markup, templates, traversal, prototype keys), strings that strain (huge, unicode,
 * control characters, lone surrogates), values of the wrong type, deep nesting, and objects with
 * missing, extra and prototype-polluting fields. Each arbitrary shrinks towards a short, readable
 * counterexample.
 */

/** Strings aimed at a parser, a query language or a template somewhere behind the API. */
export const INJECTION_STRINGS: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '{"$gt":""}',
  '{"$ne":null}',
  '$where: "1 == 1"',
  '#name',
  ':value',
  '#id = :id OR attribute_exists(#x)',
  'attribute_not_exists(id)',
  ') OR (1=1',
  '$util.error("injected")',
  '#set($x = $ctx.args)',
  '${ctx.identity.sub}',
  '${7*7}',
  '{{7*7}}',
  '`${process.env}`',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/prod/admin/user',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  'true',
  '[]',
  '{}',
  'SubscriptionTBD',
  'REMOVED',
  'ACTIVE',
  'Admins',
  'uuid-',
  'code-talentpilot-',
  'admin@talentpilot.local',
  '%00',
  '%s%s%s%n',
  '\r\nX-Injected: 1',
];

/** Text that strains encodings: control characters, NUL, lone surrogates, RTL, emoji, combining marks. */
export const UNICODE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f\u0085\u009f',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\u202eevil.exe',
  'שלום עולם',
  'مرحبا',
  '😀🎉👩‍👩‍👧‍👦',
  '𝕏𝔸𝕄',
  'é',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '\u200b\u200d',
  'Ω≈ç√∫',
  '０１２',
  'ǅungla',
];

const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Huge strings: past every field limit, up to 1 MB (the GraphQL API's body limit). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '<', ' '), fc.constantFrom(101, 257, 5_001, 70_000, 1_048_576))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Random text from the whole of Unicode, lone surrogates included. */
export const unicodeText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .string({ unit: fc.oneof(fc.constantFrom(...UNICODE_STRINGS.filter((text) => text.length > 0)), LONE_SURROGATE), maxLength: 8 })
    .map((parts) => parts),
  fc.string({ maxLength: 40 }),
);

/**
 * A hostile string. `plausible` strings (what a real client would send) are mixed in, so the
 * fuzzer also walks the paths past validation. `huge: false` keeps it under a few hundred
 * characters (for arguments that hold many strings, where one huge value per run is plenty).
 */
export function hostileString(plausible?: fc.Arbitrary<string>, options: { readonly huge?: boolean } = {}): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: plausible ?? fc.string({ minLength: 1, maxLength: 20 }), weight: plausible ? 4 : 2 },
    { arbitrary: fc.constantFrom(...INJECTION_STRINGS), weight: 3 },
    { arbitrary: fc.constantFrom(...UNICODE_STRINGS), weight: 2 },
    { arbitrary: unicodeText, weight: 2 },
    { arbitrary: options.huge === false ? fc.constantFrom('x'.repeat(101), 'é'.repeat(300)) : hugeString, weight: 1 },
    {
      // A plausible value wrapped in hostile text: passes a prefix check, fails a full match.
      arbitrary: fc
        .tuple(plausible ?? fc.string({ maxLength: 8 }), fc.constantFrom(...INJECTION_STRINGS, ...UNICODE_STRINGS))
        .map(([value, tail]) => `${value}${tail}`),
      weight: 2,
    },
  );
}

/** Nested arrays and objects, up to thousands of levels deep. */
export const deepNesting: fc.Arbitrary<unknown> = fc.tuple(fc.constantFrom(10, 100, 500, 1_000), fc.boolean()).map(([depth, asObject]) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = asObject ? { a: value } : [value];
  return value;
});

/** A value of any JSON type (or a deep one), for fields that expect something else. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }).filter((value) => Number.isFinite(value)),
  fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER + 2, -1e308, 2 ** 31),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 3 }),
  fc.constantFrom<unknown>({ $gt: '' }, { $ne: null }, ['$gt', ''], { S: 'x' }, JSON.parse('{"__proto__":{"admin":true}}')),
  { arbitrary: deepNesting, weight: 1 },
);

/** A field's value: mostly a (hostile) string, sometimes a wrong type. */
export function hostileField(plausible?: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: hostileString(plausible), weight: 5 }, { arbitrary: wrongTypeValue, weight: 1 });
}

/** Keys that pollute prototypes when merged carelessly, and keys no contract knows. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'isAdmin',
    'groups',
    'id',
    'userId',
    'status',
    'admin',
    '$where',
    '#name',
    ':value',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** Sets `key` as an own, enumerable property, even `__proto__` (which `=` would not). */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * An object with the contract's fields, any of them missing, each a plausible or hostile value,
 * plus sometimes extra or prototype-polluting fields.
 */
export function hostileRecord(fields: Readonly<Record<string, fc.Arbitrary<unknown>>>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(fields as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] }),
      fc.oneof(
        { arbitrary: fc.constant<[string, unknown][]>([]), weight: 3 },
        { arbitrary: fc.array(fc.tuple(extraKey, wrongTypeValue), { minLength: 1, maxLength: 3 }), weight: 1 },
      ),
    )
    .map(([known, extras]) => {
      const record: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(known)) defineOwn(record, key, value);
      for (const [key, value] of extras) if (!(key in fields)) defineOwn(record, key, value);
      return record;
    });
}

/** Request bodies that are not JSON at all, or not the JSON anyone expects. */
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"a":',
    '{"a" 1}',
    "{'a': 1}",
    'null',
    'true',
    '1',
    '"text"',
    '[]',
    '[{}]',
    '{}',
    '1e999999',
    '{"a":1,"a":2}',
    '\u0000',
    '\ufeff{}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
  ),
  fc.constantFrom(100, 10_000).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.string({ unit: 'binary', maxLength: 60 }),
  hugeString,
);

/** Content types a client may (wrongly) send; `undefined` sends none. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 4 },
  {
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      '*/*',
    ),
    weight: 1,
  },
);

/** A request body: hostile JSON (usually) or malformed text. */
export function hostileBody(
  json: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ readonly text: string; readonly contentType: string | undefined }> {
  return fc.record({
    text: fc.oneof({ arbitrary: json.map((value) => JSON.stringify(value) ?? 'null'), weight: 4 }, { arbitrary: malformedBody, weight: 1 }),
    contentType,
  });
}
