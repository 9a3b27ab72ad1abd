import { APIKEY_TYPES, ATS_NAMES, AtsError, type ApiKeyType, type AtsCredentials, type AtsName } from '../../../../lambdas/ats/ats-port';
import {
  ATS_AUTH_STYLES,
  AVAILABLE_ATS_NAMES,
  AtsSettingsError,
  KEY_CONNECTED_ATS_NAMES,
  validateAtsCredentials,
} from '../../../../lambdas/ats/ats-settings';
import { createConnector } from '../../../../lambdas/ats/connectors';

const KEY = 'registry-secret-key-91c2';

/** Valid settings for each available ATS. */
const VALID: Readonly<Record<(typeof AVAILABLE_ATS_NAMES)[number], AtsCredentials>> = {
  bullhorn: { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: KEY, apikey2: KEY },
  greenhouse: { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: `${KEY}:7781204`, apikey2: KEY },
  lever: { atsname: 'lever', apikeytype: 'basic', apikey1: KEY, apikey2: '' },
  workable: { atsname: 'workable', apikeytype: 'bearer', apikey1: KEY, apikey2: 'groove-tech' },
  crelate: { atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY, apikey2: null },
};

/** Expected first request of each connector's connection test. */
const EXPECTED: Readonly<Record<(typeof KEY_CONNECTED_ATS_NAMES)[number], { url: RegExp; header: [string, string | RegExp] }>> = {
  // Greenhouse v3 asks its token endpoint first (the one POST, checked below).
  greenhouse: {
    url: /^http:\/\/fake\.test\/token$/,
    header: ['authorization', `Basic ${Buffer.from(`${KEY}:${KEY}`).toString('base64')}`],
  },
  lever: { url: /^http:\/\/fake\.test\/lever\/v1\//, header: ['authorization', `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`] },
  workable: { url: /^http:\/\/fake\.test\/groove-tech\/spi\/v3\/jobs\?/, header: ['authorization', `Bearer ${KEY}`] },
  crelate: { url: /^http:\/\/fake\.test\/api3\/jobs\?/, header: ['x-api-key', KEY] },
};

const BASE_URLS = {
  greenhouse: 'http://fake.test/greenhouse/v3',
  lever: 'http://fake.test/lever/v1',
  workable: 'http://fake.test/{subdomain}/spi/v3',
  crelate: 'http://fake.test/api3',
};

function settingsError(run: () => unknown): AtsSettingsError {
  try {
    run();
  } catch (error) {
    if (error instanceof AtsSettingsError) return error;
    throw error;
  }
  throw new Error('expected an AtsSettingsError');
}

/** A fetch that records what it is asked and answers 401, so every connector stops at once. */
function recordingFetch() {
  const calls: { url: string; method: string; headers: Headers }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return new Response('{"message":"Unauthorized"}', { status: 401, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

describe('ATS registry: which connector for which settings', () => {
  it.each(KEY_CONNECTED_ATS_NAMES)('creates the %s connector for its own auth style, calling nothing until asked', (name) => {
    const { calls, fetch } = recordingFetch();
    const connector = createConnector(VALID[name], { fetch });
    expect(connector.name).toBe(name);
    expect(calls).toHaveLength(0);
  });

  it.each(KEY_CONNECTED_ATS_NAMES)(
    'wires %s to its base URL and auth header, and its 401 to a credentials error without the key',
    async (name) => {
      const { calls, fetch } = recordingFetch();
      const connector = createConnector(VALID[name], { fetch, baseUrls: BASE_URLS, sleep: async () => undefined });
      const error = await connector.testConnection().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AtsError);
      expect(error).toMatchObject({ reason: 'credentials' });
      expect((error as AtsError).message).not.toContain(KEY);
      expect(calls).toHaveLength(1);
      expect(calls[0].method).toBe(name === 'greenhouse' ? 'POST' : 'GET');
      expect(calls[0].url).toMatch(EXPECTED[name].url);
      const [header, value] = EXPECTED[name].header;
      expect(calls[0].headers.get(header)).toBe(value);
    },
  );

  it('knows one auth style per ATS', () => {
    expect(ATS_AUTH_STYLES).toEqual({ greenhouse: 'oauth2', lever: 'basic', workable: 'bearer', crelate: 'api-key', bullhorn: 'oauth2' });
  });

  it('refuses every wrong name/type pair, naming the key type the ATS uses', () => {
    const wrongPairs: [AtsName, ApiKeyType][] = [];
    for (const name of AVAILABLE_ATS_NAMES) {
      for (const type of APIKEY_TYPES) if (type !== ATS_AUTH_STYLES[name]) wrongPairs.push([name, type]);
    }
    expect(wrongPairs).toHaveLength(15);
    for (const [name, type] of wrongPairs) {
      const error = settingsError(() => createConnector({ ...VALID[name as keyof typeof VALID], apikeytype: type }));
      expect(error.field).toBe('apikeytype');
      expect(error.message).toContain(`choose "${ATS_AUTH_STYLES[name]}" as the key type`);
    }
    expect(settingsError(() => validateAtsCredentials({ ...VALID.crelate, apikeytype: 'token' as ApiKeyType })).field).toBe('apikeytype');
  });

  it('creates the Bullhorn connector only with the caller’s grant store, calling nothing until asked', async () => {
    const { calls, fetch } = recordingFetch();
    expect(() => createConnector(VALID.bullhorn, { fetch })).toThrow(expect.objectContaining({ reason: 'credentials' }) as Error);
    const grants = { read: async () => null, save: async () => undefined };
    const connector = createConnector(VALID.bullhorn, { fetch, bullhornGrants: grants });
    expect(connector.name).toBe('bullhorn');
    expect(calls).toHaveLength(0);
    // No grant stored: connect again, before any request.
    await expect(connector.testConnection()).rejects.toMatchObject({ reason: 'credentials' });
    expect(calls).toHaveLength(0);
  });

  it('refuses an unknown ATS, listing the ones it can connect', () => {
    const error = settingsError(() => createConnector({ ...VALID.greenhouse, atsname: 'taleo' as AtsName }));
    expect(error).toMatchObject({
      field: 'atsname',
      message: 'Choose the ATS to connect: Greenhouse, Lever, Workable, Crelate or Bullhorn.',
    });
    expect(ATS_NAMES).toContain('bullhorn');
  });

  it('asks for a missing key by its name in that ATS', () => {
    expect(settingsError(() => createConnector({ ...VALID.workable, apikey1: '  ' }))).toMatchObject({
      field: 'apikey1',
      message: 'Enter your Workable API access token.',
    });
    expect(settingsError(() => createConnector({ ...VALID.greenhouse, apikey1: '' }))).toMatchObject({
      field: 'apikey1',
      message: 'Enter your Greenhouse client ID and user ID.',
    });
    expect(settingsError(() => createConnector({ ...VALID.greenhouse, apikey2: null }))).toMatchObject({
      field: 'apikey2',
      message: 'Enter your Greenhouse client secret too: Greenhouse needs it.',
    });
  });

  it('refuses a key that is not one (a line break inside, or a whole page pasted) without repeating it', () => {
    for (const apikey1 of [`${KEY}\nsecond line`, KEY.repeat(40)]) {
      const error = settingsError(() => createConnector({ ...VALID.crelate, apikey1 }));
      expect(error.field).toBe('apikey1');
      expect(error.message).not.toContain(KEY);
    }
  });

  it('requires a valid Workable subdomain and refuses a second secret other ATSs do not use', () => {
    expect(settingsError(() => createConnector({ ...VALID.workable, apikey2: null }))).toMatchObject({ field: 'apikey2' });
    expect(settingsError(() => createConnector({ ...VALID.workable, apikey2: 'evil.example.com' })).message).toMatch(
      /Workable subdomain is not valid/,
    );
    expect(createConnector({ ...VALID.workable, apikey2: 'https://groove-tech.workable.com/' }).name).toBe('workable');
    const stray = settingsError(() => createConnector({ ...VALID.lever, apikey2: 'another-secret' }));
    expect(stray).toMatchObject({ field: 'apikey2', message: 'Lever needs only the Lever API key: leave the second field empty.' });
    expect(stray.message).not.toContain('another-secret');
  });
});
