import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RestRouteDefinition } from '../../../lib/definitions/rest-routes';
import { startLocalRuntime, type LocalRuntime } from '../../../local/runtime';
import { temporaryFolder } from '../support/local-services';
import { fixtureWebDist } from '../support/web-dist';

/**
 * `npm start`'s local billing, wired: the billing table next to the shared ones, its variables
 * for the routes with `billing: true` only, and the card tokenization URL in the web app's
 * config.json and in endpoints.json. A probe handler plays a subscription handler.
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const PROBE = 'test/local/billing/fixtures/billing-probe.ts';
const ROUTES: RestRouteDefinition[] = [
  { functionId: 'BillingProbeFunction', method: 'POST', path: '/probe/billing', entry: PROBE, auth: 'public', tables: [], billing: true },
  {
    functionId: 'NoBillingProbeFunction',
    method: 'POST',
    path: '/probe/no-billing',
    entry: PROBE,
    auth: 'public',
    tables: [],
    billing: false,
  },
];
const CARD = { number: '4111111111111111', month: '12', year: '2030', cvv: '123', firstName: 'Dana', lastName: 'Reyes' };

const dist = fixtureWebDist();
const dataDir = temporaryFolder('runtime-billing');
let runtime: LocalRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime({ dataDir: dataDir.path, ports: FREE_PORTS, webDistDir: dist.path, webBuild: 'never', routes: ROUTES });
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  dataDir.remove();
  dist.remove();
});

async function probe(route: string, body: unknown) {
  const response = await fetch(`${runtime.endpoints.restUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the local runtime’s billing', () => {
  it('publishes the card tokenization URL to the web app and in endpoints.json', async () => {
    const config = (await (await fetch(`${runtime.endpoints.webUrl}/config.json`)).json()) as Record<string, unknown>;

    expect(config.localBillingTokenUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_local\/billing\/tokens$/);
    expect(config.recurlyPublicKey).toBeUndefined();
    expect(runtime.endpoints).toMatchObject({
      localBillingTable: 'talentpilot-local-billing',
      localBillingTokenUrl: config.localBillingTokenUrl,
      localBillingClockUrl: expect.stringMatching(/\/_local\/billing\/clock$/),
    });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir.path, 'endpoints.json'), 'utf8'))).toMatchObject({
      localBillingTokenUrl: config.localBillingTokenUrl,
    });
  });

  it('lets the web app tokenize a test card and a billing handler subscribe with the token, in the local DynamoDB', async () => {
    const tokenResponse = await fetch(String(runtime.endpoints.localBillingTokenUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: runtime.endpoints.webUrl! },
      body: JSON.stringify(CARD),
    });
    expect(tokenResponse.status).toBe(201);
    expect(tokenResponse.headers.get('access-control-allow-origin')).toBe(runtime.endpoints.webUrl);
    const { id } = (await tokenResponse.json()) as { id: string };

    const answer = await probe('/probe/billing', { billingToken: id });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      environment: { localBillingTable: 'talentpilot-local-billing' },
      subscription: { accountCode: 'talentpilot-probe', state: 'active', setupFee: 99 },
    });
  });

  it('gives the billing table only to routes with billing: true', async () => {
    const answer = await probe('/probe/no-billing', { billingToken: 'tok_local_whatever' });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ environment: { localBillingTable: null }, error: { name: 'BillingUnavailableError' } });
  });
});
