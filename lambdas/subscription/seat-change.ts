import type { SeatChangePreview, SeatChangeRequest, SeatChangeResponse } from '../shared/contracts/seats';
import { SEAT_PRICE_CHANGED_CODE } from '../shared/contracts/seats';
import type { SubscriptionView } from '../shared/contracts/subscriptions';
import type { User } from '../shared/contracts/user';
import type { ActivityRecorder } from '../shared/activity/activity-log';
import { accountCode } from '../shared/domain/account-codes';
import { planSeatChange, seatChange, seatsInUse, type TeamState } from '../shared/domain/organization-rules';
import { ConflictError, NotFoundError } from '../shared/errors';
import { createLogger } from '../shared/logger';
import { refusalError } from '../shared/organizations/organization-refusals';
import type { OrganizationsRepository } from '../shared/organizations/organizations-repository';
import { subscriptionSnapshot } from '../shared/subscriptions/subscription-record';
import type { SubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';
import type { BillingPort } from './billing/billing-port';
import { runOnceOnly, type OnceOnlyDependencies } from './once-only';
import { billingIdempotencyKey, EXPLICIT_KEY_TTL_MS, IMPLICIT_KEY_TTL_MS } from './subscription-checkout';
import { newestOpenSubscription } from './subscription-rules';

/**
 * A firm's seats through its subscription's quantity (issue 18): `POST /user/organization/seats/preview`
 * and `POST /user/organization/seats`. The firm's subscription is the one on the founder's billing
 * account (the firm's id is the founder's user id, organization-founding.ts), whoever owns the
 * firm now. Owners and admins only (`changeSeats`), and never below the seats in use: both are
 * checked before Recurly is asked anything. The change is made only at the price the caller
 * confirmed (the contract's `SeatChangeRequestSchema`), under the same lock as the founder's
 * create-change and exactly once per request (once-only.ts, the Idempotency-Key), its Recurly write
 * keyed as a plan change's is; a card the bank wants authenticated is the same 402 as at checkout.
 * Then the subscription's record is refreshed, the firm's seats follow the quantity and the
 * change is recorded in the firm's activity (`seats.changed`).
 */

const logger = createLogger({ component: 'seat-change' });

export const SEAT_MESSAGES = {
  notInFirm: 'You are not part of a team yet.',
  noSubscription: 'Your firm has no active subscription: subscribe first, then add seats.',
  priceChanged: 'The price of this change is not the one you confirmed. Review the new price and confirm again.',
} as const;

export interface SeatChangeDependencies extends OnceOnlyDependencies {
  readonly billing: Pick<BillingPort, 'listAccountSubscriptions' | 'previewQuantityChange' | 'changeSubscriptionQuantity'>;
  readonly organizations: Pick<OrganizationsRepository, 'activeMembershipOf' | 'getTeam' | 'saveOrganization'>;
  readonly subscriptions: SubscriptionsRepository;
  readonly activity: ActivityRecorder;
  readonly productSlug: string;
}

interface SeatContext {
  readonly team: TeamState;
  readonly subscription: SubscriptionView;
}

/** The caller's firm and its open subscription, once the caller may set `seats` (else the refusal). */
async function seatContext(deps: SeatChangeDependencies, user: User, seats: number): Promise<SeatContext> {
  const membership = await deps.organizations.activeMembershipOf(user.id);
  const team = membership ? await deps.organizations.getTeam(membership.organizationId) : undefined;
  const member = team?.members.find((candidate) => candidate.userId === user.id && candidate.state === 'active');
  if (!team || !member) throw new NotFoundError(SEAT_MESSAGES.notInFirm, { code: 'organization_not_found' });
  const decision = planSeatChange({ userId: user.id, role: member.role }, team, seats, deps.now());
  if (!decision.ok) throw refusalError(decision, decision.kind === 'conflict' ? 'seats_in_use' : undefined);
  const subscriptions = await deps.billing.listAccountSubscriptions(accountCode(deps.productSlug, team.organization.id));
  const subscription = newestOpenSubscription(subscriptions);
  if (!subscription) throw new ConflictError(SEAT_MESSAGES.noSubscription, { code: 'no_subscription' });
  return { team, subscription };
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

async function preview(deps: SeatChangeDependencies, context: SeatContext, seats: number): Promise<SeatChangePreview> {
  const { team, subscription } = context;
  // The same quantity: nothing to ask Recurly (it would answer "Subscription hasn't been changed").
  const quantity =
    subscription.quantity === seats
      ? { unitAmount: subscription.unitAmount, chargedNow: 0, creditedNow: 0 }
      : await deps.billing.previewQuantityChange(subscription.id, seats);
  return {
    currentSeats: team.organization.seats,
    seats,
    seatsInUse: seatsInUse(team.members, team.invitations, deps.now()),
    currency: subscription.currency,
    unitAmount: quantity.unitAmount,
    currentRecurringTotal: cents(subscription.unitAmount * subscription.quantity),
    recurringTotal: cents(quantity.unitAmount * seats),
    chargedNow: quantity.chargedNow,
    creditedNow: quantity.creditedNow,
  };
}

/** `POST /user/organization/seats/preview`: what the change would cost now; changes nothing. */
export async function previewSeatChange(deps: SeatChangeDependencies, user: User, seats: number): Promise<SeatChangePreview> {
  return preview(deps, await seatContext(deps, user, seats), seats);
}

/** `POST /user/organization/seats`: the change at the confirmed price, at most once per request. */
export async function changeSeats(
  deps: SeatChangeDependencies,
  user: User,
  request: SeatChangeRequest,
  idempotencyKey: string | undefined,
): Promise<{ readonly body: SeatChangeResponse; readonly replayed: boolean }> {
  const fingerprint = JSON.stringify({ seats: request.seats, total: request.confirmedRecurringTotal, now: request.confirmedChargedNow });
  // The firm's id is the billing account holder's user id: the founder's create-change lock.
  const membership = await deps.organizations.activeMembershipOf(user.id);
  const lockOwner = membership?.organizationId ?? user.id;
  const result = await runOnceOnly(deps, {
    lockName: `create-change#${lockOwner}`,
    scope: `seats#${user.id}`,
    key: idempotencyKey !== undefined ? `key:${idempotencyKey}` : `payload:${fingerprint}`,
    fingerprint,
    ttlMs: idempotencyKey !== undefined ? EXPLICIT_KEY_TTL_MS : IMPLICIT_KEY_TTL_MS,
    work: async () => ({ statusCode: 200, body: await changeAtConfirmedPrice(deps, user, request, idempotencyKey) }),
  });
  return { body: result.body as SeatChangeResponse, replayed: result.replayed };
}

async function changeAtConfirmedPrice(
  deps: SeatChangeDependencies,
  user: User,
  request: SeatChangeRequest,
  clientKey: string | undefined,
): Promise<SeatChangeResponse> {
  const context = await seatContext(deps, user, request.seats);
  const { team } = context;
  let subscription = context.subscription;
  const before = team.organization.seats;
  let outcome: SeatChangeResponse['outcome'] = 'unchanged';
  if (subscription.quantity !== request.seats) {
    const priceNow = await preview(deps, context, request.seats);
    if (cents(priceNow.recurringTotal) !== cents(request.confirmedRecurringTotal) || priceNow.chargedNow > request.confirmedChargedNow) {
      throw new ConflictError(SEAT_MESSAGES.priceChanged, { code: SEAT_PRICE_CHANGED_CODE });
    }
    subscription = await deps.billing.changeSubscriptionQuantity(subscription.id, request.seats, {
      idempotencyKey: billingIdempotencyKey({
        userId: user.id,
        operation: 'seats',
        clientKey,
        request: { seats: request.seats },
        basis: `${subscription.id}@${subscription.updatedAt}:${subscription.quantity}`,
      }),
      threeDSecureActionResultTokenId: request.threeDSecureActionResultTokenId,
    });
    outcome = 'changed';
  }
  const at = deps.now();
  const stored = await deps.subscriptions.get(subscription.id);
  await deps.subscriptions.upsert(
    subscriptionSnapshot(subscription, { userId: team.organization.id, email: stored?.email, company: stored?.company }),
    at,
  );
  const seats = await firmFollows(deps, team, subscription.quantity, at);
  if (seats !== before) {
    await deps.activity.record({
      organizationId: team.organization.id,
      actorId: user.id,
      action: 'seats.changed',
      subject: { kind: 'seats', id: team.organization.id },
      details: { previousSeats: before, seats },
    });
  }
  return { outcome, seats, subscription };
}

/** The firm's seats set to the subscription's quantity (the seat rule checked again); answers the seats it has. */
async function firmFollows(deps: SeatChangeDependencies, team: TeamState, quantity: number, at: Date): Promise<number> {
  if (team.organization.seats === quantity) return quantity;
  const decision = seatChange(team, quantity, at);
  if (decision.ok && (await deps.organizations.saveOrganization(decision.organization, team.organization.updatedAt))) return quantity;
  // Paid already: a concurrent change of the firm wins here, and the next subscription write
  // (or the organizations migration) brings the seats to the quantity.
  logger.warn('The firm kept its seats after a quantity change', { organizationId: team.organization.id, quantity });
  return team.organization.seats;
}
