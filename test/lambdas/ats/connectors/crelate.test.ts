import { AtsError, type AtsConnector, type AtsCredentials, type AtsListOptions } from '../../../../lambdas/ats/ats-port';
import { createCrelateConnector, type CrelateConnectorOptions } from '../../../../lambdas/ats/connectors/crelate';
import { startFakeCrelate, type FakeCrelate, type FakeCrelateOptions } from '../../../../local/ats/fake-crelate';
import { CRELATE_JOBS } from '../../../../local/ats/fake-crelate-data';
import { atsRejection, readAllPages } from '../support/connector-calls';

const API_KEY = 'crelate-key-4be1f07d9a';
const FIRST: AtsListOptions = { cursor: null, updatedSince: null };

let fake: FakeCrelate | null = null;
let sleeps: number[];

async function start(options: Partial<FakeCrelateOptions> = {}): Promise<FakeCrelate> {
  fake = await startFakeCrelate({ apiKey: API_KEY, ...options });
  return fake;
}

beforeEach(() => {
  sleeps = [];
});

afterEach(async () => {
  await fake?.close();
  fake = null;
});

function connect(server: FakeCrelate, overrides: Partial<AtsCredentials> = {}, options: CrelateConnectorOptions = {}): AtsConnector {
  const credentials: AtsCredentials = { atsname: 'crelate', apikeytype: 'api-key', apikey1: API_KEY, apikey2: null, ...overrides };
  return createCrelateConnector(credentials, {
    baseUrl: server.baseUrl,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
    ...options,
  });
}

describe('Crelate connector: auth', () => {
  it('sends the key in the X-Api-Key header, never in the address', async () => {
    const server = await start();
    await connect(server).listJobs(FIRST);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].headers['x-api-key']).toBe(API_KEY);
    expect(server.requests[0].headers.authorization).toBeUndefined();
    expect(JSON.stringify(server.requests[0].query)).not.toContain(API_KEY);
  });

  it('tests the connection with a one-job read', async () => {
    const server = await start();
    await expect(connect(server).testConnection()).resolves.toEqual({ accountName: null });
    expect(server.requests.map((r) => [r.path, r.query.limit])).toEqual([['/api3/jobs', '1']]);
  });

  it('asks for the key before any call when there is none', async () => {
    const server = await start();
    expect(() => connect(server, { apikey1: ' ' })).toThrow(
      expect.objectContaining({ reason: 'credentials', message: expect.stringContaining('Crelate API key') }),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('reports a wrong key as a credentials problem, naming Crelate and never the key', async () => {
    const server = await start();
    const wrong = `${API_KEY}x`;
    const error = await atsRejection(connect(server, { apikey1: wrong }).testConnection(), [API_KEY]);
    expect(error.reason).toBe('credentials');
    expect(error.message).toMatch(/^Crelate refused the API key/);
    for (const text of [error.message, String(error.cause ?? ''), error.stack ?? '', JSON.stringify(error)]) {
      expect(text).not.toContain(API_KEY);
    }
  });
});

describe('Crelate connector: reading', () => {
  it('reads every job over several pages with limit and offset', async () => {
    const server = await start();
    const { items, pages } = await readAllPages(connect(server, {}, { pageSize: 2 }).listJobs);
    expect(pages).toBe(2);
    expect(items.map((job) => job.id)).toEqual(CRELATE_JOBS.map((job) => job.Id));
    expect(server.requests.map((r) => [r.query.limit, r.query.offset])).toEqual([
      ['2', '0'],
      ['2', '2'],
    ]);
  });

  it('reads candidates over several pages, leaving client contacts out', async () => {
    const server = await start();
    const { items, pages } = await readAllPages(connect(server, {}, { pageSize: 2 }).listCandidates);
    expect(pages).toBe(2);
    expect(items.map((c) => c.name)).toEqual(['Dana Whitfield', 'Luis Ortega', 'Priya Nair']);
  });

  it('reads portal applications, then placements as hired applications', async () => {
    const server = await start();
    const { items } = await readAllPages(connect(server, {}, { pageSize: 2 }).listApplications);
    expect(items.map((a) => [a.id.split(':')[0], a.status])).toEqual([
      ['application', 'active'],
      ['application', 'rejected'],
      ['application', 'withdrawn'],
      ['placement', 'hired'],
      ['placement', 'hired'],
    ]);
    expect(server.requests.map((r) => `${r.path}@${r.query.offset}`)).toEqual([
      '/api3/applications@0',
      '/api3/applications@2',
      '/api3/placements@0',
      '/api3/placements@2',
    ]);
  });

  it('forwards updatedSince as modified_after and keeps only records changed at or after it', async () => {
    const server = await start();
    const since = '2026-03-15T10:00:00.000Z';
    const { items } = await readAllPages(connect(server).listCandidates, since);
    expect(server.requests[0].query.modified_after).toBe(since);
    expect(items.map((c) => c.name)).toEqual(['Dana Whitfield', 'Priya Nair']);
  });

  it('still returns only changed records when Crelate ignores modified_after', async () => {
    const server = await start({ modifiedAfter: 'ignore' });
    const { items } = await readAllPages(connect(server, {}, { pageSize: 2 }).listApplications, '2026-03-20T00:00:00.000Z');
    expect(items.map((a) => a.id)).toEqual([
      'application:p1000000-0000-4000-8000-000000000003',
      'placement:m1000000-0000-4000-8000-000000000002',
    ]);
  });

  it('asks again without modified_after when Crelate refuses it, and remembers that on the next pages', async () => {
    const server = await start({ modifiedAfter: 'refuse' });
    const { items } = await readAllPages(connect(server, {}, { pageSize: 2 }).listJobs, '2026-03-01T00:00:00.000Z');
    expect(items.map((job) => job.title)).toEqual(['Warehouse Operations Manager', 'Inventory Analyst']);
    expect(server.requests.map((r) => r.query.modified_after ?? '-')).toEqual(['2026-03-01T00:00:00.000Z', '-', '-']);
  });

  it('goes on to placements, and says so, when Crelate has no portal applications list for the key', async () => {
    const server = await start();
    server.failNext({ kind: 'status', status: 404 });
    const first = await connect(server).listApplications(FIRST);
    expect(first.items).toEqual([]);
    expect(first.notices).toEqual([expect.stringMatching(/^Crelate did not answer the list of portal applications/)]);
    const { items } = await readAllPages((options) =>
      connect(server).listApplications(options.cursor ? options : { ...options, cursor: first.nextCursor }),
    );
    expect(items.map((a) => a.status)).toEqual(['hired', 'hired']);
  });

  it('reads API3 contacts (tags keyed by category, the record type by name, the company as a lookup) and reaches the placements', async () => {
    const server = await start();
    const connector = connect(server);
    const candidates = await readAllPages(connector.listCandidates);
    expect(candidates.items.find((c) => c.name === 'Dana Whitfield')).toMatchObject({
      headline: 'Distribution Manager at Midwest Freight',
      profile: expect.stringContaining('Tags\nLean Six Sigma, Warehouse'),
    });
    const applications = await readAllPages(connector.listApplications);
    expect(applications.items.filter((a) => a.status === 'hired').map((a) => [a.candidateId, a.jobId, a.closedAt])).toEqual([
      ['c1000000-0000-4000-8000-000000000003', 'j1000000-0000-4000-8000-000000000002', '2026-02-16T00:00:00.000Z'],
      ['c1000000-0000-4000-8000-000000000001', 'j1000000-0000-4000-8000-000000000001', '2026-03-20T10:00:00.000Z'],
    ]);
  });

  it('skips and counts an odd contact or placement instead of failing the page, ignoring fields it does not know', async () => {
    const server = await start();
    server.failNext({
      kind: 'status',
      status: 200,
      body: {
        Data: [
          { Id: 'c-1', FirstName: 'Ana', Unknown: { Deep: [1] } },
          { Id: 'c-2', Tags: 'not tags' },
        ],
        Metadata: { MoreRecords: false },
        Errors: [],
      },
    });
    const page = await connect(server).listCandidates(FIRST);
    expect(page.items.map((c) => c.id)).toEqual(['c-1']);
    expect(page.skipped).toEqual([{ reason: 'unreadable "Tags"', count: 1 }]);
    const placements = await connect(server).listApplications({ cursor: 'placements:0', updatedSince: null });
    expect(placements.skipped).toEqual([{ reason: 'no placed contact', count: 1 }]);
  });

  it('refuses a saved cursor that is not a position in the same list, without a request', async () => {
    const server = await start();
    const connector = connect(server);
    for (const cursor of ['placements:0', 'jobs:-1', 'jobs:2;drop', 'https://evil.example/']) {
      expect((await atsRejection(connector.listJobs({ cursor, updatedSince: null }), [API_KEY])).reason).toBe('response');
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('Crelate connector: failures', () => {
  it('waits out a 429 for as long as Retry-After says, then reads', async () => {
    const server = await start();
    server.failNext({ kind: 'rate-limit', retryAfter: '7' });
    expect((await connect(server).listJobs(FIRST)).items).toHaveLength(3);
    expect(sleeps).toEqual([7000]);
  });

  it('retries a 5xx with backoff, then reads', async () => {
    const server = await start();
    server.failNext({ kind: 'status', status: 502 }, { kind: 'status', status: 500 });
    expect((await connect(server).listCandidates(FIRST)).items).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('gives up after the retries with an "unavailable" message naming Crelate', async () => {
    const server = await start();
    server.failNext(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
    const error = await atsRejection(connect(server).listJobs(FIRST), [API_KEY]);
    expect(error.reason).toBe('unavailable');
    expect(error.message).toMatch(/^Crelate /);
  });

  it('reports an answer that is not JSON, or not the envelope, as a response problem', async () => {
    const server = await start();
    server.failNext({ kind: 'malformed-json' }, { kind: 'status', status: 200, body: { Data: 'nope', Metadata: null, Errors: [] } });
    expect((await atsRejection(connect(server).listJobs(FIRST), [API_KEY])).reason).toBe('response');
    const error = await atsRejection(connect(server).listJobs(FIRST), [API_KEY]);
    expect(error.reason).toBe('response');
    expect(error.message).toMatch(/^Crelate answered the jobs request with data we could not read/);
  });

  it('keeps the key out of every error it reports, even when Crelate echoes it back', async () => {
    const server = await start();
    const echo = { Data: null, Metadata: { Url: `${server.baseUrl}/jobs?api_key=${API_KEY}` }, Errors: [{ Message: `key ${API_KEY}` }] };
    const errors: AtsError[] = [];
    server.failNext({ kind: 'status', status: 403, body: echo });
    errors.push(await atsRejection(connect(server).listJobs(FIRST), [API_KEY]));
    server.failNext({ kind: 'rate-limit', retryAfter: '3600', body: echo });
    errors.push(await atsRejection(connect(server).listJobs(FIRST), [API_KEY]));
    server.failNext(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 500, body: echo })));
    errors.push(await atsRejection(connect(server).listJobs(FIRST), [API_KEY]));
    server.failNext({ kind: 'status', status: 200, body: echo });
    errors.push(await atsRejection(connect(server).listJobs(FIRST), [API_KEY]));
    expect(errors.map((error) => error.reason)).toEqual(['credentials', 'rate-limited', 'unavailable', 'response']);
    for (const error of errors) {
      for (const text of [error.message, String(error.cause ?? ''), error.stack ?? '', JSON.stringify(error)])
        expect(text).not.toContain(API_KEY);
    }
  });

  it('never sends anything but GET', async () => {
    const server = await start({ modifiedAfter: 'refuse' });
    const connector = connect(server, {}, { pageSize: 2 });
    await connector.testConnection();
    await readAllPages(connector.listJobs, '2026-01-01T00:00:00.000Z');
    await readAllPages(connector.listCandidates);
    await readAllPages(connector.listApplications);
    expect(server.requests.length).toBeGreaterThan(8);
    expect(new Set(server.requests.map((r) => r.method))).toEqual(new Set(['GET']));
  });
});
