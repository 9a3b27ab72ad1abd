import { AtsError } from '../../../../lambdas/ats/ats-port';
import { createReadOnlyClient } from '../../../../lambdas/ats/http/read-only-client';
import { createClientCredentialsTokenSource, type ClientCredentialsOptions } from '../../../../lambdas/ats/http/token-exchange';
import { startFakeAtsServer, type FakeAtsServer, type FakeResponse, type RecordedRequest } from '../../../../local/ats/fake-ats-server';

const CLIENT_ID = 'gh-client-7421';
const CLIENT_SECRET = 'cs_9d8c7b6a5f4e3d2c1b0a';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl';

let auth: FakeAtsServer;
let api: FakeAtsServer;
let clock: number;
let issued: number;

function tokenEndpoint(request: RecordedRequest): FakeResponse {
  const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
  if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
  const form = new URLSearchParams(request.body);
  if (form.get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
  issued++;
  return { status: 200, body: { access_token: `${TOKEN}${issued}`, token_type: 'Bearer', expires_in: 3600 } };
}

function source(options: Partial<ClientCredentialsOptions> = {}) {
  return createClientCredentialsTokenSource({
    tokenUrl: `${auth.origin}/token`,
    atsLabel: 'Greenhouse',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    form: { sub: '12345' },
    now: () => clock,
    ...options,
  });
}

async function rejection(promise: Promise<unknown>): Promise<AtsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtsError);
  const atsError = error as AtsError;
  for (const text of [atsError.message, String(atsError.stack), String(atsError.cause ?? ''), JSON.stringify(atsError)]) {
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain(Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'));
  }
  return atsError;
}

beforeEach(async () => {
  clock = Date.parse('2026-11-24T12:00:00Z');
  issued = 0;
  auth = await startFakeAtsServer({ routes: {}, tokenRoutes: { '/token': tokenEndpoint } });
  api = await startFakeAtsServer({
    routes: { '/v3/jobs': () => ({ status: 200, body: [{ id: 1 }] }) },
    authenticate: (request) =>
      request.headers.authorization?.startsWith(`Bearer ${TOKEN}`) ? null : { status: 401, body: { error: 'invalid_token' } },
  });
});

afterEach(async () => {
  // The token POST goes to the auth host only; the API itself still sees nothing but GET.
  expect(auth.requests.every((request) => request.method === 'POST' && request.path === '/token')).toBe(true);
  expect(api.requests.every((request) => request.method === 'GET')).toBe(true);
  await Promise.all([auth.close(), api.close()]);
});

describe('the client-credentials token exchange', () => {
  it('posts the grant as a form with the client in HTTP Basic, and the read-only client sends the token as a bearer', async () => {
    const tokens = source();
    const client = createReadOnlyClient({
      baseUrl: `${api.origin}/v3`,
      atsLabel: 'Greenhouse',
      authorize: async () => ({ authorization: `Bearer ${await tokens.token()}` }),
    });
    expect((await client.get('jobs')).body).toEqual([{ id: 1 }]);
    expect(auth.requests).toHaveLength(1);
    expect(auth.requests[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(auth.requests[0].body))).toEqual({ grant_type: 'client_credentials', sub: '12345' });
    expect(api.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}1`);
  });

  it('reuses the token until shortly before it expires, then gets a new one', async () => {
    const tokens = source();
    expect(await tokens.token()).toBe(`${TOKEN}1`);
    clock += 3000 * 1000;
    expect(await tokens.token()).toBe(`${TOKEN}1`);
    clock += 541 * 1000;
    expect(await tokens.token()).toBe(`${TOKEN}2`);
    tokens.invalidate();
    expect(await tokens.token()).toBe(`${TOKEN}3`);
    expect(auth.requests).toHaveLength(3);
  });

  it('asks once when several pages want a token at the same time', async () => {
    const tokens = source();
    const all = await Promise.all([tokens.token(), tokens.token(), tokens.token()]);
    expect(new Set(all)).toEqual(new Set([`${TOKEN}1`]));
    expect(auth.requests).toHaveLength(1);
  });

  it('says the client ID and secret were refused, without the secret', async () => {
    const error = await rejection(source({ clientSecret: `${CLIENT_SECRET}x` }).token());
    expect(error.reason).toBe('credentials');
    expect(error.message).toBe('Greenhouse refused the client ID and secret: check that they are correct, active and allowed to read.');
    expect(error.message).not.toContain(`${CLIENT_SECRET}x`);
  });

  it('reports a server error, a body that is not JSON, an answer without a token and a redirect', async () => {
    auth.failNext(
      { kind: 'status', status: 503, body: 'Service Unavailable' },
      { kind: 'malformed-json' },
      { kind: 'status', status: 200, body: { token_type: 'Bearer' } },
      { kind: 'status', status: 302, headers: { location: 'https://elsewhere.example/token' }, body: '' },
    );
    expect((await rejection(source().token())).reason).toBe('unavailable');
    expect((await rejection(source().token())).reason).toBe('response');
    expect((await rejection(source().token())).message).toBe('Greenhouse answered the sign-in request without a usable access token.');
    expect((await rejection(source().token())).message).toBe('Greenhouse answered the sign-in request unexpectedly (HTTP 302).');
    expect(auth.requests).toHaveLength(4);
  });
});
