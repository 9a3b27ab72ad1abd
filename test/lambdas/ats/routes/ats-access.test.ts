import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { planIncludes, planUpgradeMessage } from '../../../../lambdas/shared/domain/plan-entitlements';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../../lambdas/shared/http/subscriber-route';
import { RATE_LIMITED_MESSAGE } from '../../../../lambdas/shared/dynamodb/rate-limiter';
import type { AtsConnectionResponse, AtsJobsResponse } from '../../../../lambdas/shared/contracts/ats';
import { REST_ROUTES } from '../../../../lib/definitions/rest-routes';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import {
  ATS_ROUTES,
  GREENHOUSE_KEY,
  GREENHOUSE_SECRET,
  call,
  oneJobGreenhouse,
  startAtsRouteServices,
  validRequest,
  type AtsRoute,
  type AtsRouteServices,
} from './support/ats-route-services';

/**
 * Who may use the ATS routes: a signed-in, ACTIVE user with a live subscription, within the
 * per-user rate limit (counted apart from the assistant's); and each user reaches only their own
 * connection and synced data, whatever ids they send.
 */

const JOB = '7';
let ats: AtsRouteServices;
let handlers: ReturnType<AtsRouteServices['handlers']>;
let logs: CapturedLogs;

beforeAll(async () => {
  ats = await startAtsRouteServices({ greenhouseData: oneJobGreenhouse() });
  handlers = ats.handlers();
  // The owner, and one connected subscriber per route (one route removes the connection).
  for (const user of ['owner', ...ATS_ROUTES.map(happyUser)]) {
    await ats.subscriber(user);
    await call(handlers['POST /ats/connection'], { ...validRequest('POST /ats/connection', JOB), as: user });
    await call(handlers['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as: user });
  }
  await ats.assistant.member('unsubscribed');
  await ats.subscriber('removed');
  await ats.assistant.services.addUser('removed', { status: 'REMOVED' });
  await ats.subscriber('other');
});
afterAll(() => ats.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const ROUTES: readonly AtsRoute[] = ATS_ROUTES;

function happyUser(route: AtsRoute): string {
  return `connected-${ATS_ROUTES.indexOf(route)}`;
}

describe('access to the ATS routes', () => {
  it('covers every ATS route of the REST API (a new one must be added here)', () => {
    const defined = REST_ROUTES.filter((route) => route.path.startsWith('/ats/')).map((route) => `${route.method} ${route.path}`);
    expect(defined.sort()).toEqual([...ROUTES].sort());
  });

  it.each(ROUTES)('%s answers the connected subscriber', async (route) => {
    // Bullhorn's callback answers only the state its own authorization started.
    const request =
      route === 'POST /ats/bullhorn/callback'
        ? { ...validRequest(route, JOB), body: await ats.authorizeBullhorn(happyUser(route)) }
        : validRequest(route, JOB);
    const answer = await call(handlers[route], { ...request, as: happyUser(route) });
    expect([answer.status, answer.body?.code]).toEqual([200, undefined]);
  });

  it.each(ROUTES)('%s refuses anonymous callers (401)', async (route) => {
    expect(await call(handlers[route], { ...validRequest(route, JOB), as: null })).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    });
  });

  it.each(ROUTES)('%s refuses a user without a subscription (403 subscription_required) and stores nothing', async (route) => {
    const before = await ats.storedUser('unsubscribed');

    const answer = await call(handlers[route], { ...validRequest(route, JOB), as: 'unsubscribed' });

    expect(answer).toMatchObject({ status: 403, body: { code: 'subscription_required', message: SUBSCRIPTION_REQUIRED_MESSAGE } });
    expect(await ats.storedUser('unsubscribed')).toEqual(before);
    expect(await ats.atsItemsOf('unsubscribed')).toEqual([]);
  });

  it.each(ROUTES)('%s refuses a removed user (403 user_inactive) and a caller without a user record (404)', async (route) => {
    expect(await call(handlers[route], { ...validRequest(route, JOB), as: 'removed' })).toMatchObject({
      status: 403,
      body: { code: 'user_inactive' },
    });
    expect(await call(handlers[route], { ...validRequest(route, JOB), as: 'ghost' })).toMatchObject({
      status: 404,
      body: { code: 'user_not_found' },
    });
  });

  it.each(ROUTES)('%s answers 429 with Retry-After past the per-user limit, and changes nothing more', async (route) => {
    const sub = `busy-${ROUTES.indexOf(route)}`;
    await ats.subscriber(sub);
    const limited = ats.handlers({ rateLimitPerMinute: 2, now: () => new Date('2026-06-01T12:00:40.000Z') });
    await call(limited[route], { ...validRequest(route, JOB), as: sub });
    await call(limited[route], { ...validRequest(route, JOB), as: sub });
    const before = [await ats.storedUser(sub), await ats.atsItemsOf(sub)];

    const answer = await call(limited[route], { ...validRequest(route, JOB), as: sub });

    expect(answer).toMatchObject({ status: 429, body: { code: 'rate_limited', message: RATE_LIMITED_MESSAGE } });
    expect(answer.headers['Retry-After']).toBe('20');
    expect([await ats.storedUser(sub), await ats.atsItemsOf(sub)]).toEqual(before);
  });
});

describe("another user and the owner's data", () => {
  it("sees none of it: no connection, no jobs, and the owner's job ids are unknown (404)", async () => {
    const connection = await call<AtsConnectionResponse>(handlers['GET /ats/connection'], {
      method: 'GET',
      resource: '/ats/connection',
      as: 'other',
    });
    expect(connection.body).toMatchObject({ connection: null, sync: { state: 'idle', stored: { jobs: 0 } } });
    expect(
      (await call<AtsJobsResponse>(handlers['GET /ats/jobs'], { method: 'GET', resource: '/ats/jobs', as: 'other' })).body.jobs,
    ).toEqual([]);
    expect(await call(handlers['GET /ats/candidates'], { ...validRequest('GET /ats/candidates', JOB), as: 'other' })).toMatchObject({
      status: 404,
      body: { code: 'ats_job_not_found' },
    });
    expect(await call(handlers['POST /ats/predict'], { ...validRequest('POST /ats/predict', JOB), as: 'other' })).toMatchObject({
      status: 404,
      body: { code: 'ats_job_not_found' },
    });
    expect(await call(handlers['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as: 'other' })).toMatchObject({
      status: 409,
      body: { code: 'ats_not_connected' },
    });
    expect(
      await call(handlers['POST /ats/connection/test'], { method: 'POST', resource: '/ats/connection/test', as: 'other' }),
    ).toMatchObject({ status: 409 });
  });

  it('changes none of it: their connect and remove touch only their own record and partition', async () => {
    const ownerBefore = [await ats.storedUser('owner'), await ats.atsItemsOf('owner')];

    await call(handlers['POST /ats/connection'], {
      method: 'POST',
      resource: '/ats/connection',
      body: { atsname: 'lever', apikeytype: 'basic', apikey1: 'lever-key-of-the-other-user' },
      as: 'other',
    });
    await call(handlers['POST /ats/connection/remove'], { method: 'POST', resource: '/ats/connection/remove', as: 'other' });

    expect([await ats.storedUser('owner'), await ats.atsItemsOf('owner')]).toEqual(ownerBefore);
  });

  it("cannot use the owner's sealed key by copying it into their own record: it is bound to its owner", async () => {
    const owner = await ats.storedUser('owner');
    const copier = await ats.subscriber('copier');
    const { client, tableNames } = ats.assistant.services;
    await client.send(
      new PutCommand({
        TableName: tableNames.users,
        Item: { ...copier, atsname: owner?.atsname, apikeytype: owner?.apikeytype, apikey1: owner?.apikey1 },
      }),
    );
    ats.greenhouse.requests.length = 0;

    const tested = await call(handlers['POST /ats/connection/test'], { method: 'POST', resource: '/ats/connection/test', as: 'copier' });
    const synced = await call(handlers['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as: 'copier' });

    expect(tested).toMatchObject({ status: 409, body: { code: 'ats_key_unreadable' } });
    expect(synced).toMatchObject({ status: 409, body: { code: 'ats_key_unreadable' } });
    expect(ats.greenhouse.requests).toEqual([]);
    expect(await ats.atsItemsOf('copier')).toEqual([]);
  });

  it("user ids in a request are not identities: the caller's token decides whose data it is", async () => {
    const answer = await call(handlers['POST /ats/connection'], {
      method: 'POST',
      resource: '/ats/connection',
      body: { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET, userId: 'owner' },
      as: 'other',
    });
    expect(answer.status).toBe(400);
    expect((await ats.storedUser('owner'))?.atsname).toBe('greenhouse');
  });
});

describe("the caller's plan", () => {
  it.each(['starter', 'professional'] as const)(
    'refuses placement prediction on the %s plan (403 plan_upgrade_required naming Enterprise), while its ATS connection works',
    async (tier) => {
      const user = `plan-${tier}`;
      await ats.subscriber(user, tier);
      const connected = await call(handlers['POST /ats/connection'], { ...validRequest('POST /ats/connection', JOB), as: user });
      const synced = await call(handlers['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as: user });

      const predicted = await call(handlers['POST /ats/predict'], { ...validRequest('POST /ats/predict', JOB), as: user });

      expect([connected.status, synced.status]).toEqual([200, 200]);
      expect(planIncludes(tier, 'ats-integration')).toBe(true);
      expect(predicted).toMatchObject({
        status: 403,
        body: { code: 'plan_upgrade_required', message: planUpgradeMessage('placement-prediction', tier) },
      });
      expect(predicted.body.message).toContain('the Enterprise plan');
    },
  );
});
