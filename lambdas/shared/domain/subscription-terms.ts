/**
 * Subscription terms the web app shows on every billing page, free of zod so importing them does
 * not pull the schema library into the page's chunks.
 */

/** Whether a subscription is in its free trial at `now` (Recurly: trial_started_at < now < trial_ends_at). */
export function isInTrial(
  subscription: { readonly trialStartedAt: string | null; readonly trialEndsAt: string | null },
  now: Date,
): boolean {
  if (!subscription.trialStartedAt || !subscription.trialEndsAt) return false;
  const time = now.getTime();
  return Date.parse(subscription.trialStartedAt) < time && time < Date.parse(subscription.trialEndsAt);
}

/** Currency symbols by code (spec section 3); unknown codes show the code itself. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  CRC: '₡',
  GBP: '£',
  ILS: '₪',
  INR: '₹',
  JPY: '¥',
  KRW: '₩',
  NGN: '₦',
  PHP: '₱',
  PLN: 'zł',
  PYG: '₲',
  THB: '฿',
  UAH: '₴',
  VND: '₫',
};
