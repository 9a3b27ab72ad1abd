import { SUBSCRIPTION_TBD } from '../contracts/user';

/**
 * Billing account codes and how accounts are looked up, the one owner of both forms:
 * - the account code `{product}-{userId}` (Recurly allows at most 50 characters);
 * - the lookup id `code-{accountCode}`: Recurly's API addresses an account by its code so
 *   (`GET /accounts/code-<code>`), and `GET /user/subscriptions/{id}` takes the same form for a
 *   user whose subscriptionId is still the placeholder `SubscriptionTBD`.
 */
export const ACCOUNT_CODE_MAX_LENGTH = 50;

/** What marks a lookup id as an account code rather than an id (Recurly's own convention). */
const ACCOUNT_LOOKUP_PREFIX = 'code-';

export function accountCode(productSlug: string, userId: string): string {
  return `${productSlug}-${userId}`;
}

/** The user id inside an account code `{product}-{userId}`, or undefined for another product's code. */
export function userIdFromAccountCode(productSlug: string, code: string): string | undefined {
  const prefix = accountCode(productSlug, '');
  return code.startsWith(prefix) && code.length > prefix.length ? code.slice(prefix.length) : undefined;
}

/** `code-{accountCode}`: how Recurly's API and `GET /user/subscriptions/{id}` name an account by its code. */
export function accountLookupId(code: string): string {
  return `${ACCOUNT_LOOKUP_PREFIX}${code}`;
}

/** The id the web app puts in `/user/subscriptions/{id}` for a user. */
export function subscriptionsLookupId(productSlug: string, user: { id: string; subscriptionId?: string | null }): string {
  return !user.subscriptionId || user.subscriptionId === SUBSCRIPTION_TBD
    ? accountLookupId(accountCode(productSlug, user.id))
    : user.subscriptionId;
}

/** What `GET /user/subscriptions/{id}` was given: a user's account lookup code, or a subscription id. */
export type SubscriptionsLookup =
  { readonly kind: 'account'; readonly userId: string } | { readonly kind: 'subscription'; readonly subscriptionId: string };

/** Reads a `/user/subscriptions/{id}` id: `code-{product}-{userId}` names a user, anything else a subscription. */
export function parseSubscriptionsLookupId(productSlug: string, id: string): SubscriptionsLookup {
  const userId = id.startsWith(ACCOUNT_LOOKUP_PREFIX)
    ? userIdFromAccountCode(productSlug, id.slice(ACCOUNT_LOOKUP_PREFIX.length))
    : undefined;
  return userId ? { kind: 'account', userId } : { kind: 'subscription', subscriptionId: id };
}
