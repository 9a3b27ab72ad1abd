import * as fc from 'fast-check';
import { createMemorySyncStore } from './support/memory-sync-store';
import { runSync } from '../../../../lambdas/ats/sync/sync-engine';
import { createScriptedConnector, scriptedData } from './support/scripted-connector';

const USER = 'recruiter-property';
const START = Date.parse('2026-03-01T10:00:00.000Z');

/** Runs a sync to completion, one call per budget (pages that call may read), then without budget. */
async function syncInCalls(
  sizes: { jobs: number; candidates: number; applications: number },
  pageSize: number,
  budgets: readonly number[],
) {
  const data = scriptedData(sizes);
  const { connector, calls } = createScriptedConnector({ data, pageSize });
  const store = createMemorySyncStore();
  let time = START;
  const outcomes: string[] = [];
  for (const budget of [...budgets, Number.POSITIVE_INFINITY]) {
    const before = calls.length;
    time += 1_000;
    const result = await runSync({
      connector,
      store,
      userId: USER,
      now: () => new Date(time),
      deadline: () => calls.length - before >= budget,
    });
    outcomes.push(result.outcome);
    if (result.outcome === 'complete') break;
  }
  return {
    data,
    outcomes,
    reads: calls.map((call) => `${call.method} ${call.cursor ?? 'first'} ${call.updatedSince ?? 'all'}`),
    stored: {
      jobs: await store.listJobs(USER),
      candidates: await store.listCandidates(USER),
      applications: await store.listApplications(USER),
    },
    status: await store.getStatus(USER),
  };
}

describe('runSync stopped by its time budget anywhere', () => {
  it('ends with the same stored data, the same pages read once each, and the same counts as a sync never stopped', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ jobs: fc.nat(6), candidates: fc.nat(6), applications: fc.nat(6) }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.nat(3), { maxLength: 8 }),
        async (sizes, pageSize, budgets) => {
          const uninterrupted = await syncInCalls(sizes, pageSize, []);
          const interrupted = await syncInCalls(sizes, pageSize, budgets);

          expect(uninterrupted.outcomes).toEqual(['complete']);
          expect(interrupted.outcomes.at(-1)).toBe('complete');
          expect(interrupted.outcomes.slice(0, -1).every((outcome) => outcome === 'partial')).toBe(true);
          expect(interrupted.stored).toEqual(interrupted.data);
          expect(interrupted.reads).toEqual(uninterrupted.reads);
          expect(interrupted.status?.counts).toEqual(uninterrupted.status?.counts);
        },
      ),
      { numRuns: 150 },
    );
  });
});
