/** @jest-environment ./test/support/backend-environment.js */
import { parseRuntimeConfig } from '../../../web/src/config/parse-runtime-config';
import { loadRuntimeConfig } from '../../../web/src/config/runtime-config';
import { testConfig } from '../support/config';

function jsonResponse(body: unknown, status = 200) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('validating config.json', () => {
  it('accepts the config the deployment publishes', () => {
    const config = testConfig({ analyticsMeasurementId: 'G-ABC123' });
    expect(parseRuntimeConfig(config)).toEqual({ ok: true, config });
  });

  it('rejects a config with missing or malformed values and names each problem', () => {
    const { graphqlUrl: _omitted, ...withoutGraphqlUrl } = testConfig();
    const result = parseRuntimeConfig({ ...withoutGraphqlUrl, restApiUrl: 'not a url', stage: 'qa' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^graphqlUrl: /),
        expect.stringMatching(/^restApiUrl: /),
        expect.stringMatching(/^stage: /),
      ]),
    );
  });

  it('rejects something that is not an object at all', () => {
    expect(parseRuntimeConfig(['productName']).ok).toBe(false);
    expect(parseRuntimeConfig(null).ok).toBe(false);
  });
});

describe('loading config.json at startup', () => {
  it('fetches /config.json past every cache and returns the validated config', async () => {
    const fetchMock = jest.fn().mockResolvedValue(jsonResponse(testConfig()));
    await expect(loadRuntimeConfig({ fetch: fetchMock })).resolves.toEqual({ ok: true, config: testConfig() });
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('explains a missing file', async () => {
    const result = await loadRuntimeConfig({ fetch: jest.fn().mockResolvedValue(new Response('Not Found', { status: 404 })) });
    expect(result).toEqual({
      ok: false,
      reason: 'The configuration file config.json is missing.',
      problems: ['GET /config.json answered 404.'],
    });
  });

  it('explains a file that is not JSON (e.g. the SPA fallback served index.html)', async () => {
    const result = await loadRuntimeConfig({ fetch: jest.fn().mockResolvedValue(jsonResponse('<!doctype html><html></html>')) });
    expect(result).toEqual(expect.objectContaining({ ok: false, reason: 'The configuration file config.json is not valid JSON.' }));
  });

  it('explains an invalid file', async () => {
    const result = await loadRuntimeConfig({ fetch: jest.fn().mockResolvedValue(jsonResponse({ productName: '' })) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe('The configuration file config.json is not valid.');
    expect(result.problems).toEqual(expect.arrayContaining([expect.stringMatching(/^productName: /)]));
  });

  it('explains a network failure', async () => {
    const result = await loadRuntimeConfig({ fetch: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    expect(result).toEqual({
      ok: false,
      reason: 'The configuration file config.json could not be downloaded.',
      problems: ['Failed to fetch'],
    });
  });
});
