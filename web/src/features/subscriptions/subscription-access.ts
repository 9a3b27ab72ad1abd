/**
 * Which subscriptions give access: the subscription gate's rule, shared with the server (the
 * assistant routes check the same rule on the stored records). Kept apart from the labels
 * (subscription-status.ts) because the gate is in the entry bundle: the shared module imports no
 * runtime code from the contracts (whose zod schemas would come along).
 */
export { isLiveSubscription, liveSubscriptions } from '@shared-domain/subscription-access';
