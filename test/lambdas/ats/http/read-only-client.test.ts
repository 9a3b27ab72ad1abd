import { AtsError } from '../../../../lambdas/ats/ats-port';
import {
  AtsHttpStatusError,
  basicAuthHeader,
  createReadOnlyClient,
  longestRequestMs,
  retryAfterSeconds,
  type ReadOnlyClientOptions,
} from '../../../../lambdas/ats/http/read-only-client';
import { basicUser, startFakeAtsServer, type FakeAtsServer, type FakeAtsServerOptions } from '../../../../local/ats/fake-ats-server';

const KEY = 'sk_live_9f8e7d6c5b4a';

let server: FakeAtsServer;
let others: FakeAtsServer[] = [];
let delays: number[];

async function start(routes: FakeAtsServerOptions['routes'] = {}, extra: Partial<FakeAtsServerOptions> = {}): Promise<FakeAtsServer> {
  server = await startFakeAtsServer({
    routes: { '/v1/jobs': () => ({ status: 200, body: [{ id: 1 }] }), ...routes },
    authenticate: (request) =>
      basicUser(request.headers) === KEY ? null : { status: 401, body: { message: 'Invalid Basic Auth credentials' } },
    ...extra,
  });
  return server;
}

function client(options: Partial<ReadOnlyClientOptions> = {}) {
  return createReadOnlyClient({
    baseUrl: `${server.origin}/v1`,
    atsLabel: 'Greenhouse',
    authorize: () => basicAuthHeader(KEY),
    sleep: async (ms) => void delays.push(ms),
    random: () => 0,
    now: () => Date.parse('2026-11-24T12:00:00Z'),
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<AtsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtsError);
  const atsError = error as AtsError;
  // No credential in anything a recruiter, a log or a stack trace could show.
  const texts = [atsError.message, String(atsError.stack), JSON.stringify(atsError), String((atsError as { cause?: unknown }).cause ?? '')];
  for (const text of texts) {
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(basicAuthHeader(KEY).authorization.slice(6));
  }
  return atsError;
}

beforeEach(() => {
  delays = [];
  others = [];
});

afterEach(async () => {
  // Read-only by construction: nothing but GET ever reached any server.
  for (const s of [server, ...others]) expect(s.requests.every((r) => r.method === 'GET')).toBe(true);
  await Promise.all([server, ...others].map((s) => s.close()));
});

describe('the read-only ATS client', () => {
  it('exposes nothing but GET', async () => {
    await start();
    expect(Object.keys(client())).toEqual(['get']);
  });

  it('reads JSON under the base path with the auth headers and the query, leaving out empty values', async () => {
    await start();
    const answer = await client().get('/jobs', { per_page: 1, updated_after: null, page: undefined, active: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ id: 1 }]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/jobs', query: { per_page: '1', active: 'true' } });
    expect(server.requests[0].headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    expect(server.requests[0].headers.accept).toBe('application/json');
  });

  it('repeats a parameter given as a list', async () => {
    await start();
    await client().get('/jobs', { expand: ['applications', 'stage'], limit: 2 });
    expect(server.requests[0].queryAll).toEqual({ expand: ['applications', 'stage'], limit: ['2'] });
  });

  it('serves paths no route names through the fallback, and 404 when it declines', async () => {
    await start({}, { fallback: (request) => (request.path.endsWith('/resumes') ? { status: 200, body: { data: [] } } : null) });
    expect((await client().get('/opportunities/abc/resumes')).body).toEqual({ data: [] });
    expect(((await failure(client().get('/opportunities/abc'))) as AtsHttpStatusError).status).toBe(404);
  });

  it('follows an absolute next link on the same origin', async () => {
    await start();
    const answer = await client().get(`${server.origin}/v1/jobs?page=2&per_page=100`);
    expect(answer.body).toEqual([{ id: 1 }]);
    expect(server.requests[0].query).toEqual({ page: '2', per_page: '100' });
  });

  it('refuses a next link to another origin, so the key never leaves for it', async () => {
    await start();
    const elsewhere = await startFakeAtsServer({ routes: { '/v1/jobs': () => ({ status: 200, body: [] }) } });
    others.push(elsewhere);
    const error = await failure(client().get(`${elsewhere.origin}/v1/jobs?page=2`));
    expect(error.reason).toBe('response');
    expect(error.message).toMatch(/^Greenhouse pointed us to another website/);
    expect(elsewhere.requests).toHaveLength(0);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['two backslashes', (host: string) => `${String.raw`\\`}${host}/v1/jobs`],
    ['a backslash and a slash', (host: string) => `${String.raw`\/`}${host}/v1/jobs`],
    ['a tab before two slashes', (host: string) => `\t//${host}/v1/jobs`],
  ])('refuses a relative path that begins with %s and so names another host', async (_label, path) => {
    await start();
    const elsewhere = await startFakeAtsServer({ routes: { '/v1/jobs': () => ({ status: 200, body: [] }) } });
    others.push(elsewhere);
    const error = await failure(client().get(path(new URL(elsewhere.origin).host)));
    expect(error.message).toMatch(/^Greenhouse pointed us to another website/);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('refuses a redirect to another origin but follows one on the same origin', async () => {
    const elsewhere = await startFakeAtsServer({ routes: { '/steal': () => ({ status: 200, body: [] }) } });
    others.push(elsewhere);
    await start({
      '/v1/away': () => ({ status: 302, headers: { location: `${elsewhere.origin}/steal` } }),
      '/v1/moved': () => ({ status: 301, headers: { location: '/v1/jobs' } }),
    });
    expect((await client().get('/moved')).body).toEqual([{ id: 1 }]);
    const error = await failure(client().get('/away'));
    expect(error.reason).toBe('response');
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('retries a 5xx with exponential backoff and jitter, then succeeds', async () => {
    await start();
    server.failNext({ kind: 'status', status: 500 }, { kind: 'status', status: 503 });
    const answer = await client({ random: () => 0.5 }).get('/jobs');
    expect(answer.body).toEqual([{ id: 1 }]);
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([750, 1500]);
  });

  it('waits as long as a 429 Retry-After in seconds says, then succeeds', async () => {
    await start();
    server.failOn(1, { kind: 'rate-limit', retryAfter: '3' });
    expect((await client().get('/jobs')).body).toEqual([{ id: 1 }]);
    expect(delays).toEqual([3000]);
  });

  it('reads a Retry-After HTTP-date against the injected clock', async () => {
    await start();
    server.failOn(1, { kind: 'rate-limit', retryAfter: 'Tue, 24 Nov 2026 12:00:07 GMT' });
    await client().get('/jobs');
    expect(delays).toEqual([7000]);
  });

  it('backs off exponentially on a 429 without Retry-After', async () => {
    await start();
    server.failNext({ kind: 'rate-limit' }, { kind: 'rate-limit' });
    await client().get('/jobs');
    expect(delays).toEqual([500, 1000]);
  });

  it('gives up rate-limited after the last attempt, saying when to retry', async () => {
    await start();
    server.failNext(...Array.from({ length: 4 }, () => ({ kind: 'rate-limit' as const, retryAfter: '2' })));
    const error = await failure(client().get('/jobs'));
    expect(error.reason).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBe(2);
    expect(error.message).toBe('Greenhouse is limiting how often it can be read right now; try again in 2 seconds.');
    expect(server.requests).toHaveLength(4);
    expect(delays).toEqual([2000, 2000, 2000]);
  });

  it('does not wait out a Retry-After longer than the limit', async () => {
    await start();
    server.failOn(1, { kind: 'rate-limit', retryAfter: '3600' });
    const error = await failure(client().get('/jobs'));
    expect(error.reason).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBe(3600);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('gives up unavailable after repeated server errors', async () => {
    await start();
    server.failNext(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 502 })));
    const error = await failure(client({ maxAttempts: 3 }).get('/jobs'));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toBe('Greenhouse had a server error (HTTP 502) after 3 attempts; try again in a few minutes.');
    expect(server.requests).toHaveLength(3);
  });

  it('waits between attempts no longer than longestRequestMs leaves beside the attempts, at the most jitter and the longest Retry-After', async () => {
    // A generous time-out: on a loaded machine a 100 ms one took the fake's slow answer for a
    // time-out (a backoff instead of Retry-After). `allowed` leaves the time-outs aside anyway.
    const limits = { maxAttempts: 3, timeoutMs: 5000, baseDelayMs: 40, maxRetryAfterSeconds: 1 };
    const waits = () => delays.reduce((sum, ms) => sum + ms, 0);
    const allowed = longestRequestMs(limits) - limits.maxAttempts * limits.timeoutMs;
    await start();
    server.failNext(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 502 })));
    await failure(client({ ...limits, random: () => 0.999999 }).get('/jobs'));
    expect(server.requests).toHaveLength(3);
    expect(waits()).toBeGreaterThan(0);
    expect(waits()).toBeLessThanOrEqual(allowed);

    delays = [];
    server.failNext(...Array.from({ length: 3 }, () => ({ kind: 'rate-limit' as const, retryAfter: '1' })));
    await failure(client(limits).get('/jobs'));
    expect(delays).toEqual([1000, 1000]);
    expect(waits()).toBeLessThanOrEqual(allowed);
  });

  it('retries a dropped connection and a time-out, then reports the ATS unavailable', async () => {
    await start();
    server.failNext({ kind: 'reset' }, { kind: 'hang' });
    const error = await failure(client({ maxAttempts: 2, timeoutMs: 100 }).get('/jobs'));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toBe('Greenhouse did not answer in time after 2 attempts; try again in a few minutes.');
    expect(error.cause).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it('says the key was refused on a 401, without retrying and without the key', async () => {
    await start();
    const error = await failure(
      createReadOnlyClient({ baseUrl: `${server.origin}/v1`, atsLabel: 'Greenhouse', authorize: () => basicAuthHeader(`${KEY}x`) }).get(
        '/jobs',
      ),
    );
    expect(error.reason).toBe('credentials');
    expect(error.message).toBe('Greenhouse refused the API key: check that it is correct, active and has read access.');
    expect(server.requests).toHaveLength(1);
    expect(error.message).not.toContain(`${KEY}x`);
  });

  it('says read permission is missing on a 403', async () => {
    await start({}, { authenticate: () => ({ status: 403, body: { message: 'forbidden' } }) });
    const error = await failure(client().get('/jobs'));
    expect(error.reason).toBe('credentials');
    expect(error.message).toMatch(/read permission/);
  });

  it('refuses a key with a line break before sending anything, without quoting it', async () => {
    await start();
    const error = await failure(client({ authorize: () => ({ 'x-api-key': `${KEY}\r\nx` }) }).get('/jobs'));
    expect(error.reason).toBe('credentials');
    expect(server.requests).toHaveLength(0);
  });

  it('hands other 4xx statuses to the connector as a typed error', async () => {
    await start();
    const error = await failure(client().get('/nowhere'));
    expect(error).toBeInstanceOf(AtsHttpStatusError);
    expect((error as AtsHttpStatusError).status).toBe(404);
    expect(error.reason).toBe('response');
  });

  it('refuses an answer larger than the limit', async () => {
    await start({ '/v1/big': () => ({ status: 200, body: { data: 'x'.repeat(5000) } }) });
    const error = await failure(client({ maxBodyBytes: 1000 }).get('/big'));
    expect(error.reason).toBe('response');
    expect(error.message).toMatch(/far larger answer/);
    expect((await client({ maxBodyBytes: 1000 }).get('/jobs')).body).toEqual([{ id: 1 }]);
  });

  it('reports a body that is not JSON as a response error, without retrying', async () => {
    await start();
    server.failOn(1, { kind: 'malformed-json' });
    const error = await failure(client().get('/jobs'));
    expect(error.reason).toBe('response');
    expect(server.requests).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it.each([
    ['5', 5],
    [' 0 ', 0],
    ['Tue, 24 Nov 2026 12:01:00 GMT', 60],
    ['Tue, 24 Nov 2026 11:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('reads %p as %p seconds', (value, seconds) => {
    expect(retryAfterSeconds(value, now)).toBe(seconds);
  });
});
