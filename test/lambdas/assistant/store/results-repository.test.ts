import { createResultsRepository, type ResultsRepository } from '../../../../lambdas/assistant/store/results-repository';
import { timeOrderedId } from '../../../../lambdas/assistant/store/assistant-items';
import { ASSISTANT_LIMITS, type AssistantResult } from '../../../../lambdas/shared/contracts/assistant';
import { startTables } from '../../shared/subscriptions/support';
import { summaryResult } from './store-fixtures';

let tables: Awaited<ReturnType<typeof startTables>>;
let results: ResultsRepository;

beforeAll(async () => {
  tables = await startTables();
  results = createResultsRepository({ client: tables.client, tableName: tables.tableNames.assistant });
});
afterAll(() => tables.stop());

/** A result created `minute` minutes into the day, with a time-ordered id as the handlers make. */
function at(minute: number, overrides: Partial<AssistantResult> = {}): AssistantResult {
  const createdAt = new Date(Date.UTC(2026, 2, 1, 0, minute));
  return summaryResult(timeOrderedId(createdAt), { createdAt: createdAt.toISOString(), ...overrides });
}

describe('ResultsRepository', () => {
  it('reads the history newest first and gives one result back by id, exactly as stored', async () => {
    const [first, second, third] = [at(1), at(2), at(3)];
    for (const result of [second, first, third]) await results.append('history-ana', result, 'history-ana');

    expect((await results.list('history-ana')).map((result) => result.id)).toEqual([third.id, second.id, first.id]);
    expect(await results.get('history-ana', second.id)).toEqual(second);
  });

  it('keeps each user’s history to themselves', async () => {
    const mine = at(5);
    await results.append('history-owner', mine, 'history-owner');

    expect(await results.list('history-stranger')).toEqual([]);
    expect(await results.get('history-stranger', mine.id)).toBeUndefined();
  });

  it('filters by capability, by job, or both', async () => {
    const summary = at(10);
    const screening = at(11, { capability: 'screening-questions', jobId: 'job-a', output: { questions: [] } } as Partial<AssistantResult>);
    const otherJob = at(12, { capability: 'screening-questions', jobId: 'job-b', output: { questions: [] } } as Partial<AssistantResult>);
    const summaryForJob = at(13, { jobId: 'job-a' });
    for (const result of [summary, screening, otherJob, summaryForJob]) await results.append('history-filters', result, 'history-filters');

    const ids = async (filter: Parameters<ResultsRepository['list']>[1]) =>
      (await results.list('history-filters', filter)).map((result) => result.id);
    expect(await ids({ capability: 'screening-questions' })).toEqual([otherJob.id, screening.id]);
    expect(await ids({ jobId: 'job-a' })).toEqual([summaryForJob.id, screening.id]);
    expect(await ids({ jobId: 'job-a', capability: 'candidate-summary' })).toEqual([summaryForJob.id]);
    expect(await ids({ capability: 'best-fit' })).toEqual([]);
  });

  it(`answers at most ${ASSISTANT_LIMITS.historyMax} results, the most recent ones`, async () => {
    const all = Array.from({ length: ASSISTANT_LIMITS.historyMax + 5 }, (_, index) =>
      at(100 + index, index % 2 === 0 ? { jobId: 'busy-job' } : {}),
    );
    await Promise.all(all.map((result) => results.append('history-long', result, 'history-long')));

    const recent = await results.list('history-long');
    expect(recent).toHaveLength(ASSISTANT_LIMITS.historyMax);
    expect(recent[0].id).toBe(all.at(-1)!.id);
    expect(recent.at(-1)!.id).toBe(all[5].id);
    expect(await results.list('history-long', { capability: 'candidate-summary' })).toHaveLength(ASSISTANT_LIMITS.historyMax);
  });

  it('pages a filtered history from a cursor, and says when nothing older is left', async () => {
    const mine = Array.from({ length: 5 }, (_, index) => at(300 + index, { jobId: index % 2 === 0 ? 'paged-job' : null }));
    for (const result of mine) await results.append('history-paged', result, 'history-paged');
    const [r0, , r2, , r4] = mine;

    expect(await results.page('history-paged', { jobId: 'paged-job', limit: 2 })).toEqual({ results: [r4, r2], nextCursor: r2.id });
    expect(await results.page('history-paged', { jobId: 'paged-job', limit: 2, before: r2.id })).toEqual({
      results: [r0],
      nextCursor: null,
    });
    expect(await results.page('history-paged', { capability: 'candidate-summary', before: r4.id, limit: 4 })).toEqual({
      results: [...mine].reverse().slice(1),
      nextCursor: null,
    });
  });

  it('removes one of the user’s results, and only theirs', async () => {
    const kept = at(400);
    const removed = at(401);
    for (const result of [kept, removed]) await results.append('history-remove', result, 'history-remove');

    expect(await results.remove('history-stranger', removed.id)).toBe(false);
    expect(await results.remove('history-remove', removed.id)).toBe(true);
    expect(await results.remove('history-remove', removed.id)).toBe(false);
    expect(await results.list('history-remove')).toEqual([kept]);
  });

  it('orders ids made within the same minute by time', () => {
    const ids = [0, 1, 59_999].map((ms) => timeOrderedId(new Date(Date.UTC(2026, 0, 1) + ms)));
    expect([...ids].sort()).toEqual(ids);
  });
});
