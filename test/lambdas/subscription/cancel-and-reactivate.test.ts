import { SubscriptionActionResponseSchema, type SubscriptionActionResponse } from '../../../lambdas/shared/contracts/subscriptions';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import { subscriptionSnapshot } from '../../../lambdas/shared/subscriptions/subscription-record';
import {
  createSubscriptionActionHandler,
  type SubscriptionAction,
  type SubscriptionActionDependencies,
} from '../../../lambdas/subscription/subscription-action';
import { claims, HANDLER_OPTIONS, invoke, PLANS, PRODUCT_SLUG, userEvent } from './support/subscription-services';
import { useSubscriptionServices } from './support/handler-test-setup';

const { services } = useSubscriptionServices();
let handlers: Record<SubscriptionAction, ReturnType<typeof createSubscriptionActionHandler>>;

beforeAll(async () => {
  const deps = (): SubscriptionActionDependencies => ({
    billing: services.billing,
    users: services.users,
    subscriptions: services.subscriptions,
    activity: services.activity,
    now: () => new Date(),
  });
  handlers = {
    cancel: createSubscriptionActionHandler('cancel', deps, HANDLER_OPTIONS),
    reactivate: createSubscriptionActionHandler('reactivate', deps, HANDLER_OPTIONS),
  };
});

function act(action: SubscriptionAction, sub: string | null, body: unknown) {
  return invoke<SubscriptionActionResponse & { code?: string; message?: string }>(
    handlers[action],
    userEvent({ method: 'POST', resource: `/subscription/${action}`, claims: sub ? claims(sub, undefined) : null, body }),
  );
}

/** A subscribed user, linked as create-change links them; `linked: false` leaves only the record. */
async function subscriber(id: string, options: { linked?: boolean } = {}) {
  const user = await services.addUser(id);
  const subscription = await services.billing.createSubscription({
    accountCode: accountCode(PRODUCT_SLUG, id),
    account: { email: user.email },
    planCode: PLANS.starter,
    currency: 'USD',
    billingToken: await services.cardToken(),
  });
  await services.subscriptions.upsert(subscriptionSnapshot(subscription, { userId: id, email: user.email }), new Date());
  if (options.linked !== false)
    await services.links.link({ userId: id, subscriptionId: subscription.id, now: new Date(), makeCurrent: () => true });
  return { user, subscription };
}

describe('POST /subscription/cancel and /subscription/reactivate', () => {
  it('cancels at the end of the period, then reactivates, refreshing the record each time', async () => {
    const { user, subscription } = await subscriber('act-owner');

    const canceled = await act('cancel', user.id, { subscriptionId: subscription.id });
    expect(canceled.status).toBe(200);
    const body = SubscriptionActionResponseSchema.parse(canceled.body);
    expect(body.subscription).toMatchObject({ id: subscription.id, state: 'canceled', expiresAt: subscription.currentPeriodEndsAt });
    expect(await services.subscriptions.get(subscription.id)).toMatchObject({ state: 'canceled', canceledAt: expect.any(String) });

    const reactivated = await act('reactivate', user.id, { subscriptionId: subscription.id });
    expect(reactivated).toMatchObject({
      status: 200,
      body: { subscription: { id: subscription.id, state: 'active', canceledAt: null, expiresAt: null } },
    });
    expect(await services.subscriptions.get(subscription.id)).toMatchObject({ state: 'active', canceledAt: null });
    const recorded = (await services.activityOf(user.id)).map(({ action, actorId, subject }) => ({ action, actorId, subject }));
    expect(recorded.filter(({ action }) => action === 'subscription.canceled' || action === 'subscription.reactivated')).toEqual([
      { action: 'subscription.canceled', actorId: user.id, subject: { kind: 'subscription', id: subscription.id } },
      { action: 'subscription.reactivated', actorId: user.id, subject: { kind: 'subscription', id: subscription.id } },
    ]);
  });

  it('accepts a subscription whose record is theirs even if the link to the user was never written', async () => {
    const { user, subscription } = await subscriber('act-unlinked', { linked: false });

    expect(await act('cancel', user.id, { subscriptionId: subscription.id })).toMatchObject({
      status: 200,
      body: { subscription: { state: 'canceled' } },
    });
  });

  it("refuses another user's subscription (403) and changes nothing at the provider", async () => {
    const { subscription } = await subscriber('act-victim');
    const intruder = await services.addUser('act-intruder');

    for (const action of ['cancel', 'reactivate'] as const) {
      const answer = await act(action, intruder.id, { subscriptionId: subscription.id });
      expect(answer).toMatchObject({
        status: 403,
        body: { code: 'not_your_subscription', message: 'You can only change your own subscriptions.' },
      });
    }
    expect(await services.billing.getSubscription(subscription.id)).toMatchObject({ state: 'active' });
    expect(await act('cancel', intruder.id, { subscriptionId: 'nosuchsubscr1' })).toMatchObject({ status: 403 });
  });

  it('passes on what the provider refuses: reactivating an ended subscription is a 409', async () => {
    const { user, subscription } = await subscriber('act-expired');
    await services.billingStore.setSubscriptionState(subscription.id, 'expired');

    const answer = await act('reactivate', user.id, { subscriptionId: subscription.id });

    expect(answer).toMatchObject({ status: 409, body: { code: 'subscription_not_reactivatable' } });
  });

  it('refuses anonymous callers (401), removed users (403) and bad bodies (400)', async () => {
    await services.addUser('act-removed', { status: 'REMOVED' });
    const { user } = await subscriber('act-validation');

    expect(await act('cancel', null, { subscriptionId: 'x' })).toMatchObject({ status: 401 });
    expect(await act('cancel', 'act-removed', { subscriptionId: 'x' })).toMatchObject({ status: 403, body: { code: 'user_inactive' } });
    for (const body of [
      {},
      { subscriptionId: '' },
      { subscriptionId: 'x', userId: 'act-victim' },
      'nope',
      { subscriptionId: 'x'.repeat(101) },
    ]) {
      expect([JSON.stringify(body), (await act('reactivate', user.id, body)).status]).toEqual([JSON.stringify(body), 400]);
    }
  });
});
