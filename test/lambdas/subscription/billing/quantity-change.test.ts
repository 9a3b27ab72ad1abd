import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { documentClientFor } from '../../../../lambdas/shared/dynamodb/document-client';
import { ConflictError } from '../../../../lambdas/shared/errors';
import type { BillingPort } from '../../../../lambdas/subscription/billing/billing-port';
import { createLocalBilling } from '../../../../lambdas/subscription/billing/local-billing';
import { createLocalBillingStore, type LocalBillingStore } from '../../../../lambdas/subscription/billing/local-billing-store';
import { LOCAL_TEST_CARDS, tokenizeTestCard } from '../../../../lambdas/subscription/billing/local-test-cards';
import { prorateQuantityChange } from '../../../../lambdas/subscription/billing/quantity-proration';
import type { RecurlyApiKeySource } from '../../../../lambdas/subscription/billing/recurly-api-key';
import { createRecurlyBilling } from '../../../../lambdas/subscription/billing/recurly-billing';
import { ensureLocalBillingTable } from '../../../../local/billing/billing-table';
import { createLocalDynamoDbClient } from '../../../../local/dynamodb/client';
import { startDynalite, type RunningDynalite } from '../../../../local/dynamodb/dynalite';
import { RecurlyFakeServer, type FakePlanInput } from '../../support/recurly-fake-server';

/**
 * Seats are the subscription's quantity (issue 18): both billing adapters preview and make a
 * quantity change now, prorated as Recurly prorates it (quantity-proration.ts). The Recurly
 * adapter runs against the fake Recurly, whose exchanges are checked against api.yaml.
 */

const DAY = 86_400_000;
const START = new Date('2026-03-01T00:00:00Z');

describe('prorateQuantityChange', () => {
  const paidPeriod = {
    unitAmount: 30,
    trialStartedAt: '2026-01-01T00:00:00Z',
    trialEndsAt: '2026-01-15T00:00:00Z',
    currentPeriodStartedAt: '2026-03-01T00:00:00Z',
    currentPeriodEndsAt: '2026-03-31T00:00:00Z',
  };

  it('charges the added units for the part of the period ahead', () => {
    expect(prorateQuantityChange({ ...paidPeriod, fromQuantity: 3, toQuantity: 5, now: new Date('2026-03-11T00:00:00Z') })).toEqual({
      charge: 40, // 2 seats x 30 x 20/30 of the period
      credit: 0,
    });
  });

  it('credits the removed units for the part of the period ahead, rounded to the cent', () => {
    expect(prorateQuantityChange({ ...paidPeriod, fromQuantity: 5, toQuantity: 4, now: new Date('2026-03-21T00:00:00Z') })).toEqual({
      charge: 0,
      credit: 10,
    });
    expect(
      prorateQuantityChange({ ...paidPeriod, unitAmount: 49, fromQuantity: 1, toQuantity: 2, now: new Date('2026-03-02T00:00:00Z') }),
    ).toEqual({ charge: 47.37, credit: 0 });
  });

  it('charges and credits nothing during the free trial', () => {
    const inTrial = { ...paidPeriod, currentPeriodStartedAt: paidPeriod.trialStartedAt, currentPeriodEndsAt: paidPeriod.trialEndsAt };
    expect(prorateQuantityChange({ ...inTrial, fromQuantity: 1, toQuantity: 9, now: new Date('2026-01-05T00:00:00Z') })).toEqual({
      charge: 0,
      credit: 0,
    });
  });
});

describe('the Recurly adapter: quantity preview and change against the fake Recurly', () => {
  const API_KEY = 'test-private-key-seats-0123456789';
  const PLAN: FakePlanInput = {
    code: 'professional_2weeksfree_monthly_onetimesetup_dev',
    name: 'Professional',
    currencies: [{ currency: 'USD', unitAmount: 150, setupFee: 199 }],
  };
  const apiKey: RecurlyApiKeySource = { get: async () => API_KEY, forget: () => undefined };
  let server: RecurlyFakeServer;
  let billing: BillingPort;
  let now: Date;

  beforeEach(async () => {
    server = await RecurlyFakeServer.start({ apiKey: API_KEY, plans: [PLAN] });
    now = START;
    server.site.now = () => now;
    billing = createRecurlyBilling({ apiKey, httpAdapter: server.httpAdapter() });
  });

  afterEach(async () => {
    await server.close();
  });

  async function subscribedPastTrial() {
    const created = await billing.createSubscription({
      accountCode: 'talentpilot-seats-0001',
      account: { email: 'dana@harborstaffing.com' },
      planCode: PLAN.code,
      currency: 'USD',
      billingToken: server.site.issueToken(),
    });
    // The first paid period: 30 days from the trial's end (as the site would renew it).
    const stored = server.site.subscriptions.get(created.id)!;
    Object.assign(stored, {
      trialStartedAt: new Date(START.getTime() - 20 * DAY),
      trialEndsAt: new Date(START.getTime() - 6 * DAY),
      currentPeriodStartedAt: START,
      currentPeriodEndsAt: new Date(START.getTime() + 30 * DAY),
    });
    now = new Date(START.getTime() + 15 * DAY);
    return created;
  }

  it('previews adding seats: half the period ahead charges half a seat-month each, and changes nothing', async () => {
    const created = await subscribedPastTrial();

    const preview = await billing.previewQuantityChange(created.id, 3);

    expect(preview).toEqual({ quantity: 3, unitAmount: 150, chargedNow: 150, creditedNow: 0 });
    expect(server.site.subscriptions.get(created.id)!.quantity).toBe(1);
    expect(server.requests.some((request) => request.path.endsWith('/change/preview'))).toBe(true);
  });

  it('previews removing seats as a credit', async () => {
    const created = await subscribedPastTrial();
    await billing.changeSubscriptionQuantity(created.id, 5);

    await expect(billing.previewQuantityChange(created.id, 4)).resolves.toEqual({
      quantity: 4,
      unitAmount: 150,
      chargedNow: 0,
      creditedNow: 75,
    });
  });

  it('changes the quantity now with the Idempotency-Key, and charges what the preview said on a paid invoice', async () => {
    const created = await subscribedPastTrial();
    const invoicesBefore = server.site.invoices.length;

    const changed = await billing.changeSubscriptionQuantity(created.id, 3, { idempotencyKey: 'seats-k1' });

    expect(changed).toMatchObject({ id: created.id, quantity: 3, unitAmount: 150, planCode: PLAN.code });
    const change = server.requests.find((request) => request.method === 'POST' && request.path.endsWith('/change'));
    expect(change).toMatchObject({ idempotencyKey: 'seats-k1', body: { quantity: 3, timeframe: 'now' } });
    expect(server.site.invoices.slice(invoicesBefore).map((invoice) => invoice.total)).toEqual([150]);
  });

  it('answers the same quantity without a write', async () => {
    const created = await subscribedPastTrial();
    await expect(billing.changeSubscriptionQuantity(created.id, 1)).resolves.toMatchObject({ quantity: 1 });
    expect(server.requests.filter((request) => request.path.endsWith('/change'))).toEqual([]);
  });

  it('refuses to change an expired subscription', async () => {
    const created = await subscribedPastTrial();
    server.site.setSubscriptionState(created.id, 'expired');
    await expect(billing.changeSubscriptionQuantity(created.id, 2)).rejects.toBeInstanceOf(ConflictError);
    await expect(billing.previewQuantityChange(created.id, 2)).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('the local adapter: quantity preview and change', () => {
  let dynalite: RunningDynalite;
  let client: DynamoDBClient;
  let store: LocalBillingStore;
  let billing: BillingPort;
  let now: Date;

  beforeAll(async () => {
    dynalite = await startDynalite({ port: 0 });
    client = createLocalDynamoDbClient(dynalite.endpoint);
    await ensureLocalBillingTable(client, 'talentpilot-local-billing-seats');
  });

  afterAll(async () => {
    client.destroy();
    await dynalite.stop();
  });

  beforeEach(() => {
    now = START;
    store = createLocalBillingStore({ tableName: 'talentpilot-local-billing-seats', documentClient: documentClientFor(client) });
    billing = createLocalBilling({ planCodeSuffix: '_dev', store, clock: () => now });
  });

  async function subscribe(accountCode: string) {
    const tokenized = tokenizeTestCard(
      { number: LOCAL_TEST_CARDS.approved, month: '12', year: '2030', cvv: '123', firstName: 'Dana', lastName: 'Reyes' },
      now,
    );
    if (!('card' in tokenized)) throw new Error(tokenized.problems.message);
    const billingToken = (await store.createToken(tokenized.card, now)).id;
    return billing.createSubscription({
      accountCode,
      account: { email: 'dana@harborstaffing.com' },
      planCode: 'starter_2weeksfree_monthly_onetimesetup_dev',
      currency: 'USD',
      billingToken,
    });
  }

  it('during the trial: previews nothing due, then sets the quantity without a charge', async () => {
    const created = await subscribe('talentpilot-seats-local-1');

    await expect(billing.previewQuantityChange(created.id, 3)).resolves.toEqual({
      quantity: 3,
      unitAmount: 49,
      chargedNow: 0,
      creditedNow: 0,
    });
    const changed = await billing.changeSubscriptionQuantity(created.id, 3);

    expect(changed.quantity).toBe(3);
    expect((await billing.getSubscription(created.id)).quantity).toBe(3);
    expect((await billing.listInvoices('talentpilot-seats-local-1')).map((invoice) => invoice.total)).toEqual([99]);
  });

  it('in a paid period: charges the added seat for the rest of it on its own invoice', async () => {
    const created = await subscribe('talentpilot-seats-local-2');
    // Trial over, half-way through the first paid month (Mar 15 → Apr 15, 31 days).
    now = new Date(Date.parse(created.trialEndsAt!) + 15.5 * DAY);

    const preview = await billing.previewQuantityChange(created.id, 2);
    await billing.changeSubscriptionQuantity(created.id, 2);

    expect(preview.chargedNow).toBe(24.5);
    const invoices = await billing.listInvoices('talentpilot-seats-local-2');
    expect(invoices.map((invoice) => invoice.total)).toEqual([24.5, 99]);
  });
});
