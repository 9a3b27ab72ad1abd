import { AtsError } from '../../../../lambdas/ats/ats-port';
import { createGreenhouseTokenSource } from '../../../../lambdas/ats/connectors/greenhouse-token';
import { startFakeAtsServer, type FakeAtsServer, type FakeResponse } from '../../../../local/ats/fake-ats-server';
import { atsRejection } from '../support/connector-calls';

/**
 * The Greenhouse token request on its own: the one POST, what it sends, how long a token is kept,
 * and what a recruiter is told when Greenhouse will not issue one. A real server on 127.0.0.1.
 */

const SECRET = 'token-test-secret-5d1e';
let server: FakeAtsServer;
let answers: FakeResponse[];
let clock: number;

beforeEach(async () => {
  clock = Date.parse('2026-09-14T15:00:00.000Z');
  answers = [];
  server = await startFakeAtsServer({ routes: {}, tokenRoutes: { '/token': () => answers.shift() ?? { status: 500 } } });
});
afterEach(() => server.close());

const source = () =>
  createGreenhouseTokenSource({
    tokenUrl: `${server.origin}/token`,
    clientId: 'client-1',
    clientSecret: SECRET,
    userId: '42',
    now: () => clock,
  });
const issued = (body: Record<string, unknown>): FakeResponse => ({ status: 200, body: { token_type: 'Bearer', ...body } });

it('posts the client credentials as HTTP Basic and the grant and user as a form, once for callers asking together', async () => {
  answers.push(issued({ access_token: 'tok-1', expires_at: '2026-09-14T16:00:00Z' }));
  const tokens = source();
  await expect(Promise.all([tokens.token(), tokens.token()])).resolves.toEqual(['tok-1', 'tok-1']);
  expect(server.requests).toHaveLength(1);
  const [request] = server.requests;
  expect(request.method).toBe('POST');
  expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`client-1:${SECRET}`).toString('base64')}`);
  expect(request.body).toBe('grant_type=client_credentials&sub=42');
});

it('keeps a token until a minute before it expires, by expires_at, expires_in, or an hour when the answer says neither', async () => {
  answers.push(
    issued({ access_token: 'tok-at', expires_at: '2026-09-14T15:10:00Z' }),
    issued({ access_token: 'tok-in', expires_in: 300 }),
    issued({ access_token: 'tok-hour' }),
  );
  const tokens = source();
  await tokens.token();
  clock += 8 * 60_000;
  await expect(tokens.token()).resolves.toBe('tok-at');
  clock += 60_000;
  await expect(tokens.token()).resolves.toBe('tok-in');
  clock += 4 * 60_000 - 1;
  await expect(tokens.token()).resolves.toBe('tok-in');
  clock += 1;
  await expect(tokens.token()).resolves.toBe('tok-hour');
  clock += 58 * 60_000;
  await expect(tokens.token()).resolves.toBe('tok-hour');
  tokens.invalidate();
  answers.push(issued({ access_token: 'tok-new' }));
  await expect(tokens.token()).resolves.toBe('tok-new');
});

it.each([
  [{ status: 401, body: { error: 'invalid_client' } }, 'credentials', /refused the client ID, client secret or user ID/],
  [{ status: 400, body: { error: 'invalid_request' } }, 'credentials', /refused the client ID, client secret or user ID/],
  [{ status: 429, headers: { 'retry-after': '12' }, body: {} }, 'rate-limited', /limiting token requests/],
  [{ status: 503, body: '<html>down</html>' }, 'unavailable', /could not issue an access token \(HTTP 503\)/],
  [{ status: 200, body: { access_token: 'has a space', token_type: 'Bearer' } }, 'response', /could not read/],
  [{ status: 200, body: { access_token: 'tok', token_type: 'mac' } }, 'response', /could not read/],
  [{ status: 200, body: 'not json' }, 'response', /could not read/],
] as const)('turns %j into a %s error that carries no secret', async (answer, reason, message) => {
  answers.push(answer as FakeResponse);
  const error = await atsRejection(source().token(), [SECRET]);
  expect(error).toBeInstanceOf(AtsError);
  expect(error.reason).toBe(reason);
  expect(error.message).toMatch(message);
  if (reason === 'rate-limited') expect(error.retryAfterSeconds).toBe(12);
});

it('says Greenhouse could not be reached when the connection drops, without the raw error', async () => {
  server.failNext({ kind: 'reset' });
  const error = await atsRejection(source().token(), [SECRET]);
  expect(error.reason).toBe('unavailable');
  expect(error.message).toBe('Greenhouse could not be reached for an access token; try again in a few minutes.');
});
