import {
  addSkippedReasons,
  MAX_SKIPPED_REASON_CHARS,
  MAX_SKIPPED_REASONS,
  pageSkipped,
  skippedReason,
  storedSkippedReasons,
  UNNAMED_SKIP_REASON,
} from '../../../../lambdas/ats/sync/skipped-records';

describe('skippedReason', () => {
  it('keeps a reason that names a field as it is', () => {
    expect(skippedReason('unreadable "applied_at"')).toBe('unreadable "applied_at"');
  });

  it('puts a reason on one line and cuts a long one, so no ATS can grow the status record', () => {
    expect(skippedReason('unreadable\n\t"tags"  ')).toBe('unreadable "tags"');
    const cut = skippedReason(`unreadable "${'custom_field.'.repeat(30)}"`);
    expect(cut).toHaveLength(MAX_SKIPPED_REASON_CHARS);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never passes on a reason that carries contact data or is no text at all', () => {
    expect(skippedReason('unreadable "ada.lovelace@example.com"')).toBe(UNNAMED_SKIP_REASON);
    expect(skippedReason('no id for +1 720-555-0188')).toBe(UNNAMED_SKIP_REASON);
    expect(skippedReason(42)).toBe(UNNAMED_SKIP_REASON);
    expect(skippedReason('  ')).toBe(UNNAMED_SKIP_REASON);
  });
});

describe('pageSkipped', () => {
  it('adds up a page’s skipped records, merging reasons that read the same once cleaned', () => {
    expect(
      pageSkipped([
        { reason: 'no job id', count: 2 },
        { reason: 'no job id ', count: 1 },
        { reason: 'unreadable "status"', count: 1 },
      ]),
    ).toEqual({
      total: 4,
      reasons: [
        { reason: 'no job id', count: 3 },
        { reason: 'unreadable "status"', count: 1 },
      ],
    });
    expect(pageSkipped(undefined)).toEqual({ total: 0, reasons: [] });
  });

  it('ignores counts that are not a number of records', () => {
    const odd = [0, -1, 1.5, Number.NaN, Infinity, '2'].map((count) => ({ reason: 'x', count }));
    expect(pageSkipped(odd as never)).toEqual({ total: 0, reasons: [] });
  });
});

describe('addSkippedReasons', () => {
  it('adds counts by resource and reason: the same reason of two resources stays apart', () => {
    const first = addSkippedReasons([], 'candidates', [{ reason: 'no id', count: 1 }]);
    const second = addSkippedReasons(first, 'applications', [{ reason: 'no id', count: 2 }]);
    const third = addSkippedReasons(second, 'candidates', [{ reason: 'no id', count: 4 }]);

    expect(third).toEqual([
      { resource: 'candidates', reason: 'no id', count: 5 },
      { resource: 'applications', reason: 'no id', count: 2 },
    ]);
    expect(first).toEqual([{ resource: 'candidates', reason: 'no id', count: 1 }]);
  });

  it(`lists at most ${MAX_SKIPPED_REASONS} reasons, first come, and keeps adding to those listed`, () => {
    const full = addSkippedReasons(
      [],
      'jobs',
      Array.from({ length: MAX_SKIPPED_REASONS }, (_, index) => ({ reason: `r${index}`, count: 1 })),
    );
    const more = addSkippedReasons(full, 'jobs', [
      { reason: 'r-new', count: 5 },
      { reason: 'r0', count: 2 },
    ]);

    expect(more).toHaveLength(MAX_SKIPPED_REASONS);
    expect(more[0]).toEqual({ resource: 'jobs', reason: 'r0', count: 3 });
    expect(more.some((entry) => entry.reason === 'r-new')).toBe(false);
  });
});

describe('storedSkippedReasons', () => {
  it('reads nothing from a status record saved before there were reasons', () => {
    expect(storedSkippedReasons(undefined)).toEqual([]);
    expect(storedSkippedReasons(null)).toEqual([]);
  });

  it('keeps only well-formed entries, bounded', () => {
    const stored = [
      { resource: 'candidates', reason: 'no id', count: 2 },
      { resource: 'users', reason: 'no id', count: 2 },
      { resource: 'jobs', reason: 'no title', count: 'many' },
      'no id',
      ...Array.from({ length: 20 }, (_, index) => ({ resource: 'jobs', reason: `r${index}`, count: 1 })),
    ];

    const read = storedSkippedReasons(stored);

    expect(read).toHaveLength(MAX_SKIPPED_REASONS);
    expect(read[0]).toEqual({ resource: 'candidates', reason: 'no id', count: 2 });
    expect(read[1]).toEqual({ resource: 'jobs', reason: 'r0', count: 1 });
  });
});
