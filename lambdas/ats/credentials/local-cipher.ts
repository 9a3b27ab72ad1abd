/**
 * The offline credential cipher: AES-256-GCM (node:crypto) with a 32-byte key kept in a file of
 * the local runtime's data folder. The payload is IV (12 random bytes) ‖ tag (16) ‖ ciphertext;
 * the additional authenticated data is the credential's encryption context, so a value copied to
 * another user or field fails authentication exactly as a KMS ciphertext would.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  CredentialVaultError,
  ENTER_AGAIN_MESSAGE,
  encryptionContextOf,
  type CredentialCipher,
  type CredentialContext,
} from './credential-cipher';
import { credentialBytes, credentialText, sealedPayload } from './cipher-steps';
import { formatSealed } from './sealed-format';

/** AES-256: the key is exactly this many bytes. */
export const LOCAL_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

export interface LocalCipherOptions {
  /** 32 random bytes, e.g. from {@link loadOrCreateLocalKey}. */
  readonly key: Buffer;
}

/** The AAD: the encryption context in a fixed order, unambiguous whatever the ids contain. */
function additionalData(context: CredentialContext): Buffer {
  const { purpose, userId, field } = encryptionContextOf(context);
  return Buffer.from(JSON.stringify(['v1', purpose, userId, field]), 'utf8');
}

/** A cipher that seals with AES-256-GCM under `key`; sealed values read `enc:v1:local:…`. */
export function createLocalCipher(options: LocalCipherOptions): CredentialCipher {
  if (!Buffer.isBuffer(options.key) || options.key.length !== LOCAL_KEY_BYTES) {
    throw new CredentialVaultError('key-file', `The local credential key must be ${LOCAL_KEY_BYTES} bytes.`);
  }
  const key = Buffer.from(options.key); // a copy: the caller's buffer may be reused or wiped

  return {
    async encrypt(plaintext, context) {
      const aad = additionalData(context);
      const clear = credentialBytes(plaintext);
      try {
        const iv = randomBytes(IV_BYTES);
        const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
        cipher.setAAD(aad);
        const ciphertext = Buffer.concat([cipher.update(clear), cipher.final()]);
        return formatSealed('local', Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64'));
      } finally {
        clear.fill(0);
      }
    },

    async decrypt(sealed, context) {
      const aad = additionalData(context);
      const bytes = sealedPayload(sealed, 'local');
      if (bytes.length <= IV_BYTES + TAG_BYTES) throw new CredentialVaultError('integrity', ENTER_AGAIN_MESSAGE);
      const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(aad);
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      let clear: Buffer;
      try {
        clear = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      } catch {
        // GCM says only "unable to authenticate": another user, field or key, or altered bytes.
        throw new CredentialVaultError('integrity', ENTER_AGAIN_MESSAGE, {
          cause: new Error('AES-GCM authentication failed (other user or field, other key file, or altered value).'),
        });
      }
      return credentialText(clear);
    },
  };
}

function keyFileError(filePath: string, problem: string, cause?: unknown): CredentialVaultError {
  return new CredentialVaultError(
    'key-file',
    `The local credential key file ${filePath} ${problem}. Saved ATS keys cannot be read without it; start with --reset to begin with a new key and empty data.`,
    cause === undefined ? undefined : { cause },
  );
}

async function readKeyFile(filePath: string): Promise<Buffer> {
  const info = await stat(filePath);
  if (!info.isFile()) throw keyFileError(filePath, 'is not a file');
  // Like ssh with a private key: a key others can read is refused rather than used.
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
    throw keyFileError(filePath, `can be read by other users (mode ${(info.mode & 0o777).toString(8)}); run chmod 600 on it`);
  }
  const key = await readFile(filePath);
  if (key.length !== LOCAL_KEY_BYTES) {
    key.fill(0);
    throw keyFileError(filePath, `is not a key (${LOCAL_KEY_BYTES} bytes expected); it is damaged or was replaced`);
  }
  return key;
}

/**
 * The local runtime's credential key: read from `filePath`, or created there on first use (32
 * random bytes, mode 0600, parent folder 0700 when it is created). Creation is atomic: the key is
 * written to a temporary file and hard-linked into place, so concurrent starts agree on one key and
 * no reader ever sees a half-written file. A damaged, short or world-readable key file is refused
 * with a message saying what to do, never silently replaced (that would orphan every stored key).
 */
export async function loadOrCreateLocalKey(filePath: string): Promise<Buffer> {
  try {
    return await readKeyFile(filePath);
  } catch (error) {
    if (error instanceof CredentialVaultError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw keyFileError(filePath, 'cannot be read', error);
  }
  await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
  const temporary = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const key = randomBytes(LOCAL_KEY_BYTES);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(key);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await chmod(temporary, 0o600); // whatever the umask
    await link(temporary, filePath);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      key.fill(0);
      return readKeyFile(filePath); // another process created it first: use theirs
    }
    throw keyFileError(filePath, 'cannot be created', error);
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}
