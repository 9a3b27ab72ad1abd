import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CredentialVaultError, type CredentialCipher } from '../../../../lambdas/ats/credentials/credential-cipher';
import { createLocalCipher, loadOrCreateLocalKey } from '../../../../lambdas/ats/credentials/local-cipher';
import { parseSealed } from '../../../../lambdas/ats/credentials/sealed-format';
import { expectNoSecretIn, vaultError } from './secret-search';

const SECRET = 'gh-harvest-5b1f0c9e7d2a4e88';
const ALICE = { userId: 'user-alice', field: 'apikey1' } as const;

describe('the local credential cipher (AES-256-GCM)', () => {
  let cipher: CredentialCipher;
  beforeEach(() => {
    cipher = createLocalCipher({ key: randomBytes(32) });
  });

  it('seals a key into an enc:v1:local value that does not contain it, and opens it again', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    expect(sealed.startsWith('enc:v1:local:')).toBe(true);
    expectNoSecretIn(sealed, SECRET);
    await expect(cipher.decrypt(sealed, ALICE)).resolves.toBe(SECRET);
  });

  it('seals the same key differently each time (random IV)', async () => {
    expect(await cipher.encrypt(SECRET, ALICE)).not.toBe(await cipher.encrypt(SECRET, ALICE));
  });

  it("refuses to open a value copied into another user's record or into the other field", async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    for (const context of [
      { userId: 'user-bob', field: 'apikey1' },
      { userId: 'user-alice', field: 'apikey2' },
    ] as const) {
      const error = await vaultError(cipher.decrypt(sealed, context));
      expect(error.reason).toBe('integrity');
      expectNoSecretIn(error, SECRET);
    }
  });

  it('refuses an altered value, whichever byte was changed', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    const { payload } = parseSealed(sealed)!;
    const bytes = Buffer.from(payload, 'base64');
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i] ^= 0x01;
      const error = await vaultError(cipher.decrypt(`enc:v1:local:${altered.toString('base64')}`, ALICE));
      expect(error.reason).toBe('integrity');
    }
    await expect(cipher.decrypt(`enc:v1:local:${bytes.subarray(0, 20).toString('base64')}`, ALICE)).rejects.toMatchObject({
      reason: 'integrity',
    });
  });

  it('refuses a value sealed with another key file', async () => {
    const sealed = await cipher.encrypt(SECRET, ALICE);
    const other = createLocalCipher({ key: randomBytes(32) });
    await expect(other.decrypt(sealed, ALICE)).rejects.toMatchObject({ reason: 'integrity' });
  });

  it('says a plain key, or a value sealed by KMS, is not one it can open', async () => {
    await expect(cipher.decrypt(SECRET, ALICE)).rejects.toMatchObject({ reason: 'format' });
    await expect(cipher.decrypt('enc:v1:kms:QUJDRA==', ALICE)).rejects.toMatchObject({ reason: 'format' });
  });

  it('refuses a key that is not 32 bytes, and a context without a user', async () => {
    expect(() => createLocalCipher({ key: randomBytes(16) })).toThrow(CredentialVaultError);
    await expect(cipher.encrypt(SECRET, { userId: '', field: 'apikey1' })).rejects.toThrow(TypeError);
  });
});

describe('the local key file', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'tp-key-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is created once with 32 random bytes, readable by its owner only, and reused afterwards', async () => {
    const file = join(folder, 'data', 'credential-key');
    const created = await loadOrCreateLocalKey(file);
    expect(created).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file)).toEqual(created);
    const again = await loadOrCreateLocalKey(file);
    expect(again).toEqual(created);
    // What one start sealed, the next start opens.
    const sealed = await createLocalCipher({ key: created }).encrypt(SECRET, ALICE);
    await expect(createLocalCipher({ key: again }).decrypt(sealed, ALICE)).resolves.toBe(SECRET);
  });

  it('gives concurrent starts one and the same key', async () => {
    const file = join(folder, 'credential-key');
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateLocalKey(file)));
    for (const key of keys) expect(key).toEqual(keys[0]);
  });

  it('refuses a short or damaged key file instead of replacing it', async () => {
    const file = join(folder, 'credential-key');
    await writeFile(file, Buffer.alloc(7), { mode: 0o600 });
    const error = await vaultError(loadOrCreateLocalKey(file));
    expect(error.reason).toBe('key-file');
    expect(error.message).toContain(file);
    expect(error.message).toContain('32 bytes');
    expect((await readFile(file)).length).toBe(7);
  });

  it('refuses a key file other users can read', async () => {
    const file = join(folder, 'credential-key');
    await loadOrCreateLocalKey(file);
    await chmod(file, 0o644);
    await expect(loadOrCreateLocalKey(file)).rejects.toMatchObject({ reason: 'key-file', message: expect.stringContaining('chmod 600') });
  });
});
