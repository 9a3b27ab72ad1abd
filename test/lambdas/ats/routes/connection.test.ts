import type { AtsConnectionResponse, AtsSyncResponse, AtsTestResponse } from '../../../../lambdas/shared/contracts/ats';
import { greenhouseJob } from '../../../../local/ats/fake-greenhouse';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import {
  GREENHOUSE_KEY,
  GREENHOUSE_CLIENT,
  GREENHOUSE_SECRET,
  LEVER_KEY,
  call,
  startAtsRouteServices,
  type AtsRouteServices,
} from './support/ats-route-services';

/**
 * A recruiter connects their ATS from the Account page: the key is tried against the ATS before
 * anything is saved, stored sealed for them alone, shown only masked, kept when the form sends
 * the mask back, and a change of ATS forgets the data synced from the old one.
 */

let ats: AtsRouteServices;
let handlers: ReturnType<AtsRouteServices['handlers']>;

beforeAll(async () => {
  ats = await startAtsRouteServices({ greenhouseData: { jobs: [greenhouseJob({ id: 7 })] } });
  handlers = ats.handlers();
});
afterAll(() => ats.stop());
let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const greenhouse = (apikey1: string = GREENHOUSE_KEY, apikey2: string = GREENHOUSE_SECRET) => ({
  atsname: 'greenhouse',
  apikeytype: 'oauth2',
  apikey1,
  apikey2,
});

async function connect(as: string, body: unknown) {
  return call<AtsConnectionResponse & { code?: string; fields?: Record<string, string>; message?: string }>(
    handlers['POST /ats/connection'],
    {
      method: 'POST',
      resource: '/ats/connection',
      body,
      as,
    },
  );
}

const getConnection = (as: string) =>
  call<AtsConnectionResponse>(handlers['GET /ats/connection'], { method: 'GET', resource: '/ats/connection', as });

describe('GET /ats/connection', () => {
  it('shows nothing connected, an idle sync and every ATS the form offers, Bullhorn among them', async () => {
    await ats.subscriber('conn-new');

    const answer = await getConnection('conn-new');

    expect(answer.status).toBe(200);
    expect(answer.body.connection).toBeNull();
    expect(answer.body.sync).toMatchObject({
      state: 'idle',
      counts: { jobs: { skipped: 0 }, candidates: { skipped: 0 }, applications: { skipped: 0 } },
      skippedReasons: [],
      notices: [],
      stored: { jobs: 0, candidates: 0, applications: 0, placements: 0 },
    });
    expect(answer.body.options.map((option) => [option.atsname, option.apikeytype, option.available])).toEqual([
      ['greenhouse', 'oauth2', true],
      ['lever', 'basic', true],
      ['workable', 'bearer', true],
      ['crelate', 'api-key', true],
      ['bullhorn', 'oauth2', true],
    ]);
    for (const option of answer.body.options) expect(option.help).toMatch(/^[^.]+(\.[^.]+)*\.$/);
    expect(answer.body.options.find((option) => option.atsname === 'workable')?.secondLabel).toBe('Workable subdomain');
  });
});

describe('POST /ats/connection', () => {
  it('tests the key against Greenhouse, then saves it sealed and answers it masked', async () => {
    await ats.subscriber('conn-ok');
    ats.greenhouse.requests.length = 0;

    const answer = await connect('conn-ok', greenhouse());

    expect(answer.status).toBe(200);
    expect(answer.body.connection).toMatchObject({
      atsname: 'greenhouse',
      label: 'Greenhouse',
      apikeytype: 'oauth2',
      apikey1: `••••${GREENHOUSE_KEY.slice(-4)}`,
      apikey2: `••••${GREENHOUSE_SECRET.slice(-4)}`,
    });
    expect(answer.body.connection?.connectedAt).toEqual(answer.body.connection?.lastTestedAt);
    expect(ats.greenhouse.requests.map((request) => [request.method, request.path])).toEqual([
      ['POST', '/token'],
      ['GET', '/v3/jobs'],
    ]);
    const stored = await ats.storedUser('conn-ok');
    expect(stored).toMatchObject({ atsname: 'greenhouse', apikeytype: 'oauth2', status: 'ACTIVE' });
    expect(String(stored?.apikey1)).toMatch(/^enc:v1:local:/);
    expect(String(stored?.apikey2)).toMatch(/^enc:v1:local:/);
    expect(await getConnection('conn-ok')).toMatchObject({ status: 200, body: { connection: answer.body.connection } });
  });

  it('refuses a key Greenhouse rejects with its explanation under apikey1, and stores nothing', async () => {
    await ats.subscriber('conn-refused');
    const before = await ats.storedUser('conn-refused');

    const answer = await connect('conn-refused', greenhouse(GREENHOUSE_KEY, 'not-the-right-secret-0000000000'));

    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('ats_connection_failed');
    expect(answer.body.fields?.apikey1).toMatch(/Greenhouse/);
    expect(await ats.storedUser('conn-refused')).toEqual(before);
    expect(await ats.atsItemsOf('conn-refused')).toEqual([]);
  });

  it('keeps the saved key when the form sends its mask back for the same ATS', async () => {
    await ats.subscriber('conn-mask');
    await connect('conn-mask', greenhouse());
    const sealed = (await ats.storedUser('conn-mask'))?.apikey1;
    ats.greenhouse.requests.length = 0;

    const answer = await connect('conn-mask', greenhouse(`••••${GREENHOUSE_KEY.slice(-4)}`, `••••${GREENHOUSE_SECRET.slice(-4)}`));

    expect(answer.status).toBe(200);
    // The kept key was opened and tested: Greenhouse accepted it.
    expect(ats.greenhouse.requests.filter((request) => request.path === '/token').map((request) => request.headers.authorization)).toEqual([
      `Basic ${Buffer.from(`${GREENHOUSE_CLIENT.clientId}:${GREENHOUSE_SECRET}`).toString('base64')}`,
    ]);
    expect((await ats.storedUser('conn-mask'))?.apikey1).toBe(sealed);
  });

  it('refuses a mask when nothing is saved, or when it is sent for another ATS, naming the field', async () => {
    await ats.subscriber('conn-mask-other');
    const none = await connect('conn-mask-other', greenhouse('••••abcd'));
    expect(none).toMatchObject({
      status: 400,
      body: { code: 'invalid_ats_settings', fields: { apikey1: 'No key is saved yet to keep: enter the key itself.' } },
    });

    await connect('conn-mask-other', greenhouse());
    const other = await connect('conn-mask-other', { atsname: 'lever', apikeytype: 'basic', apikey1: `••••${GREENHOUSE_KEY.slice(-4)}` });
    expect(other.status).toBe(400);
    expect(other.body.fields?.apikey1).toMatch(/another ATS/);
    expect((await ats.storedUser('conn-mask-other'))?.atsname).toBe('greenhouse');
  });

  it('forgets the data synced from the old ATS when another one is connected', async () => {
    await ats.subscriber('conn-switch');
    await connect('conn-switch', greenhouse());
    const synced = await call<AtsSyncResponse>(handlers['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as: 'conn-switch' });
    expect(synced.body).toMatchObject({ outcome: 'complete', sync: { stored: { jobs: 1 } } });

    const answer = await connect('conn-switch', { atsname: 'lever', apikeytype: 'basic', apikey1: LEVER_KEY });

    expect(answer.status).toBe(200);
    expect(answer.body.connection).toMatchObject({ atsname: 'lever', label: 'Lever' });
    expect(answer.body.sync).toMatchObject({
      state: 'idle',
      counts: { jobs: { skipped: 0 }, candidates: { skipped: 0 }, applications: { skipped: 0 } },
      skippedReasons: [],
      notices: [],
      stored: { jobs: 0, candidates: 0, applications: 0, placements: 0 },
    });
    expect((await ats.atsItemsOf('conn-switch')).map((item) => item.itemId).filter((id) => id !== 'sync#status')).toEqual([
      'connection#meta',
    ]);
  });

  it('keeps the synced data when the key of the same ATS is replaced', async () => {
    await ats.subscriber('conn-same');
    await connect('conn-same', greenhouse());
    await call(handlers['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as: 'conn-same' });

    const answer = await connect('conn-same', greenhouse());

    expect(answer.body.sync.stored.jobs).toBe(1);
  });

  it.each([
    ['an unknown ATS', { atsname: 'taleo', apikeytype: 'basic', apikey1: 'k' }, 'atsname', 'Choose the ATS to connect.'],
    [
      'Bullhorn, which connects through its own sign-in',
      { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: 'client-id-0001', apikey2: 'secret-0001' },
      'atsname',
      /choose “Sign in with Bullhorn”/,
    ],
    ['the wrong key type', { atsname: 'greenhouse', apikeytype: 'basic', apikey1: GREENHOUSE_KEY }, 'apikeytype', /choose "oauth2"/],
    [
      'an empty key',
      { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: '  ', apikey2: GREENHOUSE_SECRET },
      'apikey1',
      /Enter your Greenhouse client ID and user ID/,
    ],
    [
      'a key with a space inside',
      { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: 'abc def', apikey2: GREENHOUSE_SECRET },
      'apikey1',
      /cannot contain spaces/,
    ],
    [
      'a sealed value pasted back',
      { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: 'enc:v1:local:AAAA', apikey2: GREENHOUSE_SECRET },
      'apikey1',
      /encrypted value/,
    ],
    [
      'an over-long key',
      { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: 'k'.repeat(513), apikey2: GREENHOUSE_SECRET },
      'apikey1',
      'The API key has at most 512 characters.',
    ],
    ['a client ID without the user ID', greenhouse('client-id-only'), 'apikey1', /Greenhouse user ID the connection acts for/],
    ['a Greenhouse client secret left out', { ...greenhouse(), apikey2: null }, 'apikey2', /Enter your Greenhouse client secret too/],
    [
      'Workable without its subdomain',
      { atsname: 'workable', apikeytype: 'bearer', apikey1: 'wk-token-0001' },
      'apikey2',
      /Workable subdomain/,
    ],
    [
      'a field the contract does not know',
      { ...greenhouse(), userId: 'someone-else' },
      'body',
      'Send only atsname, apikeytype, apikey1 and apikey2.',
    ],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_case, body, field, message) => {
    await ats.subscriber('conn-invalid');
    const before = await ats.storedUser('conn-invalid');

    const answer = await connect('conn-invalid', body);

    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(await ats.storedUser('conn-invalid')).toEqual(before);
    expect(await ats.atsItemsOf('conn-invalid')).toEqual([]);
  });

  it('refuses a body that is not JSON (400 invalid_json)', async () => {
    await ats.subscriber('conn-json');
    expect(await connect('conn-json', '{"atsname":')).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
  });

  it('answers 503 when the ATS cannot be reached, and stores nothing', async () => {
    await ats.subscriber('conn-down');
    const down = ats.handlers({ baseUrls: { greenhouse: 'http://127.0.0.1:9/v1' } });

    const answer = await call<{ code: string; message: string }>(down['POST /ats/connection'], {
      method: 'POST',
      resource: '/ats/connection',
      body: greenhouse(),
      as: 'conn-down',
    });

    expect(answer).toMatchObject({ status: 503, body: { code: 'ats_unavailable' } });
    expect(answer.body.message).toMatch(/Greenhouse/);
    expect((await ats.storedUser('conn-down'))?.apikey1).toBeUndefined();
  });
});

describe('POST /ats/connection/test', () => {
  it('tries the saved key again and records when', async () => {
    await ats.subscriber('test-ok');
    await connect('test-ok', greenhouse());
    const later = new Date(Date.now() + 60_000);

    const answer = await call<AtsTestResponse>(ats.handlers({ now: () => later })['POST /ats/connection/test'], {
      method: 'POST',
      resource: '/ats/connection/test',
      as: 'test-ok',
    });

    expect(answer).toMatchObject({ status: 200, body: { ok: true, accountName: null, testedAt: later.toISOString() } });
    expect(answer.body.message).toMatch(/Greenhouse answered/);
    expect((await getConnection('test-ok')).body.connection?.lastTestedAt).toBe(later.toISOString());
  });

  it('answers ok false with what Greenhouse refused (200), and keeps the connection', async () => {
    await ats.subscriber('test-refused');
    await connect('test-refused', greenhouse());
    ats.greenhouse.failNext({ kind: 'status', status: 401, body: { message: 'Invalid Basic Auth credentials' } });

    const answer = await call<AtsTestResponse>(handlers['POST /ats/connection/test'], {
      method: 'POST',
      resource: '/ats/connection/test',
      as: 'test-refused',
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: false, accountName: null });
    expect(answer.body.message).toMatch(/Greenhouse/);
    expect((await getConnection('test-refused')).body.connection?.atsname).toBe('greenhouse');
  });

  it('answers 409 ats_not_connected when nothing is connected', async () => {
    await ats.subscriber('test-none');
    const answer = await call(handlers['POST /ats/connection/test'], { method: 'POST', resource: '/ats/connection/test', as: 'test-none' });
    expect(answer).toMatchObject({ status: 409, body: { code: 'ats_not_connected' } });
  });

  it('answers 409 ats_key_unreadable for a key saved before encryption (enter it again)', async () => {
    await ats.subscriber('test-legacy');
    await ats.assistant.services.addUser('test-legacy', {
      atsname: 'greenhouse',
      apikeytype: 'oauth2',
      apikey1: GREENHOUSE_KEY,
      apikey2: GREENHOUSE_SECRET,
    });

    const answer = await call<{ code: string; message: string }>(handlers['POST /ats/connection/test'], {
      method: 'POST',
      resource: '/ats/connection/test',
      as: 'test-legacy',
    });

    expect(answer).toMatchObject({ status: 409, body: { code: 'ats_key_unreadable' } });
    expect(answer.body.message).toMatch(/Enter it again/);
  });
});

describe('POST /ats/connection/remove', () => {
  it('forgets the keys, the connection and everything synced; again is the same answer', async () => {
    await ats.subscriber('remove-me');
    await connect('remove-me', greenhouse());
    await call(handlers['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as: 'remove-me' });

    const answer = await call<AtsConnectionResponse>(handlers['POST /ats/connection/remove'], {
      method: 'POST',
      resource: '/ats/connection/remove',
      as: 'remove-me',
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      connection: null,
      sync: { state: 'idle', stored: { jobs: 0, candidates: 0, applications: 0, placements: 0 } },
    });
    const stored = await ats.storedUser('remove-me');
    for (const field of ['atsname', 'apikeytype', 'apikey1', 'apikey2']) expect(stored).not.toHaveProperty(field);
    expect(stored).toMatchObject({ status: 'ACTIVE', email: 'remove-me@example.com' });
    expect((await ats.atsItemsOf('remove-me')).filter((item) => item.itemId !== 'sync#status')).toEqual([]);
    expect(
      await call(handlers['POST /ats/connection/remove'], { method: 'POST', resource: '/ats/connection/remove', as: 'remove-me' }),
    ).toMatchObject({
      status: 200,
      body: { connection: null },
    });
  });
});
