import { SeatChangePreviewSchema, SeatChangeResponseSchema, type SeatChangePreview } from '../../../lambdas/shared/contracts/seats';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import type { OrganizationRole } from '../../../lambdas/shared/domain/organization-rules';
import { PaymentAuthenticationRequiredError } from '../../../lambdas/shared/errors';
import type { BillingPort } from '../../../lambdas/subscription/billing/billing-port';
import {
  createSubscriptionWritesHandler,
  SEAT_ROUTES,
  type SubscriptionWritesDependencies,
} from '../../../lambdas/subscription/create-change-subscription';
import { claims, HANDLER_OPTIONS, invoke, PLANS, PRODUCT_SLUG, userEvent } from './support/subscription-services';
import { subscriptionWritesDependencies, useSubscriptionServices } from './support/handler-test-setup';

/**
 * `POST /user/organization/seats/preview` and `POST /user/organization/seats` (issue 18) on the
 * subscription writes function, with the local billing (Recurly's semantics, quantity-proration.ts)
 * on dynalite: owners and admins change the firm's seats as the subscription's quantity, at the
 * price they confirmed, never below the seats in use; recruiters may not.
 */

const { services } = useSubscriptionServices();

/** Counts the provider's quantity calls, so a refusal can be shown to come before any. */
let quantityCalls = 0;

function handlerWith(billing: () => BillingPort = () => services.billing) {
  const deps = (): SubscriptionWritesDependencies => {
    const provider = billing();
    return subscriptionWritesDependencies(services, {
      billing: {
        ...provider,
        previewQuantityChange: (...args) => ((quantityCalls += 1), provider.previewQuantityChange(...args)),
        changeSubscriptionQuantity: (...args) => ((quantityCalls += 1), provider.changeSubscriptionQuantity(...args)),
      },
    });
  };
  return createSubscriptionWritesHandler(deps, HANDLER_OPTIONS);
}
const handler = handlerWith();

function post<T>(route: string, sub: string | null, body: unknown, headers: Record<string, string> = {}, through = handler) {
  const resource = route.replace(/^POST /, '');
  return invoke<T & { code?: string; message?: string }>(
    through,
    userEvent({ method: 'POST', resource, claims: sub ? claims(sub, undefined) : null, body, headers }),
  );
}

const preview = (sub: string | null, seats: unknown) => post<SeatChangePreview>(SEAT_ROUTES.preview, sub, { seats });
const confirm = (sub: string, shown: SeatChangePreview, headers: Record<string, string> = {}, through = handler) =>
  post<Record<string, unknown>>(
    SEAT_ROUTES.change,
    sub,
    { seats: shown.seats, confirmedRecurringTotal: shown.recurringTotal, confirmedChargedNow: shown.chargedNow },
    headers,
    through,
  );

/** An owner whose firm was founded by subscribing (one seat, the owner's). */
async function owner(id: string) {
  const user = await services.addUser(id);
  const answer = await post('POST /subscription/create-change', id, {
    planCode: PLANS.starter,
    currency: 'USD',
    billingToken: await services.cardToken(),
  });
  expect(answer.status).toBe(201);
  return user;
}

async function member(organizationId: string, id: string, role: OrganizationRole) {
  const user = await services.addUser(id);
  await services.organizations.saveMember({ organizationId, userId: id, role, joinedAt: new Date().toISOString(), state: 'active' });
  return user;
}

async function quantityAtProvider(organizationId: string): Promise<number> {
  const [subscription] = await services.billing.listAccountSubscriptions(accountCode(PRODUCT_SLUG, organizationId));
  return subscription.quantity;
}

describe('seats through the subscription quantity', () => {
  it('previews the new price and what is due now, changes nothing, then makes the confirmed change and records it', async () => {
    const firm = await owner('seats-owner');

    const shown = await preview(firm.id, 3);
    expect(shown.status).toBe(200);
    expect(SeatChangePreviewSchema.parse(shown.body)).toEqual({
      currentSeats: 1,
      seats: 3,
      seatsInUse: 1,
      currency: 'USD',
      unitAmount: 49,
      currentRecurringTotal: 49,
      recurringTotal: 147,
      // In the free trial nothing has been paid for yet: nothing is charged now.
      chargedNow: 0,
      creditedNow: 0,
    });
    expect(await quantityAtProvider(firm.id)).toBe(1);

    const changed = await confirm(firm.id, shown.body, { 'Idempotency-Key': 'seats-1' });
    expect(changed.status).toBe(200);
    expect(SeatChangeResponseSchema.parse(changed.body)).toMatchObject({ outcome: 'changed', seats: 3, subscription: { quantity: 3 } });
    expect(await quantityAtProvider(firm.id)).toBe(3);
    expect((await services.organizations.getOrganization(firm.id))?.seats).toBe(3);
    expect((await services.subscriptions.listByUserId(firm.id))[0]).toMatchObject({ quantity: 3, email: firm.email });
    const seatEntries = (await services.activityOf(firm.id)).filter((entry) => entry.action === 'seats.changed');
    expect(seatEntries).toEqual([
      expect.objectContaining({ actorId: firm.id, subject: { kind: 'seats', id: firm.id }, details: { previousSeats: 1, seats: 3 } }),
    ]);

    // The client's resend: the first answer, nothing changed twice.
    const again = await confirm(firm.id, shown.body, { 'Idempotency-Key': 'seats-1' });
    expect(again).toMatchObject({ status: 200, headers: { 'Idempotency-Replayed': 'true' }, body: changed.body });
    expect((await services.activityOf(firm.id)).filter((entry) => entry.action === 'seats.changed')).toHaveLength(1);
  });

  it('refuses a price other than the one confirmed with a 409, changing nothing', async () => {
    const firm = await owner('seats-price');
    const shown = (await preview(firm.id, 2)).body;

    const stale = await confirm(firm.id, { ...shown, recurringTotal: shown.recurringTotal - 1 });
    expect(stale).toMatchObject({ status: 409, body: { code: 'seat_price_changed' } });
    expect(await quantityAtProvider(firm.id)).toBe(1);
    expect((await services.organizations.getOrganization(firm.id))?.seats).toBe(1);
  });

  it('after the trial: charges the added seat for the rest of the period, never more than the amount confirmed', async () => {
    const firm = await owner('seats-paid');
    // The billing clock 20 days on: the trial is over, the first paid month has begun.
    await services.billingStore.setClockOffset(20 * 86_400_000);
    try {
      const shown = (await preview(firm.id, 2)).body;
      expect(shown.chargedNow).toBeGreaterThan(0);
      expect(shown.chargedNow).toBeLessThan(49);

      const lower = await confirm(firm.id, { ...shown, chargedNow: shown.chargedNow - 0.01 });
      expect(lower).toMatchObject({ status: 409, body: { code: 'seat_price_changed' } });
      expect(await quantityAtProvider(firm.id)).toBe(1);

      expect((await confirm(firm.id, shown)).body).toMatchObject({ outcome: 'changed', seats: 2 });
      const invoices = await services.billing.listInvoices(accountCode(PRODUCT_SLUG, firm.id));
      expect(invoices[0]?.total).toBe(shown.chargedNow);
    } finally {
      await services.billingStore.setClockOffset(0);
    }
  });

  it('lets an admin change the seats; a recruiter gets 403 and a person in no firm 404, before the provider is asked', async () => {
    const firm = await owner('seats-team-owner');
    const admin = await member(firm.id, 'seats-team-admin', 'admin');
    const recruiter = await member(firm.id, 'seats-team-recruiter', 'recruiter');
    const loner = await services.addUser('seats-loner');
    const callsBefore = quantityCalls;

    expect(await preview(recruiter.id, 5)).toMatchObject({
      status: 403,
      body: { message: 'A recruiter may not change the number of seats.' },
    });
    const forged = { seats: 5, recurringTotal: 245, chargedNow: 0 } as SeatChangePreview;
    expect((await confirm(recruiter.id, forged)).status).toBe(403);
    expect((await preview(loner.id, 5)).status).toBe(404);
    expect(quantityCalls).toBe(callsBefore);

    const shown = await preview(admin.id, 5);
    // Members saved straight into the table: three in use on the founder's one seat.
    expect(shown.body).toMatchObject({ currentSeats: 1, seats: 5, seatsInUse: 3 });
    expect((await confirm(admin.id, shown.body)).status).toBe(200);
    expect((await services.organizations.getOrganization(firm.id))?.seats).toBe(5);
    expect(await quantityAtProvider(firm.id)).toBe(5);
  });

  it('never goes below the seats in use (members and pending invitations): 409 before the provider is asked', async () => {
    const firm = await owner('seats-floor-owner');
    await confirm(firm.id, (await preview(firm.id, 4)).body);
    await member(firm.id, 'seats-floor-recruiter', 'recruiter');
    await services.organizations.saveInvitation({
      organizationId: firm.id,
      email: 'pending@example.com',
      role: 'recruiter',
      invitedBy: firm.id,
      state: 'pending',
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const callsBefore = quantityCalls;

    const below = await preview(firm.id, 2);
    expect(below).toMatchObject({ status: 409, body: { code: 'seats_in_use' } });
    expect(below.body.message).toMatch(/^3 seats are in use/);
    const forged = { seats: 2, recurringTotal: 98, chargedNow: 0 } as SeatChangePreview;
    expect((await confirm(firm.id, forged)).status).toBe(409);
    expect(quantityCalls).toBe(callsBefore);
    expect(await quantityAtProvider(firm.id)).toBe(4);

    const down = await preview(firm.id, 3);
    expect(down.body).toMatchObject({ seats: 3, seatsInUse: 3, recurringTotal: 147 });
    expect((await confirm(firm.id, down.body)).body).toMatchObject({ outcome: 'changed', seats: 3 });
  });

  it('answers the same seats as unchanged without a provider write', async () => {
    const firm = await owner('seats-same');
    const shown = await preview(firm.id, 1);
    expect(shown.body).toMatchObject({ seats: 1, currentSeats: 1, chargedNow: 0, creditedNow: 0, recurringTotal: 49 });
    expect((await confirm(firm.id, shown.body)).body).toMatchObject({ outcome: 'unchanged', seats: 1 });
    expect((await services.activityOf(firm.id)).filter((entry) => entry.action === 'seats.changed')).toEqual([]);
  });

  it('answers 402 three_d_secure_required when the bank wants the charge authenticated, as checkout does', async () => {
    const firm = await owner('seats-3ds');
    const shown = (await preview(firm.id, 2)).body;
    const challenging = handlerWith(() => ({
      ...services.billing,
      changeSubscriptionQuantity: async () => {
        throw new PaymentAuthenticationRequiredError('Your bank wants to confirm this payment.', 'action-token-1');
      },
    }));

    const answer = await confirm(firm.id, shown, {}, challenging);
    expect(answer).toMatchObject({ status: 402, body: { code: 'three_d_secure_required', threeDSecureActionTokenId: 'action-token-1' } });
    expect((await services.organizations.getOrganization(firm.id))?.seats).toBe(1);
  });

  it('refuses bad input with a 400: seats not a whole number from 1 to 1000, unknown fields, a malformed Idempotency-Key', async () => {
    const firm = await owner('seats-input');
    for (const seats of [0, 1.5, '3', 1001, null]) expect((await preview(firm.id, seats)).status).toBe(400);
    expect((await post(SEAT_ROUTES.preview, firm.id, { seats: 2, extra: true })).status).toBe(400);
    const shown = (await preview(firm.id, 2)).body;
    expect((await confirm(firm.id, shown, { 'Idempotency-Key': 'bad key!' })).status).toBe(400);
    expect((await post(SEAT_ROUTES.change, firm.id, { seats: 2 })).status).toBe(400);
    expect((await preview(null, 2)).status).toBe(401);
  });
});
