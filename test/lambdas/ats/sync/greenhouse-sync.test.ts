import { createGreenhouseConnector } from '../../../../lambdas/ats/connectors/greenhouse';
import { joinClientIdAndUserId } from '../../../../lambdas/shared/contracts/ats';
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

const CLIENT = { clientId: 'f3c1a9d27be84e6a', clientSecret: '9d0c55b1e2a7c4d9-secret', userId: '880213' };
const USER = 'recruiter-greenhouse';
let greenhouse: FakeGreenhouse;

beforeAll(async () => {
  greenhouse = await startFakeGreenhouse({
    ...CLIENT,
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
    {
      atsname: 'greenhouse',
      apikeytype: 'oauth2',
      apikey1: joinClientIdAndUserId(CLIENT.clientId, CLIENT.userId),
      apikey2: CLIENT.clientSecret,
    },
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
    // A connector that holds its token already, so the 429s fall on the reads.
    const limited = connector();
    await limited.testConnection();
    greenhouse.failNext(...Array.from({ length: 4 }, () => ({ kind: 'rate-limit' as const, retryAfter: '20' })));
    const paused = await runSync({ connector: limited, store, userId: USER, now, deadline: () => false });
    outcomes.push(paused.outcome);
    time += 30_000;
    outcomes.push((await runSync({ connector: connector(), store, userId: USER, now, deadline: () => false })).outcome);

    expect(outcomes).toEqual(['partial', 'paused', 'complete']);
    expect(paused.retryAfterSeconds).toBe(20);
    expect(await everything(store)).toEqual(await everything(reference));
    expect((await store.listApplications(USER)).map((application) => application.id)).toEqual(['21', '22', '23', '24']);
    // Read-only: GETs only, but for the token request.
    expect(greenhouse.requests.filter((request) => request.method !== 'GET').map((request) => request.path)).toEqual(
      expect.arrayContaining(['/token']),
    );
    expect(greenhouse.requests.every((request) => request.method === 'GET' || request.path === '/token')).toBe(true);
    expect(JSON.stringify([await store.getStatus(USER), paused])).not.toContain(CLIENT.clientSecret);
  });

  it('asks Greenhouse only for what changed since the last pass began, less five minutes', async () => {
    let time = Date.parse('2026-03-10T10:00:00.000Z');
    const now = () => new Date(time);
    const store = createMemorySyncStore();
    await runSync({ connector: connector(), store, userId: USER, now, deadline: () => false });
    greenhouse.requests.length = 0;

    time += 3_600_000;
    await runSync({ connector: connector(), store, userId: USER, now, deadline: () => false });

    const since = greenhouse.requests
      .filter((request) => request.query.updated_at)
      .map((request) => `${request.path} ${request.query.updated_at}`);
    expect(since).toEqual([
      '/v3/jobs gte|2026-03-10T09:55:00.000Z',
      '/v3/candidates gte|2026-03-10T09:55:00.000Z',
      '/v3/applications gte|2026-03-10T09:55:00.000Z',
    ]);
  });
});
