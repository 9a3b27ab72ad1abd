/**
 * When to renew an AppSync API key, and until when. Plain TypeScript: no AWS types, so the rules
 * are tested on their own (test/lambdas/operations/api-key-expiry.test.ts).
 *
 * AppSync's rules for `expires` (UpdateApiKey, CreateApiKey): seconds since the epoch, rounded
 * down to the hour, at least 1 day and at most 365 days after the call.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** AppSync refuses an expiry sooner than this after the call. */
export const MIN_VALIDITY_DAYS = 1;
/** AppSync refuses an expiry later than this after the call. */
export const MAX_VALIDITY_DAYS = 365;
/** A key with fewer days left than this is renewed (the job runs daily, so there are many tries). */
export const RENEW_WITHIN_DAYS = 30;
/** How long a renewed key lives: as long as AppSync allows. */
const VALIDITY_DAYS = MAX_VALIDITY_DAYS;

export interface ApiKeyExpiry {
  readonly id: string;
  /** When the key stops working. */
  readonly expires: Date;
}

export type RenewalDecision =
  | { readonly id: string; readonly action: 'keep'; readonly expires: Date; readonly daysLeft: number }
  | { readonly id: string; readonly action: 'renew'; readonly expires: Date; readonly daysLeft: number; readonly newExpires: Date };

function floorToHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** Days (fractional) from `now` until `expires`; negative once expired. */
export function daysLeft(now: Date, expires: Date): number {
  return (expires.getTime() - now.getTime()) / DAY_MS;
}

/**
 * The expiry AppSync accepts closest to `wanted`: on a whole hour, no sooner than 1 day and no
 * later than 365 days after `now`. The earliest bound rounds up to the next hour, the latest
 * down, so the result is always inside the window.
 */
export function clampExpiry(now: Date, wanted: Date): Date {
  const earliest = Math.ceil((now.getTime() + MIN_VALIDITY_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
  const latest = floorToHour(now.getTime() + MAX_VALIDITY_DAYS * DAY_MS);
  const rounded = floorToHour(wanted.getTime());
  return new Date(Math.min(latest, Math.max(earliest, rounded)));
}

/**
 * Decides for one key: keep it while it has at least {@link RENEW_WITHIN_DAYS} left, otherwise renew it
 * to 365 days from now (as long as AppSync allows). An expired key is renewed too (AppSync keeps expired keys for a
 * while, and extending one brings the contact form back); if AppSync refuses, the job fails and
 * its alarm fires.
 */
export function decideRenewal(now: Date, key: ApiKeyExpiry): RenewalDecision {
  const left = daysLeft(now, key.expires);
  if (left >= RENEW_WITHIN_DAYS) return { id: key.id, action: 'keep', expires: key.expires, daysLeft: left };
  const newExpires = clampExpiry(now, new Date(now.getTime() + VALIDITY_DAYS * DAY_MS));
  return { id: key.id, action: 'renew', expires: key.expires, daysLeft: left, newExpires };
}

/** Seconds since the epoch, as AppSync's `expires` field wants them. */
export function toEpochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** A `Date` from AppSync's `expires` (seconds since the epoch). */
export function fromEpochSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
