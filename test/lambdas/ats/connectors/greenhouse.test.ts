import { AtsError, type AtsConnector } from '../../../../lambdas/ats/ats-port';
import { createGreenhouseConnector } from '../../../../lambdas/ats/connectors/greenhouse';
import { joinClientIdAndUserId } from '../../../../lambdas/shared/contracts/ats';
import { startFakeAtsServer, type FakeAtsServer } from '../../../../local/ats/fake-ats-server';
import {
  GREENHOUSE_REJECTION_REASONS,
  REJECTED_REASON_ID,
  WITHDREW_REASON_ID,
  greenhouseApplication,
  greenhouseCandidate,
  greenhouseDepartment,
  greenhouseJob,
  greenhouseJobPost,
  greenhouseOffice,
  greenhouseOpening,
  startFakeGreenhouse,
  type FakeGreenhouse,
  type FakeGreenhouseData,
} from '../../../../local/ats/fake-greenhouse';
import { atsRejection, readAllPages } from '../support/connector-calls';

const CLIENT = { clientId: 'c0ffee-client-7a1d', clientSecret: 's3cr3t-4f9e2b71d0a84c6e', userId: '2210437' };
const FIRST = { cursor: null, updatedSince: null };

let greenhouse: FakeGreenhouse;
let extra: FakeAtsServer[] = [];
let delays: number[];
let clock: number;

async function start(data: FakeGreenhouseData, pageSize?: number): Promise<FakeGreenhouse> {
  greenhouse = await startFakeGreenhouse({ ...CLIENT, data, pageSize, now: () => clock });
  return greenhouse;
}

function connector(secret = CLIENT.clientSecret, baseUrl = greenhouse.url): AtsConnector {
  return createGreenhouseConnector(
    { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: joinClientIdAndUserId(CLIENT.clientId, CLIENT.userId), apikey2: secret },
    { baseUrl, sleep: async (ms) => void delays.push(ms), random: () => 0, now: () => clock },
  );
}

const apiRequests = () => greenhouse.requests.filter((request) => request.path !== '/token');
const tokenRequests = () => greenhouse.requests.filter((request) => request.path === '/token');

beforeEach(() => {
  delays = [];
  extra = [];
  clock = Date.parse('2026-09-14T15:00:00.000Z');
});

afterEach(async () => {
  // Read-only: the API saw GETs only; the one POST is the token request, to the token endpoint.
  for (const request of greenhouse.requests)
    expect(request.method === 'GET' || (request.method === 'POST' && request.path === '/token')).toBe(true);
  for (const server of extra) expect(server.requests.every((request) => request.method === 'GET')).toBe(true);
  await Promise.all([greenhouse, ...extra].map((server) => server.close()));
});

describe('the Greenhouse Harvest v3 connector', () => {
  it('fetches a token with the client credentials on behalf of the user, then reads one job with it as a Bearer token', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    await expect(connector().testConnection()).resolves.toEqual({ accountName: null });
    const [token, job] = greenhouse.requests;
    expect(token.method).toBe('POST');
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`);
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({ grant_type: 'client_credentials', sub: CLIENT.userId });
    expect(job).toMatchObject({ method: 'GET', path: '/v3/jobs', query: { per_page: '1' } });
    expect(job.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('reads every job through cursor pages, with its posting from the job posts (not the notes), office location and department', async () => {
    const jobs = [1, 2, 3, 4, 5].map((id) => greenhouseJob({ id, name: `Job ${id}`, notes: '<p>Internal hiring plan</p>' }));
    await start(
      {
        jobs,
        job_posts: [
          greenhouseJobPost({
            id: 90,
            job_id: 1,
            internal: true,
            live: false,
            content: '<p>Internal</p>',
            internal_content: '<p>Internal</p>',
          }),
          greenhouseJobPost({ id: 91, job_id: 1, content: '<p>Lead the night shift.</p><ul><li>Forklift certification</li></ul>' }),
        ],
        offices: [greenhouseOffice({ id: 55301, location: 'Joliet, IL' })],
        departments: [greenhouseDepartment({ id: 77120, name: 'Logistics' })],
      },
      2,
    );
    const reader = connector();
    const { items, cursors } = await readAllPages((options) => reader.listJobs(options));
    expect(items.map((job) => job.title)).toEqual(['Job 1', 'Job 2', 'Job 3', 'Job 4', 'Job 5']);
    expect(cursors).toHaveLength(3);
    expect(cursors[0]).toMatch(/^jobs\?cursor=[A-Za-z0-9_-]+$/);
    expect(items[0]).toEqual({
      id: '1',
      title: 'Job 1',
      status: 'open',
      location: 'Joliet, IL',
      department: 'Logistics',
      description: 'Lead the night shift.\n• Forklift certification',
      createdAt: '2026-02-03T09:12:44.310Z',
      updatedAt: '2026-03-18T15:41:02.117Z',
    });
    expect(items[1].description).toBe('');
    const jobPages = apiRequests().filter((request) => request.path === '/v3/jobs');
    expect(jobPages[0].query).toEqual({ per_page: '100' });
    for (const page of jobPages.slice(1)) expect(Object.keys(page.queryAll)).toEqual(['cursor']);
    expect(apiRequests().find((request) => request.path === '/v3/job_posts')?.query).toMatchObject({ job_ids: '1,2' });
    // One token and one reading of the offices and departments for the whole list.
    expect(tokenRequests()).toHaveLength(1);
    expect(apiRequests().filter((request) => request.path === '/v3/offices')).toHaveLength(1);
  });

  it('sends updatedSince as updated_at=gte|<instant> on the first page only', async () => {
    await start(
      {
        jobs: [1, 2, 3].map((id) => greenhouseJob({ id, updated_at: `2026-0${id}-02T00:00:00Z` })),
        candidates: [greenhouseCandidate({ id: 10, updated_at: '2026-01-01T00:00:00Z' }), greenhouseCandidate({ id: 11 })],
        applications: [greenhouseApplication({ id: 20, updated_at: '2026-01-01T00:00:00Z' }), greenhouseApplication({ id: 21 })],
      },
      1,
    );
    const since = '2026-02-01T00:00:00.000Z';
    expect((await readAllPages((options) => connector().listJobs(options), since)).items.map((job) => job.id)).toEqual(['2', '3']);
    expect((await readAllPages((options) => connector().listCandidates(options), since)).items.map((c) => c.id)).toEqual(['11']);
    expect((await readAllPages((options) => connector().listApplications(options), since)).items.map((a) => a.id)).toEqual(['21']);
    const firsts = apiRequests().filter(
      (request) =>
        !('cursor' in request.query) &&
        !('candidate_ids' in request.query) &&
        ['/v3/jobs', '/v3/candidates', '/v3/applications'].includes(request.path),
    );
    expect(firsts.map((request) => request.query.updated_at)).toEqual([`gte|${since}`, `gte|${since}`, `gte|${since}`]);
  });

  it('builds candidate profiles from title, company, tags and their applications’ answers and city, without contact data', async () => {
    await start({
      candidates: [greenhouseCandidate({ id: 71640023 })],
      applications: [
        greenhouseApplication({
          id: 1,
          answers: [
            { question: 'Why this job?', answer: 'I run a tight dock. Reach me at rosa.d@example.net or +1 555 0142.' },
            { question: 'Portfolio', answer: 'https://rosa-delacroix.example.net' },
          ],
        }),
      ],
    });
    const { items } = await connector().listCandidates(FIRST);
    expect(items).toEqual([
      expect.objectContaining({
        id: '71640023',
        name: 'Rosa Delacroix',
        headline: 'Shift Supervisor at Meridian Freight',
        location: 'Joliet, IL',
        createdAt: '2026-02-10T14:02:11.000Z',
      }),
    ]);
    expect(items[0].profile).toContain('Forklift, Bilingual');
    expect(items[0].profile).toContain('Why this job?: I run a tight dock.');
    for (const contact of ['rosa.d@example.net', '555 0142', 'Orchard Lane', 'rosa-delacroix', 'social.example.net', '61000']) {
      expect(JSON.stringify(items[0])).not.toContain(contact);
    }
    expect(apiRequests().find((request) => request.path === '/v3/applications')?.query).toMatchObject({ candidate_ids: '71640023' });
  });

  it('maps statuses (a "They rejected us" reason is a withdrawal) and dates a hire by the opening that names it, not its last activity', async () => {
    await start({
      applications: [
        greenhouseApplication({ id: 1, candidate_id: 10, job_id: 3104512 }),
        greenhouseApplication({ id: 2, status: 'rejected', rejection_reason_id: REJECTED_REASON_ID, rejected_at: '2026-03-05T10:00:00Z' }),
        greenhouseApplication({ id: 3, status: 'rejected', rejection_reason_id: WITHDREW_REASON_ID, rejected_at: '2026-03-06T10:00:00Z' }),
        greenhouseApplication({
          id: 4,
          status: 'hired',
          stage_name: 'Offer',
          updated_at: '2026-05-30T09:00:00Z',
          last_activity_at: '2026-05-30T09:00:00Z',
        }),
        greenhouseApplication({ id: 5, status: 'hired' }),
        greenhouseApplication({ id: 6, prospect: true, job_id: null }),
        greenhouseApplication({ id: 7, status: 'converted' }),
        greenhouseApplication({ id: 8, job_id: null }),
      ],
      openings: [
        greenhouseOpening({ id: 500, application_id: 4, closed_at: '2026-04-02T16:00:00.000Z' }),
        greenhouseOpening({ id: 501, application_id: null, closed_at: null, open: true }),
      ],
      rejection_reasons: GREENHOUSE_REJECTION_REASONS,
    });
    const page = await connector().listApplications(FIRST);
    expect(page.items).toEqual([
      {
        id: '1',
        candidateId: '10',
        jobId: '3104512',
        status: 'active',
        stage: 'Phone Screen',
        appliedAt: '2026-02-10T14:02:11.000Z',
        closedAt: null,
        updatedAt: '2026-03-01T10:15:40.000Z',
      },
      expect.objectContaining({ id: '2', status: 'rejected', closedAt: '2026-03-05T10:00:00.000Z' }),
      expect.objectContaining({ id: '3', status: 'withdrawn', closedAt: '2026-03-06T10:00:00.000Z' }),
      expect.objectContaining({
        id: '4',
        status: 'hired',
        stage: 'Offer',
        closedAt: '2026-04-02T16:00:00.000Z',
        updatedAt: '2026-05-30T09:00:00.000Z',
      }),
      // A hire no opening names has no known hire date (the sync keeps it as a placement).
      expect.objectContaining({ id: '5', status: 'hired', closedAt: null }),
    ]);
    expect(page.skipped).toEqual([]);
    expect(apiRequests().find((request) => request.path === '/v3/openings')?.query).toMatchObject({ application_ids: '4,5' });
  });

  it('skips and counts a record it cannot read, by field, and goes on with the page', async () => {
    await start({
      applications: [
        greenhouseApplication({ id: 1 }),
        greenhouseApplication({ id: 2, created_at: 20260301 }),
        greenhouseApplication({ id: 3, status: 'archived' }),
        greenhouseApplication({ id: 4 }),
      ],
      openings: [],
    });
    const page = await connector().listApplications(FIRST);
    expect(page.items.map((application) => application.id)).toEqual(['1', '4']);
    expect(page.skipped).toEqual([
      { reason: 'unreadable "created_at"', count: 1 },
      { reason: 'unknown "status"', count: 1 },
    ]);
    expect(JSON.stringify(page.skipped)).not.toContain('20260301');
  });

  it('keeps its token while it is valid, renews it a minute before it expires, and replaces a refused one once', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    const reader = connector();
    await reader.listJobs(FIRST);
    await reader.testConnection();
    expect(tokenRequests()).toHaveLength(1);
    clock += 59 * 60_000 + 1;
    await reader.testConnection();
    expect(tokenRequests()).toHaveLength(2);
    greenhouse.revokeTokens();
    await expect(reader.testConnection()).resolves.toEqual({ accountName: null });
    expect(tokenRequests()).toHaveLength(3);
    const bearers = apiRequests().map((request) => request.headers.authorization);
    expect(bearers.at(-1)).not.toBe(bearers.at(-2));
  });

  it('fails as credentials when Greenhouse refuses even a fresh token, after asking for one new token only', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    const reader = connector();
    await reader.testConnection(); // requests 1 (token) and 2 (job)
    greenhouse.revokeTokens(); // request 3 is refused; 4 is the new token; 5 is refused again
    greenhouse.failOn(5, { kind: 'status', status: 401, body: { error: 'Unauthorized' } });
    const error = await atsRejection(reader.testConnection(), [CLIENT.clientSecret]);
    expect(error.reason).toBe('credentials');
    expect(error.message).toMatch(/^Greenhouse refused the access token issued for these credentials/);
    expect(tokenRequests()).toHaveLength(2);
    expect(greenhouse.requests).toHaveLength(5);
  });

  it('says clearly that wrong client credentials were refused, without the secret', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    const wrong = 'not-the-secret-9b6dfb98e2045d4d';
    const error = await atsRejection(connector(wrong).testConnection(), [wrong, CLIENT.clientSecret]);
    expect(error.reason).toBe('credentials');
    expect(error.message).toMatch(/^Greenhouse refused the client ID, client secret or user ID/);
    expect(apiRequests()).toHaveLength(0);
  });

  it('names the missing scopes when Greenhouse accepts the token but refuses a list (403)', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    greenhouse.failOn(2, { kind: 'status', status: 403, body: { error: 'Forbidden' } });
    const error = await atsRejection(connector().listJobs(FIRST), [CLIENT.clientSecret]);
    expect(error.reason).toBe('credentials');
    expect(error.message).toMatch(/refused the jobs list: give the Harvest v3 credentials the list scopes/);
  });

  it('refuses missing credentials before any request', async () => {
    await start({});
    const make = (apikey1: string, apikey2: string | null) => () =>
      createGreenhouseConnector({ atsname: 'greenhouse', apikeytype: 'oauth2', apikey1, apikey2 }, { baseUrl: greenhouse.url });
    expect(make('client-only', CLIENT.clientSecret)).toThrow(AtsError);
    expect(make(joinClientIdAndUserId('c', '12'), '  ')).toThrow(new AtsError('credentials', 'Enter your Greenhouse client secret.'));
    expect(greenhouse.requests).toHaveLength(0);
  });

  it('waits out a 429 as Retry-After says, retries a server error, and gives up rate-limited with the wait asked for', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    greenhouse.failOn(2, { kind: 'rate-limit', retryAfter: '4' });
    greenhouse.failOn(3, { kind: 'status', status: 503, body: '<html>Service Unavailable</html>' });
    expect((await connector().testConnection()).accountName).toBeNull();
    expect(delays).toEqual([4000, 1000]);
    const reader = connector();
    await reader.testConnection();
    greenhouse.failNext(...Array.from({ length: 4 }, () => ({ kind: 'rate-limit' as const, retryAfter: '10' })));
    const error = await atsRejection(reader.listCandidates(FIRST), [CLIENT.clientSecret]);
    expect(error.reason).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBe(10);
  });

  it('reports a page that is not a list as a response error', async () => {
    await start({ jobs: [greenhouseJob({ id: 1 })] });
    greenhouse.failOn(2, { kind: 'status', status: 200, body: { jobs: [] } });
    const error = await atsRejection(connector().listJobs(FIRST), [CLIENT.clientSecret]);
    expect(error.reason).toBe('response');
    expect(error.message).toMatch(/^Greenhouse answered the jobs request with data we could not read/);
  });

  it('refuses a next link to another host or with more than a cursor, and a saved cursor of another list', async () => {
    const elsewhere = await startFakeAtsServer({ routes: {} });
    await start({});
    const links = [`<${elsewhere.origin}/v3/jobs?cursor=abc>; rel="next"`, '</v3/jobs?cursor=abc&per_page=2>; rel="next"'];
    const hostile = await startFakeAtsServer({
      routes: { '/v3/jobs': () => ({ status: 200, headers: { link: links.shift() ?? '' }, body: [] }) },
      tokenRoutes: {
        '/token': () => ({ status: 200, body: { access_token: 'token-1', token_type: 'Bearer', expires_at: '2026-09-14T16:00:00Z' } }),
      },
    });
    extra.push(elsewhere);
    const viaHostile = () => connector(CLIENT.clientSecret, `${hostile.origin}/v3`).listJobs(FIRST);
    expect((await atsRejection(viaHostile(), [CLIENT.clientSecret])).message).toMatch(/outside its API/);
    expect((await atsRejection(viaHostile(), [CLIENT.clientSecret])).message).toMatch(/not a cursor/);
    expect(elsewhere.requests).toHaveLength(0);
    await hostile.close();
    const cursorError = await atsRejection(connector().listJobs({ cursor: 'candidates?cursor=abc', updatedSince: null }), [
      CLIENT.clientSecret,
    ]);
    expect(cursorError.message).toMatch(/saved Greenhouse sync position is not valid/);
    expect(apiRequests()).toHaveLength(0);
  });
});
