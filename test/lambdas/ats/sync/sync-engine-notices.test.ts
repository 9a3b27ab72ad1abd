import { AtsError } from '../../../../lambdas/ats/ats-port';
import { connectorLine } from '../../../../lambdas/ats/sync/connector-text';
import { runSync, type RunSyncOptions } from '../../../../lambdas/ats/sync/sync-engine';
import { addNotices, MAX_SYNC_NOTICE_CHARS, MAX_SYNC_NOTICES, storedNotices } from '../../../../lambdas/ats/sync/sync-notices';
import { createMemorySyncStore } from './support/memory-sync-store';
import { afterPages } from './support/page-budget';
import { createScriptedConnector, scriptedData, type ScriptedCall } from './support/scripted-connector';

/**
 * A connector whose API key may not read an optional endpoint still syncs, and says per page which
 * feature it had to do without (`AtsPage.notices`). The sync gathers them over all its calls,
 * each once and bounded, into the status record for the recruiter; a notice never stops it.
 */

const USER = 'recruiter-1';
const ARCHIVE = 'Lever did not let this API key read archive reasons, so rejected applications show no reason.';
const SOURCES = 'Lever did not let this API key read sources, so candidates show no source.';

function clock(start: string) {
  let time = Date.parse(start);
  return { now: () => new Date(time), advance: (seconds: number) => void (time += seconds * 1000) };
}

function sync(options: Partial<RunSyncOptions> & Pick<RunSyncOptions, 'connector' | 'store' | 'now'>) {
  return runSync({ userId: USER, deadline: () => false, ...options });
}

/** What the scripted ATS reports as notices on a page: `method cursor` → its notices. */
function noticesOn(pages: Record<string, readonly string[]>) {
  return (call: ScriptedCall) => pages[`${call.method} ${call.cursor ?? 'first'}`];
}

describe('connectorLine', () => {
  it('puts the text on one line and cuts it to the bound with "…"', () => {
    expect(connectorLine('  Lever did not\n\tlet this key read sources. ', 100)).toBe('Lever did not let this key read sources.');
    const cut = connectorLine('archive reasons '.repeat(40), 50);
    expect(cut).toHaveLength(50);
    expect(cut?.endsWith('…')).toBe(true);
  });

  it('gives nothing for empty text, text that is no string, or text carrying contact data', () => {
    expect(connectorLine(' \n ', 100)).toBeNull();
    expect(connectorLine(42, 100)).toBeNull();
    expect(connectorLine('Ask ada.lovelace@example.com for access to archive reasons.', 100)).toBeNull();
    expect(connectorLine('Call +1 720-555-0188 to get the sources permission.', 100)).toBeNull();
  });
});

describe('addNotices', () => {
  it('adds a page’s notices after the kept ones, each once (as they read once cleaned)', () => {
    expect(addNotices([ARCHIVE], [SOURCES, ARCHIVE, `  ${SOURCES.replace(' ', '\n')}`])).toEqual([ARCHIVE, SOURCES]);
    expect(addNotices([ARCHIVE], undefined)).toEqual([ARCHIVE]);
  });

  it(`keeps at most ${MAX_SYNC_NOTICES} notices of at most ${MAX_SYNC_NOTICE_CHARS} characters, first come`, () => {
    const many = Array.from({ length: 9 }, (_, index) => `Feature ${index} is limited.`);
    expect(addNotices(addNotices([], many.slice(0, 3)), many.slice(3))).toEqual(many.slice(0, MAX_SYNC_NOTICES));
    const [long] = addNotices([], ['Lever did not let this key read '.repeat(20)]);
    expect(long).toHaveLength(MAX_SYNC_NOTICE_CHARS);
    expect(long?.endsWith('…')).toBe(true);
  });

  it('drops a notice carrying contact data, and anything that is not a notice, never throwing', () => {
    expect(addNotices([], ['Ask ada.lovelace@example.com for the archive reasons permission.', SOURCES])).toEqual([SOURCES]);
    expect(addNotices([], [42, null, { text: ARCHIVE }, '', ARCHIVE])).toEqual([ARCHIVE]);
    expect(addNotices([ARCHIVE], 'not a list')).toEqual([ARCHIVE]);
  });

  it('keeps a notice naming an endpoint by its path; one naming it by its web address reads as contact data and is dropped', () => {
    const byPath = 'Lever did not let this API key read /archive_reasons, so rejected applications show no reason.';
    expect(addNotices([], [byPath, 'Lever refused https://api.lever.co/v1/archive_reasons for this API key.'])).toEqual([byPath]);
  });
});

describe('storedNotices', () => {
  it('reads a record saved before there were notices as none, and what was stored cleaned and bounded', () => {
    expect(storedNotices(undefined)).toEqual([]);
    expect(storedNotices(null)).toEqual([]);
    const many = Array.from({ length: 8 }, (_, index) => `Feature ${index} is limited.`);
    expect(storedNotices([ARCHIVE, 7, ARCHIVE, ...many])).toEqual([ARCHIVE, ...many.slice(0, MAX_SYNC_NOTICES - 1)]);
  });
});

describe('runSync with features the ATS would not let it read', () => {
  it('gathers the notices of every page over the resources, each once, and still syncs everything', async () => {
    const data = scriptedData({ jobs: 2, candidates: 5, applications: 4 });
    const { connector } = createScriptedConnector({
      data,
      pageSize: 2,
      notices: noticesOn({
        'listCandidates first': [SOURCES],
        'listCandidates offset:2': [SOURCES],
        'listApplications first': [ARCHIVE],
        'listApplications offset:2': [ARCHIVE, SOURCES],
      }),
    });
    const store = createMemorySyncStore();

    const result = await sync({ connector, store, now: clock('2026-03-01T10:00:00.000Z').now });

    expect(result).toMatchObject({ outcome: 'complete', message: null });
    expect(result.status.notices).toEqual([SOURCES, ARCHIVE]);
    expect(await store.getStatus(USER)).toMatchObject({ state: 'complete', notices: [SOURCES, ARCHIVE] });
    expect(await store.listCandidates(USER)).toHaveLength(5);
    expect(await store.listApplications(USER)).toHaveLength(4);
  });

  it('keeps the notices of earlier calls when the sync continues, and starts from none on the next sync', async () => {
    const data = scriptedData({ jobs: 2, candidates: 4, applications: 2 });
    let pages: Record<string, readonly string[]> = { 'listJobs first': [ARCHIVE], 'listApplications first': [SOURCES] };
    const { connector } = createScriptedConnector({ data, pageSize: 2, notices: (call) => noticesOn(pages)(call) });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    // Jobs and the first page of candidates: the budget is spent.
    const first = await sync({ connector, store, now: time.now, deadline: afterPages(2) });
    expect(first.outcome).toBe('partial');
    expect((await store.getStatus(USER))?.notices).toEqual([ARCHIVE]);
    time.advance(60);
    const second = await sync({ connector, store, now: time.now });

    expect(second.outcome).toBe('complete');
    expect((await store.getStatus(USER))?.notices).toEqual([ARCHIVE, SOURCES]);

    // The recruiter gave the key the missing permissions: the next sync reports none.
    pages = {};
    time.advance(86_400);
    expect((await sync({ connector, store, now: time.now })).outcome).toBe('complete');
    expect((await store.getStatus(USER))?.notices).toEqual([]);
  });

  it('keeps them over a pause at the ATS’s request, and when the sync fails', async () => {
    let limited = true;
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 2, candidates: 4, applications: 2 }),
      pageSize: 2,
      notices: noticesOn({ 'listJobs first': [ARCHIVE] }),
      fail: (call) => {
        if (call.method !== 'listCandidates' || call.cursor !== 'offset:2') return undefined;
        return limited
          ? new AtsError('rate-limited', 'Greenhouse is limiting how often it can be read right now.', 30)
          : new AtsError('credentials', 'Greenhouse no longer accepts this API key.');
      },
    });
    const store = createMemorySyncStore();
    const time = clock('2026-03-01T10:00:00.000Z');

    expect((await sync({ connector, store, now: time.now })).outcome).toBe('paused');
    expect((await store.getStatus(USER))?.notices).toEqual([ARCHIVE]);
    limited = false;
    time.advance(31);
    expect((await sync({ connector, store, now: time.now })).outcome).toBe('failed');
    expect((await store.getStatus(USER))?.notices).toEqual([ARCHIVE]);
  });

  it(`keeps at most ${MAX_SYNC_NOTICES} notices however many the pages bring, and drops one carrying contact data`, async () => {
    const { connector } = createScriptedConnector({
      data: scriptedData({ jobs: 4, candidates: 6, applications: 4 }),
      pageSize: 2,
      notices: (call, index) => [
        'Write to admin@northbridge.example.com to be allowed to read offers.',
        `Feature ${index} of ${call.method} is limited.`,
        `Feature ${index} of ${call.method} is limited.`,
      ],
    });
    const store = createMemorySyncStore();

    const result = await sync({ connector, store, now: clock('2026-03-01T10:00:00.000Z').now });

    // Seven pages, each with a notice of its own: the first five are kept.
    expect(result.outcome).toBe('complete');
    expect(result.counts.applications.read).toBe(4);
    expect((await store.getStatus(USER))?.notices).toEqual([
      'Feature 0 of listJobs is limited.',
      'Feature 1 of listJobs is limited.',
      'Feature 2 of listCandidates is limited.',
      'Feature 3 of listCandidates is limited.',
      'Feature 4 of listCandidates is limited.',
    ]);
  });

  it('never stops for notices that are not text (a connector bug)', async () => {
    const { connector } = createScriptedConnector({ data: scriptedData({ jobs: 1, candidates: 1, applications: 1 }), pageSize: 2 });
    const odd = {
      ...connector,
      name: connector.name,
      listJobs: async () => ({ items: [], nextCursor: null, notices: 'no list' as never }),
    };
    const store = createMemorySyncStore();

    const result = await sync({ connector: odd, store, now: clock('2026-03-01T10:00:00.000Z').now });

    expect(result.outcome).toBe('complete');
    expect(result.status.notices).toEqual([]);
  });
});
