import type { SubscriptionState, SubscriptionView } from '../contracts/subscriptions';

/**
 * The Subscription record (spec section 3): our copy of a subscription at the billing provider,
 * kept in the subscriptions table under the provider's subscription id. The provider stays the
 * source of truth; the record lets the product answer "whose subscription is this, in which
 * state" without a provider call, and is refreshed by every handler that touches the
 * subscription and by the provider's webhooks. Plain TypeScript: no AWS types here.
 *
 * Besides records, the subscriptions table holds a few control items whose ids contain `#`
 * (request locks, idempotent results, processed webhook notifications). Provider subscription
 * ids never contain `#`, and control items carry no `userId`, so they never appear in the
 * `byUserId` index.
 */
export interface SubscriptionRecord {
  /** The table's key: the provider's subscription id. */
  readonly id: string;
  /** The provider's subscription id (the spec's field; equal to `id`). */
  readonly subscriptionId: string;
  readonly object: 'subscription';
  readonly uuid: string;
  /** The owner's email and company when the record was last written (from the User record). */
  readonly email: string | null;
  readonly company: string | null;
  readonly state: SubscriptionState;
  readonly planCode: string;
  readonly currency: string;
  readonly quantity: number;
  readonly trialStartedAt: string | null;
  readonly trialEndsAt: string | null;
  readonly currentPeriodEndsAt: string | null;
  readonly activatedAt: string | null;
  readonly canceledAt: string | null;
  readonly expiresAt: string | null;
  /** The provider's creation and last-change instants (normalized ISO 8601, UTC, milliseconds). */
  readonly subscriptionCreatedAt: string;
  readonly subscriptionUpdatedAt: string;
  /** The billing account (`{product}-{userId}`) and the user it belongs to. */
  readonly accountCode: string;
  readonly userId: string;
  /** When our record was first and last written. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What a provider snapshot sets on a record; `createdAt`/`updatedAt` are the repository's. */
export type SubscriptionSnapshot = Omit<SubscriptionRecord, 'createdAt' | 'updatedAt'>;

export interface SubscriptionOwner {
  readonly userId: string;
  readonly email?: string | null;
  readonly company?: string | null;
}

/**
 * Instants as `Date.toISOString()` writes them. Recurly writes `2022-07-26T22:01:56Z`, the local
 * adapter writes milliseconds: normalized, the strings order like the instants they name, which
 * the "never go backwards" condition relies on.
 */
export function normalizeInstant(value: string): string;
export function normalizeInstant(value: string | null): string | null;
export function normalizeInstant(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`Not an instant: ${value}`);
  return new Date(time).toISOString();
}

/** The record fields of a provider subscription owned by `owner`. */
export function subscriptionSnapshot(view: SubscriptionView, owner: SubscriptionOwner): SubscriptionSnapshot {
  return {
    id: view.id,
    subscriptionId: view.id,
    object: 'subscription',
    uuid: view.uuid,
    email: owner.email ?? null,
    company: owner.company ?? null,
    state: view.state,
    planCode: view.planCode,
    currency: view.currency,
    quantity: view.quantity,
    trialStartedAt: normalizeInstant(view.trialStartedAt),
    trialEndsAt: normalizeInstant(view.trialEndsAt),
    currentPeriodEndsAt: normalizeInstant(view.currentPeriodEndsAt),
    activatedAt: normalizeInstant(view.activatedAt),
    canceledAt: normalizeInstant(view.canceledAt),
    expiresAt: normalizeInstant(view.expiresAt),
    subscriptionCreatedAt: normalizeInstant(view.createdAt),
    subscriptionUpdatedAt: normalizeInstant(view.updatedAt),
    accountCode: view.accountCode,
    userId: owner.userId,
  };
}
