import { createAppSyncApiKeyStore } from '../../../lambdas/operations/api-key-store';
import { createRenewalHandler } from '../../../lambdas/operations/renew-api-key';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { startLocalAppSyncApiKeys, type LocalAppSyncApiKeys, type StoredKey } from './support/local-appsync-api-keys';

/**
 * The renewal job's handler with the real AppSync client, against a local AppSync-like server
 * (ListApiKeys, UpdateApiKey) that enforces AppSync's expiry rules.
 */

const NOW = Date.parse('2026-11-24T12:34:56Z');
const DAY_S = 86_400;
const nowS = NOW / 1000;
const WEB_KEY = 'da2-webappkeywebappkey0001';
const SPARE_KEY = 'da2-sparekeysparekey000002';

let appsync: LocalAppSyncApiKeys;
let logs: CapturedLogs;

async function start(keys: StoredKey[], pageSize?: number) {
  appsync = await startLocalAppSyncApiKeys({ keys, now: () => NOW, pageSize });
}

function handler(environment: Record<string, string> = {}) {
  return createRenewalHandler({
    now: () => new Date(NOW),
    environment: { GRAPHQL_API_ID: appsync.apiId, METRICS_NAMESPACE: 'talentpilot-test', ...environment },
    store: (apiId) =>
      createAppSyncApiKeyStore({
        apiId,
        client: {
          endpoint: appsync.endpoint,
          region: 'us-east-2',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          maxAttempts: 1,
        },
      }),
  });
}

beforeEach(() => {
  logs = captureLogs();
});
afterEach(async () => {
  logs.restore();
  await appsync?.stop();
});

describe('the API key renewal job', () => {
  it('extends a key with 10 days left to 365 days, leaves a fresh one alone and reports the days left as a metric', async () => {
    await start([
      { id: WEB_KEY, expires: nowS + 10 * DAY_S },
      { id: SPARE_KEY, expires: nowS + 200 * DAY_S },
    ]);

    const report = await handler()({}, { awsRequestId: 'job-1' });

    const renewedTo = Date.parse('2027-11-24T12:00:00Z') / 1000;
    expect(appsync.keys).toEqual([
      { id: WEB_KEY, expires: renewedTo },
      { id: SPARE_KEY, expires: nowS + 200 * DAY_S },
    ]);
    expect(report).toEqual({
      checked: 2,
      renewed: [{ id: 'da2-…0001', from: '2026-12-04T12:34:56.000Z', to: '2027-11-24T12:00:00.000Z' }],
      daysLeft: 200,
    });
    expect(appsync.calls).toEqual([`GET /v1/apis/${appsync.apiId}/apikeys`, `POST /v1/apis/${appsync.apiId}/apikeys/${WEB_KEY}`]);

    const summary = logs.lines.find((line) => line.message === 'API keys checked');
    expect(summary).toMatchObject({
      requestId: 'job-1',
      ApiKeyDaysLeft: 200,
      _aws: {
        Timestamp: NOW,
        CloudWatchMetrics: [{ Namespace: 'talentpilot-test', Dimensions: [[]], Metrics: [{ Name: 'ApiKeyDaysLeft', Unit: 'Count' }] }],
      },
    });
    // Key ids are key values: logs show only their ends.
    expect(logs.text()).not.toContain(WEB_KEY);
  });

  it('changes nothing on the next day’s run', async () => {
    await start([{ id: WEB_KEY, expires: nowS + 10 * DAY_S }]);
    await handler()({});
    const after = [...appsync.keys.map((key) => ({ ...key }))];

    expect(await handler()({})).toMatchObject({ checked: 1, renewed: [] });
    expect(appsync.keys).toEqual(after);
  });

  it('reads every page of keys', async () => {
    await start(
      Array.from({ length: 5 }, (_, index) => ({ id: `da2-pagedkey${index}pagedkey${index}`, expires: nowS + (index + 1) * DAY_S })),
      2,
    );

    const report = await handler()({});

    expect(report.checked).toBe(5);
    expect(report.renewed).toHaveLength(5);
    expect(appsync.calls.filter((call) => call.startsWith('GET'))).toHaveLength(3);
  });

  it('tries every key, then fails the invocation (so the alarm fires) when AppSync refuses one', async () => {
    await start([
      { id: WEB_KEY, expires: nowS + 5 * DAY_S },
      { id: SPARE_KEY, expires: nowS + 6 * DAY_S },
    ]);
    appsync.failUpdatesFor([WEB_KEY], { status: 400, type: 'ApiKeyValidityOutOfBoundsException', message: 'Out of bounds.' });

    await expect(handler()({})).rejects.toThrow('1 of 2 API key renewals failed.');

    expect(appsync.keys[1].expires).toBe(Date.parse('2027-11-24T12:00:00Z') / 1000);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'API key renewal failed',
        keyId: 'da2-…0001',
        error: expect.objectContaining({ name: 'ApiKeyValidityOutOfBoundsException' }),
      }),
    );
    expect(logs.lines.find((line) => line.message === 'API keys checked')).toMatchObject({ failed: 1, ApiKeyDaysLeft: 5 });
  });

  it('fails clearly when the API has no key at all', async () => {
    await start([]);
    await expect(handler()({})).rejects.toThrow('The GraphQL API has no API key');
  });

  it('fails clearly when the API does not exist or the environment is wrong', async () => {
    await start([{ id: WEB_KEY, expires: nowS + 5 * DAY_S }]);
    await expect(handler({ GRAPHQL_API_ID: 'someotherapi00000' })({})).rejects.toThrow(/not found/);
    await expect(createRenewalHandler({ environment: {} })({})).rejects.toThrow('GRAPHQL_API_ID is not set');
  });
});
