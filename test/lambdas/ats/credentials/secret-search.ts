import { CredentialVaultError } from '../../../../lambdas/ats/credentials/credential-cipher';

/**
 * Finds a secret in whatever a test can see: a string, an error (message, stack, every cause, own
 * properties), an object graph. Looks for the secret itself and its base64 and hex encodings, so
 * a key that was merely encoded still counts as leaked.
 */

function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [secret, bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex'), encodeURIComponent(secret)];
}

/** Every piece of text reachable from `value` (errors with their causes, nested objects). */
export function textsOf(value: unknown, seen = new Set<unknown>()): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object') return [String(value)];
  if (seen.has(value)) return [];
  seen.add(value);
  const texts: string[] = [];
  if (value instanceof Error) texts.push(value.message, value.stack ?? '', String(value), ...textsOf(value.cause, seen));
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) texts.push(Buffer.from(value).toString('utf8'));
  for (const key of Object.getOwnPropertyNames(value)) {
    try {
      texts.push(key, ...textsOf((value as Record<string, unknown>)[key], seen));
    } catch {
      // a getter that throws holds nothing to leak
    }
  }
  return texts;
}

/** Whether the secret (or an encoding of it) appears anywhere in `value`. */
export function containsSecret(value: unknown, secret: string): boolean {
  const needles = encodings(secret);
  return textsOf(value).some((text) => needles.some((needle) => text.includes(needle)));
}

/** Fails the test when the secret (or an encoding of it) appears anywhere in `value`. */
export function expectNoSecretIn(value: unknown, secret: string): void {
  if (containsSecret(value, secret)) throw new Error('A secret (or its base64/hex encoding) was found where none may appear.');
}

/** The CredentialVaultError `promise` rejects with; fails the test when it resolves or rejects otherwise. */
export async function vaultError(promise: Promise<unknown>): Promise<CredentialVaultError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CredentialVaultError) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}
