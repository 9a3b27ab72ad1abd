/**
 * Which subscriptions give access: the subscription gate's rule, shared with the server (the
 * assistant routes check the same rule on the stored records). Kept apart from the labels
 * (subscription-status.ts) because the gate is in the entry bundle: the shared module imports no
 * runtime code from the contracts (whose zod schemas would come along).
 */
import type { FirmAccess } from '@contracts/subscriptions';
import { liveSubscriptions, type SubscriptionAccessFields } from '@shared-domain/subscription-access';

export { isLiveSubscription, liveSubscriptions } from '@shared-domain/subscription-access';

/**
 * Whether the signed-in person may use the gated pages: a live subscription of their own, or their
 * firm's (issue 18): `firmAccess`, which the server sets by the subscriber gate's own rule.
 */
export function hasServiceAccess(
  subscriptions: readonly SubscriptionAccessFields[],
  firmAccess: FirmAccess | null,
  now: Date = new Date(),
): boolean {
  return firmAccess !== null || liveSubscriptions(subscriptions, now).length > 0;
}
