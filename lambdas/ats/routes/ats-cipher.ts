import { KMSClient } from '@aws-sdk/client-kms';
import type { CredentialCipher } from '../credentials/credential-cipher';
import { createKmsCipher } from '../credentials/kms-cipher';
import { createLocalCipher, loadOrCreateLocalKey } from '../credentials/local-cipher';
import { EnvironmentError, type EnvironmentSource } from '../../shared/read-environment';
import { ATS_ENV } from './ats-environment-names';

/**
 * The credential cipher of the routes that seal or open ATS keys, from the environment:
 * `ATS_KMS_KEY_ID` in AWS (KMS, one client per container), `ATS_LOCAL_KEY_FILE` in the local
 * runtime (AES-256-GCM, the key file read or created on first use). Exactly one of them: neither,
 * or both, is a deployment mistake named in an {@link EnvironmentError}. Only the routes that need
 * a cipher import this module, so the others never load the KMS client.
 */
export function cipherFromEnvironment(source: EnvironmentSource = process.env): CredentialCipher {
  const keyId = source[ATS_ENV.kmsKeyId]?.trim() ?? '';
  const keyFile = source[ATS_ENV.localKeyFile]?.trim() ?? '';
  if (keyId !== '' && keyFile !== '') {
    throw new EnvironmentError(
      `Invalid Lambda environment: set only one of ${ATS_ENV.kmsKeyId} (AWS) and ${ATS_ENV.localKeyFile} (local runtime)`,
    );
  }
  if (keyId !== '') return createKmsCipher({ client: new KMSClient({}), keyId });
  if (keyFile !== '') return lazyCipher(async () => createLocalCipher({ key: await loadOrCreateLocalKey(keyFile) }));
  throw new EnvironmentError(
    `Invalid Lambda environment: ${ATS_ENV.kmsKeyId} (AWS) or ${ATS_ENV.localKeyFile} (local runtime) must be set to seal and open ATS keys`,
  );
}

/** A cipher built on first use (the local key file is read once); a failed build is tried again next time. */
export function lazyCipher(build: () => Promise<CredentialCipher>): CredentialCipher {
  let built: Promise<CredentialCipher> | undefined;
  const cipher = () => {
    built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    return built;
  };
  return {
    encrypt: async (plaintext, context) => (await cipher()).encrypt(plaintext, context),
    decrypt: async (sealed, context) => (await cipher()).decrypt(sealed, context),
  };
}
