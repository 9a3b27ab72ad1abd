import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  parseWebhookSecrets,
  secretsManagerWebhookSecrets,
  staticWebhookSecrets,
} from '../../../../lambdas/shared/webhooks/webhook-secrets';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

/** A Secrets Manager client whose answers the test scripts, counting the reads. */
function scriptedClient(answers: (() => { SecretString?: string })[]) {
  const client = new SecretsManagerClient({ region: 'us-east-2', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
  let reads = 0;
  jest.spyOn(client, 'send').mockImplementation(async (command: unknown) => {
    expect(command).toBeInstanceOf(GetSecretValueCommand);
    const answer = answers[Math.min(reads, answers.length - 1)];
    reads += 1;
    return answer() as never;
  });
  return { client, reads: () => reads };
}

describe('parseWebhookSecrets', () => {
  it.each([
    ['one-secret', ['one-secret']],
    [' new-secret , old-secret ', ['new-secret', 'old-secret']],
    ['{"secrets":["new","old"]}', ['new', 'old']],
    ['{"secrets":"new,old"}', ['new', 'old']],
    ['{"secret":"only"}', ['only']],
    ['{"other":"x"}', []],
    ['{not json', []],
    ['', []],
  ])('reads %j', (value, expected) => {
    expect(parseWebhookSecrets(value)).toEqual(expected);
  });
});

describe('secretsManagerWebhookSecrets', () => {
  it('reads the secret once, and again on reload only after the minimum interval', async () => {
    let now = 0;
    const scripted = scriptedClient([() => ({ SecretString: 'first' }), () => ({ SecretString: 'second,first' })]);
    const source = secretsManagerWebhookSecrets('talentpilot/dev/recurly-webhook-secret', {
      client: scripted.client,
      clock: () => now,
      minReloadIntervalMs: 60_000,
    });

    expect(await source.get()).toEqual(['first']);
    expect(await source.get()).toEqual(['first']);
    now = 59_999;
    expect(await source.reload()).toEqual(['first']);
    expect(scripted.reads()).toBe(1);
    now = 60_000;
    expect(await source.reload()).toEqual(['second', 'first']);
    expect(await source.get()).toEqual(['second', 'first']);
    expect(scripted.reads()).toBe(2);
  });

  it('turns an unreadable or empty secret into an upstream error, and tries again next time', async () => {
    const denied = Object.assign(new Error('denied'), { name: 'AccessDeniedException' });
    const scripted = scriptedClient([
      () => {
        throw denied;
      },
      () => ({ SecretString: '  ' }),
      () => ({ SecretString: 'whsec-now-readable' }),
    ]);
    const source = secretsManagerWebhookSecrets('name', { client: scripted.client });

    await expect(source.get()).rejects.toMatchObject({ name: 'UpstreamError', retryable: false, code: 'webhook_secret_unavailable' });
    await expect(source.get()).rejects.toMatchObject({ retryable: false });
    expect(await source.get()).toEqual(['whsec-now-readable']);
    expect(logs.text()).not.toContain('whsec-now-readable');
  });
});

describe('staticWebhookSecrets', () => {
  it('answers the given secrets', async () => {
    const source = staticWebhookSecrets(['a', '', 'b']);
    expect(await source.get()).toEqual(['a', 'b']);
    expect(await source.reload()).toEqual(['a', 'b']);
  });
});
