import type { AccountView, FirmAccess, SubscriptionView, UserSubscriptionsResponse } from '@contracts/subscriptions';

/** `idle` while nobody is signed in (nothing to load), `loading` until the first answer for this user. */
export type SubscriptionsStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The signed-in user's subscriptions and billing account (spec section 4) as the pages see them:
 * on failure the error message, and the list empty.
 */
export interface SubscriptionsState {
  readonly status: SubscriptionsStatus;
  readonly subscriptions: readonly SubscriptionView[];
  readonly account: AccountView | null;
  /** Access through the firm (a member of another person's firm with a live subscription), else null. */
  readonly firmAccess: FirmAccess | null;
  readonly error: string | null;
}

/** The query key of the subscriptions of `lookupId` (the account lookup of `GET /user/subscriptions/{id}`). */
export const subscriptionsKey = (lookupId: string | null) => ['subscriptions', lookupId] as const;

/**
 * The subscriptions once the API answered a change with `subscription` as it is now (create,
 * change, cancel, reactivate): it replaces the one with its id, or comes first. Pure.
 */
export function withSubscription(before: UserSubscriptionsResponse | undefined, subscription: SubscriptionView): UserSubscriptionsResponse {
  const subscriptions = before?.subscriptions ?? [];
  const replaced = subscriptions.some((other) => other.id === subscription.id);
  return {
    subscriptions: replaced
      ? subscriptions.map((other) => (other.id === subscription.id ? subscription : other))
      : [subscription, ...subscriptions],
    account: before?.account ?? null,
    firmAccess: before?.firmAccess ?? null,
  };
}
