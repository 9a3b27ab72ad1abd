import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { BillingUnavailableError, RateLimitedError } from '../../../../lambdas/shared/errors';
import type { RecurlyApiKeySource } from '../../../../lambdas/subscription/billing/recurly-api-key';
import { createRecurlyBilling } from '../../../../lambdas/subscription/billing/recurly-billing';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import { LocalRecurlyHttpAdapter, RECURLY_ACCEPT, RecurlyFakeServer, type FakePlanInput } from '../../support/recurly-fake-server';

const API_KEY = 'test-private-key-0123456789abcdef';

const usd = (unitAmount: number, setupFee: number) => ({ currency: 'USD', unitAmount, setupFee });

const STARTER: FakePlanInput = {
  code: 'starter_2weeksfree_monthly_onetimesetup_dev',
  name: 'Starter — two weeks free, monthly billing, one-time setup fee',
  description: 'For independent recruiters.',
  currencies: [usd(49, 99), { currency: 'EUR', unitAmount: 45, setupFee: 89 }],
};
const PROFESSIONAL: FakePlanInput = {
  code: 'professional_2weeksfree_monthly_onetimesetup_dev',
  name: 'Professional — two weeks free, monthly billing, one-time setup fee',
  currencies: [usd(149, 199)],
};
const ENTERPRISE: FakePlanInput = {
  code: 'enterprise_2weeksfree_monthly_onetimesetup_dev',
  name: 'Enterprise — two weeks free, monthly billing, one-time setup fee',
  currencies: [usd(399, 499)],
};

/** A key source that counts reads and forgets, like the Secrets Manager one. */
function keySource(key = API_KEY): RecurlyApiKeySource & { reads: number; forgotten: number } {
  return {
    reads: 0,
    forgotten: 0,
    async get() {
      this.reads += 1;
      return key;
    },
    forget() {
      this.forgotten += 1;
    },
  };
}

describe('Recurly billing adapter against a Recurly-like server', () => {
  let server: RecurlyFakeServer;
  let logs: CapturedLogs;

  beforeEach(async () => {
    server = await RecurlyFakeServer.start({ apiKey: API_KEY, plans: [STARTER, PROFESSIONAL, ENTERPRISE], pageSizeCap: 2 });
    logs = captureLogs();
  });

  afterEach(async () => {
    logs.restore();
    await server.close();
  });

  const billing = (apiKey: RecurlyApiKeySource = keySource(), timeout?: number) =>
    createRecurlyBilling({ apiKey, httpAdapter: server.httpAdapter({ timeout }) });

  it('lists every active plan across pages, mapped to the plan contract', async () => {
    const plans = await billing().listPlans();

    expect(plans).toEqual([
      {
        code: STARTER.code,
        name: STARTER.name,
        description: 'For independent recruiters.',
        currencies: [
          { currency: 'USD', unitAmount: 49, setupFee: 99 },
          { currency: 'EUR', unitAmount: 45, setupFee: 89 },
        ],
        trial: { length: 14, unit: 'days' },
        interval: { length: 1, unit: 'months' },
      },
      {
        code: PROFESSIONAL.code,
        name: PROFESSIONAL.name,
        currencies: [{ currency: 'USD', unitAmount: 149, setupFee: 199 }],
        trial: { length: 14, unit: 'days' },
        interval: { length: 1, unit: 'months' },
      },
      {
        code: ENTERPRISE.code,
        name: ENTERPRISE.name,
        currencies: [{ currency: 'USD', unitAmount: 399, setupFee: 499 }],
        trial: { length: 14, unit: 'days' },
        interval: { length: 1, unit: 'months' },
      },
    ]);
    // Two pages: the first asks for 200 active plans, the second follows `next` with the cursor.
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/plans', query: { limit: '200', state: 'active' } });
    expect(server.requests[1].query).toMatchObject({ limit: '200', state: 'active', cursor: expect.any(String) });
  });

  it('sends the API version and the key the way Recurly requires', async () => {
    await billing().listPlans();

    for (const request of server.requests) {
      expect(request.accept).toBe(RECURLY_ACCEPT);
      expect(request.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`);
    }
  });

  it('picks up a rotated key on the next call after Recurly rejects the old one', async () => {
    let current = 'the-old-key';
    const apiKey: RecurlyApiKeySource = {
      get: async () => current,
      forget: () => {
        current = API_KEY; // the secret was rotated; re-reading it gives the new key
      },
    };
    const adapter = billing(apiKey);

    await expect(adapter.listPlans()).rejects.toBeInstanceOf(BillingUnavailableError);
    await expect(adapter.listPlans()).resolves.toHaveLength(3);
  });

  it('answers an empty list when the site has no active plans', async () => {
    server.setPlans([{ ...STARTER, state: 'inactive' }]);

    await expect(billing().listPlans()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('maps trial and interval units other than the defaults', async () => {
    server.setPlans([{ ...STARTER, trialUnit: 'months', trialLength: 1, intervalUnit: 'days', intervalLength: 30 }]);

    const [plan] = await billing().listPlans();

    expect(plan.trial).toEqual({ length: 1, unit: 'months' });
    expect(plan.interval).toEqual({ length: 30, unit: 'days' });
  });

  it('takes the setup fee from the deprecated currencies[].setup_fee when setup_fees is absent', async () => {
    server.setPlans([{ ...PROFESSIONAL, topLevelSetupFees: false }]);

    const [plan] = await billing().listPlans();

    expect(plan.currencies).toEqual([{ currency: 'USD', unitAmount: 149, setupFee: 199 }]);
  });

  it('skips, and logs, a plan that does not fit the contract instead of failing the whole list', async () => {
    server.setPlans([{ ...ENTERPRISE, pricingModel: 'ramp' }, STARTER]);

    const plans = await billing().listPlans();

    expect(plans.map((plan) => plan.code)).toEqual([STARTER.code]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'Skipped a Recurly plan that does not fit the plan contract',
        planCode: ENTERPRISE.code,
      }),
    );
  });

  it('turns a rejected API key (401) into a non-retryable billing outage, logs it and forgets the key', async () => {
    const apiKey = keySource('a-revoked-key');

    const failure = await billing(apiKey)
      .listPlans()
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: false, code: 'billing_unavailable' });
    expect(apiKey.forgotten).toBe(1);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'Recurly rejected the API key', status: 401 }));
    expect(logs.text()).not.toContain('a-revoked-key');
  });

  it('treats a key without permission (403) like a rejected key', async () => {
    server.answerWith('forbidden');

    const failure = await billing()
      .listPlans()
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: false });
    expect(logs.lines).toContainEqual(expect.objectContaining({ message: 'Recurly rejected the API key', status: 403 }));
  });

  it('turns Recurly rate limiting (429) into a retryable RateLimitedError with the wait from X-RateLimit-Reset', async () => {
    server.answerWith('rate_limited');

    const failure = await billing()
      .listPlans()
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(RateLimitedError);
    const rateLimited = failure as RateLimitedError;
    expect(rateLimited.retryable).toBe(true);
    // The fake resets its window 42 s from now.
    expect(rateLimited.retryAfterSeconds).toBeGreaterThanOrEqual(40);
    expect(rateLimited.retryAfterSeconds).toBeLessThanOrEqual(43);
  });

  it.each([
    ['a JSON 500', 'server_error'],
    ['an HTML 503 from the edge', 'unavailable'],
  ] as const)('turns %s into a retryable billing outage', async (_label, scenario) => {
    server.answerWith(scenario);

    const failure = await billing()
      .listPlans()
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: true, code: 'billing_unavailable' });
  });

  it('fails the whole list, rather than answering half of it, when a later page fails', async () => {
    server.answerWith('server_error', { afterRequests: 1 });

    const failure = await billing()
      .listPlans()
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(server.requests).toHaveLength(2);
  });

  it('turns a time-out into a retryable billing outage', async () => {
    server.answerWith('hang');

    const failure = await billing(keySource(), 200)
      .listPlans()
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: true });
  });

  it('turns a refused connection into a retryable billing outage', async () => {
    const closedPort = await unusedPort();
    const adapter = createRecurlyBilling({
      apiKey: keySource(),
      httpAdapter: new LocalRecurlyHttpAdapter(`http://127.0.0.1:${closedPort}`, 1_000),
    });

    const failure = await adapter.listPlans().catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: true });
  });
});

/** A port nothing listens on: bound once, then released. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
