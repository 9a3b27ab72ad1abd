import { Client } from 'recurly';
import { BillingUnavailableError } from '../../../../lambdas/shared/errors';
import type { BillingPort, CreateSubscriptionInput } from '../../../../lambdas/subscription/billing/billing-port';
import type { RecurlyApiKeySource } from '../../../../lambdas/subscription/billing/recurly-api-key';
import { createRecurlyBilling, RECURLY_IDEMPOTENCY_KEY_HEADER } from '../../../../lambdas/subscription/billing/recurly-billing';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import { IDEMPOTENCY_WINDOW_MS, RECURLY_ACCEPT, RecurlyFakeServer, type FakePlanInput } from '../../support/recurly-fake-server';

/**
 * Idempotent writes (issue 20): the official client sends a request again after a connection
 * reset (DefaultHttpAdapter: once, on ECONNRESET, whatever the method), so a create whose answer
 * was lost would be applied twice. With an `Idempotency-Key` Recurly replays the first answer
 * (api.yaml, "Idempotent Requests"). The server here is a real HTTP server on 127.0.0.1 that
 * destroys the socket of the first create after applying it.
 */

const API_KEY = 'test-private-key-idempotency-0123';
const NOW = new Date('2026-05-04T08:00:00Z');
const STARTER: FakePlanInput = {
  code: 'starter_2weeksfree_monthly_onetimesetup_dev',
  name: 'Starter',
  currencies: [{ currency: 'USD', unitAmount: 49, setupFee: 99 }],
};
const PROFESSIONAL: FakePlanInput = {
  code: 'professional_2weeksfree_monthly_onetimesetup_dev',
  name: 'Professional',
  currencies: [{ currency: 'USD', unitAmount: 149, setupFee: 199 }],
};
const ACCOUNT_CODE = 'talentpilot-idem-0001';
const CREATE = { method: 'POST', path: /^\/subscriptions$/ } as const;

const apiKey: RecurlyApiKeySource = { get: async () => API_KEY, forget: () => undefined };

let server: RecurlyFakeServer;
let billing: BillingPort;
let logs: CapturedLogs;

beforeEach(async () => {
  server = await RecurlyFakeServer.start({ apiKey: API_KEY, plans: [STARTER, PROFESSIONAL] });
  server.site.now = () => NOW;
  billing = createRecurlyBilling({ apiKey, httpAdapter: server.httpAdapter() });
  logs = captureLogs();
});

afterEach(async () => {
  logs.restore();
  await server.close();
});

function subscribeInput(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    accountCode: ACCOUNT_CODE,
    account: { email: 'dana@harborstaffing.com', firstName: 'Dana', lastName: 'Reyes' },
    planCode: STARTER.code,
    currency: 'USD',
    ...overrides,
  };
}

const createRequests = () => server.requests.filter((request) => request.method === 'POST' && request.path === '/subscriptions');

describe('Recurly writes carry an Idempotency-Key', () => {
  it('ends with exactly one subscription when the connection of the create is reset after Recurly applied it', async () => {
    server.resetAfterApplying(CREATE);

    const subscription = await billing.createSubscription(
      subscribeInput({ billingToken: server.site.issueToken(), idempotencyKey: 'create-change-create-k1' }),
    );

    // The client sent the create twice; the second, with the same key, got the first answer.
    expect(createRequests().map((request) => request.idempotencyKey)).toEqual(['create-change-create-k1', 'create-change-create-k1']);
    expect([...server.site.subscriptions.keys()]).toEqual([subscription.id]);
    expect(subscription).toMatchObject({ planCode: STARTER.code, state: 'active', setupFee: 99 });
    expect(server.site.lineItems.filter((item) => item.origin === 'setup_fee')).toHaveLength(1);
  });

  it('(the control) ends with two subscriptions when the same reset hits a create without a key', async () => {
    server.site.addAccount({ code: ACCOUNT_CODE, email: null, firstName: null, lastName: null, company: null, withCard: true });
    server.resetAfterApplying(CREATE);
    const client = new Client(API_KEY, { httpAdapter: server.httpAdapter() });

    await client.createSubscription({ planCode: STARTER.code, currency: 'USD', account: { code: ACCOUNT_CODE } });

    expect(createRequests()).toHaveLength(2);
    expect(server.site.subscriptions.size).toBe(2);
  });

  it('applies a plan change once when its connection is reset, answering with the new plan', async () => {
    const created = await billing.createSubscription(subscribeInput({ billingToken: server.site.issueToken() }));
    server.resetAfterApplying({ method: 'POST', path: /\/change$/ });

    const changed = await billing.changeSubscriptionPlan(created.id, PROFESSIONAL.code, { idempotencyKey: 'create-change-change-k2' });

    expect(changed).toMatchObject({ id: created.id, planCode: PROFESSIONAL.code, unitAmount: 149 });
    const changes = server.requests.filter((request) => request.path.endsWith('/change'));
    expect(changes.map((request) => request.idempotencyKey)).toEqual(['create-change-change-k2', 'create-change-change-k2']);
  });

  it('replaces the card once when the connection of the billing info update is reset, keyed by account and token', async () => {
    server.site.addAccount({ code: ACCOUNT_CODE, email: null, firstName: null, lastName: null, company: null, withCard: true });
    server.resetAfterApplying({ method: 'PUT', path: /\/billing_info$/ });
    const token = server.site.issueToken();

    // Without the key the resend would meet a used token (422 invalid_token) after the card was replaced.
    await expect(billing.updateCardOnFile(ACCOUNT_CODE, token)).resolves.toMatchObject({ lastFour: '4242' });

    const updates = server.requests.filter((request) => request.path.endsWith('/billing_info'));
    expect(updates).toHaveLength(2);
    expect(updates[1].idempotencyKey).toBe(updates[0].idempotencyKey);
    expect(updates[0].idempotencyKey).toMatch(/^billing-info-[0-9a-f]{64}$/);
    await billing.updateCardOnFile(ACCOUNT_CODE, server.site.issueToken());
    expect(server.requests.at(-1)?.idempotencyKey).not.toBe(updates[0].idempotencyKey);
  });

  it('reports Recurly unavailable (retryable) while it still processes the same key (409)', async () => {
    server.answerWith('hang', { only: CREATE });
    const hung = createRecurlyBilling({ apiKey, httpAdapter: server.httpAdapter({ timeout: 200 }) });
    const input = subscribeInput({ billingToken: server.site.issueToken(), idempotencyKey: 'create-change-create-k3' });
    await expect(hung.createSubscription(input)).rejects.toBeInstanceOf(BillingUnavailableError);
    server.answerWith('plans');

    const failure = await billing.createSubscription(input).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: true });
    // The hung request (a time-out is not resent by the client), then the one that found it in flight.
    expect(createRequests().map((request) => request.idempotencyKey)).toEqual(Array(2).fill('create-change-create-k3'));
    expect(server.site.subscriptions.size).toBe(0);
  });

  it('sends no key when the caller has none', async () => {
    await billing.createSubscription(subscribeInput({ billingToken: server.site.issueToken() }));
    expect(createRequests().map((request) => request.idempotencyKey)).toEqual([undefined]);
  });
});

describe('the fake Recurly honours Idempotency-Key as api.yaml documents it', () => {
  const send = (method: string, path: string, key: string | undefined, body: unknown = {}, signal?: AbortSignal) =>
    fetch(`${server.url}${path}`, {
      method,
      signal,
      headers: {
        Accept: RECURLY_ACCEPT,
        Authorization: `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`,
        'Content-Type': 'application/json',
        ...(key === undefined ? {} : { [RECURLY_IDEMPOTENCY_KEY_HEADER]: key }),
      },
      body: JSON.stringify(body),
    });
  const SUBSCRIPTION = { plan_code: STARTER.code, currency: 'USD', account: { code: ACCOUNT_CODE } };
  const subscribe = (key: string | undefined) => send('POST', '/subscriptions', key, SUBSCRIPTION);

  beforeEach(() => {
    server.site.addAccount({ code: ACCOUNT_CODE, email: null, firstName: null, lastName: null, company: null, withCard: true });
  });

  it('replays the stored answer with Idempotency-Prior: true for the same key, method and path within the hour', async () => {
    const first = await subscribe('key-a');
    const again = await subscribe('key-a');

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-prior')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-prior')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(server.site.subscriptions.size).toBe(1);
  });

  it('applies the request again with another key, without a key, or after the hour', async () => {
    await subscribe('key-b');
    await subscribe('key-c');
    await subscribe(undefined);
    expect(server.site.subscriptions.size).toBe(3);

    server.site.now = () => new Date(NOW.getTime() + IDEMPOTENCY_WINDOW_MS);
    const later = await subscribe('key-b');
    expect(later.headers.get('idempotency-prior')).toBeNull();
    expect(server.site.subscriptions.size).toBe(4);
  });

  it('keeps keys apart by path: the same key on another operation is applied', async () => {
    const created = (await (await subscribe('key-d')).json()) as { id: string };
    const canceled = await send('PUT', `/subscriptions/${created.id}/cancel`, 'key-d', { timeframe: 'term_end' });
    expect(canceled.status).toBe(200);
    expect(((await canceled.json()) as { state: string }).state).toBe('canceled');
  });

  it('stores refusals too, but never a 429', async () => {
    const refused = await send('POST', '/subscriptions', 'key-e', { plan_code: 'gold', currency: 'USD', account: { code: ACCOUNT_CODE } });
    expect(refused.status).toBe(422);
    const replayed = await send('POST', '/subscriptions', 'key-e', {
      plan_code: STARTER.code,
      currency: 'USD',
      account: { code: ACCOUNT_CODE },
    });
    expect(replayed.status).toBe(422);
    expect(replayed.headers.get('idempotency-prior')).toBe('true');

    server.answerWith('rate_limited', { only: CREATE });
    expect((await subscribe('key-f')).status).toBe(429);
    server.answerWith('plans');
    const afterLimit = await subscribe('key-f');
    expect(afterLimit.status).toBe(201);
    expect(afterLimit.headers.get('idempotency-prior')).toBeNull();
  });

  it('answers 409 with Recurly-Should-Retry while the same key is in flight, and 400 for a key over 255 characters', async () => {
    server.answerWith('hang', { only: CREATE });
    const controller = new AbortController();
    const hanging = send('POST', '/subscriptions', 'key-g', SUBSCRIPTION, controller.signal).catch(() => undefined);
    await waitFor(() => createRequests().length === 1);
    server.answerWith('plans');

    const second = await subscribe('key-g');
    expect(second.status).toBe(409);
    expect(second.headers.get('recurly-should-retry')).toBe('true');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await second.json()) as { error: { type: string } }).error.type).toBe('simultaneous_request');
    controller.abort();
    await hanging;

    const long = await subscribe('k'.repeat(256));
    expect(long.status).toBe(400);
    expect((await subscribe('k'.repeat(255))).status).toBe(201);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition not met');
}
