/**
 * The credential cipher port: seals one ATS credential for one user and field, and opens it again.
 * Two adapters: AWS KMS in AWS (`kms-cipher.ts`), AES-256-GCM with a local key file offline
 * (`local-cipher.ts`). Both bind a sealed value to its user and field (KMS encryption context,
 * GCM additional authenticated data), so a value copied into another user's record, or from
 * `apikey2` into `apikey1`, does not open. Plain TypeScript: no AWS types.
 */

/** The User record fields that hold sealed credentials. */
export const CREDENTIAL_FIELDS = ['apikey1', 'apikey2'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

/**
 * Sealed secrets of a connection kept outside the User record, in the user's partition of the
 * ATS table: Bullhorn's grant (its rotating refresh token and data-centre URLs).
 */
export const CONNECTION_SECRET_FIELDS = ['bullhornGrant'] as const;
export type SealedField = CredentialField | (typeof CONNECTION_SECRET_FIELDS)[number];
const SEALED_FIELDS: readonly string[] = [...CREDENTIAL_FIELDS, ...CONNECTION_SECRET_FIELDS];

/** Whose credential, in which field: bound to the ciphertext, checked on every decryption. */
export interface CredentialContext {
  /** The owner's user id (the Cognito sub). */
  readonly userId: string;
  readonly field: SealedField;
}

export interface CredentialCipher {
  /** Seals `plaintext` for `context`; resolves with a sealed value (`enc:v1:<scheme>:<payload>`). */
  encrypt(plaintext: string, context: CredentialContext): Promise<string>;
  /** Opens a sealed value; rejects with a {@link CredentialVaultError} when it is not `context`'s. */
  decrypt(sealed: string, context: CredentialContext): Promise<string>;
}

/** The `purpose` every credential's encryption context carries, so the key serves nothing else. */
export const CREDENTIAL_PURPOSE = 'ats-credential';

/** At most this many bytes per credential (KMS Encrypt's own limit is 4096). */
export const MAX_CREDENTIAL_BYTES = 4096;

/**
 * The encryption context of a credential: what KMS receives as `EncryptionContext` (and logs in
 * CloudTrail, so ids only, never a secret or its hint) and what the local cipher authenticates.
 */
export function encryptionContextOf(context: CredentialContext): Record<string, string> {
  if (typeof context.userId !== 'string' || context.userId === '') throw new TypeError('A credential context needs the user id.');
  if (!SEALED_FIELDS.includes(context.field))
    throw new TypeError(`A credential context needs one of the fields ${SEALED_FIELDS.join(', ')}.`);
  return { userId: context.userId, field: context.field, purpose: CREDENTIAL_PURPOSE };
}

/**
 * Why a credential could not be sealed or opened:
 * - `missing`: no ATS credentials are stored;
 * - `format`: the stored value is not one this vault sealed (a key saved before encryption, an
 *   unknown scheme or version, or a value sealed by the other cipher);
 * - `integrity`: it does not open for this user and field (copied from elsewhere, altered, or
 *   sealed with another key);
 * - `access`: the key refuses this caller (permissions, a disabled or deleted key);
 * - `unavailable`: the key service failed or throttled; trying again later may work;
 * - `key-file`: the local key file is unreadable or not a key.
 */
export type CredentialVaultReason = 'missing' | 'format' | 'integrity' | 'access' | 'unavailable' | 'key-file';

/**
 * A credential vault failure. The message may be shown to the recruiter; neither it nor the cause
 * ever contains a credential, its encoding, or the key service's own message.
 */
export class CredentialVaultError extends Error {
  override readonly name = 'CredentialVaultError';

  constructor(
    readonly reason: CredentialVaultReason,
    message: string,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The sentence a recruiter reads when a stored key no longer opens: the fix is to enter it again. */
export const ENTER_AGAIN_MESSAGE = 'Your saved ATS key can no longer be read. Enter it again in your ATS settings.';
