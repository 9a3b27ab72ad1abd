import { SeatChangePreviewRequestSchema } from '../../../lambdas/shared/contracts/seats';
import {
  CreateChangeRequestSchema,
  CreateChangeResponseSchema,
  MAX_SEATS,
  type CreateChangeResponse,
} from '../../../lambdas/shared/contracts/subscriptions';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import { foundedOrganization } from '../../../lambdas/shared/organizations/organization-founding';
import type { BillingPort, CreateSubscriptionInput } from '../../../lambdas/subscription/billing/billing-port';
import { threeDSecureResultTokenOf } from '../../../lambdas/subscription/billing/local-test-cards';
import { createCreateChangeHandler } from '../../../lambdas/subscription/create-change-subscription';
import { SEATS_NOT_AT_CHECKOUT_CODE } from '../../../lambdas/subscription/subscription-checkout';
import { subscriptionWritesDependencies, useSubscriptionServices } from './support/handler-test-setup';
import { claims, HANDLER_OPTIONS, invoke, PLANS, PRODUCT_SLUG, userEvent } from './support/subscription-services';

/**
 * Seats chosen at checkout (issue 18): `POST /subscription/create-change` with `seats` buys a new
 * subscription of that quantity (local billing: Recurly's semantics, the setup fee once) and the
 * founded firm gets as many seats; seats are part of the request's identity; an existing
 * subscription's seats are not changed here.
 */

const { services } = useSubscriptionServices();

/** What the provider was asked to create, to show the quantity sent (and that a refusal sent nothing). */
const creates: CreateSubscriptionInput[] = [];
beforeEach(() => {
  creates.length = 0;
});

const handler = createCreateChangeHandler(() => {
  const billing: BillingPort = services.billing;
  return subscriptionWritesDependencies(services, {
    billing: { ...billing, createSubscription: (input) => (creates.push(input), billing.createSubscription(input)) },
  });
}, HANDLER_OPTIONS);

type Answer = CreateChangeResponse & { message?: string; code?: string; fields?: Record<string, string> };

function createChange(sub: string, body: unknown, headers: Record<string, string> = {}) {
  return invoke<Answer>(
    handler,
    userEvent({ method: 'POST', resource: '/subscription/create-change', claims: claims(sub, undefined), body, headers }),
  );
}

const providerSubscriptions = (userId: string) => services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, userId));

describe('CreateChangeRequestSchema seats', () => {
  const base = { planCode: PLANS.starter, currency: 'USD' };

  it.each([1, 3, MAX_SEATS])('takes %p seats, as the seats route does', (seats) => {
    expect(CreateChangeRequestSchema.parse({ ...base, seats })).toEqual({ ...base, seats });
    expect(SeatChangePreviewRequestSchema.safeParse({ seats }).success).toBe(true);
  });

  it('leaves seats out when the request names none', () => {
    expect(CreateChangeRequestSchema.parse(base)).not.toHaveProperty('seats');
  });

  it.each([0, -1, 2.5, '3', MAX_SEATS + 1, Number.NaN, null])('refuses %p seats, as the seats route does', (seats) => {
    expect(CreateChangeRequestSchema.safeParse({ ...base, seats }).success).toBe(false);
    expect(SeatChangePreviewRequestSchema.safeParse({ seats }).success).toBe(false);
  });
});

describe('POST /subscription/create-change with seats', () => {
  it('subscribes with 3 seats: the quantity is sent, billed per seat with one setup fee, and the founded firm has 3 seats', async () => {
    const user = await services.addUser('seats-three');

    const answer = await createChange(
      user.id,
      { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken(), seats: 3 },
      { 'Idempotency-Key': 'seats-three-1' },
    );

    expect(answer.status).toBe(201);
    const { subscription } = CreateChangeResponseSchema.parse(answer.body);
    expect(subscription).toMatchObject({ quantity: 3, unitAmount: 49, setupFee: 99 });
    expect(creates.map((input) => input.quantity)).toEqual([3]);
    // The setup fee is charged once, not per seat; the trial means no period is charged yet.
    const invoices = await services.billing.listInvoices(accountCode(PRODUCT_SLUG, user.id));
    expect(invoices.map((invoice) => invoice.total)).toEqual([99]);
    const team = await services.organizations.getTeam(user.id);
    expect(team?.organization).toMatchObject({ id: user.id, seats: 3, ownerId: user.id });
    expect((await services.subscriptions.get(subscription.id))?.quantity).toBe(3);
    const [created] = (await services.activityOf(user.id)).filter((entry) => entry.action === 'subscription.created');
    expect(created.details).toMatchObject({ quantity: 3 });
  });

  it('buys one seat when the request names none', async () => {
    const user = await services.addUser('seats-default');

    const answer = await createChange(user.id, { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() });

    expect(answer.status).toBe(201);
    expect(answer.body.subscription.quantity).toBe(1);
    expect((await services.organizations.getOrganization(user.id))?.seats).toBe(1);
  });

  it('gives an owner of a one-seat firm (the migration made it) the seats bought', async () => {
    const user = await services.addUser('seats-migrated');
    await services.organizations.createOrganization(foundedOrganization(user, undefined, new Date()));

    const answer = await createChange(user.id, {
      planCode: PLANS.professional,
      currency: 'USD',
      billingToken: await services.cardToken(),
      seats: 5,
    });

    expect(answer.status).toBe(201);
    expect((await services.organizations.getOrganization(user.id))?.seats).toBe(5);
  });

  it('replays a retry with the same key and seats, refuses the same key with other seats, and creates one subscription', async () => {
    const user = await services.addUser('seats-retry');
    const body = { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken(), seats: 3 };

    const first = await createChange(user.id, body, { 'Idempotency-Key': 'seats-retry-1' });
    const again = await createChange(user.id, body, { 'Idempotency-Key': 'seats-retry-1' });
    const otherSeats = await createChange(user.id, { ...body, seats: 4 }, { 'Idempotency-Key': 'seats-retry-1' });

    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, headers: { 'Idempotency-Replayed': 'true' }, body: first.body });
    expect(otherSeats).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
    expect(creates).toHaveLength(1);
    expect(await providerSubscriptions(user.id)).toEqual([expect.objectContaining({ quantity: 3 })]);
  });

  it('replays a double submit without a key only for the same seats', async () => {
    const user = await services.addUser('seats-double');
    const body = { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken(), seats: 2 };

    const first = await createChange(user.id, body);
    const again = await createChange(user.id, body);

    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, headers: { 'Idempotency-Replayed': 'true' } });
    // Other seats are another request: it runs, and finds the subscription that now exists.
    const otherSeats = await createChange(user.id, { ...body, seats: 3 });
    expect(otherSeats).toMatchObject({ status: 400, body: { code: SEATS_NOT_AT_CHECKOUT_CODE } });
    expect(creates).toHaveLength(1);
  });

  it('keeps the seats through the 3-D Secure challenge: the repeat with the result token buys them', async () => {
    const user = await services.addUser('seats-3ds');
    const body = { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken('challenge'), seats: 3 };

    const challenged = await createChange(user.id, body, { 'Idempotency-Key': 'seats-3ds-1' });
    expect(challenged).toMatchObject({ status: 402, body: { code: 'three_d_secure_required' } });
    const actionTokenId = (challenged.body as unknown as { threeDSecureActionTokenId: string }).threeDSecureActionTokenId;
    expect(await services.billingStore.completeThreeDSecureAction(actionTokenId, 'authenticated')).toBe(true);

    const repeated = await createChange(
      user.id,
      { ...body, threeDSecureActionResultTokenId: threeDSecureResultTokenOf(actionTokenId) },
      { 'Idempotency-Key': 'seats-3ds-2' },
    );

    expect(repeated.status).toBe(201);
    expect(repeated.body.subscription.quantity).toBe(3);
    expect(creates.map((input) => [input.quantity, input.threeDSecureActionResultTokenId !== undefined])).toEqual([
      [3, false],
      [3, true],
    ]);
    expect((await services.organizations.getOrganization(user.id))?.seats).toBe(3);
  });

  it.each([
    [0, 'seats must be at least 1'],
    [-2, 'seats must be at least 1'],
    [2.5, 'seats must be a whole number'],
    ['3', 'seats must be a whole number'],
    [null, 'seats must be a whole number'],
    [MAX_SEATS + 1, `seats must be at most ${MAX_SEATS}`],
  ])('refuses %p seats with a 400 saying why, and buys nothing', async (seats, message) => {
    const user = await services.addUser(`seats-bad-${String(seats).replace(/[^0-9a-z]/gi, '_')}`);

    const answer = await createChange(user.id, {
      planCode: PLANS.starter,
      currency: 'USD',
      billingToken: await services.cardToken(),
      seats,
    });

    expect(answer).toMatchObject({ status: 400, body: { fields: { seats: message } } });
    expect(creates).toEqual([]);
    expect(await providerSubscriptions(user.id)).toEqual([]);
  });

  it('changes an existing subscription plan only with its own seats: other seats are refused and point to the seats route', async () => {
    const user = await services.addUser('seats-change');
    await createChange(user.id, { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken(), seats: 2 });

    const refused = await createChange(user.id, { planCode: PLANS.professional, currency: 'USD', seats: 4 });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: SEATS_NOT_AT_CHECKOUT_CODE, fields: { seats: expect.stringContaining('2 seats') } },
    });
    expect(refused.body.message).toContain('/user/organization/seats');
    expect((await providerSubscriptions(user.id))[0]).toMatchObject({ planCode: PLANS.starter, quantity: 2 });

    const changed = await createChange(user.id, { planCode: PLANS.professional, currency: 'USD', seats: 2 });
    expect(changed).toMatchObject({
      status: 200,
      body: { outcome: 'changed', subscription: { planCode: PLANS.professional, quantity: 2 } },
    });
    const unchanged = await createChange(user.id, { planCode: PLANS.professional, currency: 'USD' });
    expect(unchanged).toMatchObject({ status: 200, body: { outcome: 'unchanged', subscription: { quantity: 2 } } });
    expect((await services.organizations.getOrganization(user.id))?.seats).toBe(2);
  });
});
