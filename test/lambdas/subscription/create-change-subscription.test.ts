import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CreateChangeResponseSchema, type CreateChangeResponse } from '../../../lambdas/shared/contracts/subscriptions';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import { liveSubscriptions } from '../../../lambdas/shared/domain/subscription-access';
import { subscriberRoute } from '../../../lambdas/shared/http/subscriber-route';
import { subscriptionSnapshot } from '../../../lambdas/shared/subscriptions/subscription-record';
import { lockItemId } from '../../../lambdas/shared/subscriptions/lease-locks';
import { createCreateChangeHandler, type CreateChangeHandlerDependencies } from '../../../lambdas/subscription/create-change-subscription';
import { billingIdempotencyKey, type BillingIdempotencyKeyInput } from '../../../lambdas/subscription/subscription-checkout';
import type { BillingPort } from '../../../lambdas/subscription/billing/billing-port';
import { BillingUnavailableError } from '../../../lambdas/shared/errors';
import { DEFAULT_ONCE_ONLY_TIMING, IN_PROGRESS_MESSAGE, type OnceOnlyTiming } from '../../../lambdas/subscription/once-only';
import type { OrganizationsRepository } from '../../../lambdas/shared/organizations/organizations-repository';
import { claims, HANDLER_OPTIONS, invoke, PLANS, PRODUCT_SLUG, userEvent } from './support/subscription-services';
import { subscriptionWritesDependencies, useSubscriptionServices } from './support/handler-test-setup';

const { services, logs } = useSubscriptionServices();
/** The handlers' clock: real time moved by `clockOffsetMs`. */
let clockOffsetMs = 0;

beforeEach(() => {
  clockOffsetMs = 0;
});

function handlerWith(
  timing: OnceOnlyTiming = DEFAULT_ONCE_ONLY_TIMING,
  billing?: () => BillingPort,
  organizations?: () => OrganizationsRepository,
) {
  const deps = (): CreateChangeHandlerDependencies =>
    subscriptionWritesDependencies(services, {
      billing: billing?.() ?? services.billing,
      organizations: organizations?.() ?? services.organizations,
      now: () => new Date(Date.now() + clockOffsetMs),
      timing,
    });
  return createCreateChangeHandler(deps, HANDLER_OPTIONS);
}
const handler = handlerWith();

function createChange(sub: string | null, body: unknown, headers: Record<string, string> = {}, through = handler) {
  return invoke<CreateChangeResponse & { message?: string; code?: string; fields?: Record<string, string> }>(
    through,
    userEvent({ method: 'POST', resource: '/subscription/create-change', claims: sub ? claims(sub, undefined) : null, body, headers }),
  );
}

/** A route behind the subscriber gate (the assistant's and the ATS routes' gate), answering 200 when let in. */
const gatedRoute = subscriberRoute(
  { run: async () => ({ body: { ok: true } }) },
  () => ({
    users: services.users,
    subscriptions: services.subscriptions,
    organizations: services.organizations,
    rateLimiter: { consume: async () => undefined },
    now: () => new Date(),
  }),
  HANDLER_OPTIONS,
);
const throughTheGate = (sub: string) =>
  invoke<{ code?: string }>(gatedRoute, userEvent({ method: 'GET', resource: '/assistant/history', claims: claims(sub, undefined) }));

describe('POST /subscription/create-change', () => {
  it('subscribes, then changes plan, then leaves the plan as it is, keeping one subscription', async () => {
    const user = await services.addUser('cc-journey');
    const card = await services.cardToken();

    const created = await createChange(
      user.id,
      { planCode: PLANS.starter, currency: 'USD', billingToken: card },
      { 'Idempotency-Key': 'journey-1' },
    );
    expect(created.status).toBe(201);
    const first = CreateChangeResponseSchema.parse(created.body);
    expect(first).toMatchObject({
      outcome: 'created',
      subscription: { planCode: PLANS.starter, state: 'active', currency: 'USD', accountCode: `talentpilot-${user.id}` },
    });
    // Two weeks free.
    expect(Date.parse(first.subscription.trialEndsAt!) - Date.parse(first.subscription.trialStartedAt!)).toBe(14 * 24 * 3_600_000);

    const changed = await createChange(user.id, { planCode: PLANS.professional, currency: 'USD' }, { 'Idempotency-Key': 'journey-2' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ outcome: 'changed', subscription: { id: first.subscription.id, planCode: PLANS.professional } });

    const unchanged = await createChange(user.id, { planCode: PLANS.professional, currency: 'USD' }, { 'Idempotency-Key': 'journey-3' });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({
      outcome: 'unchanged',
      subscription: { id: first.subscription.id, planCode: PLANS.professional },
    });

    expect(await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id))).toHaveLength(1);
    const records = await services.subscriptions.listByUserId(user.id);
    expect(records).toEqual([
      expect.objectContaining({
        id: first.subscription.id,
        subscriptionId: first.subscription.id,
        object: 'subscription',
        uuid: first.subscription.uuid,
        userId: user.id,
        email: user.email,
        company: 'Reyes Staffing',
        state: 'active',
        planCode: PLANS.professional,
        quantity: 1,
      }),
    ]);
    expect(await services.users.getById(user.id)).toMatchObject({
      subscriptionId: first.subscription.id,
      subscriptions: [first.subscription.id],
    });
    // The firm's activity: the creation and the plan change, by the user, plan codes only.
    expect(
      (await services.activityOf(user.id)).map(({ action, actorId, subject, details }) => ({ action, actorId, subject, details })),
    ).toEqual([
      {
        action: 'subscription.created',
        actorId: user.id,
        subject: { kind: 'subscription', id: first.subscription.id },
        details: { planCode: PLANS.starter, quantity: 1 },
      },
      {
        action: 'subscription.changed',
        actorId: user.id,
        subject: { kind: 'subscription', id: first.subscription.id },
        details: { planCode: PLANS.professional, previousPlanCode: PLANS.starter, quantity: 1 },
      },
    ]);
  });

  it('answers a double click (no Idempotency-Key) with the same answer, and a later retry with the existing subscription', async () => {
    const user = await services.addUser('cc-double-click');
    const body = { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() };

    const first = await createChange(user.id, body);
    const second = await createChange(user.id, body);
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 201, headers: { 'Idempotency-Replayed': 'true' }, body: first.body });

    // A minute later the request runs again: the subscription exists, nothing is created.
    clockOffsetMs = 61_000;
    const later = await createChange(user.id, body);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ outcome: 'unchanged', subscription: { id: first.body.subscription.id } });
    expect(later.headers['Idempotency-Replayed']).toBeUndefined();
    expect(await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id))).toHaveLength(1);
  });

  it('replays the answer of a retried Idempotency-Key, and refuses the key for another request', async () => {
    const user = await services.addUser('cc-retry');
    const body = { planCode: PLANS.enterprise, currency: 'EUR', billingToken: await services.cardToken() };

    const first = await createChange(user.id, body, { 'Idempotency-Key': 'f1b7c0de-retry' });
    const retry = await createChange(user.id, body, { 'Idempotency-Key': 'f1b7c0de-retry' });
    const reused = await createChange(user.id, { planCode: PLANS.starter, currency: 'EUR' }, { 'Idempotency-Key': 'f1b7c0de-retry' });

    expect(first).toMatchObject({
      status: 201,
      body: { outcome: 'created', subscription: { currency: 'EUR', planCode: PLANS.enterprise } },
    });
    expect(retry).toMatchObject({ status: 201, headers: { 'Idempotency-Replayed': 'true' }, body: first.body });
    expect(reused).toMatchObject({
      status: 409,
      body: { code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different request.' },
    });
    expect(await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id))).toHaveLength(1);
  });

  it('creates exactly one subscription for 50 concurrent identical requests', async () => {
    const user = await services.addUser('cc-fifty');
    const body = { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() };

    const answers = await Promise.all(Array.from({ length: 50 }, () => createChange(user.id, body)));

    const subscriptions = await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id));
    expect(subscriptions).toHaveLength(1);
    expect(await services.subscriptions.listByUserId(user.id)).toHaveLength(1);
    expect(await services.users.getById(user.id)).toMatchObject({
      subscriptionId: subscriptions[0].id,
      subscriptions: [subscriptions[0].id],
    });
    for (const answer of answers) {
      if (answer.status === 409) {
        expect(answer.body).toMatchObject({ code: 'request_in_progress', message: IN_PROGRESS_MESSAGE });
      } else {
        expect(answer).toMatchObject({ status: 201, body: { outcome: 'created', subscription: { id: subscriptions[0].id } } });
      }
    }
    expect(answers.filter((answer) => answer.status === 201 && answer.headers['Idempotency-Replayed'] === undefined)).toHaveLength(1);
  });

  it('creates exactly one subscription for 50 concurrent requests with the same Idempotency-Key', async () => {
    const user = await services.addUser('cc-fifty-keyed');
    const body = { planCode: PLANS.professional, currency: 'GBP', billingToken: await services.cardToken() };

    const answers = await Promise.all(Array.from({ length: 50 }, () => createChange(user.id, body, { 'Idempotency-Key': 'same-key-50' })));

    const subscriptions = await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id));
    expect(subscriptions).toHaveLength(1);
    expect(
      answers.every((answer) => answer.status === 409 || (answer.status === 201 && answer.body.subscription.id === subscriptions[0].id)),
    ).toBe(true);
  });

  it('creates one subscription when concurrent requests ask for different plans, and applies the others as changes', async () => {
    const user = await services.addUser('cc-mixed');
    const card = await services.cardToken();
    const plans = [PLANS.starter, PLANS.professional, PLANS.enterprise, PLANS.starter, PLANS.professional];

    const answers = await Promise.all(plans.map((planCode) => createChange(user.id, { planCode, currency: 'USD', billingToken: card })));

    expect(await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id))).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.body.outcome === 'created' && answer.headers['Idempotency-Replayed'] === undefined),
    ).toHaveLength(1);
    expect(answers.every((answer) => [200, 201, 409].includes(answer.status))).toBe(true);
  });

  it('finds the subscription a crashed request created at the provider but never stored, instead of creating another', async () => {
    const user = await services.addUser('cc-crash');
    // The crashed request: created at the provider, then died holding the lock.
    const orphan = await services.billing.createSubscription({
      accountCode: accountCode(PRODUCT_SLUG, user.id),
      account: { email: user.email },
      planCode: PLANS.starter,
      currency: 'USD',
      billingToken: await services.cardToken(),
    });
    await services.client.send(
      new PutCommand({
        TableName: services.tableNames.subscriptions,
        Item: { id: lockItemId(`create-change#${user.id}`), owner: 'crashed', leaseUntil: Date.now() + 60_000 },
      }),
    );

    // While the dead holder's lease lasts, a retry is told to come back.
    const blocked = await invoke(
      handlerWith({ ...DEFAULT_ONCE_ONLY_TIMING, waitBudgetMs: 150 }),
      userEvent({
        method: 'POST',
        resource: '/subscription/create-change',
        claims: claims(user.id, undefined),
        body: { planCode: PLANS.starter, currency: 'USD' },
      }),
    );
    expect(blocked).toMatchObject({
      status: 409,
      body: { code: 'request_in_progress', message: 'A subscription request is already in progress. Try again in a moment.' },
    });

    // Once the lease has run out, the retry adopts the orphan.
    clockOffsetMs = 61_000;
    const retry = await createChange(user.id, { planCode: PLANS.starter, currency: 'USD' });
    expect(retry).toMatchObject({ status: 200, body: { outcome: 'unchanged', subscription: { id: orphan.id } } });
    expect(await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id))).toHaveLength(1);
    expect(await services.subscriptions.get(orphan.id)).toMatchObject({ userId: user.id });
    expect(await services.users.getById(user.id)).toMatchObject({ subscriptionId: orphan.id, subscriptions: [orphan.id] });
  });

  it('subscribes again after the previous subscription expired, keeping both ids on the user', async () => {
    const user = await services.addUser('cc-expired');
    const first = await createChange(user.id, { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() });
    await services.billingStore.setSubscriptionState(first.body.subscription.id, 'expired');

    // The account has a card on file now: no token needed.
    const again = await createChange(user.id, { planCode: PLANS.enterprise, currency: 'USD' }, { 'Idempotency-Key': 'resubscribe' });

    expect(again).toMatchObject({ status: 201, body: { outcome: 'created', subscription: { planCode: PLANS.enterprise } } });
    expect(again.body.subscription.id).not.toBe(first.body.subscription.id);
    expect(await services.users.getById(user.id)).toMatchObject({
      subscriptionId: again.body.subscription.id,
      subscriptions: [first.body.subscription.id, again.body.subscription.id],
    });
  });

  it.each([
    ['failed', 'cc-stuck-failed', async (id: string) => services.billingStore.setSubscriptionState(id, 'failed')],
    [
      'a future one canceled (Recurly makes it failed)',
      'cc-stuck-future',
      async (id: string) => {
        await services.billingStore.setSubscriptionState(id, 'future');
        await services.billing.cancelSubscription(id);
      },
    ],
  ])('lets a user whose newest subscription is %s subscribe anew, and the gate lets them in', async (_label, userId, endIt) => {
    const user = await services.addUser(userId);
    const first = await createChange(user.id, { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() });
    await endIt(first.body.subscription.id);
    const ended = await services.billing.getSubscription(first.body.subscription.id);
    expect(ended.state).toBe('failed');
    await services.subscriptions.upsert(subscriptionSnapshot(ended, { userId: user.id, email: user.email, company: null }), new Date());
    // The gate: the failed subscription gives no access.
    expect(await throughTheGate(user.id)).toMatchObject({ status: 403, body: { code: 'subscription_required' } });

    // Changing the failed subscription was refused every time (409); now a new one is created.
    const again = await createChange(user.id, { planCode: PLANS.professional, currency: 'USD' }, { 'Idempotency-Key': userId });

    expect(again).toMatchObject({
      status: 201,
      body: { outcome: 'created', subscription: { planCode: PLANS.professional, state: 'active' } },
    });
    expect(again.body.subscription.id).not.toBe(first.body.subscription.id);
    expect(liveSubscriptions(await services.subscriptions.listByUserId(user.id)).map((record) => record.id)).toEqual([
      again.body.subscription.id,
    ]);
    expect(await throughTheGate(user.id)).toMatchObject({ status: 200 });
    expect(await services.users.getById(user.id)).toMatchObject({ subscriptionId: again.body.subscription.id });
  });

  describe("the billing provider's idempotency key", () => {
    /** The local billing, recording the key of every write, failing the next `failures` writes after recording them. */
    function recordingBilling() {
      const keys: (string | undefined)[] = [];
      let failures = 0;
      const unavailable = () => new BillingUnavailableError('Billing is unavailable.', { retryable: true });
      const billing: BillingPort = {
        ...services.billing,
        async createSubscription(input) {
          keys.push(input.idempotencyKey);
          if (failures > 0 && failures-- > 0) throw unavailable();
          return services.billing.createSubscription(input);
        },
        async changeSubscriptionPlan(id, planCode, options) {
          keys.push(options?.idempotencyKey);
          if (failures > 0 && failures-- > 0) throw unavailable();
          return services.billing.changeSubscriptionPlan(id, planCode, options);
        },
      };
      return { keys, billing, failNext: (count: number) => (failures = count) };
    }

    it("is the same on the client's resend and on a double submit, and new for a new attempt or a changed account", async () => {
      const recorder = recordingBilling();
      const through = handlerWith(DEFAULT_ONCE_ONLY_TIMING, () => recorder.billing);
      const user = await services.addUser('cc-provider-key');
      const body = { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() };

      // The client's resend (same Idempotency-Key) after an unsettled failure.
      recorder.failNext(1);
      expect((await createChange(user.id, body, { 'Idempotency-Key': 'attempt-1' }, through)).status).toBe(503);
      expect((await createChange(user.id, body, { 'Idempotency-Key': 'attempt-1' }, through)).status).toBe(201);
      expect(recorder.keys).toHaveLength(2);
      expect(recorder.keys[1]).toBe(recorder.keys[0]);
      expect(recorder.keys[0]).toMatch(/^create-change-create-[0-9a-f]{64}$/);

      // A plan change sent twice without a key (a double submit), the first lost.
      recorder.failNext(1);
      const change = { planCode: PLANS.professional, currency: 'USD' };
      expect((await createChange(user.id, change, {}, through)).status).toBe(503);
      expect((await createChange(user.id, change, {}, through)).status).toBe(200);
      expect(recorder.keys).toHaveLength(4);
      expect(recorder.keys[3]).toBe(recorder.keys[2]);
      expect(recorder.keys[2]).toMatch(/^create-change-change-/);

      // Back and forth: the same request on a changed subscription is a new write.
      await createChange(user.id, { planCode: PLANS.starter, currency: 'USD' }, {}, through);
      await createChange(user.id, change, {}, through);
      expect(recorder.keys).toHaveLength(6);
      expect(recorder.keys[5]).not.toBe(recorder.keys[2]);
    });

    it('differs between users and between attempts with the same body', () => {
      const request = { planCode: PLANS.starter, currency: 'USD', billingToken: 'tok-1' };
      const key = (overrides: Partial<BillingIdempotencyKeyInput> = {}) =>
        billingIdempotencyKey({ userId: 'u1', operation: 'create', clientKey: 'k1', request, basis: 'none', ...overrides });

      expect(key()).toBe(key({ request: { billingToken: 'tok-1', currency: 'USD', planCode: PLANS.starter } }));
      expect(key().length).toBeLessThanOrEqual(255);
      const others = [
        key({ userId: 'u2' }),
        key({ operation: 'change' }),
        key({ clientKey: 'k2' }),
        key({ clientKey: undefined }),
        key({ request: { ...request, billingToken: 'tok-2' } }),
        key({ basis: 'sub1@2026-01-01T00:00:00.000Z' }),
      ];
      expect(new Set([key(), ...others]).size).toBe(others.length + 1);
    });
  });

  it('asks for a card when the request has none and the account has no card on file, creating nothing', async () => {
    const user = await services.addUser('cc-no-card');

    const answer = await createChange(user.id, { planCode: PLANS.starter, currency: 'USD' });

    expect(answer).toMatchObject({
      status: 400,
      body: {
        message: 'A card is required to subscribe.',
        code: 'card_required',
        fields: { billingToken: 'A card is required to subscribe.' },
      },
    });
    expect(await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id))).toEqual([]);
    expect(await services.subscriptions.listByUserId(user.id)).toEqual([]);
  });

  it('passes on a declined card as a 400, creating nothing', async () => {
    const user = await services.addUser('cc-declined');

    const answer = await createChange(user.id, {
      planCode: PLANS.starter,
      currency: 'USD',
      billingToken: await services.cardToken('decline'),
    });

    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'card_declined', message: 'Your card was declined. Please use a different card or contact your bank.' },
    });
    expect(await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, user.id))).toEqual([]);
  });

  it("refuses a plan that is not one of the stage's known plans, naming them", async () => {
    const user = await services.addUser('cc-unknown-plan');

    for (const planCode of ['starter_2weeksfree_monthly_onetimesetup', 'gold', 'starter_2weeksfree_monthly_onetimesetup_stage']) {
      const answer = await createChange(user.id, { planCode, currency: 'USD', billingToken: 'tok' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'unknown_plan',
        fields: { planCode: `Choose one of: ${Object.values(PLANS).join(', ')}.` },
      });
      expect(answer.body.message).toContain(PLANS.professional);
    }
  });

  it('refuses another currency than the subscription is billed in', async () => {
    const user = await services.addUser('cc-currency');
    await createChange(user.id, { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() });

    const answer = await createChange(user.id, { planCode: PLANS.professional, currency: 'EUR' });

    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'currency_mismatch', fields: { currency: 'Your subscription is billed in USD. Choose a plan in USD.' } },
    });
  });

  it('validates the body and the Idempotency-Key header', async () => {
    const user = await services.addUser('cc-validation');
    const cases: [unknown, Record<string, string>][] = [
      [{ planCode: PLANS.starter }, {}],
      [{ planCode: PLANS.starter, currency: 'usd' }, {}],
      [{ planCode: 'no spaces allowed', currency: 'USD' }, {}],
      [{ planCode: PLANS.starter, currency: 'USD', userId: 'someone-else' }, {}],
      [{ planCode: PLANS.starter, currency: 'USD', billingToken: '' }, {}],
      [[], {}],
      ['not json', {}],
      [{ planCode: PLANS.starter, currency: 'USD' }, { 'Idempotency-Key': 'has spaces in it' }],
      [{ planCode: PLANS.starter, currency: 'USD' }, { 'idempotency-key': 'x'.repeat(129) }],
    ];
    for (const [body, headers] of cases) {
      const answer = await createChange(user.id, body, headers);
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect(await services.billing.getAccount(accountCode(PRODUCT_SLUG, user.id))).toBeUndefined();
  });

  it('refuses callers without claims (401), without a record (404) and with a removed record (403)', async () => {
    await services.addUser('cc-removed', { status: 'REMOVED' });
    const body = { planCode: PLANS.starter, currency: 'USD', billingToken: 'tok' };

    expect(await createChange(null, body)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await createChange('cc-nobody', body)).toMatchObject({ status: 404, body: { code: 'user_not_found' } });
    expect(await createChange('cc-removed', body)).toMatchObject({ status: 403, body: { code: 'user_inactive' } });
  });
});

describe("POST /subscription/create-change: the subscriber's organization (issue 18)", () => {
  const subscribe = async (userId: string, through = handler) =>
    createChange(userId, { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() }, {}, through);

  /** The local provider, answering every write with `quantity` (Recurly's seats) instead of its own. */
  const billingWithQuantity = (quantity: number) => (): BillingPort => ({
    ...services.billing,
    createSubscription: async (input) => ({ ...(await services.billing.createSubscription(input)), quantity }),
    changeSubscriptionPlan: async (...args) => ({ ...(await services.billing.changeSubscriptionPlan(...args)), quantity }),
  });

  it('makes the first subscriber the owner of a new firm named after the company, with the quantity as seats, once', async () => {
    const user = await services.addUser('org-founder');
    expect((await subscribe(user.id, handlerWith(undefined, billingWithQuantity(3)))).status).toBe(201);

    const team = await services.organizations.getTeam(user.id);
    expect(team?.organization).toMatchObject({ id: user.id, name: 'Reyes Staffing', seats: 3, ownerId: user.id });
    expect(team?.members).toEqual([expect.objectContaining({ userId: user.id, role: 'owner', state: 'active' })]);

    // A later plan change finds the firm: no second one, the owner stays the only member.
    expect((await createChange(user.id, { planCode: PLANS.professional, currency: 'USD' })).status).toBe(200);
    expect((await services.organizations.membershipsOf(user.id)).map((member) => member.organizationId)).toEqual([user.id]);
  });

  it('names the firm after the person when neither the subscription nor the record has a company', async () => {
    const user = await services.addUser('org-no-company', { companyName: '' });
    expect((await subscribe(user.id)).status).toBe(201);
    expect(await services.organizations.getOrganization(user.id)).toMatchObject({ name: 'Ana Reyes', seats: 1 });
  });

  it("moves the owner's firm's seats with the subscription's quantity, but never below the seats in use", async () => {
    const user = await services.addUser('org-seats');
    expect((await subscribe(user.id)).status).toBe(201);
    expect((await services.organizations.getOrganization(user.id))?.seats).toBe(1);

    const toFour = await createChange(
      user.id,
      { planCode: PLANS.professional, currency: 'USD' },
      {},
      handlerWith(undefined, billingWithQuantity(4)),
    );
    expect(toFour.status).toBe(200);
    expect((await services.organizations.getOrganization(user.id))?.seats).toBe(4);

    // Two pending invitations: three seats in use (the owner and two invitees).
    for (const email of ['kim@example.com', 'lee@example.com']) {
      await services.organizations.saveInvitation({
        organizationId: user.id,
        email,
        role: 'recruiter',
        invitedBy: user.id,
        state: 'pending',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        updatedAt: new Date().toISOString(),
      });
    }
    const toTwo = await createChange(
      user.id,
      { planCode: PLANS.starter, currency: 'USD' },
      {},
      handlerWith(undefined, billingWithQuantity(2)),
    );
    expect(toTwo.status).toBe(200);
    expect((await services.organizations.getOrganization(user.id))?.seats).toBe(4);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 'warn', userId: user.id, quantity: 2 }));
  });

  it('keeps the paid subscription when the organization cannot be written, and logs it for the migration to catch up', async () => {
    const user = await services.addUser('org-down');
    const failing = (): OrganizationsRepository => ({
      ...services.organizations,
      activeMembershipOf: async () => {
        throw new Error('organizations table unavailable');
      },
    });
    const created = await subscribe(user.id, handlerWith(undefined, undefined, failing));
    expect(created.status).toBe(201);
    expect(await services.subscriptions.listByUserId(user.id)).toHaveLength(1);
    expect(await services.organizations.getOrganization(user.id)).toBeUndefined();
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 'error', userId: user.id }));
  });
});
