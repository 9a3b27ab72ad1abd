import { AtsError, type AtsConnector } from '../../../../lambdas/ats/ats-port';
import { createGreenhouseConnector } from '../../../../lambdas/ats/connectors/greenhouse';
import { startFakeAtsServer, type FakeAtsServer } from '../../../../local/ats/fake-ats-server';
import {
  greenhouseApplication,
  greenhouseCandidate,
  greenhouseJob,
  startFakeGreenhouse,
  type FakeGreenhouse,
  type FakeGreenhouseData,
} from '../../../../local/ats/fake-greenhouse';
import { atsRejection, readAllPages } from '../support/connector-calls';

const KEY = 'a7183e1b7e9ab09b8a5cfa87d1934c3c';
const FIRST = { cursor: null, updatedSince: null };

let greenhouse: FakeGreenhouse;
let extra: FakeAtsServer[] = [];
let delays: number[];

async function start(data: FakeGreenhouseData, pageSize?: number): Promise<FakeGreenhouse> {
  greenhouse = await startFakeGreenhouse({ apiKey: KEY, data, pageSize });
  return greenhouse;
}

function connector(apiKey = KEY, baseUrl = greenhouse.url): AtsConnector {
  return createGreenhouseConnector(
    { atsname: 'greenhouse', apikeytype: 'basic', apikey1: apiKey, apikey2: null },
    { baseUrl, sleep: async (ms) => void delays.push(ms), random: () => 0 },
  );
}

beforeEach(() => {
  delays = [];
  extra = [];
});

afterEach(async () => {
  for (const server of [greenhouse, ...extra]) expect(server.requests.every((request) => request.method === 'GET')).toBe(true);
  await Promise.all([greenhouse, ...extra].map((server) => server.close()));
});

describe('the Greenhouse connector', () => {
  it('tests the connection with one job, sending the key as the Basic user name with an empty password', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    await expect(connector().testConnection()).resolves.toEqual({ accountName: null });
    expect(greenhouse.requests).toHaveLength(1);
    const [request] = greenhouse.requests;
    expect(request.path).toBe('/v1/jobs');
    expect(request.query).toMatchObject({ per_page: '1' });
    expect(request.headers.authorization).toBe('Basic YTcxODNlMWI3ZTlhYjA5YjhhNWNmYTg3ZDE5MzRjM2M6');
  });

  it('reads every job through several pages by following the Link header', async () => {
    const jobs = [1, 2, 3, 4, 5].map((id) => greenhouseJob({ id, name: `Job ${id}` }));
    await start({ jobs }, 2);
    const { items, cursors } = await readAllPages((options) => connector().listJobs(options));
    expect(items.map((job) => job.title)).toEqual(['Job 1', 'Job 2', 'Job 3', 'Job 4', 'Job 5']);
    expect(cursors).toHaveLength(3);
    expect(cursors[2]).toBeNull();
    expect(greenhouse.requests.map((request) => request.query.page ?? '1')).toEqual(['1', '2', '3']);
    expect(greenhouse.requests[0].query).toMatchObject({ per_page: '100', skip_count: 'true' });
    expect(items[0]).toEqual({
      id: '1',
      title: 'Job 1',
      status: 'open',
      location: 'New York, United States',
      department: 'Engineering',
      description: 'Resistance to electro-magnetic radiation a plus!',
      createdAt: '2026-01-10T14:42:58.000Z',
      updatedAt: '2026-02-12T14:42:58.000Z',
    });
  });

  it('forwards updatedSince as updated_after (jobs, candidates) and last_activity_after (applications), on every page', async () => {
    await start(
      {
        jobs: [
          greenhouseJob({ id: 1, updated_at: '2026-01-01T00:00:00Z' }),
          greenhouseJob({ id: 2, updated_at: '2026-03-01T00:00:00Z' }),
          greenhouseJob({ id: 3, updated_at: '2026-03-02T00:00:00Z' }),
        ],
        candidates: [
          greenhouseCandidate({ id: 10, updated_at: '2026-01-01T00:00:00Z' }),
          greenhouseCandidate({ id: 11, updated_at: '2026-03-05T00:00:00Z' }),
        ],
        applications: [
          greenhouseApplication({ id: 20, candidate_id: 10, last_activity_at: '2026-01-01T00:00:00Z' }),
          greenhouseApplication({ id: 21, candidate_id: 11, last_activity_at: '2026-03-01T00:00:00Z' }),
        ],
      },
      1,
    );
    const since = '2026-02-15T00:00:00.000Z';
    const jobs = await readAllPages((options) => connector().listJobs(options), since);
    const candidates = await readAllPages((options) => connector().listCandidates(options), since);
    const applications = await readAllPages((options) => connector().listApplications(options), since);
    expect(jobs.items.map((job) => job.id)).toEqual(['2', '3']);
    expect(candidates.items.map((candidate) => candidate.id)).toEqual(['11']);
    expect(applications.items.map((application) => application.id)).toEqual(['21']);
    const byPath = (path: string) => greenhouse.requests.filter((request) => request.path === path);
    expect(byPath('/v1/jobs').map((request) => request.query.updated_after)).toEqual([since, since]);
    expect(byPath('/v1/candidates').map((request) => request.query.updated_after)).toEqual([since]);
    expect(byPath('/v1/applications').map((request) => request.query.last_activity_after)).toEqual([since]);
  });

  it('builds candidate profiles from title, company, employments, educations, tags and answers, without contact data', async () => {
    const candidate = greenhouseCandidate({
      id: 53883394,
      applications: [
        greenhouseApplication({
          id: 1,
          candidate_id: 53883394,
          answers: [
            { question: 'Why do you want to work for us?', answer: 'I love digs. Reach me at john.locke@example.com or 555-555-5555.' },
            { question: 'LinkedIn Profile', answer: 'https://linkedin.com/example' },
          ],
        }),
      ],
    });
    await start({ candidates: [candidate] });
    const { items } = await connector().listCandidates(FIRST);
    expect(items).toHaveLength(1);
    const [mapped] = items;
    expect(mapped).toMatchObject({
      id: '53883394',
      name: 'John Locke',
      headline: 'Man of Mystery at The Tustin Box Company',
      location: 'New York, New York, USA',
      createdAt: '2026-01-15T03:31:46.591Z',
    });
    expect(mapped.profile).toContain('Engineer at Greenhouse (2016-08 – present)');
    expect(mapped.profile).toContain("Bachelor's Degree, Computer Science — University of Michigan - Ann Arbor (2012-08 – 2016-05)");
    expect(mapped.profile).toContain('Python, Ruby');
    expect(mapped.profile).toContain('Why do you want to work for us?: I love digs.');
    for (const contact of [
      'john.locke@example.com',
      '555-555-5555',
      '123 City Street',
      'mysite.com',
      'twitter.com',
      'linkedin.com',
      '1000000000',
    ]) {
      expect(JSON.stringify(mapped)).not.toContain(contact);
    }
  });

  it('maps application statuses: active, rejected, withdrawn, hired (placements); prospects and converted ones are left out', async () => {
    await start({
      applications: [
        greenhouseApplication({ id: 1, candidate_id: 10, job_id: 6404 }),
        greenhouseApplication({
          id: 2,
          candidate_id: 11,
          status: 'rejected',
          rejected_at: '2026-03-05T10:00:00Z',
          rejection_reason: { id: 8, name: 'Lacking skill(s)/qualification(s)', type: { id: 1, name: 'We rejected them' } },
        }),
        greenhouseApplication({
          id: 3,
          candidate_id: 12,
          status: 'rejected',
          rejected_at: '2026-03-06T10:00:00Z',
          rejection_reason: { id: 9, name: 'Took another offer', type: { id: 2, name: 'They rejected us' } },
        }),
        greenhouseApplication({ id: 4, candidate_id: 13, status: 'hired', current_stage: null, last_activity_at: '2026-03-09T09:00:00Z' }),
        greenhouseApplication({ id: 5, candidate_id: 14, prospect: true, jobs: [] }),
        greenhouseApplication({ id: 6, candidate_id: 15, status: 'converted' }),
      ],
    });
    const { items } = await connector().listApplications(FIRST);
    expect(items).toEqual([
      {
        id: '1',
        candidateId: '10',
        jobId: '6404',
        status: 'active',
        stage: 'Application Review',
        appliedAt: '2026-03-01T12:56:05.244Z',
        closedAt: null,
        updatedAt: '2026-03-02T13:00:28.038Z',
      },
      expect.objectContaining({ id: '2', status: 'rejected', closedAt: '2026-03-05T10:00:00.000Z' }),
      expect.objectContaining({ id: '3', status: 'withdrawn', closedAt: '2026-03-06T10:00:00.000Z' }),
      expect.objectContaining({ id: '4', status: 'hired', stage: '', closedAt: '2026-03-09T09:00:00.000Z' }),
    ]);
  });

  it('waits out a 429 as Retry-After says and then reads the page', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    greenhouse.failNext({ kind: 'rate-limit', retryAfter: '4', body: { message: 'Rate limit exceeded' } });
    const page = await connector().listJobs(FIRST);
    expect(page.items).toHaveLength(1);
    expect(delays).toEqual([4000]);
    expect(greenhouse.requests).toHaveLength(2);
  });

  it('retries a server error and then reads the page', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    greenhouse.failNext(
      { kind: 'status', status: 500, body: { message: 'We had a problem with our server.' } },
      { kind: 'status', status: 503, body: '<html>Service Unavailable</html>' },
    );
    const page = await connector().listJobs(FIRST);
    expect(page.items).toHaveLength(1);
    expect(delays).toEqual([500, 1000]);
  });

  it('says clearly that a wrong key was refused, without the key', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    const wrong = 'b8294f2c8f0bc19c9b6dfb98e2045d4d';
    const error = await atsRejection(connector(wrong).testConnection(), [wrong]);
    expect(error.reason).toBe('credentials');
    expect(error.message).toBe('Greenhouse refused the API key: check that it is correct, active and has read access.');
    expect(greenhouse.requests).toHaveLength(1);
  });

  it('refuses an empty key before any request', async () => {
    await start({});
    expect(() => connector('  ')).toThrow(new AtsError('credentials', 'Enter your Greenhouse Harvest API key.'));
    expect(greenhouse.requests).toHaveLength(0);
  });

  it('reports a malformed page or an unexpected shape as a response error', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    greenhouse.failNext({ kind: 'malformed-json' }, { kind: 'status', status: 200, body: { jobs: [] } });
    expect((await atsRejection(connector().listJobs(FIRST), [KEY])).reason).toBe('response');
    const error = await atsRejection(connector().listJobs(FIRST), [KEY]);
    expect(error.reason).toBe('response');
    expect(error.message).toMatch(/^Greenhouse answered the jobs request with data we could not read/);
  });

  it('gives up rate-limited with the wait Greenhouse asked for', async () => {
    await start({});
    greenhouse.failNext(...Array.from({ length: 4 }, () => ({ kind: 'rate-limit' as const, retryAfter: '10' })));
    const error = await atsRejection(connector().listCandidates(FIRST), [KEY]);
    expect(error.reason).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBe(10);
  });

  it('refuses a next link to another host and a saved cursor of another list', async () => {
    const elsewhere = await startFakeAtsServer({ routes: {} });
    extra.push(elsewhere);
    greenhouse = await startFakeGreenhouse({ apiKey: KEY });
    const hostile = await startFakeAtsServer({
      routes: { '/v1/jobs': () => ({ status: 200, headers: { link: `<${elsewhere.origin}/v1/jobs?page=2>; rel="next"` }, body: [] }) },
    });
    extra.push(hostile);
    const error = await atsRejection(connector(KEY, `${hostile.origin}/v1`).listJobs(FIRST), [KEY]);
    expect(error.reason).toBe('response');
    expect(elsewhere.requests).toHaveLength(0);
    const cursorError = await atsRejection(connector().listJobs({ cursor: 'candidates?page=2', updatedSince: null }), [KEY]);
    expect(cursorError.message).toMatch(/saved Greenhouse sync position is not valid/);
    expect(greenhouse.requests).toHaveLength(0);
  });
});
