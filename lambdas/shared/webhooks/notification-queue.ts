import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { randomUUID } from 'node:crypto';
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

/** What an SQS SendMessage needs: the queue's URL and a client (the Lambda role's, by default). */
export interface SqsQueueOptions {
  readonly queueUrl: string;
  /** @default an SQSClient that gives up within QUEUE_SEND_TIMEOUT_MS, retries included */
  readonly client?: Pick<SQSClient, 'send'>;
}

/**
 * SQS `SendMessage` with the SDK's client (external in the bundle: the Lambda runtime ships it).
 * One time-out covers the SDK's own retries, so the endpoint answers Recurly in time either way.
 */
export function sqsNotificationQueue(options: SqsQueueOptions): NotificationQueue {
  const client = options.client ?? new SQSClient({});
  return {
    async send(body) {
      try {
        await client.send(new SendMessageCommand({ QueueUrl: options.queueUrl, MessageBody: body }), {
          abortSignal: AbortSignal.timeout(QUEUE_SEND_TIMEOUT_MS),
        });
      } catch (error) {
        // A client fault (access denied, a missing queue, a too-large body) will not heal by a retry.
        const clientFault = (error as { $fault?: string } | undefined)?.$fault === 'client';
        logger.error(clientFault ? 'SQS refused the message' : 'SQS could not be reached', { error });
        throw new UpstreamError(UNAVAILABLE_MESSAGE, { retryable: !clientFault, cause: error }, 'queue_unavailable');
      }
    },
  };
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
