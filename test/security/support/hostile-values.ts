import fc from 'fast-check';

/**
 * The hostile inputs every entry point gets, as a few fast-check arbitraries: strings that attack
 * (injection, markup, templates, traversal, prototype keys), strings that strain (huge, unicode,
 * control characters, lone surrogates), values of the wrong type, deep nesting, and objects with
 * missing, extra and prototype-polluting fields. Each arbitrary shrinks towards a short, readable
 * counterexample.
 */

/**
 * Which hostile class went to which input. Each input of an entry point (a field, a query value,
 * a body, a caller) is an arbitrary made here, with an id of its own; while
 * {@link classesSentBy} records, every class branch notes `<input> <class>` as it is generated.
 * The fuzz runner samples inputs cheaply and calls the API with a few that together send every
 * class to every input (fuzz-runner.ts `classCover`), instead of hoping random runs do.
 */
let recording: Set<string> | undefined;
let inputsMade = 0;

/** A new input id, e.g. `string#12` (`kind` without spaces: a pair is `<input> <class>`). */
export function newInput(kind: string): string {
  inputsMade += 1;
  return `${kind}#${inputsMade}`;
}

/** `arbitrary` as the class `hostileClass` of `input`: generating it notes the pair while recording. */
export function classed<T>(input: string, hostileClass: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return arbitrary.map((value) => {
    recording?.add(`${input} ${hostileClass}`);
    return value;
  });
}

/** `arbitrary` as an input whose every distinct value is a class of its own (who calls: member, forged token…). */
export function classedByValue<T extends string>(kind: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  const input = newInput(kind);
  return arbitrary.map((value) => {
    recording?.add(`${input} ${value}`);
    return value;
  });
}

/** Runs `generate` (one fast-check sample) and says which input got which class in it. */
export function classesSentBy<T>(generate: () => T): { readonly value: T; readonly classes: ReadonlySet<string> } {
  const classes = new Set<string>();
  recording = classes;
  try {
    return { value: generate(), classes };
  } finally {
    recording = undefined;
  }
}

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

const anyHugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '<', ' '), fc.constantFrom(101, 257, 5_001, 70_000, 1_048_576))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Huge strings: past every field limit, up to 1 MB (the GraphQL API's body limit). */
export const hugeString: fc.Arbitrary<string> = classed(newInput('huge'), 'huge', anyHugeString);

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
  return hostileStringOf(newInput('string'), plausible, options);
}

function hostileStringOf(input: string, plausible?: fc.Arbitrary<string>, options: { readonly huge?: boolean } = {}): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: classed(input, 'plausible', plausible ?? fc.string({ minLength: 1, maxLength: 20 })), weight: plausible ? 4 : 2 },
    { arbitrary: classed(input, 'injection', fc.constantFrom(...INJECTION_STRINGS)), weight: 3 },
    { arbitrary: classed(input, 'unicode', fc.constantFrom(...UNICODE_STRINGS)), weight: 2 },
    { arbitrary: classed(input, 'random unicode', unicodeText), weight: 2 },
    {
      arbitrary: classed(input, 'huge', options.huge === false ? fc.constantFrom('x'.repeat(101), 'é'.repeat(300)) : anyHugeString),
      weight: 1,
    },
    {
      // A plausible value wrapped in hostile text: passes a prefix check, fails a full match.
      arbitrary: classed(
        input,
        'wrapped',
        fc
          .tuple(plausible ?? fc.string({ maxLength: 8 }), fc.constantFrom(...INJECTION_STRINGS, ...UNICODE_STRINGS))
          .map(([value, tail]) => `${value}${tail}`),
      ),
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

/** A value of any JSON type (or a deep one) as `input`, for fields that expect something else. */
function wrongTypeOf(input: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    classed(input, 'null', fc.constant(null)),
    classed(input, 'boolean', fc.boolean()),
    classed(input, 'number', fc.integer()),
    classed(
      input,
      'number',
      fc.double({ noNaN: true }).filter((value) => Number.isFinite(value)),
    ),
    classed(input, 'number', fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER + 2, -1e308, 2 ** 31)),
    classed(input, 'array', fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 })),
    classed(
      input,
      'object',
      fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 3 }),
    ),
    classed(
      input,
      'operator or polluting object',
      fc.constantFrom<unknown>({ $gt: '' }, { $ne: null }, ['$gt', ''], { S: 'x' }, JSON.parse('{"__proto__":{"admin":true}}')),
    ),
    { arbitrary: classed(input, 'deep nesting', deepNesting), weight: 1 },
  );
}

/** A value of any JSON type (or a deep one), for fields that expect something else. */
export const wrongTypeValue: fc.Arbitrary<unknown> = wrongTypeOf(newInput('value'));

/** A field's value: mostly a (hostile) string, sometimes a wrong type. */
export function hostileField(plausible?: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const input = newInput('field');
  return fc.oneof({ arbitrary: hostileStringOf(input, plausible), weight: 5 }, { arbitrary: wrongTypeOf(input), weight: 1 });
}

/** Keys that pollute prototypes when merged carelessly, and keys no contract knows. */
const extraKeyInput = newInput('extra-key');
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  classed(
    extraKeyInput,
    'named',
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
  ),
  classed(extraKeyInput, 'random', fc.string({ minLength: 1, maxLength: 12 })),
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
  const input = newInput('record');
  return fc
    .tuple(
      fc.record(fields as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] }),
      fc.oneof(
        { arbitrary: fc.constant<[string, unknown][]>([]), weight: 3 },
        { arbitrary: fc.array(fc.tuple(extraKey, wrongTypeValue), { minLength: 1, maxLength: 3 }), weight: 1 },
      ),
    )
    .map(([known, extras]) => {
      if (extras.length > 0) recording?.add(`${input} extra keys`);
      if (Object.keys(known).length < Object.keys(fields).length) recording?.add(`${input} missing field`);
      if (Object.keys(known).length > 0 && extras.length === 0) recording?.add(`${input} known fields only`);
      const record: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(known)) defineOwn(record, key, value);
      for (const [key, value] of extras) if (!(key in fields)) defineOwn(record, key, value);
      return record;
    });
}

/** Request bodies that are not JSON at all, or not the JSON anyone expects. */
const malformedInput = newInput('malformed-body');
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  classed(
    malformedInput,
    'broken JSON',
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
  ),
  classed(
    malformedInput,
    'deep brackets',
    fc.constantFrom(100, 10_000).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  ),
  classed(malformedInput, 'binary', fc.string({ unit: 'binary', maxLength: 60 })),
  classed(malformedInput, 'huge', anyHugeString),
);

/** Content types a client may (wrongly) send; `undefined` sends none. */
const contentTypeInput = newInput('content-type');
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: classed(contentTypeInput, 'json', fc.constant('application/json')), weight: 4 },
  {
    arbitrary: classed(
      contentTypeInput,
      'other',
      fc.constantFrom<string | undefined>(
        undefined,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'application/xml',
        '*/*',
      ),
    ),
    weight: 1,
  },
);

/** A request body: hostile JSON (usually) or malformed text. */
export function hostileBody(
  json: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ readonly text: string; readonly contentType: string | undefined }> {
  const input = newInput('body');
  return fc.record({
    text: fc.oneof(
      {
        arbitrary: classed(
          input,
          'JSON',
          json.map((value) => JSON.stringify(value) ?? 'null'),
        ),
        weight: 4,
      },
      { arbitrary: classed(input, 'malformed', malformedBody), weight: 1 },
    ),
    contentType,
  });
}
