/**
 * The AWS credential cipher: KMS Encrypt and Decrypt directly on the credential (no envelope; an
 * ATS key is far below KMS's 4 KB limit, so a data key would only add a second secret to store).
 * Every call carries the encryption context { userId, field, purpose: 'ats-credential' }: KMS
 * refuses to decrypt under any other context, so a sealed value copied into another user's record
 * or field does not open, and CloudTrail records whose credential each decryption was for.
 * Decrypt names the KeyId too, so a ciphertext under any other key is refused instead of opened.
 *
 * The one adapter in `lambdas/ats` that knows AWS; the client is injected (created once per module
 * by the handler; the Lambda runtime provides the SDK).
 */
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import {
  CredentialVaultError,
  ENTER_AGAIN_MESSAGE,
  encryptionContextOf,
  type CredentialCipher,
  type CredentialVaultReason,
} from './credential-cipher';
import { credentialBytes, credentialText, sealedPayload } from './cipher-steps';
import { formatSealed } from './sealed-format';

export interface KmsCipherOptions {
  readonly client: KMSClient;
  /** The symmetric key's ARN (or alias ARN); the same for Encrypt and Decrypt. */
  readonly keyId: string;
}

/** KMS exceptions by what they mean for a stored credential. Anything else is `unavailable`. */
const REASONS: Readonly<Record<string, CredentialVaultReason>> = {
  InvalidCiphertextException: 'integrity',
  IncorrectKeyException: 'integrity',
  AccessDeniedException: 'access',
  DisabledException: 'access',
  KMSInvalidStateException: 'access',
  NotFoundException: 'access',
  InvalidKeyUsageException: 'access',
  UnrecognizedClientException: 'access',
  InvalidSignatureException: 'access',
};

const MESSAGES: Readonly<Record<CredentialVaultReason, string>> = {
  missing: 'No ATS is connected.',
  format: ENTER_AGAIN_MESSAGE,
  integrity: ENTER_AGAIN_MESSAGE,
  access: 'ATS keys cannot be encrypted or read right now (the encryption key refused access). Please contact support.',
  unavailable: 'ATS keys cannot be encrypted or read right now. Please try again in a minute.',
  'key-file': 'The credential key is not usable.',
};

/**
 * A typed error for a failed KMS call. The cause is rebuilt from the exception's name, HTTP status
 * and request id only: enough to find the call in CloudTrail, and nothing the service or the SDK
 * attached (a response body, a request) can carry a credential into a log line.
 */
function kmsError(operation: 'Encrypt' | 'Decrypt', error: unknown): CredentialVaultError {
  const details = (error ?? {}) as { name?: unknown; $metadata?: { httpStatusCode?: unknown; requestId?: unknown } };
  const name = typeof details.name === 'string' ? details.name : 'Error';
  const status = details.$metadata?.httpStatusCode;
  const requestId = details.$metadata?.requestId;
  const reason = REASONS[name] ?? 'unavailable';
  const diagnostic = [
    `KMS ${operation} failed: ${name}`,
    typeof status === 'number' ? `HTTP ${status}` : null,
    typeof requestId === 'string' ? `request ${requestId}` : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
  return new CredentialVaultError(reason, MESSAGES[reason], { cause: new Error(diagnostic) });
}

/** A cipher that seals with KMS under `keyId`; sealed values read `enc:v1:kms:<CiphertextBlob>`. */
export function createKmsCipher(options: KmsCipherOptions): CredentialCipher {
  const { client, keyId } = options;
  if (typeof keyId !== 'string' || keyId === '') throw new TypeError('createKmsCipher needs the KMS key id.');

  return {
    async encrypt(plaintext, context) {
      const encryptionContext = encryptionContextOf(context);
      const clear = credentialBytes(plaintext);
      try {
        let blob: Uint8Array | undefined;
        try {
          ({ CiphertextBlob: blob } = await client.send(
            new EncryptCommand({ KeyId: keyId, Plaintext: clear, EncryptionContext: encryptionContext }),
          ));
        } catch (error) {
          throw kmsError('Encrypt', error);
        }
        if (!blob || blob.length === 0)
          throw new CredentialVaultError('unavailable', MESSAGES.unavailable, {
            cause: new Error('KMS Encrypt answered no CiphertextBlob.'),
          });
        return formatSealed('kms', Buffer.from(blob).toString('base64'));
      } finally {
        clear.fill(0);
      }
    },

    async decrypt(sealed, context) {
      const encryptionContext = encryptionContextOf(context);
      const blob = sealedPayload(sealed, 'kms');
      let clear: Uint8Array | undefined;
      try {
        ({ Plaintext: clear } = await client.send(
          new DecryptCommand({
            CiphertextBlob: blob,
            KeyId: keyId,
            EncryptionContext: encryptionContext,
            EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
          }),
        ));
      } catch (error) {
        throw kmsError('Decrypt', error);
      }
      if (!clear || clear.length === 0)
        throw new CredentialVaultError('unavailable', MESSAGES.unavailable, { cause: new Error('KMS Decrypt answered no Plaintext.') });
      return credentialText(clear);
    },
  };
}
