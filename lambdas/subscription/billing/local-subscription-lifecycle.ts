import { createHash, randomBytes } from 'node:crypto';
import type { PlanPeriod } from '../../shared/contracts/plans';
import type { SubscriptionView } from '../../shared/contracts/subscriptions';
import { hasEnded } from '../subscription-rules';
import { STATE_MESSAGES } from './billing-messages';

/**
 * The subscription rules of the local billing adapter, in plain TypeScript (no AWS, no HTTP):
 * what Recurly does with a subscription to a plan with a trial, monthly billing and a setup fee,
 * reduced to what the product shows.
 *
 * - Created: `active`; trialStartedAt = now, trialEndsAt = now + trial; the first period runs
 *   from now to the trial end (the first bill); activatedAt = now. Without a trial the first
 *   period is one interval long.
 * - Renewal is computed when read, never scheduled: while `active`, each time `now` reaches
 *   `currentPeriodEndsAt` the period rolls by one interval, counted from the first bill (so a
 *   subscription billed on the 31st is billed on the last day of shorter months and on the 31st
 *   again after). `updatedAt` becomes the last boundary passed, so reads are deterministic.
 * - Canceled (from `active`): canceledAt = now, expiresAt = currentPeriodEndsAt; it stops
 *   renewing and becomes `expired` when `now` reaches expiresAt (updatedAt = expiresAt).
 * - Reactivated (from `canceled`, before expiresAt): `active`, canceledAt and expiresAt cleared.
 * - Canceling a `future` subscription makes it `failed` (Recurly's documented rule).
 * - `failed`, `future` and `paused` never arise from the port's operations here; they exist so
 *   the product's screens can be exercised (the store's test helper sets them).
 */

/** The stored shape of a local subscription: the view plus what renewal needs. */
export interface LocalSubscription extends SubscriptionView {
  readonly interval: PlanPeriod;
  /** Renewals are counted from this instant (the first bill); null when it cannot renew. */
  readonly billingAnchorAt: string | null;
}

/** Whole periods in the interval's unit added to `anchor`; months clamp to the month's last day. */
export function addPeriods(anchor: Date, interval: PlanPeriod, count: number): Date {
  if (interval.unit === 'days') return new Date(anchor.getTime() + interval.length * count * DAY_MS);
  const months = interval.length * count;
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewSubscriptionInput {
  readonly accountCode: string;
  readonly planCode: string;
  readonly planName: string;
  readonly currency: string;
  readonly unitAmount: number;
  readonly setupFee: number;
  /** The seats bought (Recurly's `quantity`); the setup fee does not depend on it. */
  readonly quantity: number;
  readonly trial: PlanPeriod;
  readonly interval: PlanPeriod;
  readonly now: Date;
  /** Fixed ids for tests; random by default. */
  readonly uuid?: string;
}

/** A new subscription, `active`, in its trial when the plan has one. */
export function newSubscription(input: NewSubscriptionInput): LocalSubscription {
  const now = input.now.toISOString();
  const uuid = input.uuid ?? randomBytes(16).toString('hex');
  const hasTrial = input.trial.length > 0;
  const firstBill = hasTrial ? addPeriods(input.now, input.trial, 1) : addPeriods(input.now, input.interval, 1);
  return {
    id: subscriptionIdOf(uuid),
    uuid,
    accountCode: input.accountCode,
    planCode: input.planCode,
    planName: input.planName,
    state: 'active',
    currency: input.currency,
    unitAmount: input.unitAmount,
    quantity: input.quantity,
    setupFee: input.setupFee,
    trialStartedAt: hasTrial ? now : null,
    trialEndsAt: hasTrial ? firstBill.toISOString() : null,
    currentPeriodStartedAt: now,
    currentPeriodEndsAt: firstBill.toISOString(),
    activatedAt: now,
    canceledAt: null,
    expiresAt: null,
    createdAt: now,
    updatedAt: now,
    interval: input.interval,
    billingAnchorAt: firstBill.toISOString(),
  };
}

/**
 * Recurly-like subscription id (13 lowercase letters and digits) derived from the uuid, so a
 * lookup by uuid needs no second key: `subscriptionIdOf(uuid)` names the item.
 */
export function subscriptionIdOf(uuid: string): string {
  const digest = createHash('sha256').update(uuid).digest();
  return BigInt(`0x${digest.subarray(0, 12).toString('hex')}`)
    .toString(36)
    .padStart(13, '0')
    .slice(-13);
}

export const UUID_PATTERN = /^[0-9a-f]{32}$/;

/** The subscription as it is at `now`: renewals and expiry applied. Pure; returns the input when nothing changed. */
export function atTime(subscription: LocalSubscription, now: Date): LocalSubscription {
  const time = now.getTime();
  if (subscription.state === 'canceled' && subscription.expiresAt && time >= Date.parse(subscription.expiresAt)) {
    return { ...subscription, state: 'expired', updatedAt: latest(subscription.updatedAt, subscription.expiresAt) };
  }
  if (subscription.state !== 'active' || !subscription.currentPeriodEndsAt || !subscription.billingAnchorAt) return subscription;
  if (time < Date.parse(subscription.currentPeriodEndsAt)) return subscription;

  const anchor = new Date(subscription.billingAnchorAt);
  // Period k (k ≥ 1) runs from anchor + (k-1) intervals to anchor + k intervals.
  let count = 1;
  while (addPeriods(anchor, subscription.interval, count).getTime() <= time) count += 1;
  const startedAt = addPeriods(anchor, subscription.interval, count - 1).toISOString();
  return {
    ...subscription,
    currentPeriodStartedAt: startedAt,
    currentPeriodEndsAt: addPeriods(anchor, subscription.interval, count).toISOString(),
    updatedAt: latest(subscription.updatedAt, startedAt),
  };
}

function latest(a: string, b: string): string {
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** Why an operation does not apply to a subscription in its current state. */
export class SubscriptionStateConflict extends Error {
  override readonly name = 'SubscriptionStateConflict';
  constructor(
    readonly code: 'subscription_not_changeable' | 'subscription_not_cancelable' | 'subscription_not_reactivatable',
    message: string,
  ) {
    super(message);
  }
}

export interface PlanPrice {
  readonly planCode: string;
  readonly planName: string;
  readonly unitAmount: number;
}

/** Moves to another plan now: price and plan change; trial, period and state stay. */
export function changePlan(subscription: LocalSubscription, plan: PlanPrice, now: Date): LocalSubscription {
  if (hasEnded(subscription)) throw new SubscriptionStateConflict('subscription_not_changeable', STATE_MESSAGES.notChangeable);
  if (subscription.planCode === plan.planCode) return subscription;
  return { ...subscription, planCode: plan.planCode, planName: plan.planName, unitAmount: plan.unitAmount, updatedAt: now.toISOString() };
}

/** Sets the quantity now (the seats); trial, period and state stay. The same quantity is a no-op. */
export function changeQuantity(subscription: LocalSubscription, quantity: number, now: Date): LocalSubscription {
  if (hasEnded(subscription)) throw new SubscriptionStateConflict('subscription_not_changeable', STATE_MESSAGES.notChangeable);
  if (subscription.quantity === quantity) return subscription;
  return { ...subscription, quantity, updatedAt: now.toISOString() };
}

/** Cancels at the end of the current period; canceling a canceled subscription changes nothing. */
export function cancel(subscription: LocalSubscription, now: Date): LocalSubscription {
  switch (subscription.state) {
    case 'canceled':
      return subscription;
    case 'active':
      return {
        ...subscription,
        state: 'canceled',
        canceledAt: now.toISOString(),
        expiresAt: subscription.currentPeriodEndsAt,
        updatedAt: now.toISOString(),
      };
    case 'future':
      return {
        ...subscription,
        state: 'failed',
        canceledAt: now.toISOString(),
        expiresAt: now.toISOString(),
        billingAnchorAt: null,
        updatedAt: now.toISOString(),
      };
    default:
      throw new SubscriptionStateConflict('subscription_not_cancelable', STATE_MESSAGES.notCancelable);
  }
}

/** Undoes a cancellation before the period ends; reactivating an active subscription changes nothing. */
export function reactivate(subscription: LocalSubscription, now: Date): LocalSubscription {
  if (subscription.state === 'active') return subscription;
  if (subscription.state !== 'canceled')
    throw new SubscriptionStateConflict('subscription_not_reactivatable', STATE_MESSAGES.notReactivatable);
  return { ...subscription, state: 'active', canceledAt: null, expiresAt: null, updatedAt: now.toISOString() };
}

/** The port's view: the stored subscription without the renewal fields. */
export function toSubscriptionView(subscription: LocalSubscription): SubscriptionView {
  const { interval: _interval, billingAnchorAt: _anchor, ...view } = subscription;
  return view;
}
