import { randomBytes } from 'node:crypto';
import { KMSClient } from '@aws-sdk/client-kms';
import * as fc from 'fast-check';
import { AtsSettingsError } from '../../../../lambdas/ats/ats-settings';
import { CredentialVaultError, type CredentialCipher } from '../../../../lambdas/ats/credentials/credential-cipher';
import { maskedCredentialView, openCredentials, sealCredentials } from '../../../../lambdas/ats/credentials/credential-vault';
import { createKmsCipher } from '../../../../lambdas/ats/credentials/kms-cipher';
import { createLocalCipher } from '../../../../lambdas/ats/credentials/local-cipher';
import { isSealed, parseSealed } from '../../../../lambdas/ats/credentials/sealed-format';
import { withMaskedSecrets } from '../../../../lambdas/shared/domain/secret-fields';
import { startFakeKms } from './fake-kms';
import { expectNoSecretIn } from './secret-search';

const KEY = 'gh-harvest-9e41c07b2d5a7f3e';
const TOKEN = 'wk-token-Q7x2Lp9Rt4Vb8Nm1';
const MASK = '\u2022\u2022\u2022\u2022';
const USER = 'user-alice';

let cipher: CredentialCipher;
beforeEach(() => {
  cipher = createLocalCipher({ key: randomBytes(32) });
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

describe('sealing ATS credentials', () => {
  it('seals both keys for their owner and field, with the last four beside each for the mask', async () => {
    const sealed = await sealCredentials(
      { atsname: 'workable', apikeytype: 'bearer', apikey1: `  ${TOKEN} `, apikey2: 'https://Acme-Staffing.workable.com/' },
      { cipher, userId: USER },
    );
    expect(sealed.atsname).toBe('workable');
    expect(isSealed(sealed.apikey1)).toBe(true);
    expect(parseSealed(sealed.apikey1)?.hint).toBe('8Nm1');
    expect(parseSealed(sealed.apikey2)?.hint).toBe('fing'); // of "acme-staffing", the form it is stored in
    expectNoSecretIn(sealed, TOKEN);
    await expect(openCredentials(sealed, { cipher, userId: USER })).resolves.toEqual({
      atsname: 'workable',
      apikeytype: 'bearer',
      apikey1: TOKEN, // trimmed
      apikey2: 'acme-staffing', // the short form the connector uses
    });
  });

  it('stores no second credential for an ATS that uses one key', async () => {
    const sealed = await sealCredentials(
      { atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY, apikey2: '' },
      { cipher, userId: USER },
    );
    expect(sealed.apikey2).toBeNull();
    await expect(openCredentials(sealed, { cipher, userId: USER })).resolves.toEqual({
      atsname: 'crelate',
      apikeytype: 'api-key',
      apikey1: KEY,
      apikey2: null,
    });
  });

  it('works the same with the KMS cipher (real client, KMS-like server)', async () => {
    const kms = await startFakeKms();
    const client = new KMSClient({
      endpoint: kms.url,
      region: 'us-east-2',
      credentials: { accessKeyId: 'AKIAFAKE', secretAccessKey: 'fake' },
      maxAttempts: 1,
    });
    try {
      const kmsCipher = createKmsCipher({ client, keyId: kms.keyArn });
      const sealed = await sealCredentials({ atsname: 'lever', apikeytype: 'basic', apikey1: KEY }, { cipher: kmsCipher, userId: USER });
      expect(sealed.apikey1.startsWith('enc:v1:kms:')).toBe(true);
      await expect(openCredentials(sealed, { cipher: kmsCipher, userId: USER })).resolves.toMatchObject({ apikey1: KEY });
      await expect(openCredentials(sealed, { cipher: kmsCipher, userId: 'user-bob' })).rejects.toMatchObject({ reason: 'integrity' });
    } finally {
      client.destroy();
      await kms.close();
    }
  });

  it('returns what was entered for any printable key (property)', async () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      minLength: 1,
      maxLength: 512,
    });
    const fixed = createLocalCipher({ key: randomBytes(32) });
    await fc.assert(
      fc.asyncProperty(printable, fc.constantFrom('lever', 'crelate'), async (key, atsname) => {
        const apikeytype = atsname === 'crelate' ? 'api-key' : 'basic';
        const sealed = await sealCredentials({ atsname, apikeytype, apikey1: key, apikey2: null }, { cipher: fixed, userId: USER });
        expect(maskedCredentialView(sealed).apikey1).toBe(key.length >= 12 ? `${MASK}${key.slice(-4)}` : MASK);
        const opened = await openCredentials(sealed, { cipher: fixed, userId: USER });
        expect(opened.apikey1).toBe(key);
      }),
      { numRuns: 150 },
    );
  });
});

describe('what the settings form is told when credentials cannot work', () => {
  const cases: readonly [string, Record<string, unknown>, string, RegExp][] = [
    ['no ATS chosen', { apikeytype: 'basic', apikey1: KEY }, 'atsname', /Choose the ATS to connect/],
    ['an unknown ATS', { atsname: 'taleo', apikeytype: 'basic', apikey1: KEY }, 'atsname', /Choose the ATS to connect/],
    [
      'the wrong key type',
      { atsname: 'greenhouse', apikeytype: 'bearer', apikey1: KEY },
      'apikeytype',
      /Greenhouse connects with .*"oauth2"/,
    ],
    ['no key', { atsname: 'lever', apikeytype: 'basic', apikey1: '   ' }, 'apikey1', /Enter your Lever API key/],
    ['a key with a space inside', { atsname: 'lever', apikeytype: 'basic', apikey1: 'abcd efgh-1234' }, 'apikey1', /cannot contain spaces/],
    [
      'a key with a typographic character',
      { atsname: 'crelate', apikeytype: 'api-key', apikey1: 'abc\u2013def-123456' },
      'apikey1',
      /characters a Crelate key never has/,
    ],
    [
      'a key over 512 characters',
      { atsname: 'lever', apikeytype: 'basic', apikey1: 'k'.repeat(513) },
      'apikey1',
      /paste the Lever key again|too long/,
    ],
    [
      'a sealed value pasted back',
      { atsname: 'lever', apikeytype: 'basic', apikey1: 'enc:v1:kms:QUJDRA==' },
      'apikey1',
      /encrypted value, not a key/,
    ],
    [
      'Workable without its subdomain',
      { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN },
      'apikey2',
      /Enter your Workable subdomain/,
    ],
    [
      'Workable with a subdomain that cannot be one',
      { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN, apikey2: 'acme staffing' },
      'apikey2',
      /subdomain is not valid/,
    ],
    [
      'a second key Crelate does not use',
      { atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY, apikey2: 'extra-secret-xyz' },
      'apikey2',
      /leave the second field empty/,
    ],
    [
      'Bullhorn with a key type other than OAuth 2',
      { atsname: 'bullhorn', apikeytype: 'bearer', apikey1: 'client-id', apikey2: 'client-secret' },
      'apikeytype',
      /choose "oauth2"/,
    ],
  ];

  it.each(cases)('%s', async (_name, input, field, message) => {
    const error = await rejection(sealCredentials(input, { cipher, userId: USER }));
    expect(error).toBeInstanceOf(AtsSettingsError);
    expect(error).toMatchObject({ field });
    expect(error.message).toMatch(message);
    for (const value of [input.apikey1, input.apikey2]) {
      if (typeof value === 'string' && value.trim().length >= 6) expectNoSecretIn(error, value.trim());
    }
  });

  it('asks for the OAuth client secret where the auth style needs one', async () => {
    const { checkCredentialShape } = await import('../../../../lambdas/ats/ats-settings');
    expect(() => checkCredentialShape({ atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: 'client-id-123', apikey2: null })).toThrow(
      expect.objectContaining({ field: 'apikey2', message: expect.stringMatching(/Enter your Bullhorn OAuth client secret too/) }),
    );
    expect(() =>
      checkCredentialShape({ atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: 'client-id-123', apikey2: 'client-secret-456' }),
    ).not.toThrow();
  });
});

describe('a settings form that sends the masks back', () => {
  it('keeps the saved key when the mask comes back for the same ATS, and changes only what was entered', async () => {
    const previous = await sealCredentials(
      { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN, apikey2: 'acme' },
      { cipher, userId: USER },
    );
    const view = maskedCredentialView(previous);
    const saved = await sealCredentials(
      { atsname: 'workable', apikeytype: 'bearer', apikey1: view.apikey1, apikey2: 'acme-eu' },
      { cipher, userId: USER, previous },
    );
    expect(saved.apikey1).toBe(previous.apikey1);
    await expect(openCredentials(saved, { cipher, userId: USER })).resolves.toMatchObject({ apikey1: TOKEN, apikey2: 'acme-eu' });
  });

  it('refuses a mask when the ATS changed or nothing is saved, so one ATS never gets the key of another', async () => {
    const previous = await sealCredentials({ atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY }, { cipher, userId: USER });
    const switched = await rejection(
      sealCredentials({ atsname: 'lever', apikeytype: 'basic', apikey1: `${MASK}7f3e` }, { cipher, userId: USER, previous }),
    );
    expect(switched).toMatchObject({ field: 'apikey1', message: expect.stringMatching(/enter the key for Lever/) });
    const nothing = await rejection(
      sealCredentials({ atsname: 'lever', apikeytype: 'basic', apikey1: `${MASK}7f3e` }, { cipher, userId: USER }),
    );
    expect(nothing).toMatchObject({ field: 'apikey1', message: expect.stringMatching(/No key is saved yet/) });
  });
});

describe('opening stored credentials', () => {
  it('refuses a record copied from another user, or with its fields swapped', async () => {
    const sealed = await sealCredentials(
      { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN, apikey2: 'acme' },
      { cipher, userId: USER },
    );
    for (const [record, userId] of [
      [sealed, 'user-bob'],
      [{ ...sealed, apikey1: sealed.apikey2, apikey2: sealed.apikey1 }, USER],
    ] as const) {
      const error = await rejection(openCredentials(record, { cipher, userId }));
      expect(error).toBeInstanceOf(CredentialVaultError);
      expect(error).toMatchObject({ reason: 'integrity', message: expect.stringMatching(/Enter it again/) });
      expectNoSecretIn(error, TOKEN);
    }
  });

  it('refuses a record whose mask hint was altered', async () => {
    const sealed = await sealCredentials({ atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY }, { cipher, userId: USER });
    const altered = { ...sealed, apikey1: sealed.apikey1.replace(/:7f3e$/, ':0000') };
    expect(altered.apikey1).not.toBe(sealed.apikey1);
    await expect(openCredentials(altered, { cipher, userId: USER })).rejects.toMatchObject({ reason: 'integrity' });
  });

  it('says no ATS is connected, or asks again for a key saved before encryption, without repeating it', async () => {
    await expect(
      openCredentials({ atsname: null, apikeytype: null, apikey1: null, apikey2: null }, { cipher, userId: USER }),
    ).rejects.toMatchObject({
      reason: 'missing',
      message: expect.stringMatching(/No ATS is connected yet/),
    });
    const legacy = await rejection(
      openCredentials({ atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY, apikey2: null }, { cipher, userId: USER }),
    );
    expect(legacy).toMatchObject({ reason: 'format', message: expect.stringMatching(/Enter it again/) });
    expectNoSecretIn(legacy, KEY);
  });
});

describe('what API answers show', () => {
  it('shows the ATS and masks built from the hints, never a key or its sealed form', async () => {
    const sealed = await sealCredentials(
      { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN, apikey2: 'acme' },
      { cipher, userId: USER },
    );
    const view = maskedCredentialView(sealed);
    expect(view).toEqual({ atsname: 'workable', apikeytype: 'bearer', apikey1: `${MASK}8Nm1`, apikey2: MASK });
    expectNoSecretIn(view, TOKEN);
    expect(JSON.stringify(view)).not.toContain('enc:v1');
    expect(maskedCredentialView(null)).toEqual({ atsname: null, apikeytype: null, apikey1: null, apikey2: null });
  });

  it("agrees with the resolvers' existing mask for keys of 12 characters or more", async () => {
    const sealed = await sealCredentials({ atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY }, { cipher, userId: USER });
    expect(withMaskedSecrets(sealed).apikey1).toBe(maskedCredentialView(sealed).apikey1);
  });
});
