import type { SubscriptionView } from '../../../../lambdas/shared/contracts/subscriptions';

/**
 * Which subscriptions give access: the subscription gate's rule. Kept apart from the labels
 * (subscription-status.ts) because the gate is in the entry bundle: this module imports no
 * runtime code from the contracts (whose zod schemas would come along).
 */

/**
 * Whether a subscription gives access now: `active` (in trial or paid), or `canceled` until it
 * expires (cancellation takes effect at the end of the paid period). `future`, `paused`,
 * `failed` and `expired` give none.
 */
export function isLiveSubscription(subscription: SubscriptionView, now: Date = new Date()): boolean {
  if (subscription.state === 'active') return true;
  if (subscription.state !== 'canceled') return false;
  const end = subscription.expiresAt ?? subscription.currentPeriodEndsAt;
  return end === null || Date.parse(end) > now.getTime();
}

/** The user's live subscriptions (the gate lets them in when there is at least one). */
export function liveSubscriptions(subscriptions: readonly SubscriptionView[], now: Date = new Date()): SubscriptionView[] {
  return subscriptions.filter((subscription) => isLiveSubscription(subscription, now));
}
