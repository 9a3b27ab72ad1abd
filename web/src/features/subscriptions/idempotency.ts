import { RestApiError } from '../../lib/rest-client';

/** A fresh Idempotency-Key for one checkout attempt (a UUID). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 4xx answers that do not settle the request: a timeout, a conflict with a request in flight, a rate limit. */
const UNSETTLED_STATUSES = new Set([408, 409, 429]);

/**
 * Whether a failed create-change may still have happened (or may succeed when sent again): no
 * answer, a 5xx, a time-out, a conflict, a rate limit, an unreadable answer. Such an attempt is
 * retried with the same Idempotency-Key (and the same token), so the server applies it once.
 * A definitive refusal (a declined card, an invalid plan) ends the attempt: the next try is a new
 * one with a new key.
 */
export function mayRetrySameAttempt(error: unknown): boolean {
  if (!(error instanceof RestApiError)) return true;
  if (error.status >= 400 && error.status < 500) return UNSETTLED_STATUSES.has(error.status);
  return true;
}
