import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAtsBaseUrls } from '../../../../lambdas/ats/routes/ats-base-urls';
import { cipherFromEnvironment } from '../../../../lambdas/ats/routes/ats-cipher';
import { atsDependenciesFromEnvironment } from '../../../../lambdas/ats/routes/ats-dependencies';
import { ATS_ENV } from '../../../../lambdas/ats/routes/ats-environment-names';
import { EnvironmentError } from '../../../../lambdas/shared/read-environment';

/**
 * What the ATS handlers read from their environment, read once per container: a deployment
 * mistake is an error naming the variable, never a silent default that would send keys elsewhere.
 */

const TABLES = {
  USERS_TABLE: 'users',
  SUBSCRIPTIONS_TABLE: 'subscriptions',
  ORGANIZATIONS_TABLE: 'organizations',
  ASSISTANT_TABLE: 'assistant',
  ATS_TABLE: 'ats',
};

describe('ATS_BASE_URLS', () => {
  it('is unset in AWS: every connector uses its ATS’s own API', () => {
    expect(parseAtsBaseUrls(undefined)).toEqual({});
    expect(parseAtsBaseUrls(' ')).toEqual({});
  });

  it('maps ATS names to the local fakes’ API roots, Workable’s with its {subdomain} placeholder', () => {
    const urls = {
      greenhouse: 'http://127.0.0.1:5186/v1',
      workable: 'http://127.0.0.1:5188/{subdomain}/spi/v3',
      crelate: 'https://{subdomain}.example.test/api',
    };
    expect(parseAtsBaseUrls(JSON.stringify(urls))).toEqual(urls);
  });

  it.each([
    ['not JSON', '{greenhouse:', /must be a JSON object/],
    ['a list', '["http://127.0.0.1:1"]', /must be a JSON object/],
    ['an unknown ATS', '{"taleo":"http://127.0.0.1:1"}', /"taleo" is not an ATS/],
    ['a URL that is not http', '{"lever":"file:///etc/passwd"}', /lever entry must be an http or https URL/],
    ['a value that is not a URL', '{"lever":42}', /lever entry must be an http or https URL/],
  ])('refuses %s, naming the variable', (_case, value, message) => {
    expect(() => parseAtsBaseUrls(value)).toThrow(EnvironmentError);
    expect(() => parseAtsBaseUrls(value)).toThrow(new RegExp(`${ATS_ENV.baseUrls} is invalid: .*${message.source}`));
  });
});

describe('the credential cipher', () => {
  it('is KMS with ATS_KMS_KEY_ID (AWS), built without calling KMS', () => {
    expect(() => cipherFromEnvironment({ ATS_KMS_KEY_ID: 'arn:aws:kms:us-east-2:123456789012:key/0000' })).not.toThrow();
  });

  it('is the local cipher with ATS_LOCAL_KEY_FILE, whose key file is created on first use only', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ats-key-'));
    try {
      const keyFile = join(folder, 'data', 'ats-credential.key');
      const cipher = cipherFromEnvironment({ ATS_LOCAL_KEY_FILE: keyFile });
      await expect(stat(keyFile)).rejects.toThrow();

      const sealed = await cipher.encrypt('a-key-to-seal-0001', { userId: 'user-1', field: 'apikey1' });

      expect(sealed).toMatch(/^enc:v1:local:/);
      expect(await cipherFromEnvironment({ ATS_LOCAL_KEY_FILE: keyFile }).decrypt(sealed, { userId: 'user-1', field: 'apikey1' })).toBe(
        'a-key-to-seal-0001',
      );
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('is a configuration error naming both variables when neither or both are set', () => {
    expect(() => cipherFromEnvironment({})).toThrow(/ATS_KMS_KEY_ID \(AWS\) or ATS_LOCAL_KEY_FILE \(local runtime\) must be set/);
    expect(() => cipherFromEnvironment({ ATS_KMS_KEY_ID: 'key', ATS_LOCAL_KEY_FILE: '/tmp/key' })).toThrow(
      /set only one of ATS_KMS_KEY_ID \(AWS\) and ATS_LOCAL_KEY_FILE/,
    );
  });
});

describe('the table variables', () => {
  it('are the users, subscriptions, assistant (rate limit) and ATS tables; a missing one is named', () => {
    expect(() => atsDependenciesFromEnvironment(TABLES)).not.toThrow();
    const { ATS_TABLE: _ats, ...withoutAts } = TABLES;
    expect(() => atsDependenciesFromEnvironment(withoutAts)).toThrow(/ATS_TABLE is not set/);
    expect(() => atsDependenciesFromEnvironment({ ...TABLES, ASSISTANT_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(
      /ASSISTANT_RATE_LIMIT_PER_MINUTE is invalid/,
    );
  });
});
