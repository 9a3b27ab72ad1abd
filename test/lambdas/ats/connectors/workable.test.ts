import { AtsError, type AtsConnector, type AtsCredentials, type AtsListOptions } from '../../../../lambdas/ats/ats-port';
import {
  WORKABLE_NOTICES,
  createWorkableConnector,
  normalizeWorkableSubdomain,
  type WorkableConnectorOptions,
} from '../../../../lambdas/ats/connectors/workable';
import { addNotices } from '../../../../lambdas/ats/sync/sync-notices';
import { startFakeWorkable, type FakeWorkable } from '../../../../local/ats/fake-workable';
import { WORKABLE_CANDIDATES, WORKABLE_JOBS } from '../../../../local/ats/fake-workable-data';
import { atsRejection, everythingIn, readAllPages } from '../support/connector-calls';

const TOKEN = 'wk-secret-token-7f3a9c';
const FIRST: AtsListOptions = { cursor: null, updatedSince: null };

let fake: FakeWorkable;
let sleeps: number[];

beforeEach(async () => {
  fake = await startFakeWorkable({ token: TOKEN });
  sleeps = [];
});

afterEach(async () => {
  await fake.close();
});

function credentials(overrides: Partial<AtsCredentials> = {}): AtsCredentials {
  return { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN, apikey2: fake.subdomain, ...overrides };
}

function connect(overrides: Partial<AtsCredentials> = {}, options: WorkableConnectorOptions = {}): AtsConnector {
  return createWorkableConnector(credentials(overrides), {
    baseUrl: fake.baseUrl,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
    ...options,
  });
}

describe('Workable connector: auth and address', () => {
  it('sends the token as "Authorization: Bearer <token>" to the account subdomain on every request', async () => {
    await connect().listCandidates(FIRST);
    expect(fake.requests.length).toBeGreaterThan(1);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.path.startsWith('/groove-tech/spi/v3/')).toBe(true);
    }
  });

  it('accepts the subdomain as pasted from the address bar', () => {
    expect(normalizeWorkableSubdomain(' https://Groove-Tech.workable.com/backend ')).toBe('groove-tech');
    expect(normalizeWorkableSubdomain('groove-tech.workable.com')).toBe('groove-tech');
    for (const bad of ['', null, 'not a subdomain', 'evil.example.com', '-acme', 'acme_co']) {
      expect(normalizeWorkableSubdomain(bad)).toBeNull();
    }
  });

  it('refuses a bad subdomain before any call', () => {
    for (const apikey2 of ['evil.example.com/', 'two words', null]) {
      expect(() => connect({ apikey2 })).toThrow(
        expect.objectContaining({ reason: 'account', message: expect.stringContaining('Workable subdomain') }),
      );
    }
    expect(() => connect({ apikey1: '  ' })).toThrow(expect.objectContaining({ reason: 'credentials' }));
    expect(fake.requests).toHaveLength(0);
  });

  it('says the subdomain was not found when Workable has no such account', async () => {
    const error = await atsRejection(connect({ apikey2: 'no-such-team' }).testConnection(), [TOKEN]);
    expect(error.reason).toBe('account');
    expect(error.message).toMatch(/Workable found no account at that subdomain/);
  });

  it('tests the connection by reading one job', async () => {
    await expect(connect().testConnection()).resolves.toEqual({ accountName: null });
    expect(fake.requests.map((r) => [r.path, r.query.limit])).toEqual([['/groove-tech/spi/v3/jobs', '1']]);
  });
});

describe('Workable connector: reading', () => {
  it('reads every job over several pages by following paging.next', async () => {
    const { items, pages } = await readAllPages(connect({}, { pageSize: 2 }).listJobs);
    expect(pages).toBe(2);
    expect(items.map((job) => job.id)).toEqual(WORKABLE_JOBS.map((job) => job.shortcode));
    expect(items[0].description).toContain('Java & Spring Boot');
    expect(fake.requests[1].query).toMatchObject({ limit: '2', include_fields: 'full_description', since_id: '61884e4' });
  });

  it('reads every candidate with their detail over several pages', async () => {
    const { items, pages } = await readAllPages(connect({}, { candidatePageSize: 2 }).listCandidates);
    expect(pages).toBe(3);
    expect(items.map((candidate) => candidate.id)).toEqual(WORKABLE_CANDIDATES.map((candidate) => candidate.id));
    expect(items[0].profile).toContain('Skills\nJava, Spring Boot, Kafka');
    expect(fake.requests.filter((r) => /\/candidates\/\w+$/.test(r.path))).toHaveLength(WORKABLE_CANDIDATES.length);
  });

  it('reads one application per candidate record over several pages, skipping talent-pool records', async () => {
    const { items, pages } = await readAllPages(connect({}, { candidatePageSize: 2 }).listApplications);
    expect(pages).toBe(3);
    expect(items.map((a) => [a.candidateId, a.jobId, a.status])).toEqual([
      ['ce4da98', 'GROOV003', 'hired'],
      ['ce4da99', 'GROOV004', 'rejected'],
      ['ce4daa0', 'GROOV003', 'withdrawn'],
      ['ce4daa1', 'GROOV003', 'active'],
    ]);
  });

  it("dates a rejection by the detail's disqualified_at (the list has none), reading details only for disqualified candidates", async () => {
    const { items } = await connect().listApplications(FIRST);
    const details = fake.requests.filter((r) => /\/candidates\/\w+$/.test(r.path)).map((r) => r.path.split('/').pop());
    expect(details).toEqual(['ce4da99', 'ce4daa0']);
    const rejected = WORKABLE_CANDIDATES.find((c) => c.id === 'ce4da99');
    expect(items.find((a) => a.id === 'ce4da99')?.closedAt).toBe(new Date(rejected?.disqualified_at ?? '').toISOString());
  });

  it('keeps an application whose detail is missing, dated by its last change, and says so', async () => {
    fake.failOn(2, { kind: 'status', status: 404, body: { error: 'Not found' } });
    const page = await connect().listApplications(FIRST);
    expect(page.items).toHaveLength(4);
    expect(page.items.find((a) => a.id === 'ce4da99')?.closedAt).toBe(
      new Date(WORKABLE_CANDIDATES.find((c) => c.id === 'ce4da99')?.updated_at ?? '').toISOString(),
    );
    expect(page.notices).toEqual([WORKABLE_NOTICES.rejectionDates]);
  });

  it("keeps a candidate whose detail is missing with the list's headline, and says so", async () => {
    fake.failOn(2, { kind: 'status', status: 404, body: { error: 'Not found' } });
    const page = await connect().listCandidates(FIRST);
    expect(page.items.map((candidate) => candidate.id)).toEqual(WORKABLE_CANDIDATES.map((candidate) => candidate.id));
    expect(page.items[0]).toMatchObject({ headline: 'Backend Engineer at Paylane', profile: 'Backend Engineer at Paylane' });
    expect(page.notices).toEqual(['Workable did not give the details of some candidates, so their profiles have the headline only.']);
  });

  it('says the same words however many details are missing, so a sync keeps the notice once', async () => {
    fake.failOn(2, { kind: 'status', status: 404, body: { error: 'Not found' } });
    const one = (await connect().listCandidates(FIRST)).notices;
    // The second read: its list, then two of its details refused.
    const before = fake.requests.length;
    fake.failOn(before + 2, { kind: 'status', status: 404, body: { error: 'Not found' } });
    fake.failOn(before + 3, { kind: 'status', status: 404, body: { error: 'Not found' } });
    const two = (await connect().listCandidates(FIRST)).notices;
    expect(addNotices(one ?? [], two)).toEqual([WORKABLE_NOTICES.profiles]);
  });

  it('skips and counts an odd candidate record instead of failing the page', async () => {
    fake.failNext({
      kind: 'status',
      status: 200,
      body: { candidates: [{ id: 'x1', name: 'A', job: { shortcode: 'GROOV003' }, stage: 'applied', extra: { a: 1 } }, { id: 42 }] },
    });
    const page = await connect().listApplications(FIRST);
    expect(page.items.map((a) => a.id)).toEqual(['x1']);
    expect(page.skipped).toEqual([{ reason: 'unreadable "id"', count: 1 }]);
  });

  it('forwards updatedSince as updated_after on the first page and keeps it on the next', async () => {
    const { items } = await readAllPages(connect({}, { candidatePageSize: 1 }).listApplications, '2026-03-11T09:00:00.000Z');
    const lists = fake.requests.filter((r) => r.path.endsWith('/candidates'));
    expect(lists.length).toBeGreaterThan(1);
    for (const list of lists) expect(list.query.updated_after).toBe('20260311T085959Z');
    expect(items.map((a) => a.candidateId)).toEqual(['ce4da98', 'ce4daa0', 'ce4daa1']);
  });

  it('refuses a saved cursor that is not a Workable page of the same list, without a request', async () => {
    const connector = connect();
    for (const cursor of ['https://evil.example/spi/v3/jobs?limit=1', 'candidates?limit=1', '../jobs?limit=1']) {
      const error = await atsRejection(connector.listJobs({ cursor, updatedSince: null }), [TOKEN]);
      expect(error.reason).toBe('response');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('does not follow a paging.next link to another host', async () => {
    fake.failNext({ kind: 'status', status: 200, body: { jobs: [], paging: { next: 'https://evil.example/spi/v3/jobs?since_id=1' } } });
    const error = await atsRejection(connect().listJobs(FIRST), [TOKEN]);
    expect(error.reason).toBe('response');
    expect(error.message).toMatch(/outside its API/);
  });
});

describe('Workable connector: failures', () => {
  it('waits out a 429 for as long as Retry-After says, then reads', async () => {
    fake.failNext({ kind: 'rate-limit', retryAfter: '3' });
    const page = await connect().listJobs(FIRST);
    expect(page.items).toHaveLength(WORKABLE_JOBS.length);
    expect(sleeps).toEqual([3000]);
  });

  it('retries a 5xx with backoff, then reads', async () => {
    fake.failNext({ kind: 'status', status: 503 });
    const page = await connect().listApplications(FIRST);
    expect(page.items).toHaveLength(4);
    expect(sleeps).toEqual([500]);
    // The failed list, the list again, and the details of the two disqualified candidates.
    expect(fake.requests).toHaveLength(4);
  });

  it('reports a wrong token as a credentials problem, naming Workable and never the token', async () => {
    const error = await atsRejection(connect({ apikey1: `${TOKEN}-revoked` }).listJobs(FIRST), [TOKEN]);
    expect(error.reason).toBe('credentials');
    expect(error.message).toMatch(/^Workable refused the API key/);
    expect(everythingIn(error)).not.toContain(TOKEN);
  });

  it('reports an answer that is not JSON, or not the documented shape, as a response problem', async () => {
    fake.failNext({ kind: 'malformed-json' });
    expect((await atsRejection(connect().listJobs(FIRST), [TOKEN])).reason).toBe('response');
    fake.failNext({ kind: 'status', status: 200, body: { jobs: 'none' } });
    const error = await atsRejection(connect().listJobs(FIRST), [TOKEN]);
    expect(error.reason).toBe('response');
    expect(error.message).toMatch(/^Workable answered the jobs request with data we could not read/);
  });

  it('waits for the next interval when Workable says none remain, instead of running into 429s', async () => {
    await fake.close();
    let clock = Date.UTC(2026, 3, 10, 12, 0, 3);
    fake = await startFakeWorkable({ token: TOKEN, rateLimit: { requests: 4, intervalSeconds: 10, now: () => clock } });
    const connector = createWorkableConnector(credentials(), {
      baseUrl: fake.baseUrl,
      candidatePageSize: 5,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    const page = await connector.listCandidates(FIRST);
    expect(page.items).toHaveLength(5);
    expect(fake.requests).toHaveLength(6);
    expect(sleeps).toEqual([7000]);
  });

  it('keeps the token out of every error it reports, whatever went wrong', async () => {
    const errors: AtsError[] = [];
    errors.push(await atsRejection(connect({ apikey2: 'no-such-team' }).listJobs(FIRST), [TOKEN]));
    fake.failNext({ kind: 'rate-limit', retryAfter: '120' });
    errors.push(await atsRejection(connect().listJobs(FIRST), [TOKEN]));
    fake.failNext(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 500, body: { error: `token ${TOKEN}` } })));
    errors.push(await atsRejection(connect().listJobs(FIRST), [TOKEN]));
    fake.failNext({ kind: 'status', status: 200, body: { jobs: [], paging: { next: `https://evil.example/?t=${TOKEN}` } } });
    errors.push(await atsRejection(connect().listJobs(FIRST), [TOKEN]));
    fake.failNext({ kind: 'status', status: 400, body: { error: `bad token ${TOKEN}` } });
    errors.push(await atsRejection(connect().listJobs(FIRST), [TOKEN]));
    expect(errors.map((error) => error.reason)).toEqual(['account', 'rate-limited', 'unavailable', 'response', 'response']);
    for (const error of errors) expect(everythingIn(error)).not.toContain(TOKEN);
  });

  it('never sends anything but GET', async () => {
    const connector = connect({}, { pageSize: 2, candidatePageSize: 2 });
    await connector.testConnection();
    await readAllPages(connector.listJobs);
    await readAllPages(connector.listCandidates);
    await readAllPages(connector.listApplications);
    expect(fake.requests.length).toBeGreaterThan(10);
    expect(new Set(fake.requests.map((r) => r.method))).toEqual(new Set(['GET']));
  });
});
