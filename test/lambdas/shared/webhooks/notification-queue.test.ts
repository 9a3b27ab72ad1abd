import { SQSClient } from '@aws-sdk/client-sqs';
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamError } from '../../../../lambdas/shared/errors';
import { sqsNotificationQueue } from '../../../../lambdas/shared/webhooks/notification-queue';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';

const QUEUE_URL = 'https://sqs.us-east-2.amazonaws.com/123456789012/talentpilot-prod-WebhookQueue199A32A5-AbCdEf';
const CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session-token',
};

interface ReceivedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

type Answer = (body: { MessageBody: string }) => { status: number; json: unknown };

/**
 * SQS over its AWS JSON 1.0 protocol on 127.0.0.1 (SQS API Reference, "SendMessage": the answer
 * carries `MessageId` and `MD5OfMessageBody`, which the SDK checks; errors carry `__type`).
 */
const sent: Answer = (body) => ({
  status: 200,
  json: { MessageId: 'm-1', MD5OfMessageBody: createHash('md5').update(body.MessageBody).digest('hex') },
});

let server: Server;
let endpoint: string;
let answer: Answer = sent;
const received: ReceivedRequest[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body });
      const { status, json } = answer(JSON.parse(body) as { MessageBody: string });
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
  received.length = 0;
  answer = sent;
});
afterEach(() => logs.restore());

const queueAt = (url: string) =>
  sqsNotificationQueue({
    queueUrl: QUEUE_URL,
    client: new SQSClient({ endpoint: url, region: 'us-east-2', credentials: CREDENTIALS, maxAttempts: 2 }),
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('sqsNotificationQueue', () => {
  it('sends the body to the queue with SendMessage, signed with the role’s session', async () => {
    await queueAt(endpoint).send('{"id":"n1"}');

    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toEqual({ QueueUrl: QUEUE_URL, MessageBody: '{"id":"n1"}' });
    expect(received[0].headers).toMatchObject({
      'x-amz-target': 'AmazonSQS.SendMessage',
      'x-amz-security-token': 'session-token',
      authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-2\/sqs\/aws4_request, /),
    });
  });

  it('fails retryably when SQS answers 5xx or cannot be reached, and for good when it refuses the request', async () => {
    answer = () => ({ status: 500, json: { __type: 'com.amazonaws.sqs#InternalError', message: 'try again' } });
    const unavailable = await failureOf(queueAt(endpoint).send('{}'));
    answer = () => ({
      status: 400,
      json: { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' },
    });
    const refused = await failureOf(queueAt(endpoint).send('{}'));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await failureOf(queueAt(`http://127.0.0.1:${closedPort}`).send('{}'));

    expect(unavailable).toMatchObject({ code: 'queue_unavailable', retryable: true });
    expect(unreachable).toMatchObject({ code: 'queue_unavailable', retryable: true });
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ code: 'queue_unavailable', retryable: false });
    expect(logs.text()).toContain('QueueDoesNotExist');
  });
});
