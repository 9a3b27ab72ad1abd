import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { documentClientFor } from '../../../../lambdas/shared/dynamodb/document-client';
import { isInTrial, SubscriptionViewSchema, type SubscriptionView } from '../../../../lambdas/shared/contracts/subscriptions';
import { BillingUnavailableError, ConflictError, NotFoundError, ValidationError } from '../../../../lambdas/shared/errors';
import type { BillingPort, CreateSubscriptionInput } from '../../../../lambdas/subscription/billing/billing-port';
import { createLocalBilling } from '../../../../lambdas/subscription/billing/local-billing';
import {
  createLocalBillingStore,
  TOKEN_LIFETIME_MS,
  type LocalBillingStore,
} from '../../../../lambdas/subscription/billing/local-billing-store';
import { LOCAL_TEST_CARDS, tokenizeTestCard, type TokenizedCard } from '../../../../lambdas/subscription/billing/local-test-cards';
import { ensureLocalBillingTable } from '../../../../local/billing/billing-table';
import { startMemoryDynamoDbInProcess, type MemoryDynamoDb } from '../../support/memory-dynamodb';

/**
 * The local billing adapter against dynalite (the local runtime's DynamoDB): the same semantics
 * as Recurly, with the clock moved by the test.
 */

const DAY = 86_400_000;
const START = new Date('2025-01-31T10:00:00.000Z');
const STARTER = 'starter_2weeksfree_monthly_onetimesetup_dev';
const PROFESSIONAL = 'professional_2weeksfree_monthly_onetimesetup_dev';
const ACCOUNT = 'talentpilot-3b8e2c1a-5d7f-4e9a-8c6b-0f1e2d3c4b5a';

let dynalite: MemoryDynamoDb;
let client: DynamoDBClient;
let tableCount = 0;

beforeAll(async () => {
  dynalite = await startMemoryDynamoDbInProcess();
  client = dynalite.client;
});

afterAll(async () => {
  await dynalite.stop();
});

let store: LocalBillingStore;
let billing: BillingPort;
let now: Date;

const at = (days: number, hours = 0) => new Date(START.getTime() + days * DAY + hours * 3_600_000);

beforeEach(async () => {
  tableCount += 1;
  const tableName = `talentpilot-local-billing-${tableCount}`;
  await ensureLocalBillingTable(client, tableName);
  store = createLocalBillingStore({
    tableName,
    documentClient: documentClientFor(client),
  });
  now = START;
  billing = createLocalBilling({ planCodeSuffix: '_dev', store, clock: () => now });
});

function card(number: string = LOCAL_TEST_CARDS.approved): TokenizedCard {
  const result = tokenizeTestCard({ number, month: '12', year: '2030', cvv: '123', firstName: 'Dana', lastName: 'Reyes' }, now);
  if (!('card' in result)) throw new Error(result.problems.message);
  return result.card;
}

async function token(number?: string): Promise<string> {
  return (await store.createToken(card(number), now)).id;
}

function input(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    accountCode: ACCOUNT,
    account: { email: 'dana@harborstaffing.com', firstName: 'Dana', lastName: 'Reyes', company: 'Harbor Staffing' },
    planCode: STARTER,
    currency: 'USD',
    ...overrides,
  };
}

async function subscribe(overrides: Partial<CreateSubscriptionInput> = {}): Promise<SubscriptionView> {
  return billing.createSubscription(input({ billingToken: await token(), ...overrides }));
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('local billing: subscribing', () => {
  it('creates the account with the card and starts a 14-day trial, first bill at the trial end, setup fee charged now', async () => {
    const billingToken = await token();

    const subscription = await billing.createSubscription(input({ billingToken }));

    expect(SubscriptionViewSchema.parse(subscription)).toEqual(subscription);
    expect(subscription).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{13}$/),
      uuid: expect.stringMatching(/^[0-9a-f]{32}$/),
      accountCode: ACCOUNT,
      planCode: STARTER,
      planName: 'Starter — two weeks free, monthly billing, one-time setup fee',
      state: 'active',
      currency: 'USD',
      unitAmount: 49,
      quantity: 1,
      setupFee: 99,
      trialStartedAt: START.toISOString(),
      trialEndsAt: at(14).toISOString(),
      currentPeriodStartedAt: START.toISOString(),
      currentPeriodEndsAt: at(14).toISOString(),
      activatedAt: START.toISOString(),
      canceledAt: null,
      expiresAt: null,
      createdAt: START.toISOString(),
      updatedAt: START.toISOString(),
    });
    expect(isInTrial(subscription, at(1))).toBe(true);
    await expect(billing.getAccount(ACCOUNT)).resolves.toEqual({
      code: ACCOUNT,
      email: 'dana@harborstaffing.com',
      firstName: 'Dana',
      lastName: 'Reyes',
      company: 'Harbor Staffing',
      state: 'active',
      hasBillingInfo: true,
      createdAt: START.toISOString(),
    });
    expect((await store.getAccount(ACCOUNT))?.billingInfo).toEqual({
      brand: 'visa',
      lastFour: '1111',
      expMonth: 12,
      expYear: 2030,
      firstName: 'Dana',
      lastName: 'Reyes',
    });
    expect(await store.listCharges(ACCOUNT)).toEqual([
      expect.objectContaining({
        kind: 'setup_fee',
        subscriptionId: subscription.id,
        planCode: STARTER,
        currency: 'USD',
        amount: 99,
        createdAt: START.toISOString(),
      }),
    ]);
    expect((await store.getToken(billingToken))?.usedAt).toBe(START.toISOString());
  });

  it('charges the setup fee of the chosen currency', async () => {
    const subscription = await subscribe({ currency: 'EUR', planCode: PROFESSIONAL });

    expect(subscription).toMatchObject({ currency: 'EUR', unitAmount: 139, setupFee: 179 });
  });

  it('creates the account once: a second subscription uses the card on file and needs no token', async () => {
    await subscribe();
    now = at(0, 1);

    const second = await billing.createSubscription(input({ planCode: PROFESSIONAL }));

    expect(second.planCode).toBe(PROFESSIONAL);
    expect((await billing.getAccount(ACCOUNT))?.createdAt).toBe(START.toISOString());
    expect((await billing.listAccountSubscriptions(ACCOUNT)).map((subscription) => subscription.planCode)).toEqual([PROFESSIONAL, STARTER]);
  });

  it('ignores, and leaves unused, a token sent for an account that already has a card', async () => {
    await subscribe();
    const unused = await token();

    await billing.createSubscription(input({ billingToken: unused, planCode: PROFESSIONAL }));

    expect((await store.getToken(unused))?.usedAt).toBeNull();
  });

  it('declines the declining test card with its message and creates nothing', async () => {
    const failure = await failureOf(billing.createSubscription(input({ billingToken: await token(LOCAL_TEST_CARDS.declined) })));

    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure).toMatchObject({
      message: 'Your card was declined. Please use a different card or contact your bank.',
      code: 'card_declined',
      fields: { billingToken: 'Your card was declined. Please use a different card or contact your bank.' },
    });
    await expect(billing.getAccount(ACCOUNT)).resolves.toBeUndefined();
    await expect(billing.listAccountSubscriptions(ACCOUNT)).resolves.toEqual([]);
  });

  it('refuses a token that is unknown, already used or expired', async () => {
    const used = await token();
    await billing.createSubscription(input({ billingToken: used, accountCode: 'talentpilot-someone-else' }));
    const expiring = await token();

    for (const billingToken of [used, 'tok_local_doesnotexist']) {
      const failure = await failureOf(billing.createSubscription(input({ billingToken })));
      expect(failure).toMatchObject({ name: 'ValidationError', code: 'invalid_billing_token' });
    }
    now = new Date(now.getTime() + TOKEN_LIFETIME_MS);
    await expect(billing.createSubscription(input({ billingToken: expiring }))).rejects.toMatchObject({ code: 'invalid_billing_token' });
  });

  it('asks for a card when a new account comes without a token', async () => {
    await expect(billing.createSubscription(input())).rejects.toMatchObject({ name: 'ValidationError', code: 'billing_info_required' });
  });

  it.each([
    ['an unknown plan', { planCode: 'platinum_2weeksfree_monthly_onetimesetup_dev' }, 'planCode'],
    ['a plan of another stage', { planCode: 'starter_2weeksfree_monthly_onetimesetup' }, 'planCode'],
    ['a currency the plan is not sold in', { currency: 'JPY' }, 'currency'],
    ['an account code longer than 50 characters', { accountCode: `talentpilot-${'a'.repeat(39)}` }, 'accountCode'],
  ])('refuses %s, leaving the token unused', async (_label, overrides, field) => {
    const billingToken = await token();

    const failure = await failureOf(billing.createSubscription(input({ billingToken, ...overrides })));

    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).fields).toHaveProperty(field);
    expect((await store.getToken(billingToken))?.usedAt).toBeNull();
  });

  it('lets only one of several concurrent purchases spend the same token', async () => {
    const billingToken = await token();

    const results = await Promise.allSettled(Array.from({ length: 5 }, () => billing.createSubscription(input({ billingToken }))));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.code)).toEqual(
      Array(4).fill('invalid_billing_token'),
    );
    await expect(billing.listAccountSubscriptions(ACCOUNT)).resolves.toHaveLength(1);
  });
});

describe('local billing: reading', () => {
  it('finds a subscription by id, by uuid and by uuid-<uuid>, and says NotFound otherwise', async () => {
    const created = await subscribe();

    await expect(billing.getSubscription(created.id)).resolves.toEqual(created);
    await expect(billing.getSubscription(created.uuid)).resolves.toEqual(created);
    await expect(billing.getSubscription(`uuid-${created.uuid}`)).resolves.toEqual(created);
    await expect(billing.getSubscription('zzzzzzzzzzzzz')).rejects.toBeInstanceOf(NotFoundError);
    await expect(billing.getSubscription('0'.repeat(32))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers no account and no subscriptions for an unknown account code', async () => {
    await expect(billing.getAccount('talentpilot-nobody')).resolves.toBeUndefined();
    await expect(billing.listAccountSubscriptions('talentpilot-nobody')).resolves.toEqual([]);
  });

  it('renews monthly once the trial is over, counted from the first bill, computed when read', async () => {
    const created = await subscribe();

    now = at(14);
    const firstBill = await billing.getSubscription(created.id);
    expect(firstBill).toMatchObject({
      state: 'active',
      currentPeriodStartedAt: at(14).toISOString(),
      currentPeriodEndsAt: '2025-03-14T10:00:00.000Z',
      updatedAt: at(14).toISOString(),
    });
    expect(isInTrial(firstBill, now)).toBe(false);
    expect(firstBill.trialEndsAt).toBe(created.trialEndsAt);

    now = new Date('2025-05-20T00:00:00.000Z');
    await expect(billing.getSubscription(created.id)).resolves.toMatchObject({
      currentPeriodStartedAt: '2025-05-14T10:00:00.000Z',
      currentPeriodEndsAt: '2025-06-14T10:00:00.000Z',
      updatedAt: '2025-05-14T10:00:00.000Z',
    });
  });

  it('keeps states that no local operation reaches (paused, failed) as set, without renewing them', async () => {
    const created = await subscribe();
    await store.setSubscriptionState(created.id, 'paused');
    now = at(60);

    await expect(billing.getSubscription(created.id)).resolves.toMatchObject({
      state: 'paused',
      currentPeriodEndsAt: created.currentPeriodEndsAt,
    });
  });

  it('serves the plans without storage, and says billing is unavailable for the rest', async () => {
    const plansOnly = createLocalBilling({ planCodeSuffix: '_dev' });

    await expect(plansOnly.listPlans()).resolves.toHaveLength(3);
    await expect(plansOnly.getAccount(ACCOUNT)).rejects.toMatchObject({ name: 'BillingUnavailableError', retryable: false });
    await expect(plansOnly.createSubscription(input())).rejects.toBeInstanceOf(BillingUnavailableError);
  });
});

describe('local billing: changing, canceling and reactivating', () => {
  it('changes the plan now, keeping trial, period and the setup fee that was charged', async () => {
    const created = await subscribe();
    now = at(3);

    const changed = await billing.changeSubscriptionPlan(created.id, PROFESSIONAL);

    expect(changed).toEqual({
      ...created,
      planCode: PROFESSIONAL,
      planName: 'Professional — two weeks free, monthly billing, one-time setup fee',
      unitAmount: 149,
      updatedAt: at(3).toISOString(),
    });
    await expect(billing.getSubscription(created.id)).resolves.toEqual(changed);
    expect(await store.listCharges(ACCOUNT)).toHaveLength(1);
  });

  it('changes nothing when the subscription is already on the plan', async () => {
    const created = await subscribe();
    now = at(3);

    await expect(billing.changeSubscriptionPlan(created.id, STARTER)).resolves.toEqual(created);
  });

  it('refuses an unknown plan, an unknown subscription and an ended subscription', async () => {
    const created = await subscribe();

    await expect(billing.changeSubscriptionPlan(created.id, 'platinum')).rejects.toMatchObject({
      name: 'ValidationError',
      fields: { planCode: expect.any(String) },
    });
    await expect(billing.changeSubscriptionPlan('zzzzzzzzzzzzz', PROFESSIONAL)).rejects.toBeInstanceOf(NotFoundError);
    await store.setSubscriptionState(created.id, 'failed');
    await expect(billing.changeSubscriptionPlan(created.id, PROFESSIONAL)).rejects.toMatchObject({
      name: 'ConflictError',
      code: 'subscription_not_changeable',
    });
  });

  it('cancels at the end of the period: canceled now, expires when the period ends, no renewal', async () => {
    const created = await subscribe();
    now = at(5);

    const canceled = await billing.cancelSubscription(created.id);

    expect(canceled).toMatchObject({
      state: 'canceled',
      canceledAt: at(5).toISOString(),
      expiresAt: created.currentPeriodEndsAt,
      currentPeriodEndsAt: created.currentPeriodEndsAt,
    });
    await expect(billing.cancelSubscription(created.id)).resolves.toEqual(canceled);

    now = at(14);
    await expect(billing.getSubscription(created.id)).resolves.toMatchObject({
      state: 'expired',
      expiresAt: created.currentPeriodEndsAt,
      updatedAt: at(14).toISOString(),
    });
  });

  it('reactivates a canceled subscription before it expires, and it renews again', async () => {
    const created = await subscribe();
    now = at(5);
    await billing.cancelSubscription(created.id);
    now = at(6);

    const reactivated = await billing.reactivateSubscription(created.id);

    expect(reactivated).toMatchObject({ state: 'active', canceledAt: null, expiresAt: null, updatedAt: at(6).toISOString() });
    await expect(billing.reactivateSubscription(created.id)).resolves.toEqual(reactivated);
    now = at(15);
    await expect(billing.getSubscription(created.id)).resolves.toMatchObject({
      state: 'active',
      currentPeriodStartedAt: at(14).toISOString(),
    });
  });

  it('refuses to reactivate an expired subscription, or to cancel an ended one', async () => {
    const created = await subscribe();
    await billing.cancelSubscription(created.id);
    now = at(20);

    const reactivation = await failureOf(billing.reactivateSubscription(created.id));
    const cancellation = await failureOf(billing.cancelSubscription(created.id));

    expect(reactivation).toBeInstanceOf(ConflictError);
    expect(reactivation).toMatchObject({
      code: 'subscription_not_reactivatable',
      message: 'This subscription has ended and cannot be reactivated. Please subscribe again.',
    });
    expect(cancellation).toMatchObject({ name: 'ConflictError', code: 'subscription_not_cancelable' });
  });

  it('makes a canceled future subscription failed, as Recurly does', async () => {
    const created = await subscribe();
    await store.setSubscriptionState(created.id, 'future');

    await expect(billing.cancelSubscription(created.id)).resolves.toMatchObject({ state: 'failed' });
    await expect(billing.reactivateSubscription(created.id)).rejects.toBeInstanceOf(ConflictError);
  });

  it('applies concurrent changes one after the other, losing none', async () => {
    const created = await subscribe();
    now = at(2);

    await Promise.all([billing.cancelSubscription(created.id), billing.changeSubscriptionPlan(created.id, PROFESSIONAL)]);

    await expect(billing.getSubscription(created.id)).resolves.toMatchObject({ state: 'canceled', planCode: PROFESSIONAL });
  });

  it('says NotFound when canceling or reactivating an unknown subscription', async () => {
    await expect(billing.cancelSubscription('zzzzzzzzzzzzz')).rejects.toBeInstanceOf(NotFoundError);
    await expect(billing.reactivateSubscription('zzzzzzzzzzzzz')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('card on file and invoices (the stand-in for Recurly billing info and invoices)', () => {
  const OTHER = 'talentpilot-9d0c1b2a-3e4f-4a5b-8c7d-6e5f4a3b2c1d';

  it('numbers invoices site-wide and lists each account its own, newest first', async () => {
    await subscribe();
    await subscribe({ accountCode: OTHER, billingToken: await token() });
    now = at(1);
    await subscribe({ planCode: PROFESSIONAL });

    const invoices = await billing.listInvoices(ACCOUNT);

    expect(invoices.map(({ number, total, state }) => ({ number, total, state }))).toEqual([
      { number: '1003', total: 199, state: 'paid' },
      { number: '1001', total: 99, state: 'paid' },
    ]);
    expect((await billing.listInvoices(OTHER)).map((invoice) => invoice.number)).toEqual(['1002']);
    expect(await billing.listInvoices('talentpilot-nobody')).toEqual([]);
  });

  it("writes a PDF of the account's own invoice, and none of another account's", async () => {
    await subscribe();
    await subscribe({ accountCode: OTHER, billingToken: await token() });
    const [own] = await billing.listInvoices(ACCOUNT);
    const [theirs] = await billing.listInvoices(OTHER);

    const pdf = Buffer.from(await billing.getInvoicePdf(ACCOUNT, own.id)).toString('latin1');

    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Billed to: Harbor Staffing, Dana Reyes, dana@harborstaffing.com) Tj');
    expect(pdf).toContain('(One-time setup fee, Starter \\227 two weeks free, monthly billing, one-time setup fee: USD 99.00) Tj');
    await expect(billing.getInvoicePdf(ACCOUNT, theirs.id)).rejects.toMatchObject({ code: 'invoice_not_found' });
  });

  it('replaces the card with a new token, keeps it when the new card is declined, and needs an account', async () => {
    await subscribe();
    expect(await billing.getCardOnFile(ACCOUNT)).toEqual({ brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2030 });

    await expect(billing.updateCardOnFile(ACCOUNT, await token(LOCAL_TEST_CARDS.declined))).rejects.toMatchObject({
      code: 'card_declined',
    });
    expect((await billing.getCardOnFile(ACCOUNT))?.lastFour).toBe('1111');

    const replaced = await billing.updateCardOnFile(ACCOUNT, await token());
    expect(replaced).toEqual({ brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2030 });
    await expect(billing.updateCardOnFile(OTHER, await token())).rejects.toBeInstanceOf(NotFoundError);
    expect(await billing.getCardOnFile(OTHER)).toBeUndefined();
  });
});
