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
 * Unexpired: anything the provider has not ended for good (`future`, `paused` and `failed` too), the
 * subscription a checkout changes instead of creating another. Only `expired` subscriptions are over.
 */
export function isUnexpired(subscription: Pick<SubscriptionView, 'state'>): boolean {
  return subscription.state !== 'expired';
}

/** The newest unexpired subscription of a list, if any. */
export function newestUnexpiredSubscription<T extends Pick<SubscriptionView, 'state' | 'createdAt'>>(
  subscriptions: readonly T[],
): T | undefined {
  return [...subscriptions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).find(isUnexpired);
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
