import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { UpstreamError } from '../errors';
import { createLogger } from '../logger';

/**
 * Where the webhook endpoint stores a verified notification until the consumer
 * (lambdas/subscription/process-webhook-notifications.ts) has handled it: SQS in AWS, a dynalite
 * table in the local runtime. Storing is all the endpoint does after the signature check, so it
 * answers Recurly in well under its 5-second limit whatever Recurly's own API is doing.
 */
export interface NotificationQueue {
  /** Stores one message durably; throws a retryable UpstreamError when it could not (the caller answers 5xx). */
  send(body: string): Promise<void>;
}

const logger = createLogger({ component: 'notification-queue' });

const UNAVAILABLE_MESSAGE = 'The notification could not be stored; please retry.';

/** How long the endpoint waits for the queue before answering 503 (Recurly gives up after 5 s). */
export const QUEUE_SEND_TIMEOUT_MS = 3_000;

export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

/** What an SQS SendMessage needs: the queue's URL and the function's credentials (the Lambda role's, from its environment). */
export interface SqsQueueOptions {
  readonly queueUrl: string;
  readonly region: string;
  readonly credentials: () => AwsCredentials;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** @default the current time */
  readonly now?: () => Date;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20250310T093000Z`: SigV4's date format. */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * The `Authorization` header of an AWS Signature Version 4 request (AWS General Reference, "Create
 * a signed AWS API request"), for a request without a query string. `headers` are every header
 * to sign, `x-amz-date` included; their names are lower-cased here.
 */
export function sigV4Authorization(input: {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly credentials: AwsCredentials;
  readonly region: string;
  readonly service: string;
}): string {
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const date = headers.find(([name]) => name === 'x-amz-date')?.[1];
  if (!date) throw new Error('x-amz-date is required');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    input.method,
    input.path,
    '',
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    sha256Hex(input.body),
  ].join('\n');
  const scope = `${date.slice(0, 8)}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${input.credentials.secretAccessKey}`, date.slice(0, 8));
  for (const part of [input.region, input.service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/**
 * SQS `SendMessage` over the AWS JSON 1.0 protocol (SQS Developer Guide, "Making query API requests
 * using AWS JSON protocol": POST to the queue's endpoint with `X-Amz-Target: AmazonSQS.SendMessage`),
 * signed with SigV4. The project has no SQS client package, and the SDK's signer pulls 140 kB of
 * @smithy/core into the bundle: this one call needs neither.
 */
export function sqsNotificationQueue(options: SqsQueueOptions): NotificationQueue {
  const url = new URL(options.queueUrl);
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  return {
    async send(body) {
      const credentials = options.credentials();
      const payload = JSON.stringify({ QueueUrl: options.queueUrl, MessageBody: body });
      const headers: Record<string, string> = {
        host: url.host,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AmazonSQS.SendMessage',
        'x-amz-date': amzDate(now()),
        ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
      };
      const authorization = sigV4Authorization({
        method: 'POST',
        path: '/',
        headers,
        body: payload,
        credentials,
        region: options.region,
        service: 'sqs',
      });
      let response: Response;
      try {
        response = await send(`${url.protocol}//${url.host}/`, {
          method: 'POST',
          headers: { ...headers, authorization },
          body: payload,
          signal: AbortSignal.timeout(QUEUE_SEND_TIMEOUT_MS),
        });
      } catch (error) {
        logger.error('SQS could not be reached', { error });
        throw new UpstreamError(UNAVAILABLE_MESSAGE, { retryable: true, cause: error }, 'queue_unavailable');
      }
      if (!response.ok) {
        const answer = await response.text().catch(() => '');
        logger.error('SQS refused the message', { status: response.status, answer: answer.slice(0, 500) });
        throw new UpstreamError(UNAVAILABLE_MESSAGE, { retryable: response.status >= 500 }, 'queue_unavailable');
      }
    },
  };
}

/** The Lambda role's credentials, which the runtime puts in the function's environment. */
export function lambdaCredentials(source: Readonly<Record<string, string | undefined>> = process.env): AwsCredentials {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = source;
  if (!accessKeyId || !secretAccessKey) throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/**
 * One message of the local queue stand-in (a dynalite table, persisted with the local data, so
 * it survives a restart of the local runtime). The local runtime's poller
 * (local/webhooks/webhook-queue-poller.ts) receives, retries and dead-letters them as SQS does.
 */
export interface LocalQueueItem {
  /** The message id (SQS's `messageId`). */
  readonly id: string;
  readonly body: string;
  /** `queued`, or `dead-letter` once it failed `maxReceiveCount` times. */
  readonly queue: 'queued' | 'dead-letter';
  /** Times it was handed to the consumer. */
  readonly receiveCount: number;
  /** Epoch milliseconds from which it may be received (again). */
  readonly visibleAt: number;
  /** Epoch milliseconds it was sent (the order it is received in). */
  readonly sentAt: number;
}

/** The local runtime's queue: one item per message in its dynalite table. */
export function localTableNotificationQueue(client: DynamoDBDocumentClient, tableName: string, now = Date.now): NotificationQueue {
  return {
    async send(body) {
      const sentAt = now();
      const item: LocalQueueItem = { id: randomUUID(), body, queue: 'queued', receiveCount: 0, visibleAt: sentAt, sentAt };
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: item }));
      } catch (error) {
        logger.error('The local queue table could not be written', { error });
        throw new UpstreamError(UNAVAILABLE_MESSAGE, { retryable: true, cause: error }, 'queue_unavailable');
      }
    },
  };
}
