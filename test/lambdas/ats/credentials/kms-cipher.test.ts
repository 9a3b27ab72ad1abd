import { KMSClient } from '@aws-sdk/client-kms';
import type { CredentialCipher } from '../../../../lambdas/ats/credentials/credential-cipher';
import { createKmsCipher } from '../../../../lambdas/ats/credentials/kms-cipher';
import { createLocalCipher } from '../../../../lambdas/ats/credentials/local-cipher';
import { parseSealed } from '../../../../lambdas/ats/credentials/sealed-format';
import { startFakeKms, type FakeKms } from './fake-kms';
import { containsSecret, expectNoSecretIn, vaultError } from './secret-search';

const SECRET = 'lever-key-0d9c3b7a51e24f6a';
const ALICE = { userId: 'user-alice', field: 'apikey1' } as const;

describe('the KMS credential cipher, with the real KMS client against a KMS-like server', () => {
  let kms: FakeKms;
  let client: KMSClient;
  let cipher: CredentialCipher;
  const consoleCalls: unknown[][] = [];

  beforeEach(async () => {
    kms = await startFakeKms();
    client = new KMSClient({
      endpoint: kms.url,
      region: 'us-east-2',
      credentials: { accessKeyId: 'AKIAFAKEFAKEFAKE', secretAccessKey: 'fake-secret-access-key' },
      maxAttempts: 1,
    });
    cipher = createKmsCipher({ client, keyId: kms.keyArn });
    consoleCalls.length = 0;
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
    }
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    client.destroy();
    await kms.close();
  });

  it('encrypts with Encrypt under the key and the encryption context, and decrypts with Decrypt naming both', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    expect(parseSealed(sealed)?.scheme).toBe('kms');
    expectNoSecretIn(sealed, SECRET);
    await expect(cipher.decrypt(sealed, ALICE)).resolves.toBe(SECRET);

    expect(kms.requests.map((request) => request.target)).toEqual(['TrentService.Encrypt', 'TrentService.Decrypt']);
    const [encrypt, decrypt] = kms.requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);
    const context = { userId: 'user-alice', field: 'apikey1', purpose: 'ats-credential' };
    expect(encrypt).toEqual({ KeyId: kms.keyArn, Plaintext: Buffer.from(SECRET).toString('base64'), EncryptionContext: context });
    expect(decrypt).toMatchObject({ KeyId: kms.keyArn, EncryptionContext: context, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' });
    expect(decrypt.CiphertextBlob).toBe(parseSealed(sealed)?.payload);
  });

  it('sends the key only in the Encrypt body: never in a header, never in a Decrypt request, never to the console', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    await cipher.decrypt(sealed, ALICE);
    for (const request of kms.requests) {
      expectNoSecretIn(request.headers, SECRET);
      expectNoSecretIn(request.path, SECRET);
    }
    expect(containsSecret(kms.requests[0].body, SECRET)).toBe(true); // the search does find it where it is
    expectNoSecretIn(kms.requests[1].body, SECRET);
    expectNoSecretIn(consoleCalls, SECRET);
  });

  it("refuses a value copied into another user's record or field, as KMS does (InvalidCiphertextException)", async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    for (const context of [
      { userId: 'user-bob', field: 'apikey1' },
      { userId: 'user-alice', field: 'apikey2' },
    ] as const) {
      const error = await vaultError(cipher.decrypt(sealed, context));
      expect(error.reason).toBe('integrity');
      expect(error.message).toMatch(/Enter it again/);
      expect(String((error.cause as Error).message)).toContain('InvalidCiphertextException');
      expectNoSecretIn(error, SECRET);
    }
  });

  it('refuses an altered ciphertext', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    const bytes = Buffer.from(parseSealed(sealed)!.payload, 'base64');
    bytes[bytes.length - 1] ^= 0x01;
    await expect(cipher.decrypt(`enc:v1:kms:${bytes.toString('base64')}`, ALICE)).rejects.toMatchObject({ reason: 'integrity' });
  });

  it('refuses a ciphertext when Decrypt names another key (IncorrectKeyException)', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    const otherKey = createKmsCipher({ client, keyId: 'arn:aws:kms:us-east-2:111122223333:key/other' });
    const error = await vaultError(otherKey.decrypt(sealed, ALICE));
    expect(error.reason).toBe('integrity');
    expect(String((error.cause as Error).message)).toContain('IncorrectKeyException');
  });

  it('says access was refused when the key denies it, without the service message or the key', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    kms.accessDenied = true;
    for (const attempt of [cipher.encrypt(SECRET, ALICE), cipher.decrypt(sealed, ALICE)]) {
      const error = await vaultError(attempt);
      expect(error.reason).toBe('access');
      expect(error.message).toMatch(/contact support/);
      expect(String((error.cause as Error).message)).toMatch(
        /^KMS (Encrypt|Decrypt) failed: AccessDeniedException, HTTP 400, request [0-9a-f-]{36}$/,
      );
      expect(error.cause).not.toHaveProperty('$response');
      expectNoSecretIn(error, SECRET);
    }
  });

  it('says the service is unavailable when KMS cannot be reached', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    await kms.close();
    for (const attempt of [cipher.encrypt(SECRET, ALICE), cipher.decrypt(sealed, ALICE)]) {
      const error = await vaultError(attempt);
      expect(error.reason).toBe('unavailable');
      expectNoSecretIn(error, SECRET);
    }
    kms = await startFakeKms(); // afterEach closes it
  });

  it('says a plain key or a locally sealed value is not one it can open, without calling KMS', async () => {
    const local = await createLocalCipher({ key: Buffer.alloc(32, 7) }).encrypt(SECRET, ALICE);
    for (const value of [SECRET, local]) {
      const error = await vaultError(cipher.decrypt(value, ALICE));
      expect(error.reason).toBe('format');
      expectNoSecretIn(error, SECRET);
    }
    expect(kms.requests).toHaveLength(0);
  });
});
