import { SUBSCRIPTION_TBD } from '../contracts/user';

/**
 * Billing account codes: `{product}-{userId}` (Recurly allows at most 50 characters).
 * `GET /user/subscriptions/{id}` takes the user's subscriptionId, or, while that is the
 * placeholder `SubscriptionTBD`, the derived lookup code `code-{product}-{userId}`.
 */
export const ACCOUNT_CODE_MAX_LENGTH = 50;

export function accountCode(productSlug: string, userId: string): string {
  return `${productSlug}-${userId}`;
}

/** The id the web app puts in `/user/subscriptions/{id}` for a user. */
export function subscriptionsLookupId(productSlug: string, user: { id: string; subscriptionId?: string | null }): string {
  return !user.subscriptionId || user.subscriptionId === SUBSCRIPTION_TBD
    ? `code-${accountCode(productSlug, user.id)}`
    : user.subscriptionId;
}
