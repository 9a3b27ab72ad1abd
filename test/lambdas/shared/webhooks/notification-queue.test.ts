import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac } from 'node:crypto';
import { UpstreamError } from '../../../../lambdas/shared/errors';
import {
  amzDate,
  lambdaCredentials,
  sigV4Authorization,
  sqsNotificationQueue,
} from '../../../../lambdas/shared/webhooks/notification-queue';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';

const QUEUE_URL = 'https://sqs.us-east-2.amazonaws.com/123456789012/talentpilot-prod-WebhookQueue199A32A5-AbCdEf';
const CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session-token',
};
const NOW = new Date('2026-11-26T23:40:05.123Z');

/** SHA-256 for the SDK's signer, which the test uses as the reference. */
class Sha256 {
  private readonly hash;
  constructor(secret?: unknown) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', secret as string | Uint8Array);
  }
  update(data: string | Uint8Array): void {
    this.hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

interface SentRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function recordingFetch(status: number, answer = '{}') {
  const sent: SentRequest[] = [];
  const fetchStub = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
    return new Response(answer, { status });
  }) as typeof fetch;
  return { sent, fetchStub };
}

let logs: CapturedLogs;
beforeEach(() => (logs = captureLogs()));
afterEach(() => logs.restore());

describe('sigV4Authorization', () => {
  it('signs as the AWS SDK’s own SigV4 signer does', async () => {
    const body = JSON.stringify({ QueueUrl: QUEUE_URL, MessageBody: '{"id":"n1"}' });
    const reference = await new SignatureV4({ service: 'sqs', region: 'us-east-2', credentials: CREDENTIALS, sha256: Sha256 }).sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: 'sqs.us-east-2.amazonaws.com',
        path: '/',
        query: {},
        headers: {
          host: 'sqs.us-east-2.amazonaws.com',
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'AmazonSQS.SendMessage',
        },
        body,
      },
      { signingDate: NOW },
    );
    const { authorization, ...signed } = reference.headers;

    expect(signed['x-amz-date']).toBe(amzDate(NOW));
    expect(
      sigV4Authorization({
        method: 'POST',
        path: '/',
        headers: signed,
        body,
        credentials: CREDENTIALS,
        region: 'us-east-2',
        service: 'sqs',
      }),
    ).toBe(authorization);
  });
});

describe('sqsNotificationQueue', () => {
  it('sends the body to the queue with SendMessage over the AWS JSON protocol, signed with the role’s session', async () => {
    const { sent, fetchStub } = recordingFetch(200, '{"MessageId":"m-1","MD5OfMessageBody":"x"}');
    const queue = sqsNotificationQueue({
      queueUrl: QUEUE_URL,
      region: 'us-east-2',
      credentials: () => CREDENTIALS,
      fetch: fetchStub,
      now: () => NOW,
    });

    await queue.send('{"id":"n1"}');

    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('https://sqs.us-east-2.amazonaws.com/');
    expect(JSON.parse(sent[0].body)).toEqual({ QueueUrl: QUEUE_URL, MessageBody: '{"id":"n1"}' });
    expect(sent[0].headers).toMatchObject({
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'AmazonSQS.SendMessage',
      'x-amz-date': '20261126T234005Z',
      'x-amz-security-token': 'session-token',
      authorization: expect.stringMatching(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261126\/us-east-2\/sqs\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/,
      ),
    });
  });

  it('fails retryably when SQS answers 5xx or cannot be reached, and for good when it refuses the request', async () => {
    const failureOf = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error,
      );
    const queueAnswering = (fetchStub: typeof fetch) =>
      sqsNotificationQueue({ queueUrl: QUEUE_URL, region: 'us-east-2', credentials: () => CREDENTIALS, fetch: fetchStub });

    const unavailable = await failureOf(queueAnswering(recordingFetch(503).fetchStub).send('{}'));
    const unreachable = await failureOf(
      queueAnswering((async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch).send('{}'),
    );
    const refused = await failureOf(
      queueAnswering(recordingFetch(400, '{"__type":"com.amazonaws.sqs#AccessDenied"}').fetchStub).send('{}'),
    );

    expect(unavailable).toMatchObject({ code: 'queue_unavailable', retryable: true });
    expect(unreachable).toMatchObject({ code: 'queue_unavailable', retryable: true });
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ code: 'queue_unavailable', retryable: false });
    expect(logs.text()).toContain('AccessDenied');
  });
});

describe('lambdaCredentials', () => {
  it('reads the role’s session from the variables Lambda sets, and names what is missing', () => {
    expect(lambdaCredentials({ AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 's', AWS_SESSION_TOKEN: 't' })).toEqual({
      accessKeyId: 'a',
      secretAccessKey: 's',
      sessionToken: 't',
    });
    expect(() => lambdaCredentials({})).toThrow(/AWS_ACCESS_KEY_ID/);
  });
});
