import { mergeSkipped, readRecords, skipRecord } from '../../../../lambdas/ats/connectors/record-reading';
import * as z from '../../../../lambdas/shared/zod';

const Person = z.object({ id: z.number(), started: z.nullish(z.string()), tags: z.nullish(z.array(z.string())) });

describe('readRecords', () => {
  it('maps the records that fit, and counts the others by the field that failed, never by value', () => {
    const page = [
      { id: 1, started: '2026-01-05', extra: 'ignored' },
      { id: 'x-2', started: null },
      { id: 3, started: 42 },
      { id: 4, tags: { cat: ['a'] } },
      { id: 5, started: 1999 },
      'not an object',
    ];

    const { items, skipped } = readRecords(page, Person, (record) => ({ id: String(record.id) }));

    expect(items).toEqual([{ id: '1' }]);
    expect(skipped).toEqual([
      { reason: 'unreadable "id"', count: 1 },
      { reason: 'unreadable "started"', count: 2 },
      { reason: 'unreadable "tags"', count: 1 },
      { reason: 'not a record', count: 1 },
    ]);
    expect(JSON.stringify(skipped)).not.toMatch(/x-2|1999|cat/);
  });

  it('counts what the mapping refuses or throws on, and leaves out what it says is not a record', () => {
    const page = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];

    const { items, skipped } = readRecords(page, Person, (record) => {
      if (record.id === 2) return skipRecord('no job');
      if (record.id === 3) throw new TypeError('boom');
      if (record.id === 4) return null;
      return record.id;
    });

    expect(items).toEqual([1]);
    expect(skipped).toEqual([
      { reason: 'no job', count: 1 },
      { reason: 'could not be read', count: 1 },
    ]);
  });
});

describe('mergeSkipped', () => {
  it('adds counts by reason', () => {
    expect(
      mergeSkipped([{ reason: 'a', count: 1 }], undefined, [
        { reason: 'a', count: 2 },
        { reason: 'b', count: 1 },
      ]),
    ).toEqual([
      { reason: 'a', count: 3 },
      { reason: 'b', count: 1 },
    ]);
  });
});
