import type { PlanCurrency } from '@contracts/plans';
import { MAX_SEATS } from '@contracts/subscriptions';

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
