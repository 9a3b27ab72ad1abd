/**
 * What an immediate change of a subscription's quantity costs now, as Recurly prorates it: the
 * stand-ins of Recurly (the local billing adapter and the tests' fake Recurly) both use this, so
 * their previews and changes agree.
 *
 * Recurly's "Change subscription" page (https://docs.recurly.com/recurly-subscriptions/docs/change-subscription,
 * "Immediate change handling") and the API's `SubscriptionChangeCreate` (`timeframe: now`, with
 * `proration_settings` defaulting to `prorated_amount` for both the charge and the credit,
 * node_modules/recurly/openapi/api.yaml `ProrationSettings`): a change made now credits the unused
 * part of the current period at the old price and charges the rest of the period at the new one,
 * so for a quantity change the added units are charged, or the removed ones credited, for the
 * fraction of the period that remains. The preview answers the charge as the `charge_invoice` and
 * the credit as `credit_invoices` of its `invoice_collection`. A subscription in its free trial has
 * paid for nothing yet: nothing is charged or credited, the new quantity is billed when the trial
 * ends.
 */

export interface QuantityProrationInput {
  readonly unitAmount: number;
  readonly fromQuantity: number;
  readonly toQuantity: number;
  readonly trialStartedAt: string | null;
  readonly trialEndsAt: string | null;
  readonly currentPeriodStartedAt: string | null;
  readonly currentPeriodEndsAt: string | null;
  readonly now: Date;
}

export interface QuantityProration {
  /** Charged now for the added units (0 when none), in the currency's major unit. */
  readonly charge: number;
  /** Credited now for the removed units (0 when none), in the currency's major unit. */
  readonly credit: number;
}

/** Rounded to the cent, as invoices are. */
function toCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** The fraction of the current period still ahead at `now` (0 when there is no current period). */
function remainingFraction(input: QuantityProrationInput): number {
  if (!input.currentPeriodStartedAt || !input.currentPeriodEndsAt) return 0;
  const start = Date.parse(input.currentPeriodStartedAt);
  const end = Date.parse(input.currentPeriodEndsAt);
  if (!(end > start)) return 0;
  return Math.min(1, Math.max(0, (end - input.now.getTime()) / (end - start)));
}

export function prorateQuantityChange(input: QuantityProrationInput): QuantityProration {
  // Until the trial ends nothing has been paid for (from its first instant on: isInTrial's strict
  // start would charge a change made in the very request that subscribed).
  if (input.trialEndsAt && input.now.getTime() < Date.parse(input.trialEndsAt)) return { charge: 0, credit: 0 };
  const amount = toCents(input.unitAmount * Math.abs(input.toQuantity - input.fromQuantity) * remainingFraction(input));
  return input.toQuantity >= input.fromQuantity ? { charge: amount, credit: 0 } : { charge: 0, credit: amount };
}
