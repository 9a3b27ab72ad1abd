import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verification of Recurly's webhook signatures, as Recurly documents it for JSON webhooks (XML
 * webhooks are not signed): the `recurly-signature` header is `<timestamp>,<signature>[,<signature>…]`
 * where the timestamp is Unix time in milliseconds and each signature is the hex HMAC-SHA256 of
 * `<timestamp>.<raw body>` keyed with the endpoint's secret. While a secret is being rotated the
 * header carries one signature per secret, and we may hold several secrets ourselves (the new
 * and the old): any signature made with any of our secrets is accepted.
 *
 * A pure function of its inputs (no clock, no I/O), so every case is testable exactly.
 */

export const RECURLY_SIGNATURE_HEADER = 'recurly-signature';

/** Recurly's own clients accept notifications up to five minutes away from the local clock. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a request was not accepted. */
export type SignatureFailure =
  /** No `recurly-signature` header (an unsigned or XML webhook, or not Recurly at all). */
  | 'missing'
  /** The header is not `<milliseconds>,<signature>[,…]`. */
  | 'malformed'
  /** No signature matches the body with any of our secrets. */
  | 'mismatch'
  /** Signed correctly, but longer ago than the tolerance (a replay, or a very late retry). */
  | 'stale'
  /** Signed correctly, but dated further in the future than the tolerance. */
  | 'future';

export type SignatureCheck = { readonly ok: true; readonly timestamp: number } | { readonly ok: false; readonly reason: SignatureFailure };

export interface SignatureCheckInput {
  /** The request's headers; the header name is matched case-insensitively. */
  readonly headers: Readonly<Record<string, string | undefined>> | null | undefined;
  /** The body exactly as received (bytes, or the text they decode to). */
  readonly rawBody: Buffer | string;
  /** The endpoint secrets we accept (the current one first during a rotation). At least one. */
  readonly secrets: readonly string[];
  /** The current time, epoch milliseconds. */
  readonly now: number;
  readonly toleranceSeconds: number;
}

/** At most this many comma-separated parts: a timestamp and a few signatures. */
const MAX_PARTS = 6;
const TIMESTAMP_PATTERN = /^\d{1,15}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/i;

/** The value of a header, whatever the case of its name. */
export function findHeader(headers: SignatureCheckInput['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/** The hex signature Recurly computes for `timestamp` and `rawBody` with `secret`. */
export function signRecurlyPayload(secret: string, timestamp: string | number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/** Checks a webhook request's `recurly-signature` header. */
export function verifyRecurlySignature(input: SignatureCheckInput): SignatureCheck {
  const secrets = input.secrets.filter((secret) => secret.length > 0);
  if (secrets.length === 0) throw new Error('No webhook secret to verify signatures with');

  const header = findHeader(input.headers, RECURLY_SIGNATURE_HEADER)?.trim();
  if (!header) return { ok: false, reason: 'missing' };
  const parts = header.split(',').map((part) => part.trim());
  const [timestampText, ...signatures] = parts;
  if (parts.length < 2 || parts.length > MAX_PARTS || !TIMESTAMP_PATTERN.test(timestampText) || signatures.some((s) => s === '')) {
    return { ok: false, reason: 'malformed' };
  }

  const candidates = signatures.filter((signature) => SIGNATURE_PATTERN.test(signature)).map((signature) => Buffer.from(signature, 'hex'));
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signRecurlyPayload(secret, timestampText, input.rawBody), 'hex');
    for (const candidate of candidates) {
      // Equal lengths by construction (32 bytes each): compare in constant time.
      if (timingSafeEqual(expected, candidate)) matched = true;
    }
  }
  if (!matched) return { ok: false, reason: 'mismatch' };

  const timestamp = Number(timestampText);
  const toleranceMs = input.toleranceSeconds * 1000;
  if (input.now - timestamp > toleranceMs) return { ok: false, reason: 'stale' };
  if (timestamp - input.now > toleranceMs) return { ok: false, reason: 'future' };
  return { ok: true, timestamp };
}
