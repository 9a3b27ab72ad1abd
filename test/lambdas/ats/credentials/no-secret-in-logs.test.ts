import { randomBytes } from 'node:crypto';
import { KMSClient } from '@aws-sdk/client-kms';
import * as fc from 'fast-check';
import { openCredentials, sealCredentials } from '../../../../lambdas/ats/credentials/credential-vault';
import { createKmsCipher } from '../../../../lambdas/ats/credentials/kms-cipher';
import { createLocalCipher } from '../../../../lambdas/ats/credentials/local-cipher';
import { createLogger } from '../../../../lambdas/shared/logger';
import { startFakeKms } from './fake-kms';
import { containsSecret, expectNoSecretIn } from './secret-search';

const KEY = 'crelate-key-4Fz8Wq1Ks6Hd3Jm0';
const USER = 'user-alice';

/** Every way a vault failure ends up in a log line: as `error`, as an attribute, as the record. */
function logged(error: unknown, record: unknown): string[] {
  const lines: string[] = [];
  const logger = createLogger({ component: 'ats-credentials-test', level: 'debug', write: (line) => void lines.push(line) });
  logger.error('Saving the ATS settings failed', { error, userId: USER });
  logger.warn('ATS settings', { settings: record, cause: error });
  return lines;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('ATS keys never reach a log line', () => {
  it('when sealing, opening or KMS fails and the error is logged with the project logger', async () => {
    const kms = await startFakeKms();
    const client = new KMSClient({
      endpoint: kms.url,
      region: 'us-east-2',
      credentials: { accessKeyId: 'AKIAFAKE', secretAccessKey: 'fake' },
      maxAttempts: 1,
    });
    try {
      const cipher = createKmsCipher({ client, keyId: kms.keyArn });
      const input = { atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY };
      const sealed = await sealCredentials(input, { cipher, userId: USER });
      const failures = [
        await failure(openCredentials(sealed, { cipher, userId: 'user-bob' })), // integrity
        await failure(sealCredentials({ ...input, apikey1: `${KEY} ${KEY}` }, { cipher, userId: USER })), // settings
        await failure(openCredentials({ ...sealed, apikey1: KEY }, { cipher, userId: USER })), // stored before encryption
      ];
      kms.accessDenied = true;
      failures.push(
        await failure(sealCredentials(input, { cipher, userId: USER })),
        await failure(openCredentials(sealed, { cipher, userId: USER })),
      );
      for (const error of failures) {
        const lines = logged(error, { ...input, apikey1: KEY });
        expect(lines).toHaveLength(2);
        expectNoSecretIn(lines, KEY);
      }
      // The search would have found it: an unredacted attribute does carry it.
      expect(containsSecret(logged(new Error('x'), { key: KEY }), KEY)).toBe(true);
    } finally {
      client.destroy();
      await kms.close();
    }
  });

  it('for any key refused by validation: the message names the problem, never the key (property)', async () => {
    const cipher = createLocalCipher({ key: randomBytes(32) });
    const keyPart = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      minLength: 4,
      maxLength: 40,
    });
    await fc.assert(
      fc.asyncProperty(keyPart, keyPart, fc.constantFrom(' ', '\t', '\u00a0', '\u2013', '\u00e9'), async (left, right, odd) => {
        const key = `${left}${odd}${right}`;
        const error = await failure(sealCredentials({ atsname: 'lever', apikeytype: 'basic', apikey1: key }, { cipher, userId: USER }));
        expect(error).toMatchObject({ name: 'AtsSettingsError', field: 'apikey1' });
        expectNoSecretIn(error, key);
        expectNoSecretIn(logged(error, null), key);
      }),
      { numRuns: 100 },
    );
  });
});
