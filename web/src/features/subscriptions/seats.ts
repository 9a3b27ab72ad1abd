import type { PlanCurrency } from '@contracts/plans';
import { MAX_SEATS, type SubscriptionView } from '@contracts/subscriptions';
import { formatAmount } from './format';

/**
 * A firm's seats as the web app reads them from a field: a whole number from 1 to MAX_SEATS (the
 * API's rule, `SeatsSchema`). Used by the checkout's seats and by the account page's seat change.
 */

export const SEATS_TEXT = {
  wholeNumber: 'Enter a whole number of seats.',
  range: `Choose from 1 to ${MAX_SEATS.toLocaleString('en-US')} seats.`,
  checkoutHint: 'One seat per recruiter. You can add seats later from the Team page.',
} as const;

export { MAX_SEATS };

/** The seat count field's input attributes, the same at checkout and on the account page. */
export const SEATS_INPUT = { name: 'seats', type: 'number', inputMode: 'numeric', min: 1, max: MAX_SEATS, step: 1 } as const;

/** The seats typed in a field, or why they cannot be bought. */
export function seatsFromText(text: string): { readonly seats: number } | { readonly problem: string } {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return { problem: SEATS_TEXT.wholeNumber };
  const seats = Number(trimmed);
  if (seats < 1 || seats > MAX_SEATS) return { problem: SEATS_TEXT.range };
  return { seats };
}

/** What `seats` cost each billing period: the price per seat times the seats (Recurly's quantity). */
export function recurringTotal(price: Pick<PlanCurrency, 'unitAmount'>, seats: number): number {
  return Math.round(price.unitAmount * seats * 100) / 100;
}

/**
 * A subscription's monthly price as the pages say it: `$149 / month (USD)` for one seat,
 * `$447 / month: 3 seats × $149 (USD)` for a firm's seats.
 */
export function monthlyPriceText(subscription: Pick<SubscriptionView, 'unitAmount' | 'quantity' | 'currency'>): string {
  const money = (amount: number) => formatAmount(amount, subscription.currency);
  const { unitAmount, quantity, currency } = subscription;
  return quantity === 1
    ? `${money(unitAmount)} / month (${currency})`
    : `${money(recurringTotal(subscription, quantity))} / month: ${quantity} seats × ${money(unitAmount)} (${currency})`;
}
