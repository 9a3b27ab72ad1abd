import type { AtsSkippedRecords } from '../../../../lambdas/ats/ats-port';
import { runSync, type RunSyncOptions } from '../../../../lambdas/ats/sync/sync-engine';
import { MAX_SKIPPED_REASONS } from '../../../../lambdas/ats/sync/skipped-records';
import { AtsError } from '../../../../lambdas/ats/ats-port';
import { atsJob } from './support/ats-records';
import { createMemorySyncStore } from './support/memory-sync-store';
import { afterPages } from './support/page-budget';
import { createScriptedConnector, scriptedData, type ScriptedCall } from './support/scripted-connector';

/**
 * Connectors read a page record by record and report the records they could not read, by reason
 * (issue 15). The sync stores what it could read, never stops for the rest, and tells the
 * recruiter, in the status record, how many of which kind were skipped and why.
 */

const USER = 'recruiter-1';

function clock(start: string) {
  let time = Date.parse(start);
  return { now: () => new Date(time), advance: (seconds: number) => void (time += seconds * 1000) };
}

function sync(options: Partial<RunSyncOptions> & Pick<RunSyncOptions, 'connector' | 'store' | 'now'>) {
  return runSync({ userId: USER, deadline: () => false, ...options });
}

/** What the scripted ATS reports as skipped on a page: `method cursor` → its skipped records. */
function skippedOn(pages: Record<string, readonly AtsSkippedRecords[]>) {
  return (call: ScriptedCall) => pages[`${call.method} ${call.cursor ?? 'first'}`];
}

const ODD_CANDIDATES = {
  'listCandidates first': [{ reason: 'unreadable "Tags"', count: 2 }],
  'listCandidates offset:2': [
    { reason: 'unreadable "Tags"', count: 1 },
    { reason: 'no candidate id', count: 1 },
  ],
  'listApplications offset:2': [{ reason: 'no job id', count: 3 }],
};

describe('runSync with records the ATS could not read', () => {
  it('stores what could be read and counts the rest per resource and by reason, added up over the pages', async () => {
    const data = scriptedData({ jobs: 2, candidates: 5, applications: 4 });
    const { connector } = createScriptedConnector({ data, pageSize: 2, skipped: skippedOn(ODD_CANDIDATES) });
    const store = createMemorySyncStore();

    const result = await sync({ connector, store, now: clock('2026-03-01T10:00:00.000Z').now });

    expect(result.outcome).toBe('complete');
    expect(result.counts).toEqual({
      jobs: { read: 2, stored: 2, skipped: 0 },
      candidates: { read: 5, stored: 5, skipped: 4 },
      applications: { read: 4, stored: 4, skipped: 3 },
    });
    expect(await store.getStatus(USER)).toMatchObject({
      state: 'complete',
      counts: result.counts,
      skippedReasons: [
        { resource: 'candidates', reason: 'unreadable "Tags"', count: 3 },
        { resource: 'candidates', reason: 'no candidate id', count: 1 },
        { resource: 'applications', reason: 'no job id', count: 3 },
      ],
    });
    expect(await store.listCandidates(USER)).toHaveLength(5);
  });

  it('moves on from a page whose every record was skipped, to the next page and to the end', async () => {
    const { connector } = createScriptedConnector({ data: scriptedData({ jobs: 0, candidates: 1, applications: 0 }), pageSize: 2 });
    const listed: (string | null)[] = [];
    const oddJobs = {
      ...connector,
      name: connector.name,
      listJobs: async ({ cursor }: { cursor: string | null }) => {
        listed.push(cursor);
        return cursor === null
          ? { items: [], nextCursor: 'page-2', skipped: [{ reason: 'not a record', count: 2 }] }
          : { items: [atsJob('j1')], nextCursor: null };
      },
    };
    const store = createMemorySyncStore();

    const result = await sync({ connector: oddJobs, store, now: clock('2026-03-01T10:00:00.000Z').now });

    expect(result.outcome).toBe('complete');
    expect(listed).toEqual([null, 'page-2']);
    expect(result.counts.jobs).toEqual({ read: 1, stored: 1, skipped: 2 });
    expect((await store.listJobs(USER)).map((job) => job.id)).toEqual(['j1']);
    expect((await store.getStatus(USER))?.skippedReasons).toEqual([{ resource: 'jobs', reason: 'not a record', count: 2 }]);
  });

  it('keeps what earlier calls of a sync skipped when the sync continues, and starts from none on the next sync', async () => {
    const data = scriptedData({ jobs: 2, candidates: 5, applications: 4 });
    let skippedPages: Record<string, readonly AtsSkippedRecords[]> = ODD_CANDIDATES;
    const { connector } = createScriptedConnector({ data, pageSize: 2, skipped: (call) => skippedOn(skippedPages)(call) });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    // Jobs, then the first two pages of candidates: the budget is spent.
    const first = await sync({ connector, store, now: time.now, deadline: afterPages(3) });
    expect(first.outcome).toBe('partial');
    expect(first.counts.candidates.skipped).toBe(4);
    time.advance(60);
    const second = await sync({ connector, store, now: time.now });

    expect(second.outcome).toBe('complete');
    // This call's own counts, and the sync's over both calls.
    expect([second.counts.candidates.skipped, second.counts.applications.skipped]).toEqual([0, 3]);
    expect(await store.getStatus(USER)).toMatchObject({
      counts: { candidates: { skipped: 4 }, applications: { skipped: 3 } },
      skippedReasons: [
        { resource: 'candidates', reason: 'unreadable "Tags"', count: 3 },
        { resource: 'candidates', reason: 'no candidate id', count: 1 },
        { resource: 'applications', reason: 'no job id', count: 3 },
      ],
    });

    // The recruiter fixed their records: the next sync reports none.
    skippedPages = {};
    time.advance(86_400);
    await sync({ connector, store, now: time.now });

    expect(await store.getStatus(USER)).toMatchObject({
      state: 'complete',
      counts: { jobs: { skipped: 0 }, candidates: { skipped: 0 }, applications: { skipped: 0 } },
      skippedReasons: [],
    });
  });

  it('keeps them over a pause at the ATS’s request too', async () => {
    let limited = true;
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 2, candidates: 4, applications: 2 }),
      pageSize: 2,
      skipped: skippedOn({ 'listJobs first': [{ reason: 'no title', count: 1 }] }),
      fail: (call) =>
        limited && call.method === 'listCandidates' && call.cursor === 'offset:2'
          ? new AtsError('rate-limited', 'Greenhouse is limiting how often it can be read right now.', 30)
          : undefined,
    });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    expect((await sync({ connector, store, now: time.now })).outcome).toBe('paused');
    limited = false;
    time.advance(31);
    expect((await sync({ connector, store, now: time.now })).outcome).toBe('complete');

    expect(await store.getStatus(USER)).toMatchObject({
      counts: { jobs: { read: 2, skipped: 1 } },
      skippedReasons: [{ resource: 'jobs', reason: 'no title', count: 1 }],
    });
  });

  it(`names at most ${MAX_SKIPPED_REASONS} reasons however many the ATS produces, while the numbers skipped stay exact`, async () => {
    const many = Array.from({ length: 25 }, (_, index) => ({ reason: `unreadable "custom_${index}"`, count: 1 }));
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 1, candidates: 4, applications: 0 }),
      pageSize: 2,
      skipped: (call) => (call.method === 'listCandidates' ? many : undefined),
    });
    const store = createMemorySyncStore();

    await sync({ connector, store, now: clock('2026-03-01T10:00:00.000Z').now });

    const status = await store.getStatus(USER);
    expect(status?.counts.candidates.skipped).toBe(50);
    expect(status?.skippedReasons).toHaveLength(MAX_SKIPPED_REASONS);
    // The reasons it names were counted on both pages: each listed count is exact.
    expect(status?.skippedReasons.every((entry) => entry.count === 2)).toBe(true);
  });
});
