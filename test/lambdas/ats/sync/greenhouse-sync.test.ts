import { createGreenhouseConnector } from '../../../../lambdas/ats/connectors/greenhouse';
import { createMemorySyncStore } from './support/memory-sync-store';
import { runSync } from '../../../../lambdas/ats/sync/sync-engine';
import type { AtsSyncStore } from '../../../../lambdas/ats/sync/sync-store';
import { afterPages } from './support/page-budget';
import {
  greenhouseApplication,
  greenhouseCandidate,
  greenhouseJob,
  startFakeGreenhouse,
  type FakeGreenhouse,
} from '../../../../local/ats/fake-greenhouse';

const KEY = 'f3c1a9d27be84e6a9d0c55b1e2a7c4d9';
const USER = 'recruiter-greenhouse';
let greenhouse: FakeGreenhouse;

beforeAll(async () => {
  greenhouse = await startFakeGreenhouse({
    apiKey: KEY,
    pageSize: 2,
    data: {
      jobs: [1, 2, 3].map((id) => greenhouseJob({ id })),
      candidates: [11, 12, 13, 14, 15].map((id) => greenhouseCandidate({ id })),
      applications: [21, 22, 23, 24].map((id, index) => greenhouseApplication({ id, candidate_id: 11 + index, job_id: 1 + (index % 3) })),
    },
  });
});
afterAll(() => greenhouse.close());

const connector = () =>
  createGreenhouseConnector(
    { atsname: 'greenhouse', apikeytype: 'basic', apikey1: KEY, apikey2: null },
    { baseUrl: greenhouse.url, sleep: async () => undefined, random: () => 0 },
  );

const everything = async (store: AtsSyncStore) => ({
  jobs: await store.listJobs(USER),
  candidates: await store.listCandidates(USER),
  applications: await store.listApplications(USER),
});

describe('runSync with the Greenhouse connector against a fake Greenhouse', () => {
  it('syncs in budgeted calls to the same data as in one, through a 429, with GET requests only and no key in any status', async () => {
    let time = Date.parse('2026-03-10T10:00:00.000Z');
    const now = () => new Date(time);
    const reference = createMemorySyncStore();
    expect((await runSync({ connector: connector(), store: reference, userId: USER, now, deadline: () => false })).outcome).toBe(
      'complete',
    );

    const store = createMemorySyncStore();
    const outcomes: string[] = [];
    greenhouse.requests.length = 0;
    outcomes.push((await runSync({ connector: connector(), store, userId: USER, now, deadline: afterPages(3) })).outcome);
    // Four 429s: the client's retries are spent, so the sync pauses for the Retry-After asked.
    greenhouse.failNext(...Array.from({ length: 4 }, () => ({ kind: 'rate-limit' as const, retryAfter: '20' })));
    const paused = await runSync({ connector: connector(), store, userId: USER, now, deadline: () => false });
    outcomes.push(paused.outcome);
    time += 30_000;
    outcomes.push((await runSync({ connector: connector(), store, userId: USER, now, deadline: () => false })).outcome);

    expect(outcomes).toEqual(['partial', 'paused', 'complete']);
    expect(paused.retryAfterSeconds).toBe(20);
    expect(await everything(store)).toEqual(await everything(reference));
    expect((await store.listApplications(USER)).map((application) => application.id)).toEqual(['21', '22', '23', '24']);
    expect(new Set(greenhouse.requests.map((request) => request.method))).toEqual(new Set(['GET']));
    expect(JSON.stringify([await store.getStatus(USER), paused])).not.toContain(KEY);
  });

  it('asks Greenhouse only for what changed since the last pass began, less five minutes', async () => {
    let time = Date.parse('2026-03-10T10:00:00.000Z');
    const now = () => new Date(time);
    const store = createMemorySyncStore();
    await runSync({ connector: connector(), store, userId: USER, now, deadline: () => false });
    greenhouse.requests.length = 0;

    time += 3_600_000;
    await runSync({ connector: connector(), store, userId: USER, now, deadline: () => false });

    const since = greenhouse.requests.map(
      (request) => `${request.path} ${request.query.updated_after ?? request.query.last_activity_after}`,
    );
    expect(since).toEqual([
      '/v1/jobs 2026-03-10T09:55:00.000Z',
      '/v1/candidates 2026-03-10T09:55:00.000Z',
      '/v1/applications 2026-03-10T09:55:00.000Z',
    ]);
  });
});
