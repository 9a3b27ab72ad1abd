import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createLocalBilling } from '../../../lambdas/subscription/billing/local-billing';
import { LOCAL_BILLING_PATHS, prepareLocalBilling, type LocalBilling } from '../../../local/billing';
import { createLocalDynamoDbClient } from '../../../local/dynamodb/client';
import { startDynalite, type RunningDynalite } from '../../../local/dynamodb/dynalite';
import { startLambdaEndpoint, type RunningLambdaEndpoint } from '../../../local/identity/lambda-endpoint';

/**
 * The local "Recurly.js": the card form posts the card to the local runtime's Lambda endpoint and
 * gets a token; the local billing adapter later accepts (or declines) that token. The card
 * number itself is never kept.
 */

const WEB_ORIGIN = 'http://127.0.0.1:5180';
const CARD = { number: '4111 1111 1111 1111', month: '12', year: '2030', cvv: '123', firstName: 'Dana', lastName: 'Reyes' };
const PROFESSIONAL = 'professional_2weeksfree_monthly_onetimesetup_dev';

let dynalite: RunningDynalite;
let client: DynamoDBClient;
let billing: LocalBilling;
let endpoint: RunningLambdaEndpoint;
const logLines: string[] = [];

beforeAll(async () => {
  dynalite = await startDynalite({ port: 0 });
  client = createLocalDynamoDbClient(dynalite.endpoint);
  billing = await prepareLocalBilling({ dynamodb: client, productSlug: 'talentpilot', allowedOrigins: () => [WEB_ORIGIN] });
  endpoint = await startLambdaEndpoint({ port: 0, functions: {}, routes: billing.routes, log: (line) => logLines.push(line) });
});

afterAll(async () => {
  await endpoint.stop();
  client.destroy();
  await dynalite.stop();
});

const tokensUrl = () => `${endpoint.url}${LOCAL_BILLING_PATHS.tokens}`;

function tokenize(card: Record<string, unknown>, origin = WEB_ORIGIN): Promise<Response> {
  return fetch(tokensUrl(), { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(card) });
}

async function tableItems(): Promise<Record<string, unknown>[]> {
  const page = await client.send(new ScanCommand({ TableName: billing.tableName, ConsistentRead: true }));
  return (page.Items ?? []).map((item) => unmarshall(item));
}

describe('the local card tokenization endpoint', () => {
  it('exchanges the approving test card for a token, answering the web app’s origin', async () => {
    const response = await tokenize(CARD);

    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    const body = (await response.json()) as { id: string; type: string };
    expect(body).toEqual({ id: expect.stringMatching(/^tok_local_[A-Za-z0-9_-]{22}$/), type: 'credit_card' });
    expect(await billing.store.getToken(body.id)).toMatchObject({
      brand: 'visa',
      lastFour: '1111',
      expMonth: 12,
      expYear: 2030,
      outcome: 'approve',
      usedAt: null,
    });
  });

  it('never stores or logs the card number: only brand, last four and expiry', async () => {
    await tokenize(CARD);
    await tokenize({ ...CARD, number: '4000000000000002' });
    await tokenize({ ...CARD, number: '5105 1051 0510 5100' });

    const stored = JSON.stringify(await tableItems());
    for (const digits of ['4111111111111111', '411111111111', '4000000000000002', '5105105105105100', '510510'])
      expect(stored).not.toContain(digits);
    expect(stored).not.toContain('"cvv"');
    expect(stored).not.toContain('"number"');
    expect(logLines.join('\n')).not.toMatch(/4111|5105|0002/);
    expect(logLines.some((line) => line.includes(`POST ${LOCAL_BILLING_PATHS.tokens} 201`))).toBe(true);
  });

  it('tokenizes the declining test card, and the local billing adapter declines it', async () => {
    const { id } = (await (await tokenize({ ...CARD, number: '4000 0000 0000 0002' })).json()) as { id: string };
    const adapter = createLocalBilling({ planCodeSuffix: '_dev', store: billing.store });

    await expect(
      adapter.createSubscription({
        accountCode: 'talentpilot-declined',
        account: { email: 'lee@harborstaffing.com' },
        planCode: PROFESSIONAL,
        currency: 'USD',
        billingToken: id,
      }),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'Your card was declined. Please use a different card or contact your bank.',
    });
  });

  it('subscribes with an approved token through the local billing adapter', async () => {
    const { id } = (await (await tokenize(CARD)).json()) as { id: string };
    const adapter = createLocalBilling({ planCodeSuffix: '_dev', store: billing.store });

    const subscription = await adapter.createSubscription({
      accountCode: 'talentpilot-approved',
      account: { email: 'lee@harborstaffing.com' },
      planCode: PROFESSIONAL,
      currency: 'USD',
      billingToken: id,
    });

    expect(subscription).toMatchObject({ state: 'active', planCode: PROFESSIONAL, setupFee: 199 });
  });

  it('refuses any other card number with a clear 400 naming the test cards, and stores nothing', async () => {
    const before = (await tableItems()).length;

    const response = await tokenize({ ...CARD, number: '4242 4242 4242 4242' });

    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect(await response.json()).toEqual({
      code: 'invalid_card',
      message: expect.stringContaining('4111 1111 1111 1111'),
      fields: { number: expect.stringContaining('4000 0000 0000 0002') },
    });
    expect((await tableItems()).length).toBe(before);
  });

  it('refuses an expired card, missing fields and a body that is not a JSON object', async () => {
    const expired = await tokenize({ ...CARD, year: '2020' });
    const missing = await tokenize({ number: CARD.number });
    const notJson = await fetch(tokensUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'number=4111111111111111',
    });

    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ fields: { year: 'This card has expired.' } });
    expect(await missing.json()).toMatchObject({
      code: 'invalid_card',
      fields: { month: expect.any(String), cvv: expect.any(String), firstName: expect.any(String) },
    });
    expect(notJson.status).toBe(400);
  });

  it('answers the browser’s preflight for the web app, and 405 to other methods', async () => {
    const preflight = await fetch(tokensUrl(), {
      method: 'OPTIONS',
      headers: { origin: WEB_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    const get = await fetch(tokensUrl());

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type, Accept');
    expect(get.status).toBe(405);
  });

  it('does not let another origin read the answer', async () => {
    const response = await tokenize(CARD, 'https://evil.example');

    expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
  });
});

describe('the local billing clock endpoint', () => {
  const clockUrl = () => `${endpoint.url}${LOCAL_BILLING_PATHS.clock}`;
  afterEach(() => billing.store.setClockOffset(0));

  it('moves the billing clock, so trials and renewals can be seen without waiting, and puts it back', async () => {
    const target = new Date(Date.now() + 30 * 86_400_000).toISOString();

    const moved = await fetch(clockUrl(), { method: 'PUT', body: JSON.stringify({ now: target }) });

    expect(moved.status).toBe(200);
    const state = (await (await fetch(clockUrl())).json()) as { now: string; offsetMs: number };
    expect(Math.abs(Date.parse(state.now) - Date.parse(target))).toBeLessThan(5_000);
    expect(Math.abs((await billing.store.now()).getTime() - Date.parse(target))).toBeLessThan(5_000);

    await fetch(clockUrl(), { method: 'PUT', body: JSON.stringify({ now: null }) });
    expect(await billing.store.clockOffset()).toBe(0);
    expect((await fetch(clockUrl(), { method: 'PUT', body: '{"now":"next tuesday"}' })).status).toBe(400);
  });
});

describe('the local 3-D Secure challenge (test card 4000 0000 0000 3220)', () => {
  const threeDSecureUrl = () => `${endpoint.url}${LOCAL_BILLING_PATHS.threeDSecure}`;
  const answer = (body: Record<string, unknown>) =>
    fetch(threeDSecureUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: WEB_ORIGIN },
      body: JSON.stringify(body),
    });
  const adapter = () => createLocalBilling({ planCodeSuffix: '_dev', store: billing.store });
  const subscribe = (accountCode: string, billingToken: string, threeDSecureActionResultTokenId?: string) =>
    adapter().createSubscription({
      accountCode,
      account: { email: 'ines@harborstaffing.com' },
      planCode: PROFESSIONAL,
      currency: 'EUR',
      billingToken,
      threeDSecureActionResultTokenId,
    });
  const challengeCardToken = async () => ((await (await tokenize({ ...CARD, number: '4000 0000 0000 3220' })).json()) as { id: string }).id;
  const actionTokenOf = async (purchase: Promise<unknown>) => {
    const failure = await purchase.then(
      () => undefined,
      (error: unknown) => error as { name: string; actionTokenId: string },
    );
    expect(failure).toMatchObject({ name: 'PaymentAuthenticationRequiredError', code: 'three_d_secure_required' });
    return failure!.actionTokenId;
  };

  it('asks for a challenge, and subscribes once the challenge is passed and the purchase repeated with its result', async () => {
    const token = await challengeCardToken();
    const actionTokenId = await actionTokenOf(subscribe('talentpilot-3ds-pass', token));
    expect(actionTokenId.length).toBeLessThanOrEqual(22);
    expect(await adapter().listAccountSubscriptions('talentpilot-3ds-pass')).toEqual([]);

    const passed = await answer({ actionTokenId, outcome: 'authenticate' });
    expect(passed.status).toBe(201);
    expect(passed.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    const { id: resultTokenId } = (await passed.json()) as { id: string };
    expect(resultTokenId.length).toBeLessThanOrEqual(22);

    const subscription = await subscribe('talentpilot-3ds-pass', token, resultTokenId);
    expect(subscription).toMatchObject({ state: 'active', planCode: PROFESSIONAL, currency: 'EUR' });
    // The challenge is answered once only.
    expect((await answer({ actionTokenId, outcome: 'fail' })).status).toBe(409);
  });

  it('refuses the purchase after a failed challenge, and a result token of another card', async () => {
    const token = await challengeCardToken();
    const actionTokenId = await actionTokenOf(subscribe('talentpilot-3ds-fail', token));
    const failed = await answer({ actionTokenId, outcome: 'fail' });
    expect(failed.status).toBe(422);
    expect(await failed.json()).toMatchObject({ code: 'three_d_secure_failed' });
    const forged = actionTokenId.replace(/^3dsa_/, '3dsr_');
    await expect(subscribe('talentpilot-3ds-fail', token, forged)).rejects.toMatchObject({ code: 'three_d_secure_failed' });

    const otherToken = await challengeCardToken();
    const otherAction = await actionTokenOf(subscribe('talentpilot-3ds-other', otherToken));
    const { id: otherResult } = (await (await answer({ actionTokenId: otherAction, outcome: 'authenticate' })).json()) as { id: string };
    await expect(subscribe('talentpilot-3ds-fail', token, otherResult)).rejects.toMatchObject({ code: 'three_d_secure_failed' });
    expect(await adapter().listAccountSubscriptions('talentpilot-3ds-fail')).toEqual([]);
  });

  it('asks for the challenge on a card update too, and replaces the card only after it is passed', async () => {
    const approved = ((await (await tokenize(CARD)).json()) as { id: string }).id;
    await subscribe('talentpilot-3ds-card', approved);
    const token = await challengeCardToken();
    const actionTokenId = await actionTokenOf(adapter().updateCardOnFile('talentpilot-3ds-card', token));
    expect(await adapter().getCardOnFile('talentpilot-3ds-card')).toMatchObject({ lastFour: '1111' });

    const { id: resultTokenId } = (await (await answer({ actionTokenId, outcome: 'authenticate' })).json()) as { id: string };
    await expect(
      adapter().updateCardOnFile('talentpilot-3ds-card', token, { threeDSecureActionResultTokenId: resultTokenId }),
    ).resolves.toMatchObject({
      lastFour: '3220',
    });
  });

  it('answers 404 for an unknown action token and 400 for a malformed answer', async () => {
    expect((await answer({ actionTokenId: '3dsa_unknown', outcome: 'authenticate' })).status).toBe(404);
    expect((await answer({ actionTokenId: '3dsa_unknown', outcome: 'maybe' })).status).toBe(400);
    expect((await answer({ outcome: 'authenticate' })).status).toBe(400);
  });
});
