/**
 * The ATS credential vault (issue 7): credentials sealed per user and field (KMS in AWS,
 * AES-256-GCM with a local key file offline), never answered or logged in the clear, masked from
 * a stored hint. Handlers use {@link sealCredentials} on save, {@link openCredentials} before a
 * connector call and {@link maskedCredentialView} in every answer.
 */
export {
  CREDENTIAL_FIELDS,
  CREDENTIAL_PURPOSE,
  CredentialVaultError,
  encryptionContextOf,
  type CredentialCipher,
  type CredentialContext,
  type CredentialField,
  type CredentialVaultReason,
} from './credential-cipher';
export { checkCredentialShape, validateCredentialInput, type CredentialInput } from './credential-validation';
export {
  maskedCredentialView,
  openCredentials,
  prepareCredentials,
  sealCredentials,
  type MaskedCredentialView,
  type PreparedCredentials,
  type SealOptions,
  type SealedCredentials,
  type StoredCredentials,
  type VaultOptions,
} from './credential-vault';
export { createKmsCipher, type KmsCipherOptions } from './kms-cipher';
export { LOCAL_KEY_BYTES, createLocalCipher, loadOrCreateLocalKey, type LocalCipherOptions } from './local-cipher';
export { SEALED_PREFIX, hintOf, isSealed, maskStoredCredential, parseSealed, type ParsedSealed, type SealedScheme } from './sealed-format';
