import type { SubscriptionView } from '../shared/contracts/subscriptions';
import { SUBSCRIPTION_TBD, type User } from '../shared/contracts/user';
import { accountCode, accountLookupId } from '../shared/domain/account-codes';
import { knownPlanCodes, type PlanCodeSuffix } from '../shared/domain/plans';
import { ValidationError } from '../shared/errors';

/**
 * The subscription rules the handlers share, in plain TypeScript (no AWS, no HTTP): which
 * subscriptions have not expired, which plans may be bought, who owns an id. Whether a subscription
 * gives access (is live) is another rule: shared/domain/subscription-access.ts.
 */

export const CARD_REQUIRED_MESSAGE = 'A card is required to subscribe.';

/**
 * Unexpired: anything the provider has not expired (`future`, `paused` and `failed` too). Whether a
 * webhook's subscription may become the user's current one reads this.
 */
export function isUnexpired(subscription: Pick<SubscriptionView, 'state'>): boolean {
  return subscription.state !== 'expired';
}

/**
 * Ended for good: `expired`, or `failed` (a `future` subscription canceled before it started, or
 * one whose first payment failed; Recurly's `cancel_subscription`: "cannot be reactivated").
 * Neither can be changed, so a checkout must not try: it creates a new subscription instead.
 */
export function hasEnded(subscription: { readonly state?: string | null }): boolean {
  return subscription.state === 'expired' || subscription.state === 'failed';
}

/**
 * The subscription a checkout changes instead of creating another: the newest one that has not
 * ended (`active`, `canceled` before its end, `future`, `paused`). Undefined: the checkout creates
 * one. A `failed` newest subscription must not be picked: changing it is refused every time, which
 * left a user with no access and no way to subscribe.
 */
export function newestOpenSubscription<T extends Pick<SubscriptionView, 'state' | 'createdAt'>>(
  subscriptions: readonly T[],
): T | undefined {
  return newestFirst(subscriptions).find((subscription) => !hasEnded(subscription));
}

/** The newest subscription of a list, whatever its state. */
export function newestSubscription<T extends Pick<SubscriptionView, 'createdAt'>>(subscriptions: readonly T[]): T | undefined {
  return newestFirst(subscriptions)[0];
}

function newestFirst<T extends Pick<SubscriptionView, 'createdAt'>>(subscriptions: readonly T[]): T[] {
  return [...subscriptions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Refuses a plan code that is not one of the stage's known plans (400, naming them). */
export function requireKnownPlan(planCode: string, suffix: PlanCodeSuffix): void {
  const known = knownPlanCodes(suffix);
  if (known.includes(planCode)) return;
  const choices = `Choose one of: ${known.join(', ')}.`;
  throw new ValidationError(`Unknown plan ${planCode}. ${choices}`, { planCode: choices }, { code: 'unknown_plan' });
}

/** The provider subscription ids a User record links to (current and past), without the placeholder. */
export function linkedSubscriptionIds(user: Pick<User, 'subscriptionId' | 'subscriptions'>): string[] {
  const ids = new Set<string>();
  for (const id of user.subscriptions ?? []) if (typeof id === 'string' && id !== '') ids.add(id);
  if (user.subscriptionId && user.subscriptionId !== SUBSCRIPTION_TBD) ids.add(user.subscriptionId);
  return [...ids];
}

/** Whether a lookup id belongs to this user: their account lookup code or one of their subscriptions. */
export function isOwnLookupId(productSlug: string, user: Pick<User, 'id' | 'subscriptionId' | 'subscriptions'>, id: string): boolean {
  return id === accountLookupId(accountCode(productSlug, user.id)) || linkedSubscriptionIds(user).includes(id);
}
