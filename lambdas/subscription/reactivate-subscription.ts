import { createSubscriptionActionHandler, subscriptionActionDependencies } from './subscription-action';

/**
 * `POST /subscription/reactivate` (signed-in users): undoes the cancellation of one of the
 * caller's subscriptions before its period ends (state back to `active`). See `subscription-action.ts`.
 */
export const handler = createSubscriptionActionHandler('reactivate', subscriptionActionDependencies());
