import type { SubscriptionState } from '../contracts/subscriptions';

/**
 * Which subscriptions give access ("live" ones): the one rule the web app's subscription gate and
 * the server's (the assistant and ATS routes) both apply. Not the same as "not ended"
 * (lambdas/subscription/subscription-rules.ts `hasEnded`), which also counts `future` and
 * `paused` subscriptions: those give no access, but a checkout changes them instead of creating
 * another. A `failed` one gives no access and has ended, so a checkout creates a new one. Plain
 * TypeScript with type-only imports, so the web's entry bundle gets no zod from the contracts.
 */

/** What the rule reads of a subscription: a provider view and a stored record both have it. */
export interface SubscriptionAccessFields {
  readonly state: SubscriptionState;
  readonly expiresAt: string | null;
  readonly currentPeriodEndsAt: string | null;
}

/**
 * Whether a subscription gives access now: `active` (in trial or paid), or `canceled` until it
 * expires (cancellation takes effect at the end of the paid period). `future`, `paused`,
 * `failed` and `expired` give none.
 */
export function isLiveSubscription(subscription: SubscriptionAccessFields, now: Date = new Date()): boolean {
  if (subscription.state === 'active') return true;
  if (subscription.state !== 'canceled') return false;
  const end = subscription.expiresAt ?? subscription.currentPeriodEndsAt;
  return end === null || Date.parse(end) > now.getTime();
}

/** The live subscriptions among `subscriptions` (the gate lets a user in when there is one). */
export function liveSubscriptions<S extends SubscriptionAccessFields>(subscriptions: readonly S[], now: Date = new Date()): S[] {
  return subscriptions.filter((subscription) => isLiveSubscription(subscription, now));
}
