import type { PlanCurrency, PlanPeriod } from '@contracts/plans';
import { CURRENCY_SYMBOLS } from './subscription-terms';

/**
 * How prices, periods and dates read on the subscription pages. Symbols come from the spec's map
 * (CURRENCY_SYMBOLS); a currency without one shows its code.
 */

/** The symbol of a currency code, or the code itself when the spec's map has none. */
export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code] ?? code;
}

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in a currency's major unit: "$149", "$49.50", "€1,299", "zł 149", "CHF 149". Whole
 * amounts show no decimals. Symbols of more than one character (and bare codes) get a space.
 */
export function formatAmount(amount: number, currency: string): string {
  const number = Number.isInteger(amount) ? WHOLE.format(amount) : CENTS.format(amount);
  const symbol = currencySymbol(currency);
  return [...symbol].length > 1 ? `${symbol} ${number}` : `${symbol}${number}`;
}

/** "month", "3 months", "14 days". */
export function periodPhrase({ length, unit }: PlanPeriod): string {
  const singular = unit === 'days' ? 'day' : 'month';
  return length === 1 ? singular : `${length} ${singular}s`;
}

/** "14-day free trial", "1-month free trial"; empty without a trial. */
export function trialPhrase({ length, unit }: PlanPeriod): string {
  if (length <= 0) return '';
  return `${length}-${unit === 'days' ? 'day' : 'month'} free trial`;
}

/** "$149 / month after a 14-day free trial · $199 one-time setup fee" (parts drop out when zero). */
export function priceSentence(price: PlanCurrency, trial: PlanPeriod, interval: PlanPeriod): string {
  const trialText = trialPhrase(trial);
  const recurring = `${formatAmount(price.unitAmount, price.currency)} / ${periodPhrase(interval)}${trialText ? ` after a ${trialText}` : ''}`;
  return price.setupFee > 0 ? `${recurring} · ${formatAmount(price.setupFee, price.currency)} one-time setup fee` : recurring;
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "May 18, 2024" in the browser's time zone; the text as given when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}
