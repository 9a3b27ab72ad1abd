import { isInTrial, SubscriptionViewSchema } from '../../../../lambdas/shared/contracts/subscriptions';
import {
  BillingUnavailableError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../../../lambdas/shared/errors';
import type { BillingPort, CreateSubscriptionInput } from '../../../../lambdas/subscription/billing/billing-port';
import type { RecurlyApiKeySource } from '../../../../lambdas/subscription/billing/recurly-api-key';
import { createRecurlyBilling } from '../../../../lambdas/subscription/billing/recurly-billing';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import { RecurlyFakeServer, type FakePlanInput } from '../../support/recurly-fake-server';

const API_KEY = 'test-private-key-0123456789abcdef';
const NOW = new Date('2025-03-10T09:30:00Z');
const DAY = 86_400_000;

const STARTER: FakePlanInput = {
  code: 'starter_2weeksfree_monthly_onetimesetup_dev',
  name: 'Starter — two weeks free, monthly billing, one-time setup fee',
  currencies: [
    { currency: 'USD', unitAmount: 49, setupFee: 99 },
    { currency: 'EUR', unitAmount: 45, setupFee: 89 },
  ],
};
const PROFESSIONAL: FakePlanInput = {
  code: 'professional_2weeksfree_monthly_onetimesetup_dev',
  name: 'Professional — two weeks free, monthly billing, one-time setup fee',
  currencies: [{ currency: 'USD', unitAmount: 149, setupFee: 199 }],
};

const ACCOUNT_CODE = 'talentpilot-8f14e45f-ceea-467f-a0e6-4b2c1d9e7a10';

const apiKey: RecurlyApiKeySource = { get: async () => API_KEY, forget: () => undefined };

function subscribeInput(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    accountCode: ACCOUNT_CODE,
    account: { email: 'dana@harborstaffing.com', firstName: 'Dana', lastName: 'Reyes', company: 'Harbor Staffing' },
    planCode: STARTER.code,
    currency: 'USD',
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('Recurly billing adapter: accounts and subscriptions against a Recurly-like server', () => {
  let server: RecurlyFakeServer;
  let billing: BillingPort;
  let logs: CapturedLogs;

  beforeEach(async () => {
    server = await RecurlyFakeServer.start({ apiKey: API_KEY, plans: [STARTER, PROFESSIONAL], pageSizeCap: 1 });
    server.site.now = () => NOW;
    billing = createRecurlyBilling({ apiKey, httpAdapter: server.httpAdapter() });
    logs = captureLogs();
  });

  afterEach(async () => {
    logs.restore();
    await server.close();
  });

  const subscribe = (overrides: Partial<CreateSubscriptionInput> = {}) =>
    billing.createSubscription(subscribeInput({ billingToken: server.site.issueToken(), ...overrides }));

  describe('createSubscription', () => {
    it('creates the account with the card token and starts a 14-day trial billed at its end, with the setup fee charged', async () => {
      const token = server.site.issueToken();

      const subscription = await billing.createSubscription(subscribeInput({ billingToken: token }));

      expect(SubscriptionViewSchema.parse(subscription)).toEqual(subscription);
      expect(subscription).toMatchObject({
        id: expect.stringMatching(/^[a-z0-9]{13}$/),
        uuid: expect.stringMatching(/^[0-9a-f]{32}$/),
        accountCode: ACCOUNT_CODE,
        planCode: STARTER.code,
        planName: STARTER.name,
        state: 'active',
        currency: 'USD',
        unitAmount: 49,
        quantity: 1,
        setupFee: 99,
        trialStartedAt: '2025-03-10T09:30:00.000Z',
        trialEndsAt: new Date(NOW.getTime() + 14 * DAY).toISOString(),
        currentPeriodStartedAt: '2025-03-10T09:30:00.000Z',
        currentPeriodEndsAt: new Date(NOW.getTime() + 14 * DAY).toISOString(),
        activatedAt: '2025-03-10T09:30:00.000Z',
        canceledAt: null,
        expiresAt: null,
      });
      expect(isInTrial(subscription, new Date(NOW.getTime() + DAY))).toBe(true);
      const create = server.writes()[0];
      expect(create).toMatchObject({
        method: 'POST',
        path: '/subscriptions',
        body: {
          plan_code: STARTER.code,
          currency: 'USD',
          account: {
            code: ACCOUNT_CODE,
            email: 'dana@harborstaffing.com',
            first_name: 'Dana',
            last_name: 'Reyes',
            company: 'Harbor Staffing',
            billing_info: { token_id: token },
          },
        },
      });
      await expect(billing.getAccount(ACCOUNT_CODE)).resolves.toMatchObject({
        code: ACCOUNT_CODE,
        email: 'dana@harborstaffing.com',
        hasBillingInfo: true,
        state: 'active',
      });
    });

    it.each([
      // NOW is 2025-03-10T09:30:00Z.
      ['a one-month trial', { trialUnit: 'months', trialLength: 1 }, '2025-04-10T09:30:00.000Z', '2025-04-10T09:30:00.000Z'],
      ['a 3-day trial', { trialUnit: 'days', trialLength: 3 }, '2025-03-13T09:30:00.000Z', '2025-03-13T09:30:00.000Z'],
      ['no trial, billed every 10 days', { trialLength: 0, intervalUnit: 'days', intervalLength: 10 }, null, '2025-03-20T09:30:00.000Z'],
      ['no trial, billed every 2 months', { trialLength: 0, intervalUnit: 'months', intervalLength: 2 }, null, '2025-05-10T09:30:00.000Z'],
    ] as const)('honours the plan units: %s', async (_label, units, trialEndsAt, currentPeriodEndsAt) => {
      server.setPlans([{ ...STARTER, ...units }]);

      const subscription = await subscribe();

      expect(subscription).toMatchObject({ trialEndsAt, currentPeriodEndsAt, currentPeriodStartedAt: NOW.toISOString() });
      // Without a trial the first period is charged at once, beside the setup fee.
      const charged = server.site.lineItems.map((item) => item.origin).sort();
      expect(charged).toEqual(trialEndsAt ? ['setup_fee'] : ['plan', 'setup_fee']);
    });

    it('buys seats as the quantity: each period bills unit amount × quantity, the setup fee is charged once', async () => {
      // Without a trial the first period is charged at once, so the invoice shows both rules.
      server.setPlans([{ ...STARTER, trialLength: 0 }]);

      const subscription = await subscribe({ quantity: 3 });

      expect(subscription).toMatchObject({ quantity: 3, unitAmount: 49, setupFee: 99 });
      expect(server.writes()[0]).toMatchObject({ path: '/subscriptions', body: { plan_code: STARTER.code, quantity: 3 } });
      const charged = server.site.lineItems.map(({ origin, unitAmount, quantity }) => ({ origin, unitAmount, quantity }));
      expect(charged).toEqual(
        expect.arrayContaining([
          { origin: 'setup_fee', unitAmount: 99, quantity: 1 },
          { origin: 'plan', unitAmount: 49, quantity: 3 },
        ]),
      );
      const [invoice] = await billing.listInvoices(ACCOUNT_CODE);
      expect(invoice.total).toBe(99 + 3 * 49);
      expect(server.schemaViolations).toEqual([]);
    });

    it('sends no quantity for one seat (Recurly defaults to 1)', async () => {
      const subscription = await subscribe({ quantity: 1 });

      expect(subscription.quantity).toBe(1);
      expect(server.writes()[0].body).not.toHaveProperty('quantity');
    });

    it('reads the account first, and sends no card for an account that has one on file', async () => {
      server.site.addAccount({
        code: ACCOUNT_CODE,
        email: 'dana@harborstaffing.com',
        firstName: 'Dana',
        lastName: 'Reyes',
        company: null,
        withCard: true,
      });

      const subscription = await billing.createSubscription(subscribeInput({ planCode: PROFESSIONAL.code }));

      expect(subscription.planCode).toBe(PROFESSIONAL.code);
      expect(server.requests[0]).toMatchObject({ method: 'GET', path: `/accounts/code-${ACCOUNT_CODE}` });
      expect(server.writes()[0].body).toEqual({ plan_code: PROFESSIONAL.code, currency: 'USD', account: { code: ACCOUNT_CODE } });
    });

    it('asks for a card, without creating anything, when the account has none and no token came', async () => {
      const failure = await failureOf(billing.createSubscription(subscribeInput()));

      expect(failure).toBeInstanceOf(ValidationError);
      expect(failure).toMatchObject({ code: 'billing_info_required', fields: { billingToken: expect.any(String) } });
      expect(server.writes()).toEqual([]);
    });

    it("turns a declined card into 'Your card was declined.' and creates neither account nor subscription", async () => {
      const failure = await failureOf(subscribe({ billingToken: server.site.issueToken('declined') }));

      expect(failure).toBeInstanceOf(ValidationError);
      expect(failure).toMatchObject({ code: 'card_declined', fields: { billingToken: expect.any(String) } });
      expect((failure as Error).message).toMatch(/^Your card was declined\./);
      expect(server.site.accounts.size).toBe(0);
      expect(server.site.subscriptions.size).toBe(0);
      expect(logs.lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          message: 'Recurly refused the request',
          recurlyErrorType: 'transaction',
          declineCode: 'generic_decline',
        }),
      );
    });

    it('refuses an unknown or already used token as invalid card details', async () => {
      const token = server.site.issueToken();
      await billing.createSubscription(subscribeInput({ billingToken: token, accountCode: 'talentpilot-first-user' }));

      for (const billingToken of [token, 'not-a-token']) {
        const failure = await failureOf(billing.createSubscription(subscribeInput({ billingToken })));
        expect(failure).toBeInstanceOf(ValidationError);
        expect(failure).toMatchObject({ code: 'invalid_billing_token', fields: { billingToken: expect.any(String) } });
      }
      expect(logs.text()).not.toContain(token);
    });

    it.each([
      ['an unknown plan', { planCode: 'platinum_2weeksfree_monthly_onetimesetup_dev' }, 'planCode'],
      ['a currency the plan is not sold in', { currency: 'GBP' }, 'currency'],
    ])('refuses %s with a validation error on that field', async (_label, overrides, field) => {
      const failure = await failureOf(subscribe(overrides));

      expect(failure).toBeInstanceOf(ValidationError);
      expect((failure as ValidationError).fields).toHaveProperty(field);
      expect(server.site.subscriptions.size).toBe(0);
    });

    it('refuses an account code longer than Recurly allows before calling it', async () => {
      const failure = await failureOf(subscribe({ accountCode: `talentpilot-${'x'.repeat(40)}` }));

      expect(failure).toBeInstanceOf(ValidationError);
      expect(failure).toMatchObject({ fields: { accountCode: expect.any(String) } });
      expect(server.requests).toEqual([]);
    });

    it('turns Recurly rate limiting during the purchase into a RateLimitedError', async () => {
      server.answerWith('rate_limited', { only: { method: 'POST' } });

      await expect(subscribe()).rejects.toBeInstanceOf(RateLimitedError);
    });
  });

  describe('reading', () => {
    it('lists the account’s subscriptions newest first across pages, each with the setup fee it was charged', async () => {
      const first = await subscribe();
      server.site.now = () => new Date(NOW.getTime() + 60_000);
      const second = await billing.createSubscription(subscribeInput({ planCode: PROFESSIONAL.code }));
      server.requests.length = 0;

      const subscriptions = await billing.listAccountSubscriptions(ACCOUNT_CODE);

      expect(subscriptions.map((subscription) => [subscription.id, subscription.setupFee])).toEqual([
        [second.id, 199],
        [first.id, 99],
      ]);
      expect(server.requests[0]).toMatchObject({
        path: `/accounts/code-${ACCOUNT_CODE}/subscriptions`,
        query: { limit: '200', sort: 'created_at', order: 'desc' },
      });
      // pageSizeCap 1: two pages of subscriptions, then the line items (two pages).
      expect(server.requests.map((request) => request.path)).toEqual([
        `/accounts/code-${ACCOUNT_CODE}/subscriptions`,
        `/accounts/code-${ACCOUNT_CODE}/subscriptions`,
        `/accounts/code-${ACCOUNT_CODE}/line_items`,
        `/accounts/code-${ACCOUNT_CODE}/line_items`,
      ]);
    });

    it('answers no subscriptions and no account for an account Recurly does not know', async () => {
      await expect(billing.listAccountSubscriptions('talentpilot-nobody')).resolves.toEqual([]);
      await expect(billing.getAccount('talentpilot-nobody')).resolves.toBeUndefined();
    });

    it('fetches one subscription by id or by uuid, and says NotFound for an unknown one', async () => {
      const created = await subscribe();

      await expect(billing.getSubscription(created.id)).resolves.toEqual(created);
      await expect(billing.getSubscription(created.uuid)).resolves.toEqual(created);
      expect(server.requests.at(-2)?.path).toBe(`/subscriptions/uuid-${created.uuid}`);
      await expect(billing.getSubscription('zzzzzzzzzzzzz')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('treats a server failure while reading as a retryable outage', async () => {
      server.answerWith('server_error');

      await expect(billing.getAccount(ACCOUNT_CODE)).rejects.toMatchObject({ name: 'BillingUnavailableError', retryable: true });
    });
  });

  describe('changeSubscriptionPlan', () => {
    it('moves the subscription to the new plan now, keeping the trial, the period and the setup fee paid', async () => {
      const created = await subscribe();

      const changed = await billing.changeSubscriptionPlan(created.id, PROFESSIONAL.code);

      expect(changed).toMatchObject({
        id: created.id,
        planCode: PROFESSIONAL.code,
        planName: PROFESSIONAL.name,
        unitAmount: 149,
        setupFee: 99,
        state: 'active',
      });
      expect(changed.trialEndsAt).toBe(created.trialEndsAt);
      expect(changed.currentPeriodEndsAt).toBe(created.currentPeriodEndsAt);
      expect(server.writes().at(-1)).toMatchObject({
        method: 'POST',
        path: `/subscriptions/${created.id}/change`,
        body: { plan_code: PROFESSIONAL.code, timeframe: 'now' },
      });
    });

    it('changes nothing when the subscription is already on that plan', async () => {
      const created = await subscribe();

      await expect(billing.changeSubscriptionPlan(created.id, STARTER.code)).resolves.toEqual(created);
      expect(server.writes()).toHaveLength(1);
    });

    it('refuses to change an expired subscription (ConflictError) without asking Recurly to', async () => {
      const created = await subscribe();
      server.site.setSubscriptionState(created.id, 'expired');

      const failure = await failureOf(billing.changeSubscriptionPlan(created.id, PROFESSIONAL.code));

      expect(failure).toBeInstanceOf(ConflictError);
      expect(failure).toMatchObject({ code: 'subscription_not_changeable' });
      expect(server.writes()).toHaveLength(1);
    });

    it('says NotFound for an unknown subscription and ValidationError for an unknown plan', async () => {
      const created = await subscribe();

      await expect(billing.changeSubscriptionPlan('zzzzzzzzzzzzz', PROFESSIONAL.code)).rejects.toBeInstanceOf(NotFoundError);
      const failure = await failureOf(billing.changeSubscriptionPlan(created.id, 'platinum_plan'));
      expect(failure).toBeInstanceOf(ValidationError);
      expect((failure as ValidationError).fields).toHaveProperty('planCode');
    });
  });

  describe('cancelSubscription and reactivateSubscription', () => {
    it('cancels at the end of the term: canceled now, access until the period ends', async () => {
      const created = await subscribe();
      server.site.now = () => new Date(NOW.getTime() + 3 * DAY);

      const canceled = await billing.cancelSubscription(created.id);

      expect(canceled).toMatchObject({
        state: 'canceled',
        canceledAt: new Date(NOW.getTime() + 3 * DAY).toISOString(),
        expiresAt: created.currentPeriodEndsAt,
        setupFee: 99,
      });
      expect(server.writes().at(-1)).toMatchObject({
        method: 'PUT',
        path: `/subscriptions/${created.id}/cancel`,
        body: { timeframe: 'term_end' },
      });
    });

    it('reactivates a canceled subscription: active again, cancellation cleared', async () => {
      const created = await subscribe();
      await billing.cancelSubscription(created.id);

      const reactivated = await billing.reactivateSubscription(created.id);

      expect(reactivated).toMatchObject({
        state: 'active',
        canceledAt: null,
        expiresAt: null,
        currentPeriodEndsAt: created.currentPeriodEndsAt,
      });
      expect(server.writes().at(-1)).toMatchObject({ method: 'PUT', path: `/subscriptions/${created.id}/reactivate` });
    });

    it('answers a repeated cancel or reactivate (a retry) with the subscription as it is', async () => {
      const created = await subscribe();

      const canceled = await billing.cancelSubscription(created.id);
      await expect(billing.cancelSubscription(created.id)).resolves.toEqual(canceled);
      const reactivated = await billing.reactivateSubscription(created.id);
      await expect(billing.reactivateSubscription(created.id)).resolves.toEqual(reactivated);
    });

    it('refuses to reactivate or cancel an expired subscription with a ConflictError', async () => {
      const created = await subscribe();
      await billing.cancelSubscription(created.id);
      server.site.setSubscriptionState(created.id, 'expired');

      const reactivation = await failureOf(billing.reactivateSubscription(created.id));
      const cancellation = await failureOf(billing.cancelSubscription(created.id));

      expect(reactivation).toBeInstanceOf(ConflictError);
      expect(reactivation).toMatchObject({
        code: 'subscription_not_reactivatable',
        message: expect.stringContaining('cannot be reactivated'),
      });
      expect(cancellation).toBeInstanceOf(ConflictError);
      expect(cancellation).toMatchObject({ code: 'subscription_not_cancelable' });
    });

    it('makes a canceled future subscription failed, as Recurly documents', async () => {
      const created = await subscribe();
      server.site.setSubscriptionState(created.id, 'future');

      await expect(billing.cancelSubscription(created.id)).resolves.toMatchObject({ state: 'failed' });
    });

    it('says NotFound for an unknown subscription', async () => {
      await expect(billing.cancelSubscription('zzzzzzzzzzzzz')).rejects.toBeInstanceOf(NotFoundError);
      await expect(billing.reactivateSubscription('zzzzzzzzzzzzz')).rejects.toBeInstanceOf(NotFoundError);
    });

    it.each([
      ['a JSON 500', 'server_error', true],
      ['an HTML 503', 'unavailable', true],
      ['a rejected key', 'unauthorized', false],
    ] as const)('turns %s during a cancel into a billing outage', async (_label, scenario, retryable) => {
      const created = await subscribe();
      server.answerWith(scenario, { only: { method: 'PUT' } });

      const failure = await failureOf(billing.cancelSubscription(created.id));

      expect(failure).toBeInstanceOf(BillingUnavailableError);
      expect(failure).toMatchObject({ retryable });
    });
  });
});
