/**
 * The stored form of an encrypted ATS credential, self-describing and versioned:
 *
 *     enc:v1:<scheme>:<payload>[:<hint>]
 *
 * - `scheme` names the cipher that sealed it: `kms` (AWS KMS Encrypt, payload = the
 *   CiphertextBlob) or `local` (AES-256-GCM with the local key file, payload = IV, tag and
 *   ciphertext). A reader knows from the value alone which cipher can open it.
 * - `payload` is standard base64 (never contains `:`).
 * - `hint` is optional and not secret: the last four characters of a key of at least 12
 *   characters, the same characters the API's mask shows (see `maskSecret`). It sits last so that
 *   the existing mask of a stored value (`••••` + its last four characters) is already the right
 *   one, and a masked view never needs a decryption. It may itself contain `:`.
 *
 * Plain TypeScript without regular expressions, classes or Node modules, so the APPSYNC_JS
 * resolvers can bundle it next to `secret-fields.ts`.
 */
import { SECRET_MASK, maskSecret } from '../../shared/domain/secret-fields';

/** Every sealed value starts with this; no real key does. */
export const SEALED_PREFIX = 'enc:v1:';

/** The ciphers a sealed value can name. */
export const SEALED_SCHEMES = ['kms', 'local'] as const;
export type SealedScheme = (typeof SEALED_SCHEMES)[number];

/** A sealed value taken apart. */
export interface ParsedSealed {
  readonly scheme: SealedScheme;
  /** Standard base64. */
  readonly payload: string;
  /** '' when the key was too short to show any of it. */
  readonly hint: string;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function isBase64(value: string): boolean {
  if (value.length === 0 || value.length % 4 !== 0) return false;
  let padding = 0;
  for (let i = 0; i < value.length; i++) {
    const character = value.charAt(i);
    if (character === '=') {
      padding++;
    } else if (padding > 0 || BASE64_ALPHABET.indexOf(character) < 0) {
      return false;
    }
  }
  return padding <= 2;
}

/** The hint stored beside a key: its last four characters when the mask shows them, else ''. */
export function hintOf(key: string): string {
  const mask = maskSecret(key);
  return mask === null ? '' : mask.slice(SECRET_MASK.length);
}

/** Builds a sealed value; `hint` is appended only when not empty. */
export function formatSealed(scheme: SealedScheme, payload: string, hint = ''): string {
  return hint === '' ? `${SEALED_PREFIX}${scheme}:${payload}` : `${SEALED_PREFIX}${scheme}:${payload}:${hint}`;
}

/** The parts of a sealed value, or null when `value` is not one (a key, a mask, anything else). */
export function parseSealed(value: unknown): ParsedSealed | null {
  if (typeof value !== 'string' || !value.startsWith(SEALED_PREFIX)) return null;
  const rest = value.slice(SEALED_PREFIX.length);
  const schemeEnd = rest.indexOf(':');
  if (schemeEnd < 0) return null;
  const scheme = rest.slice(0, schemeEnd);
  if (scheme !== 'kms' && scheme !== 'local') return null;
  const afterScheme = rest.slice(schemeEnd + 1);
  const payloadEnd = afterScheme.indexOf(':');
  const payload = payloadEnd < 0 ? afterScheme : afterScheme.slice(0, payloadEnd);
  const hint = payloadEnd < 0 ? '' : afterScheme.slice(payloadEnd + 1);
  if (!isBase64(payload) || hint.length > 4) return null;
  return { scheme, payload, hint };
}

/** Whether `value` is a sealed credential (of any known scheme). */
export function isSealed(value: unknown): boolean {
  return parseSealed(value) !== null;
}

/** The same sealed value with `hint` in place of whatever hint it carried. */
export function withHint(sealed: string, hint: string): string {
  const parsed = parseSealed(sealed);
  if (parsed === null) throw new TypeError('withHint needs a sealed value.');
  return formatSealed(parsed.scheme, parsed.payload, hint);
}

/**
 * What an API answer shows for a stored credential field: `••••` and the hint for a sealed value,
 * the usual mask for a value stored before encryption (still never the value), null for none.
 */
export function maskStoredCredential(value: unknown): string | null {
  const parsed = parseSealed(value);
  if (parsed !== null) return `${SECRET_MASK}${parsed.hint}`;
  return maskSecret(value);
}
