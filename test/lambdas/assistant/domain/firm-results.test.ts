import { mergeResultPages } from '../../../../lambdas/assistant/domain/firm-results';
import type { AssistantResult } from '../../../../lambdas/shared/contracts/assistant';

/** A result with only what the merge reads: its time-ordered id (and a label to tell copies apart). */
const result = (id: string, label = id) => ({ id, label }) as unknown as AssistantResult;
const ids = (results: readonly AssistantResult[]) => results.map((one) => one.id);

describe("merging the firm's view from several sources", () => {
  it('orders every source newest first and cuts at the limit, continuing from the last one shown', () => {
    const merged = mergeResultPages(
      [
        { results: [result('09'), result('05'), result('01')], nextCursor: null },
        { results: [result('08'), result('04')], nextCursor: null },
      ],
      3,
    );
    expect(ids(merged.results)).toEqual(['09', '08', '05']);
    expect(merged.nextCursor).toBe('05');
  });

  it('keeps nothing older than where a source stopped reading, and continues from there, so no result is skipped', () => {
    // The first source read down to 06 and has more; the second read to its end.
    const merged = mergeResultPages(
      [
        { results: [result('09'), result('07')], nextCursor: '06' },
        { results: [result('08'), result('03'), result('02')], nextCursor: null },
      ],
      10,
    );
    expect(ids(merged.results)).toEqual(['09', '08', '07']);
    expect(merged.nextCursor).toBe('06');
  });

  it('lists a result held by two sources once, as the first source has it', () => {
    const merged = mergeResultPages(
      [
        { results: [result('07', 'shared copy')], nextCursor: null },
        { results: [result('07', 'own result'), result('03')], nextCursor: null },
      ],
      10,
    );
    expect(merged.results.map((one) => one.label)).toEqual(['shared copy', '03']);
    expect(merged.nextCursor).toBeNull();
  });
});
