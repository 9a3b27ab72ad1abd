import { decodeCanonicalBase64 } from './canonical-base64';
import { CredentialVaultError, ENTER_AGAIN_MESSAGE, MAX_CREDENTIAL_BYTES } from './credential-cipher';
import { parseSealed, type SealedScheme } from './sealed-format';

/** The steps every cipher shares around its own encryption: size check, unsealing, decoding. */

/** The credential's bytes to encrypt: 1 to MAX_CREDENTIAL_BYTES (the caller wipes them after use). */
export function credentialBytes(plaintext: string): Buffer {
  const clear = Buffer.from(plaintext, 'utf8');
  if (clear.length === 0 || clear.length > MAX_CREDENTIAL_BYTES) {
    clear.fill(0);
    throw new CredentialVaultError('format', `A credential must be 1 to ${MAX_CREDENTIAL_BYTES} bytes long.`);
  }
  return clear;
}

/**
 * The payload of a value sealed by `scheme`. Anything else (plain text, another format, a value
 * sealed by the other cipher, e.g. a record copied between AWS and a local data folder) asks the
 * recruiter to enter the key again; a payload not in canonical base64 was altered.
 */
export function sealedPayload(sealed: string, scheme: SealedScheme): Buffer {
  const parsed = parseSealed(sealed);
  if (parsed === null) throw new CredentialVaultError('format', ENTER_AGAIN_MESSAGE);
  if (parsed.scheme !== scheme) {
    throw new CredentialVaultError('format', ENTER_AGAIN_MESSAGE, {
      cause: new Error(`Sealed with ${parsed.scheme}, this vault is ${scheme}.`),
    });
  }
  const payload = decodeCanonicalBase64(parsed.payload);
  if (payload === null) throw new CredentialVaultError('integrity', ENTER_AGAIN_MESSAGE);
  return payload;
}

/** The decrypted bytes as text, wiped afterwards; bytes that are not UTF-8 were altered. */
export function credentialText(clear: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(clear);
  } catch {
    throw new CredentialVaultError('integrity', ENTER_AGAIN_MESSAGE);
  } finally {
    clear.fill(0);
  }
}
