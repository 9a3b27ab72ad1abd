/**
 * The User fields that hold secrets: the ATS API keys (`apikey1`, `apikey2`). Their owner (or an
 * admin) writes them; no API answer ever returns them in the clear. Every answer carries a mask
 * instead: `••••` and the last four characters for a key of at least 12 characters (enough for
 * the owner to recognise which key is stored), `••••` alone for a shorter one (its last four would
 * be most of it), null when none is stored. The schema type stays `String`, so clients keep working.
 *
 * Plain TypeScript that the APPSYNC_JS resolvers bundle too (no regex literals, no classes).
 */

/** The User fields that are write-only secrets. */
export const SECRET_USER_FIELDS: string[] = ['apikey1', 'apikey2'];

/** What every masked value starts with. A real key never does, so a masked value is recognisable. */
export const SECRET_MASK = '\u2022\u2022\u2022\u2022';

/** Keys shorter than this are masked without their last four characters. */
const MIN_LENGTH_WITH_TAIL = 12;

/** How an encrypted key is stored: `enc:v1:<scheme>:<ciphertext>[:<hint>]` (lambdas/ats/credentials). */
const SEALED_PREFIX = 'enc:v1:';

/**
 * The masked form of a stored secret, or null when none is stored. An encrypted key is masked by
 * the hint stored beside its ciphertext (the same last four), never by the ciphertext's tail.
 */
export function maskSecret(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') {
    return null;
  }
  if (value.startsWith(SEALED_PREFIX)) {
    const parts = value.split(':');
    return parts.length > 4 ? `${SECRET_MASK}${parts.slice(4).join(':')}` : SECRET_MASK;
  }
  return value.length >= MIN_LENGTH_WITH_TAIL ? `${SECRET_MASK}${value.slice(value.length - 4)}` : SECRET_MASK;
}

/** Whether a value sent by a client is a mask this API handed out (not a key). */
export function isMaskedSecret(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(SECRET_MASK);
}

/** A copy of a User record (or any record with the secret fields) with every secret masked. */
export function withMaskedSecrets<T>(record: T): T {
  if (record === null || record === undefined || typeof record !== 'object') {
    return record;
  }
  const masked: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const field of SECRET_USER_FIELDS) {
    if (masked[field] !== undefined) {
      masked[field] = maskSecret(masked[field]);
    }
  }
  return masked as T;
}
