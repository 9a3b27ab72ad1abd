import { createSubscriptionActionHandler, subscriptionActionDependencies } from './subscription-action';

/**
 * `POST /subscription/cancel` (signed-in users): cancels one of the caller's subscriptions at the
 * end of its current period (state `canceled`, access until `expiresAt`). See `subscription-action.ts`.
 */
export const handler = createSubscriptionActionHandler('cancel', subscriptionActionDependencies());
