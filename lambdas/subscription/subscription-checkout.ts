import { createHash } from 'node:crypto';
import {
  DEFAULT_CHECKOUT_SEATS,
  type CreateChangeRequest,
  type CreateChangeResponse,
  type SubscriptionView,
} from '../shared/contracts/subscriptions';
import type { User } from '../shared/contracts/user';
import { accountCode } from '../shared/domain/account-codes';
import type { PlanCodeSuffix } from '../shared/domain/plans';
import { ValidationError } from '../shared/errors';
import { createLogger } from '../shared/logger';
import {
  organizationFollowsSubscription,
  type FoundingSubscription,
  type OrganizationsForSubscriptions,
} from '../shared/organizations/organization-founding';
import type { IdempotencyStore, StoredResult } from '../shared/subscriptions/idempotency-store';
import type { LeaseLocks } from '../shared/subscriptions/lease-locks';
import { normalizeInstant, subscriptionSnapshot } from '../shared/subscriptions/subscription-record';
import type { SubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';
import type { UserSubscriptionLinks } from '../shared/subscriptions/user-subscription-links';
import type { ActivityRecorder } from '../shared/activity/activity-log';
import type { BillingPort } from './billing/billing-port';
import { recordSubscriptionActivity } from './subscription-activity';
import { runOnceOnly, type OnceOnlyTiming } from './once-only';
import { CARD_REQUIRED_MESSAGE, newestOpenSubscription, newestSubscription, requireKnownPlan } from './subscription-rules';

/**
 * Subscribe, or change plan: what `POST /subscription/create-change` does for a signed-in user.
 *
 * - No open subscription at the provider (none, or all ended: expired or failed): create one for
 *   the request's `seats` (its quantity; the provider creates the billing account with the card
 *   token when needed) → `created`.
 * - An open one on another plan: change its plan now → `changed`; on the same plan → `unchanged`.
 *   Seats are not changed here: `seats` other than the subscription's quantity is a 400
 *   (`seats_not_at_checkout`) pointing to the seats route, which shows the prorated price first.
 * - Then the Subscription record is refreshed and linked to the User record, and the subscriber's
 *   firm follows it: founded when they are in none, its seats set to the quantity when they own it
 *   (organization-founding.ts). That step never fails the paid subscription: an error is
 *   logged and the organizations migration (`migrate-organizations`) founds the firm later.
 *   A creation or a plan change is recorded in the firm's activity (subscription-activity.ts).
 *
 * Exactly once: all create-change work of a user runs under one lock, and the provider is asked
 * for the account's subscriptions inside it, so neither concurrent requests nor a retry after a
 * crash (created at the provider, not yet stored) can create a second subscription. Repeats of a
 * completed request replay its answer (see `once-only.ts`):
 * - with an `Idempotency-Key` header: the same answer for 24 hours, whatever happened since;
 * - without one, the payload (plan, currency and seats) is the key, for 60 seconds and only while the
 *   subscription has not changed since (a double click, a retry); later requests run again and
 *   answer `unchanged` with the current subscription. *
 * The provider's write itself carries an idempotency key derived from the request
 * ({@link billingIdempotencyKey}), so a write the provider received but whose answer was lost (the
 * client's resend after a connection reset, a retry while the first is still in flight) is applied
 * once.
 */

const logger = createLogger({ component: 'subscription-checkout' });

export const EXPLICIT_KEY_TTL_MS = 24 * 3_600_000;
export const IMPLICIT_KEY_TTL_MS = 60_000;

export interface CreateChangeDependencies {
  readonly billing: BillingPort;
  readonly subscriptions: SubscriptionsRepository;
  readonly links: UserSubscriptionLinks;
  /** The subscriber's firm follows the subscription (founded, or its seats moved): issue 18. */
  readonly organizations: OrganizationsForSubscriptions;
  /** The firm's activity: `subscription.created` and `subscription.changed` (subscription-activity.ts). */
  readonly activity: ActivityRecorder;
  readonly locks: LeaseLocks;
  readonly idempotency: IdempotencyStore;
  readonly productSlug: string;
  readonly planCodeSuffix: PlanCodeSuffix;
  readonly now: () => Date;
  readonly timing: OnceOnlyTiming;
}

export interface CreateChangeOutcome {
  readonly statusCode: 200 | 201;
  readonly body: CreateChangeResponse;
  /** Whether this is the stored answer of an earlier identical request. */
  readonly replayed: boolean;
}

/** Runs create-change for `user` (an ACTIVE record) at most once per request. */
export async function createOrChangeSubscription(
  deps: CreateChangeDependencies,
  user: User,
  request: CreateChangeRequest,
  idempotencyKey: string | undefined,
): Promise<CreateChangeOutcome> {
  requireKnownPlan(request.planCode, deps.planCodeSuffix);
  const fingerprint = JSON.stringify({
    planCode: request.planCode,
    currency: request.currency,
    seats: request.seats ?? DEFAULT_CHECKOUT_SEATS,
  });
  const result = await runOnceOnly(deps, {
    lockName: `create-change#${user.id}`,
    scope: user.id,
    key: idempotencyKey !== undefined ? `key:${idempotencyKey}` : `payload:${fingerprint}`,
    fingerprint,
    ttlMs: idempotencyKey !== undefined ? EXPLICIT_KEY_TTL_MS : IMPLICIT_KEY_TTL_MS,
    isStillValid: idempotencyKey !== undefined ? undefined : (stored) => unchangedSince(deps.subscriptions, stored),
    work: async () => {
      const body = await subscribeOrChangePlan(deps, user, request, idempotencyKey);
      return { statusCode: body.outcome === 'created' ? 201 : 200, body };
    },
  });
  return { statusCode: result.statusCode as 200 | 201, body: result.body as CreateChangeResponse, replayed: result.replayed };
}

/** Whether the subscription in a stored answer is still as the answer shows it. */
async function unchangedSince(subscriptions: SubscriptionsRepository, stored: StoredResult): Promise<boolean> {
  const shown = (stored.body as Partial<CreateChangeResponse> | undefined)?.subscription;
  if (!shown) return false;
  const record = await subscriptions.get(shown.id);
  return record !== undefined && record.subscriptionUpdatedAt <= normalizeInstant(shown.updatedAt);
}

export interface BillingIdempotencyKeyInput {
  readonly userId: string;
  /** `seats`: a quantity change (seat-change.ts). */
  readonly operation: 'create' | 'change' | 'seats';
  /** The client's Idempotency-Key header, if it sent one. */
  readonly clientKey: string | undefined;
  /** The validated request body (what of it the write depends on). */
  readonly request: Readonly<Record<string, unknown>>;
  /**
   * What the decision to write was made on: for a change the subscription (its last update, plan
   * and state), for a create the account's newest subscription (or none).
   */
  readonly basis: string;
}

/**
 * The idempotency key the billing provider gets for the create or change a user request makes: a
 * hash of the user, the operation, the request (the client's Idempotency-Key and the whole body,
 * card token included) and its basis. The client's resend (same key and body) and a double submit
 * (same body, nothing changed in between) send the same key, so Recurly replays the first answer
 * instead of charging again; another attempt (a new client key, a new card token) or a changed
 * account sends a new one, because Recurly replays a key for an hour and an old answer must not
 * stand for a new purchase. 85 characters, well inside Recurly's 255.
 */
export function billingIdempotencyKey(input: BillingIdempotencyKeyInput): string {
  const body = Object.fromEntries(Object.entries(input.request).sort(([a], [b]) => a.localeCompare(b)));
  const digest = createHash('sha256')
    .update(JSON.stringify([input.userId, input.operation, input.clientKey ?? null, body, input.basis]))
    .digest('hex');
  return `create-change-${input.operation}-${digest}`;
}

/**
 * What a write was decided on (see {@link BillingIdempotencyKeyInput.basis}). Recurly's
 * `updated_at` has whole seconds, so the plan is part of it too: a change back and forth within a
 * second still gets a new key.
 */
function writeBasis(subscription: Pick<SubscriptionView, 'id' | 'updatedAt' | 'planCode' | 'state'> | undefined): string {
  return subscription ? `${subscription.id}@${subscription.updatedAt}:${subscription.planCode}:${subscription.state}` : 'none';
}

/** The work itself; the caller holds the user's create-change lock. */
async function subscribeOrChangePlan(
  deps: CreateChangeDependencies,
  user: User,
  request: CreateChangeRequest,
  clientKey: string | undefined,
): Promise<CreateChangeResponse> {
  const code = accountCode(deps.productSlug, user.id);
  // Asked inside the lock: a subscription created by an earlier, interrupted request is found.
  const subscriptions = await deps.billing.listAccountSubscriptions(code);
  const open = newestOpenSubscription(subscriptions);
  const idempotencyKey = (operation: 'create' | 'change', basis: string) =>
    billingIdempotencyKey({ userId: user.id, operation, clientKey, request, basis });

  let outcome: CreateChangeResponse['outcome'];
  let subscription: SubscriptionView;
  if (!open) {
    if (!request.billingToken) {
      const account = await deps.billing.getAccount(code);
      if (!account?.hasBillingInfo) {
        throw new ValidationError(CARD_REQUIRED_MESSAGE, { billingToken: CARD_REQUIRED_MESSAGE }, { code: 'card_required' });
      }
    }
    subscription = await deps.billing.createSubscription({
      accountCode: code,
      account: {
        email: user.email,
        firstName: user.firstName ?? undefined,
        lastName: user.lastName ?? undefined,
        company: user.companyName || undefined,
      },
      planCode: request.planCode,
      currency: request.currency,
      quantity: request.seats ?? DEFAULT_CHECKOUT_SEATS,
      billingToken: request.billingToken,
      threeDSecureActionResultTokenId: request.threeDSecureActionResultTokenId,
      // The newest subscription of any state: an ended one is what a new purchase replaces.
      idempotencyKey: idempotencyKey('create', writeBasis(newestSubscription(subscriptions))),
    });
    outcome = 'created';
  } else {
    if (open.currency !== request.currency) {
      const message = `Your subscription is billed in ${open.currency}. Choose a plan in ${open.currency}.`;
      throw new ValidationError(message, { currency: message }, { code: 'currency_mismatch' });
    }
    refuseSeatsOfExisting(request, open);
    if (open.planCode === request.planCode) {
      outcome = 'unchanged';
      subscription = open;
    } else {
      outcome = 'changed';
      subscription = await deps.billing.changeSubscriptionPlan(open.id, request.planCode, {
        idempotencyKey: idempotencyKey('change', writeBasis(open)),
        threeDSecureActionResultTokenId: request.threeDSecureActionResultTokenId,
      });
    }
  }

  const now = deps.now();
  const record = subscriptionSnapshot(subscription, { userId: user.id, email: user.email, company: user.companyName });
  await deps.subscriptions.upsert(record, now);
  await deps.links.link({ userId: user.id, subscriptionId: subscription.id, now, makeCurrent: () => true });
  await followInOrganization(deps, user, record, now);
  if (outcome !== 'unchanged') {
    const action = outcome === 'created' ? 'subscription.created' : 'subscription.changed';
    await recordSubscriptionActivity(deps.activity, user.id, action, subscription, open?.planCode);
  }
  return { outcome, subscription };
}

export const SEATS_NOT_AT_CHECKOUT_CODE = 'seats_not_at_checkout';

/**
 * Seats are bought with a new subscription only: an existing one keeps its quantity through a plan
 * change, and its seats change through `POST /user/organization/seats` (the prorated price is shown
 * and confirmed there first). Repeating the current quantity is accepted (a form that always sends
 * the seats it shows).
 */
function refuseSeatsOfExisting(request: CreateChangeRequest, open: SubscriptionView): void {
  if (request.seats === undefined || request.seats === open.quantity) return;
  const message = `Your subscription has ${open.quantity} ${open.quantity === 1 ? 'seat' : 'seats'}. Change seats from the Team page (POST /user/organization/seats), which shows the prorated price first.`;
  throw new ValidationError(message, { seats: message }, { code: SEATS_NOT_AT_CHECKOUT_CODE });
}

/** The firm follows the subscription; a failure is logged, never answered: the subscription is paid. */
async function followInOrganization(
  deps: CreateChangeDependencies,
  user: User,
  subscription: FoundingSubscription,
  now: Date,
): Promise<void> {
  try {
    const followUp = await organizationFollowsSubscription(deps.organizations, user, subscription, now);
    if (followUp === 'seatsRefused') {
      logger.warn('Seats kept: the quantity is below the seats in use', { userId: user.id, quantity: subscription.quantity });
    }
  } catch (error) {
    logger.error('Could not update the organization after a subscription write', { userId: user.id, error });
  }
}
