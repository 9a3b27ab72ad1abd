import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
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

/** What an SQS SendMessage needs: the queue's URL and the function's credentials (the Lambda role's, from its environment). */
export interface SqsQueueOptions {
  readonly queueUrl: string;
  readonly region: string;
  readonly credentials: () => { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string };
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

function bytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === 'string') return data;
  return ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
}

/** SHA-256 for the SigV4 signer, from node:crypto. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    throw new Error('NodeSha256 is single-use');
  }
}

/**
 * SQS `SendMessage` over the AWS JSON 1.0 protocol (SQS API reference, "Making query API requests
 * using AWS JSON protocol": POST to the queue's endpoint with `X-Amz-Target: AmazonSQS.SendMessage`),
 * signed with SigV4. The project has no SQS client package; this one call does not need one.
 */
export function sqsNotificationQueue(options: SqsQueueOptions): NotificationQueue {
  const url = new URL(options.queueUrl);
  const send = options.fetch ?? fetch;
  return {
    async send(body) {
      const signer = new SignatureV4({ service: 'sqs', region: options.region, credentials: options.credentials(), sha256: NodeSha256 });
      const payload = JSON.stringify({ QueueUrl: options.queueUrl, MessageBody: body });
      const request = await signer.sign({
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        path: '/',
        query: {},
        headers: { host: url.host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
        body: payload,
      });
      let response: Response;
      try {
        response = await send(`${url.protocol}//${url.host}/`, {
          method: 'POST',
          headers: request.headers,
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
export function lambdaCredentials(source: NodeJS.ProcessEnv = process.env) {
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
