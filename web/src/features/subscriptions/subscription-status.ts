import type { SubscriptionView } from '@contracts/subscriptions';
import { isInTrial } from './subscription-terms';
import { formatDate } from './format';
import { isLiveSubscription, liveSubscriptions } from './subscription-access';

/** How a subscription reads for the person, and which one the account page shows. */

/**
 * The subscription the account page shows: the active one, else a canceled one that still gives
 * access, else the newest (the API lists newest first), else none.
 */
export function currentSubscription(subscriptions: readonly SubscriptionView[], now: Date = new Date()): SubscriptionView | undefined {
  const live = liveSubscriptions(subscriptions, now);
  return live.find((subscription) => subscription.state === 'active') ?? live[0] ?? subscriptions[0];
}

/** When a canceled subscription's access ends. */
export function accessEndsAt(subscription: SubscriptionView): string | null {
  return subscription.expiresAt ?? subscription.currentPeriodEndsAt;
}

/**
 * The state for people: Active, In trial, Canceled — access until <date>, Expired, Payment
 * failed, Paused, Starts <date>.
 */
export function subscriptionStateLabel(subscription: SubscriptionView, now: Date = new Date()): string {
  switch (subscription.state) {
    case 'active':
      return isInTrial(subscription, now) ? 'In trial' : 'Active';
    case 'canceled': {
      const end = accessEndsAt(subscription);
      return end ? `Canceled — access until ${formatDate(end)}` : 'Canceled';
    }
    case 'expired':
      return 'Expired';
    case 'failed':
      return 'Payment failed';
    case 'paused':
      return 'Paused';
    case 'future': {
      const start = subscription.currentPeriodStartedAt ?? subscription.trialStartedAt ?? subscription.activatedAt;
      return start ? `Starts ${formatDate(start)}` : 'Starts soon';
    }
  }
}

/** Whether a canceled subscription can still be reactivated (it has not expired yet). */
export function canReactivate(subscription: SubscriptionView, now: Date = new Date()): boolean {
  return subscription.state === 'canceled' && isLiveSubscription(subscription, now);
}

/** The date of the next bill of an active subscription (the end of its current period). */
export function nextBillAt(subscription: SubscriptionView): string | null {
  return subscription.state === 'active' ? subscription.currentPeriodEndsAt : null;
}
