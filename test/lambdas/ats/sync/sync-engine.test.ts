import { AtsError } from '../../../../lambdas/ats/ats-port';
import { SYNC_LEASE_SECONDS } from '../../../../lambdas/ats/ats-time-limits';
import { createMemorySyncStore } from './support/memory-sync-store';
import { runSync, type RunSyncOptions } from '../../../../lambdas/ats/sync/sync-engine';
import { SYNC_MESSAGES } from '../../../../lambdas/ats/sync/sync-status';
import { ATS_RESOURCES, type AtsSyncStore } from '../../../../lambdas/ats/sync/sync-store';
import { afterPages } from './support/page-budget';
import { createScriptedConnector, scriptedData, type ScriptedAtsData, type ScriptedCall } from './support/scripted-connector';

const USER = 'recruiter-1';

/** A clock tests move by hand. */
function clock(start: string) {
  let time = Date.parse(start);
  return { now: () => new Date(time), advance: (seconds: number) => void (time += seconds * 1000) };
}

function sync(options: Partial<RunSyncOptions> & Pick<RunSyncOptions, 'connector' | 'store' | 'now'>) {
  return runSync({ userId: USER, deadline: () => false, ...options });
}

async function stored(store: AtsSyncStore): Promise<ScriptedAtsData> {
  return {
    jobs: await store.listJobs(USER),
    candidates: await store.listCandidates(USER),
    applications: await store.listApplications(USER),
  };
}

const pages = (calls: readonly ScriptedCall[]) => calls.map((call) => `${call.method} ${call.cursor ?? 'first'}`);

describe('runSync', () => {
  it('stores everything on a first sync, page by page, and records it complete with its counts', async () => {
    const data = scriptedData({ jobs: 5, candidates: 7, applications: 9 });
    const { connector, calls, foreignMembers } = createScriptedConnector({ data, pageSize: 2 });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    const result = await sync({ connector, store, now: time.now });

    expect(result).toMatchObject({ outcome: 'complete', message: null, retryAfterSeconds: null });
    expect(result.counts).toEqual({
      jobs: { read: 5, stored: 5, skipped: 0 },
      candidates: { read: 7, stored: 7, skipped: 0 },
      applications: { read: 9, stored: 9, skipped: 0 },
    });
    expect(await stored(store)).toEqual(data);
    expect(calls.every((call) => call.updatedSince === null)).toBe(true);
    expect(pages(calls)).toEqual([
      ...['first', 'offset:2', 'offset:4'].map((cursor) => `listJobs ${cursor}`),
      ...['first', 'offset:2', 'offset:4', 'offset:6'].map((cursor) => `listCandidates ${cursor}`),
      ...['first', 'offset:2', 'offset:4', 'offset:6', 'offset:8'].map((cursor) => `listApplications ${cursor}`),
    ]);
    expect(await store.getStatus(USER)).toEqual(
      expect.objectContaining({
        state: 'complete',
        startedAt: '2026-03-01T10:00:00.000Z',
        finishedAt: '2026-03-01T10:00:00.000Z',
        lastCompleteAt: '2026-03-01T10:00:00.000Z',
        counts: result.counts,
        message: null,
      }),
    );
    expect(foreignMembers()).toEqual([]);
  });

  it('reads only what changed since the last pass began (less five minutes for clock skew) on the next sync', async () => {
    const data = scriptedData({ jobs: 3, candidates: 4, applications: 4 });
    const { connector, calls } = createScriptedConnector({ data, pageSize: 2 });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');
    await sync({ connector, store, now: time.now });
    calls.length = 0;

    time.advance(86_400);
    data.candidates[2] = { ...data.candidates[2]!, headline: 'Staff Engineer at Globex', updatedAt: '2026-03-02T08:00:00.000Z' };
    data.jobs.push({ ...data.jobs[0]!, id: 'j999', title: 'Platform Engineer', updatedAt: '2026-03-02T09:00:00.000Z' });
    const result = await sync({ connector, store, now: time.now });

    expect(result.outcome).toBe('complete');
    expect(calls.map((call) => call.updatedSince)).toEqual([
      '2026-03-01T09:55:00.000Z',
      '2026-03-01T09:55:00.000Z',
      '2026-03-01T09:55:00.000Z',
    ]);
    expect(result.counts).toEqual({
      jobs: { read: 1, stored: 1, skipped: 0 },
      candidates: { read: 1, stored: 1, skipped: 0 },
      applications: { read: 0, stored: 0, skipped: 0 },
    });
    expect(await stored(store)).toEqual(data);
    expect((await store.getCheckpoint(USER, 'jobs'))?.updatedSince).toBe('2026-03-02T09:55:00.000Z');
  });

  it('reads everything again once a week, so a record an offset-paged ATS skipped during a pass is not missed for good', async () => {
    const data = scriptedData({ jobs: 2, candidates: 2, applications: 2 });
    const { connector, calls } = createScriptedConnector({ data, pageSize: 5 });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');
    const since = () => calls.splice(0).map((call) => call.updatedSince);

    const first = await sync({ connector, store, now: time.now });
    expect(since()).toEqual([null, null, null]);
    // The status says which kind of sync it was (the firm's activity log tells its readers).
    expect(first.status.fullPass).toBe(true);
    time.advance(6 * 86_400);
    const incremental = await sync({ connector, store, now: time.now });
    expect(since()).toEqual(Array(3).fill('2026-03-01T09:55:00.000Z'));
    expect(incremental.status.fullPass).toBe(false);
    time.advance(86_400);
    const full = await sync({ connector, store, now: time.now });
    expect(since()).toEqual([null, null, null]);
    expect(full.counts.candidates).toEqual({ read: 2, stored: 2, skipped: 0 });
    expect(full.status.fullPass).toBe(true);
    time.advance(86_400);
    await sync({ connector, store, now: time.now });
    expect(since()).toEqual(Array(3).fill('2026-03-08T09:55:00.000Z'));
  });

  it('stops cleanly when its time budget is spent and, called again, continues from the next page to the same data', async () => {
    const data = scriptedData({ jobs: 3, candidates: 5, applications: 4 });
    const { connector, calls } = createScriptedConnector({ data, pageSize: 2 });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    const first = await sync({ connector, store, now: time.now, deadline: () => calls.length >= 3 });
    expect(first).toMatchObject({ outcome: 'partial', message: SYNC_MESSAGES.partial });
    expect(first.counts).toEqual({
      jobs: { read: 3, stored: 3, skipped: 0 },
      candidates: { read: 2, stored: 2, skipped: 0 },
      applications: { read: 0, stored: 0, skipped: 0 },
    });
    expect((await store.getStatus(USER))?.state).toBe('partial');

    time.advance(60);
    const second = await sync({ connector, store, now: time.now });

    expect(second.outcome).toBe('complete');
    expect(pages(calls.slice(3))).toEqual([
      'listCandidates offset:2',
      'listCandidates offset:4',
      'listApplications first',
      'listApplications offset:2',
    ]);
    expect(await stored(store)).toEqual(data);
    // One sync over two calls: started with the first, counted over both.
    expect(await store.getStatus(USER)).toMatchObject({
      state: 'complete',
      startedAt: '2026-03-01T10:00:00.000Z',
      counts: {
        jobs: { read: 3, stored: 3, skipped: 0 },
        candidates: { read: 5, stored: 5, skipped: 0 },
        applications: { read: 4, stored: 4, skipped: 0 },
      },
    });
  });

  it('reads no further than its budget in one call, checked before each page', async () => {
    const { connector, calls } = createScriptedConnector({ data: scriptedData({ jobs: 9, candidates: 1, applications: 1 }), pageSize: 2 });

    const result = await sync({
      connector,
      store: createMemorySyncStore(),
      now: clock('2026-03-01T10:00:00.000Z').now,
      deadline: afterPages(2),
    });

    expect(result.outcome).toBe('partial');
    expect(calls).toHaveLength(2);
  });

  it('reads a page again, without duplicates, when the call crashed after storing it and before saving its checkpoint', async () => {
    const data = scriptedData({ jobs: 5, candidates: 2, applications: 2 });
    const { connector, calls } = createScriptedConnector({ data, pageSize: 2 });
    const memory = createMemorySyncStore();
    let checkpointSaves = 0;
    const crashing: AtsSyncStore = {
      ...memory,
      saveCheckpoint: async (...args) => {
        if (++checkpointSaves === 2) throw new Error('Lambda ran out of memory');
        return memory.saveCheckpoint(...args);
      },
    };
    const time = clock('2026-03-01T10:00:00.000Z');

    await expect(sync({ connector, store: crashing, now: time.now })).rejects.toThrow('Lambda ran out of memory');
    expect(await memory.getStatus(USER)).toMatchObject({ state: 'failed', message: SYNC_MESSAGES.unexpected });
    expect(await memory.listJobs(USER)).toHaveLength(4);

    time.advance(60);
    const result = await sync({ connector, store: crashing, now: time.now });

    expect(result.outcome).toBe('complete');
    expect(pages(calls).slice(0, 4)).toEqual(['listJobs first', 'listJobs offset:2', 'listJobs offset:2', 'listJobs offset:4']);
    expect(await stored(memory)).toEqual(data);
  });

  it('loses nothing when storing a page fails: its checkpoint was not saved, so the page is read again', async () => {
    const data = scriptedData({ jobs: 5, candidates: 2, applications: 2 });
    const { connector, calls } = createScriptedConnector({ data, pageSize: 2 });
    const memory = createMemorySyncStore();
    let jobWrites = 0;
    const failing: AtsSyncStore = {
      ...memory,
      upsertJobs: async (...args) => {
        if (++jobWrites === 2) throw new Error('DynamoDB is unavailable');
        return memory.upsertJobs(...args);
      },
    };
    const time = clock('2026-03-01T10:00:00.000Z');

    await expect(sync({ connector, store: failing, now: time.now })).rejects.toThrow('DynamoDB is unavailable');
    expect(await memory.getCheckpoint(USER, 'jobs')).toMatchObject({ cursor: 'offset:2' });
    time.advance(60);
    await sync({ connector, store: failing, now: time.now });

    expect(pages(calls).slice(0, 3)).toEqual(['listJobs first', 'listJobs offset:2', 'listJobs offset:2']);
    expect(await stored(memory)).toEqual(data);
  });

  it('pauses when the ATS keeps answering 429, keeps its place, refuses to call again early, and continues after Retry-After', async () => {
    const data = scriptedData({ jobs: 2, candidates: 6, applications: 2 });
    let limited = true;
    const { connector, calls } = createScriptedConnector({
      data,
      pageSize: 2,
      fail: (call) =>
        limited && call.method === 'listCandidates' && call.cursor === 'offset:4'
          ? new AtsError('rate-limited', 'Greenhouse is limiting how often it can be read right now; try again in 30 seconds.', 30)
          : undefined,
    });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    const paused = await sync({ connector, store, now: time.now });
    expect(paused).toMatchObject({
      outcome: 'paused',
      retryAfterSeconds: 30,
      message: SYNC_MESSAGES.paused('greenhouse', '2026-03-01T10:00:30.000Z'),
    });
    expect(paused.message).toContain('Greenhouse');
    expect(await store.getStatus(USER)).toMatchObject({ state: 'paused', resumeAt: '2026-03-01T10:00:30.000Z' });
    expect(await store.getCheckpoint(USER, 'candidates')).toMatchObject({ cursor: 'offset:4' });

    time.advance(10);
    const early = await sync({ connector, store, now: time.now });
    expect(early).toMatchObject({ outcome: 'paused', retryAfterSeconds: 20 });
    expect(calls).toHaveLength(4);

    limited = false;
    time.advance(25);
    const resumed = await sync({ connector, store, now: time.now });
    expect(resumed.outcome).toBe('complete');
    expect(pages(calls.slice(4))).toEqual(['listCandidates offset:4', 'listApplications first']);
    expect(await stored(store)).toEqual(data);
  });

  it('pauses for a minute when a 429 came without Retry-After', async () => {
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 1, candidates: 1, applications: 1 }),
      pageSize: 2,
      fail: () => new AtsError('rate-limited', 'Lever is limiting how often it can be read right now; try again in a few minutes.'),
    });

    const result = await sync({ connector, store: createMemorySyncStore(), now: clock('2026-03-01T10:00:00.000Z').now });

    expect(result).toMatchObject({ outcome: 'paused', retryAfterSeconds: 60 });
  });

  it('fails with the ATS’s message for the recruiter on bad credentials, and leaves stored data and checkpoints as they were', async () => {
    const data = scriptedData({ jobs: 2, candidates: 2, applications: 2 });
    let revoked = false;
    const message =
      'Greenhouse refused the API key: it is wrong, revoked, or lacks read permission. Enter a Harvest API key with read access.';
    const { connector } = createScriptedConnector({
      data,
      pageSize: 2,
      fail: () => (revoked ? new AtsError('credentials', message) : undefined),
    });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');
    await sync({ connector, store, now: time.now });
    const before = {
      data: await stored(store),
      checkpoints: await Promise.all(ATS_RESOURCES.map((resource) => store.getCheckpoint(USER, resource))),
    };

    revoked = true;
    data.jobs[0] = { ...data.jobs[0]!, title: 'Changed in the ATS', updatedAt: '2026-03-02T00:00:00.000Z' };
    time.advance(86_400);
    const result = await sync({ connector, store, now: time.now });

    expect(result).toMatchObject({ outcome: 'failed', message, failure: 'credentials' });
    expect(await store.getStatus(USER)).toMatchObject({ state: 'failed', message, lastCompleteAt: '2026-03-01T10:00:00.000Z' });
    expect(await stored(store)).toEqual(before.data);
    expect(await Promise.all(ATS_RESOURCES.map((resource) => store.getCheckpoint(USER, resource)))).toEqual(before.checkpoints);
  });

  it('lets one of two concurrent syncs of a user run; the other is told a sync is running and reads nothing', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const data = scriptedData({ jobs: 2, candidates: 2, applications: 2 });
    const { connector, calls } = createScriptedConnector({
      data,
      pageSize: 2,
      gate: async (_call, index) => {
        if (index !== 0) return;
        entered();
        await held;
      },
    });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    const first = sync({ connector, store, now: time.now });
    await inside;
    const second = await sync({ connector, store, now: time.now });
    release();

    expect(second).toMatchObject({ outcome: 'running', message: SYNC_MESSAGES.running });
    expect((await first).outcome).toBe('complete');
    expect(calls).toHaveLength(3);
    expect(await stored(store)).toEqual(data);
    // The lease went back: the next sync runs.
    expect((await sync({ connector, store, now: time.now })).outcome).toBe('complete');
  });

  it('continues a sync whose call crashed once the crashed call’s lease expired', async () => {
    const data = scriptedData({ jobs: 4, candidates: 2, applications: 2 });
    const { connector, calls } = createScriptedConnector({ data, pageSize: 2 });
    const memory = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');
    // A call that dies (a killed Lambda) after its first page: it never saves a final status nor releases the lease.
    const dying: AtsSyncStore = {
      ...memory,
      releaseLease: async () => undefined,
      saveStatus: async (userId, status) => (status.state === 'running' ? memory.saveStatus(userId, status) : undefined),
    };
    await sync({ connector, store: dying, now: time.now, deadline: afterPages(1) });

    time.advance(SYNC_LEASE_SECONDS / 2);
    expect((await sync({ connector, store: memory, now: time.now })).outcome).toBe('running');
    time.advance(SYNC_LEASE_SECONDS);
    const result = await sync({ connector, store: memory, now: time.now });

    expect(result.outcome).toBe('complete');
    expect(pages(calls)).toEqual(['listJobs first', 'listJobs offset:2', 'listCandidates first', 'listApplications first']);
    expect(await stored(memory)).toEqual(data);
  });

  it('fails instead of looping when the ATS hands back the cursor it was given', async () => {
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 1, candidates: 1, applications: 1 }),
      pageSize: 1,
      name: 'lever',
    });
    const looping = {
      ...connector,
      name: connector.name,
      listJobs: async ({ cursor }: { cursor: string | null }) => ({ items: [], nextCursor: cursor ?? 'same' }),
    };

    const result = await sync({ connector: looping, store: createMemorySyncStore(), now: clock('2026-03-01T10:00:00.000Z').now });

    expect(result).toMatchObject({ outcome: 'failed', message: SYNC_MESSAGES.samePage('lever') });
    expect(result.message).toContain('Lever');
  });

  it('cuts an oversized profile before storing it, so one record cannot fail a whole batch', async () => {
    const data = scriptedData({ jobs: 1, candidates: 1, applications: 0 });
    data.candidates[0] = { ...data.candidates[0]!, profile: 'x'.repeat(80_000) };
    const { connector } = createScriptedConnector({ data, pageSize: 2 });
    const store = createMemorySyncStore();

    await sync({ connector, store, now: clock('2026-03-01T10:00:00.000Z').now });

    const [candidate] = await store.listCandidates(USER);
    expect(candidate?.profile).toHaveLength(50_000);
  });

  it('only ever lists from the ATS, whatever happens: full, incremental, stopped, paused and failed syncs call nothing else on the connector', async () => {
    const data = scriptedData({ jobs: 3, candidates: 3, applications: 3 });
    let failure: AtsError | undefined;
    const { connector, calls, foreignMembers } = createScriptedConnector({ data, pageSize: 2, fail: () => failure });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    await sync({ connector, store, now: time.now, deadline: afterPages(2) });
    await sync({ connector, store, now: time.now });
    time.advance(3_600);
    failure = new AtsError('rate-limited', 'Greenhouse is limiting how often it can be read right now; try again in 5 seconds.', 5);
    await sync({ connector, store, now: time.now });
    time.advance(10);
    failure = new AtsError('unavailable', 'Greenhouse did not answer after 4 attempts; try again in a few minutes.');
    await sync({ connector, store, now: time.now });
    failure = undefined;
    await sync({ connector, store, now: time.now });

    expect(new Set(calls.map((call) => call.method))).toEqual(new Set(['listJobs', 'listCandidates', 'listApplications']));
    expect(foreignMembers()).toEqual([]);
  });
});
