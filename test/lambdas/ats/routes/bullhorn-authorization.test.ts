import type { AtsConnectionResponse, AtsSyncResponse, AtsTestResponse } from '../../../../lambdas/shared/contracts/ats';
import { BULLHORN_GRANT_ITEM_ID } from '../../../../lambdas/ats/store/bullhorn-grant-store';
import { BULLHORN_PENDING_ITEM_ID } from '../../../../lambdas/ats/store/bullhorn-pending-store';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import {
  BULLHORN_CLIENT,
  BULLHORN_REDIRECT_URI,
  BULLHORN_START,
  GREENHOUSE_KEY,
  GREENHOUSE_SECRET,
  call,
  oneJobGreenhouse,
  startAtsRouteServices,
  type AtsRouteServices,
} from './support/ats-route-services';

/**
 * A recruiter connects Bullhorn from the Account page: they enter the OAuth client Bullhorn issued
 * to their firm and their API user name, sign in to Bullhorn in the browser, and come back
 * connected. The state works once, for them only, for ten minutes; a refusal anywhere leaves what
 * they had connected before as it was.
 */

let ats: AtsRouteServices;
let handlers: ReturnType<AtsRouteServices['handlers']>;
let logs: CapturedLogs;

beforeAll(async () => {
  ats = await startAtsRouteServices({ greenhouseData: oneJobGreenhouse() });
  handlers = ats.handlers();
});
afterAll(() => ats.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

type Refusal = { code?: string; message?: string; fields?: Record<string, string> };

const start = (as: string, body: unknown = BULLHORN_START) =>
  call<{ authorizeUrl: string; expiresAt: string } & Refusal>(handlers['POST /ats/bullhorn/authorize'], {
    method: 'POST',
    resource: '/ats/bullhorn/authorize',
    body,
    as,
  });

const complete = (as: string, body: unknown, on = handlers) =>
  call<AtsConnectionResponse & Refusal>(on['POST /ats/bullhorn/callback'], {
    method: 'POST',
    resource: '/ats/bullhorn/callback',
    body,
    as,
  });

const post = <T>(as: string, resource: string) =>
  call<T>(handlers[`POST ${resource}` as keyof typeof handlers], { method: 'POST', resource, as });

async function connectGreenhouse(as: string) {
  const answer = await call(handlers['POST /ats/connection'], {
    method: 'POST',
    resource: '/ats/connection',
    body: { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET },
    as,
  });
  expect(answer.status).toBe(200);
  await post(as, '/ats/sync');
}

const itemIds = async (userId: string) => (await ats.atsItemsOf(userId)).map((item) => item.itemId as string);

function expectNoSecretsLogged(...secrets: string[]) {
  const logged = JSON.stringify(logs.lines);
  for (const secret of secrets) expect(logged).not.toContain(secret);
}

describe('Bullhorn, connected in the browser', () => {
  it('goes from the form to Bullhorn and back, then tests and syncs the demo staffing firm', async () => {
    await ats.subscriber('bh-round-trip');

    const started = await start('bh-round-trip');
    expect(started.status).toBe(200);
    const url = new URL(started.body.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${ats.bullhorn.auth.origin}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: BULLHORN_CLIENT.clientId,
      response_type: 'code',
      redirect_uri: BULLHORN_REDIRECT_URI,
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
    });
    // Nothing is connected until Bullhorn says yes; the pending item holds the keys sealed only.
    expect((await ats.storedUser('bh-round-trip'))?.atsname).toBeUndefined();
    const [pending] = await ats.atsItemsOf('bh-round-trip');
    expect(pending.itemId).toBe(BULLHORN_PENDING_ITEM_ID);
    expect(JSON.stringify(pending)).not.toContain(BULLHORN_CLIENT.clientSecret);
    expect(pending.apikey2).toMatch(/^enc:v1:/);

    const { code, state } = await ats.authorizeBullhorn('bh-round-trip');
    const connected = await complete('bh-round-trip', { code, state });

    expect(connected.status).toBe(200);
    expect(connected.body.connection).toMatchObject({ atsname: 'bullhorn', label: 'Bullhorn', apikeytype: 'oauth2', apikey1: '••••z4Rk' });
    expect(connected.body.options.find((option) => option.atsname === 'bullhorn')?.available).toBe(true);
    const user = await ats.storedUser('bh-round-trip');
    expect(user).toMatchObject({ atsname: 'bullhorn', apikeytype: 'oauth2' });
    expect(user?.apikey1).toMatch(/^enc:v1:/);
    expect(user?.apikey2).toMatch(/^enc:v1:/);
    expect((await itemIds('bh-round-trip')).sort()).toEqual([BULLHORN_GRANT_ITEM_ID, 'connection#meta'].sort());

    const tested = await post<AtsTestResponse>('bh-round-trip', '/ats/connection/test');
    expect(tested.body).toMatchObject({ ok: true });
    const synced = await post<AtsSyncResponse>('bh-round-trip', '/ats/sync');
    expect(synced.body.outcome).toBe('complete');
    expect(synced.body.sync.stored.jobs).toBeGreaterThan(0);
    expect(synced.body.sync.stored.placements).toBeGreaterThan(0);

    // Disconnecting forgets the grant with everything else.
    await post('bh-round-trip', '/ats/connection/remove');
    expect(await itemIds('bh-round-trip')).not.toContain(BULLHORN_GRANT_ITEM_ID);
    expectNoSecretsLogged(BULLHORN_CLIENT.clientSecret, code);
  });

  it('replaces a Greenhouse connection only once Bullhorn said yes, clearing Greenhouse’s synced data', async () => {
    await ats.subscriber('bh-from-greenhouse');
    await connectGreenhouse('bh-from-greenhouse');
    expect(await itemIds('bh-from-greenhouse')).toContain('job#7');

    const connected = await complete('bh-from-greenhouse', await ats.authorizeBullhorn('bh-from-greenhouse'));

    expect(connected.status).toBe(200);
    expect(connected.body.connection?.atsname).toBe('bullhorn');
    const ids = await itemIds('bh-from-greenhouse');
    expect(ids).toContain(BULLHORN_GRANT_ITEM_ID);
    expect(ids).not.toContain('job#7');
  });

  it('refuses a POST /ats/connection for Bullhorn: it connects through its sign-in', async () => {
    await ats.subscriber('bh-keys-only');
    const answer = await call<Refusal>(handlers['POST /ats/connection'], {
      method: 'POST',
      resource: '/ats/connection',
      body: { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: BULLHORN_CLIENT.clientId, apikey2: BULLHORN_CLIENT.clientSecret },
      as: 'bh-keys-only',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.atsname).toMatch(/Sign in with Bullhorn/);
  });
});

describe('starting the Bullhorn sign-in', () => {
  it.each([
    ['a return address on another origin', { redirectUri: 'https://evil.example/account' }, 'redirectUri'],
    ['a return address to another page', { redirectUri: `${BULLHORN_REDIRECT_URI}/../admin` }, 'redirectUri'],
    ['a user name with spaces', { username: 'talent pilot' }, 'username'],
    ['no client secret', { apikey2: '' }, 'apikey2'],
  ])('refuses %s (400, the field named) and stores nothing', async (_what, change, field) => {
    await ats.subscriber('bh-bad-start');
    const answer = await start('bh-bad-start', { ...BULLHORN_START, ...change });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields ?? {})).toEqual([field]);
    expect(await ats.atsItemsOf('bh-bad-start')).toEqual([]);
  });

  it('refuses fields it does not know', async () => {
    await ats.subscriber('bh-extra');
    expect((await start('bh-extra', { ...BULLHORN_START, password: 'hunter2' })).status).toBe(400);
  });
});

describe('coming back from Bullhorn', () => {
  it('accepts a state once: the same redirect posted again is refused and changes nothing', async () => {
    await ats.subscriber('bh-replay');
    const back = await ats.authorizeBullhorn('bh-replay');
    expect((await complete('bh-replay', back)).status).toBe(200);
    const before = [await ats.storedUser('bh-replay'), await ats.atsItemsOf('bh-replay')];

    const again = await complete('bh-replay', back);

    expect(again).toMatchObject({ status: 400, body: { code: 'ats_authorization_invalid' } });
    expect([await ats.storedUser('bh-replay'), await ats.atsItemsOf('bh-replay')]).toEqual(before);
  });

  it('refuses another user’s state, which stays usable by its owner', async () => {
    await ats.subscriber('bh-owner');
    await ats.subscriber('bh-thief');
    const back = await ats.authorizeBullhorn('bh-owner');

    expect(await complete('bh-thief', back)).toMatchObject({ status: 400, body: { code: 'ats_authorization_invalid' } });
    expect(await ats.atsItemsOf('bh-thief')).toEqual([]);
    expect((await complete('bh-owner', back)).status).toBe(200);
  });

  it('refuses an older state once a newer sign-in was started', async () => {
    await ats.subscriber('bh-twice');
    const first = await ats.authorizeBullhorn('bh-twice');
    await ats.authorizeBullhorn('bh-twice');
    expect(await complete('bh-twice', first)).toMatchObject({ status: 400, body: { code: 'ats_authorization_invalid' } });
  });

  it('refuses a state older than ten minutes, and it cannot be used again', async () => {
    await ats.subscriber('bh-late');
    const back = await ats.authorizeBullhorn('bh-late');
    const later = ats.handlers({ now: () => new Date(Date.now() + 10 * 60_000 + 1_000) });

    const answer = await complete('bh-late', back, later);

    expect(answer).toMatchObject({ status: 400, body: { code: 'ats_authorization_expired' } });
    expect(answer.body.message).toMatch(/expired/);
    expect(await ats.atsItemsOf('bh-late')).toEqual([]);
  });

  it('keeps the Greenhouse connection when the recruiter refuses in Bullhorn', async () => {
    await ats.subscriber('bh-denied');
    await connectGreenhouse('bh-denied');
    const before = [await ats.storedUser('bh-denied'), (await ats.atsItemsOf('bh-denied')).length];
    const { state } = await ats.authorizeBullhorn('bh-denied');

    const answer = await complete('bh-denied', { state, error: 'access_denied' });

    expect(answer).toMatchObject({ status: 400, body: { code: 'ats_authorization_denied' } });
    expect(answer.body.message).toMatch(/You did not allow TalentPilot in Bullhorn/);
    expect([await ats.storedUser('bh-denied'), (await ats.atsItemsOf('bh-denied')).length]).toEqual(before);
  });

  it('keeps the Greenhouse connection when Bullhorn refuses the client secret, and stores no grant', async () => {
    await ats.subscriber('bh-wrong-secret');
    await connectGreenhouse('bh-wrong-secret');
    const before = await ats.storedUser('bh-wrong-secret');
    const back = await ats.authorizeBullhorn('bh-wrong-secret', { ...BULLHORN_START, apikey2: 'not-the-secret-0000' });

    const answer = await complete('bh-wrong-secret', back);

    expect(answer).toMatchObject({ status: 400, body: { code: 'ats_connection_failed' } });
    expect(answer.body.message).toMatch(/check the OAuth client secret/);
    expect(await ats.storedUser('bh-wrong-secret')).toEqual(before);
    expect(await itemIds('bh-wrong-secret')).not.toContain(BULLHORN_GRANT_ITEM_ID);
    expectNoSecretsLogged('not-the-secret-0000', back.code);
  });

  it('refuses a code Bullhorn does not accept (spent or from another data centre), keeping the grant of the Bullhorn connection', async () => {
    await ats.subscriber('bh-spent');
    expect((await complete('bh-spent', await ats.authorizeBullhorn('bh-spent'))).status).toBe(200);
    const before = await ats.atsItemsOf('bh-spent');
    const { state } = await ats.authorizeBullhorn('bh-spent');

    const answer = await complete('bh-spent', { state, code: 'spent-or-foreign-code' });

    expect(answer).toMatchObject({ status: 400, body: { code: 'ats_connection_failed' } });
    expect(await ats.atsItemsOf('bh-spent')).toEqual(before);
    expect((await post<AtsTestResponse>('bh-spent', '/ats/connection/test')).body).toMatchObject({ ok: true });
  });

  it('refuses a callback without a state (400)', async () => {
    await ats.subscriber('bh-no-state');
    expect((await complete('bh-no-state', { code: 'abc' })).status).toBe(400);
  });
});
