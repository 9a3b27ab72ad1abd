import fc from 'fast-check';
import { restCaller } from './support/callers';
import { classCover } from './support/fuzz-runner';
import { hostileBody, hostileField, hostileRecord } from './support/hostile-values';

/**
 * The fuzz's fast variant sends each entry point's class cover instead of 30 plain random runs
 * (fuzz-runner.ts `classCover`): these tests show the cover sends every hostile class to every
 * input, on an entry point shaped like the REST routes' (a caller, a body of two fields).
 */

const route = fc.record({
  caller: restCaller,
  body: hostileBody(hostileRecord({ email: hostileField(fc.constantFrom('dana@example.com')), seats: hostileField() })),
});

/** What hostileField sends: the string classes and the wrong types. */
const FIELD_CLASSES = [
  'plausible',
  'injection',
  'unicode',
  'random unicode',
  'huge',
  'wrapped',
  'null',
  'boolean',
  'number',
  'array',
  'object',
  'operator or polluting object',
  'deep nesting',
];

/** The classes each kind of input got, e.g. `field` → the classes sent to every field. */
function classesByInputKind(pairs: Iterable<string>): Map<string, Set<string>> {
  const byInput = new Map<string, Set<string>>();
  for (const pair of pairs) {
    const [input, ...words] = pair.split(' ');
    const classes = byInput.get(input) ?? new Set<string>();
    classes.add(words.join(' '));
    byInput.set(input, classes);
  }
  return byInput;
}

describe('the class cover', () => {
  it('sends every pair its samples reached, with far fewer calls', () => {
    const cover = classCover(route, 1_000);

    const sent = new Set(cover.sent.flatMap((classes) => [...classes]));
    expect([...sent].sort()).toEqual([...cover.pairs].sort());
    expect(cover.inputs.length).toBeLessThan(40);
    expect(cover.inputs).toHaveLength(cover.sent.length);
  });

  it('sends every hostile class to every field, the body, the record and the caller', () => {
    // Enough samples that every branch of every input is drawn (fields are absent half the time).
    const cover = classCover(route, 2_000, 3_000);

    const byInput = classesByInputKind(cover.sent.flatMap((classes) => [...classes]));
    const fields = [...byInput].filter(([input]) => input.startsWith('field#'));
    expect(fields).toHaveLength(2);
    for (const [, classes] of fields) expect([...classes].sort()).toEqual([...FIELD_CLASSES].sort());
    const kind = (prefix: string) => [...byInput].find(([input]) => input.startsWith(prefix))?.[1] ?? new Set();
    expect([...kind('record#')].sort()).toEqual(['extra keys', 'known fields only', 'missing field']);
    expect([...kind('body#')].sort()).toEqual(['JSON', 'malformed']);
    expect([...kind('malformed-body#')].sort()).toEqual(['binary', 'broken JSON', 'deep brackets', 'huge']);
    expect([...kind('content-type#')].sort()).toEqual(['json', 'other']);
    expect([...kind('caller#')].sort()).toEqual(['accessToken', 'admin', 'anonymous', 'bearer', 'forged', 'member']);
  });
});
