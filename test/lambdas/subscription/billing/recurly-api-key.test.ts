import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BillingUnavailableError } from '../../../../lambdas/shared/errors';
import { apiKeyFromSecretString, secretsManagerApiKeySource } from '../../../../lambdas/subscription/billing/recurly-api-key';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';

/**
 * A local HTTP endpoint speaking Secrets Manager's JSON protocol for GetSecretValue, so the
 * real SDK client runs end to end.
 */
interface SecretsEndpoint {
  readonly url: string;
  readonly calls: string[];
  answer: { status: 200; secretString: string } | { status: 400 | 500; type: string; message: string };
  close(): Promise<void>;
}

async function startSecretsEndpoint(): Promise<SecretsEndpoint> {
  const calls: string[] = [];
  const endpoint = {
    url: '',
    calls,
    answer: { status: 200, secretString: 'initial' } as SecretsEndpoint['answer'],
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const target = request.headers['x-amz-target'];
      const body = JSON.parse(raw) as { SecretId: string };
      calls.push(`${String(target)} ${body.SecretId}`);
      const answer = endpoint.answer;
      if (answer.status === 200) {
        response.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.1' });
        response.end(
          JSON.stringify({
            ARN: `arn:aws:secretsmanager:us-east-2:123456789012:secret:${body.SecretId}-AbCdEf`,
            Name: body.SecretId,
            SecretString: answer.secretString,
            VersionId: 'v1',
          }),
        );
      } else {
        response.writeHead(answer.status, { 'Content-Type': 'application/x-amz-json-1.1', 'x-amzn-ErrorType': answer.type });
        response.end(JSON.stringify({ __type: answer.type, message: answer.message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoint.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return endpoint;
}

describe('Recurly API key from Secrets Manager', () => {
  let endpoint: SecretsEndpoint;
  let client: SecretsManagerClient;
  let logs: CapturedLogs;

  beforeEach(async () => {
    endpoint = await startSecretsEndpoint();
    client = new SecretsManagerClient({
      region: 'us-east-2',
      endpoint: endpoint.url,
      credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' },
      maxAttempts: 1,
    });
    logs = captureLogs();
  });

  afterEach(async () => {
    logs.restore();
    client.destroy();
    await endpoint.close();
  });

  it('reads the secret by name once per container, even for concurrent first requests', async () => {
    endpoint.answer = { status: 200, secretString: 'live-key-123' };
    const source = secretsManagerApiKeySource('talentpilot/prod/recurly-api-key', client);

    const keys = await Promise.all([source.get(), source.get(), source.get()]);
    const later = await source.get();

    expect(keys).toEqual(['live-key-123', 'live-key-123', 'live-key-123']);
    expect(later).toBe('live-key-123');
    expect(endpoint.calls).toEqual(['secretsmanager.GetSecretValue talentpilot/prod/recurly-api-key']);
  });

  it('reads the secret again after the key is forgotten (rotation)', async () => {
    endpoint.answer = { status: 200, secretString: 'old-key' };
    const source = secretsManagerApiKeySource('recurly', client);
    await source.get();

    endpoint.answer = { status: 200, secretString: 'new-key' };
    source.forget();

    await expect(source.get()).resolves.toBe('new-key');
    expect(endpoint.calls).toHaveLength(2);
  });

  it('accepts a key/value secret with an apiKey field', async () => {
    endpoint.answer = { status: 200, secretString: '{"apiKey":"json-key-456"}' };

    await expect(secretsManagerApiKeySource('recurly', client).get()).resolves.toBe('json-key-456');
  });

  it('fails as a permanent billing outage when the secret does not exist, and tries again next time', async () => {
    endpoint.answer = { status: 400, type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." };
    const source = secretsManagerApiKeySource('missing', client);

    const failure = await source.get().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: false });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Could not read the Recurly API key from Secrets Manager',
        secretName: 'missing',
      }),
    );

    endpoint.answer = { status: 200, secretString: 'created-since' };
    await expect(source.get()).resolves.toBe('created-since');
  });

  it('fails as a retryable billing outage when Secrets Manager itself fails', async () => {
    endpoint.answer = { status: 500, type: 'InternalServiceError', message: 'An error occurred on the server side.' };

    const failure = await secretsManagerApiKeySource('recurly', client)
      .get()
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BillingUnavailableError);
    expect(failure).toMatchObject({ retryable: true });
  });

  it('refuses an empty secret without logging its value', async () => {
    endpoint.answer = { status: 200, secretString: '{"apiKey":""}' };

    const failure = await secretsManagerApiKeySource('recurly', client)
      .get()
      .catch((error: unknown) => error);

    expect(failure).toMatchObject({ retryable: false, code: 'billing_unavailable' });
  });
});

describe('apiKeyFromSecretString', () => {
  it.each([
    ['a plain key', '  abc123  ', 'abc123'],
    ['a JSON secret', '{"apiKey":"abc123"}', 'abc123'],
    ['a JSON secret without apiKey', '{"key":"abc123"}', undefined],
    ['malformed JSON', '{"apiKey":', undefined],
    ['an empty string', '   ', undefined],
    ['no string (binary secret)', undefined, undefined],
  ])('reads %s', (_label, secret, expected) => {
    expect(apiKeyFromSecretString(secret)).toBe(expected);
  });
});
