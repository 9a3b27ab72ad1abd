import { DeleteCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { REGION } from '../../lib/config';
import { WEBHOOK_QUEUE } from '../../lib/definitions/webhook-queue';
import { isConditionalCheckFailed } from '../../lambdas/shared/dynamodb/document-client';
import type { LocalQueueItem } from '../../lambdas/shared/webhooks/notification-queue';

/**
 * The local runtime's SQS event source for the webhook queue stand-in
 * (webhook-queue-table.ts): it polls the table, hands visible messages to the consumer in
 * SQS-shaped batches, deletes what the consumer handled, hides what failed for the visibility
 * time-out, and moves a message that failed `maxReceiveCount` times to the dead-letter queue
 * (`queue: 'dead-letter'`), as SQS's redrive policy does. State lives in the table only, so a
 * restart picks up where it stopped.
 */

export interface QueueSettings {
  readonly batchSize: number;
  readonly visibilityTimeoutMs: number;
  readonly maxReceiveCount: number;
}

/** AWS's numbers (lib/definitions/webhook-queue.ts). */
export const AWS_QUEUE_SETTINGS: QueueSettings = {
  batchSize: WEBHOOK_QUEUE.batchSize,
  visibilityTimeoutMs: WEBHOOK_QUEUE.visibilityTimeoutSeconds * 1000,
  maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount,
};

/**
 * The local runtime's: AWS's batch and receive count, but a failed message comes back after 10
 * seconds instead of 6 minutes, so a developer sees the retries.
 */
export const LOCAL_QUEUE_SETTINGS: QueueSettings = { ...AWS_QUEUE_SETTINGS, visibilityTimeoutMs: 10_000 };

export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | void | unknown>;

export interface WebhookQueuePollerOptions {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly consumer: QueueConsumer;
  readonly settings?: QueueSettings;
  /** Milliseconds between polls; 0 polls only when `pollOnce` is called (tests). @default 500 */
  readonly pollIntervalMs?: number;
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export interface WebhookQueuePoller {
  /** Receives one batch and hands it to the consumer; the number of messages received. */
  pollOnce(): Promise<number>;
  /** The messages in the dead-letter queue, oldest first. */
  deadLetters(): Promise<LocalQueueItem[]>;
  /**
   * Resolves once every message visible now has been handed to the consumer and answered (the
   * batch in hand included): tests that deliver a webhook wait for its effects with it.
   */
  settle(): Promise<void>;
  /** Stops polling (waits for the batch in hand). */
  stop(): Promise<void>;
}

/** The SQS event Lambda gets for these messages (the fields the consumer reads, and the rest as SQS fills them). */
export function sqsEventFor(
  messages: readonly Pick<LocalQueueItem, 'id' | 'body' | 'receiveCount' | 'sentAt'>[],
  queueName = 'local-webhook-queue',
): SQSEvent {
  return {
    Records: messages.map((message): SQSRecord => ({
      messageId: message.id,
      receiptHandle: `${message.id}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(message.sentAt),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(message.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${REGION}:000000000000:${queueName}`,
      awsRegion: REGION,
    })),
  };
}

/** The message ids a consumer's answer reports as failed (`batchItemFailures`). */
function failedIds(answer: unknown): Set<string> {
  const failures = (answer as Partial<SQSBatchResponse> | undefined)?.batchItemFailures ?? [];
  return new Set(failures.map((failure) => failure.itemIdentifier));
}

export function startWebhookQueuePoller(options: WebhookQueuePollerOptions): WebhookQueuePoller {
  const { client, tableName, consumer } = options;
  const settings = options.settings ?? LOCAL_QUEUE_SETTINGS;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);

  const scan = async (queue: LocalQueueItem['queue']): Promise<LocalQueueItem[]> => {
    const items: LocalQueueItem[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: tableName,
          ConsistentRead: true,
          FilterExpression: '#queue = :queue',
          ExpressionAttributeNames: { '#queue': 'queue' },
          ExpressionAttributeValues: { ':queue': queue },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...((page.Items ?? []) as LocalQueueItem[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return items.sort((a, b) => a.sentAt - b.sentAt);
  };

  /** Takes the message for one receive (a conditional write: one poller gets it); undefined when another took it. */
  const receive = async (item: LocalQueueItem, at: number): Promise<LocalQueueItem | undefined> => {
    const received = { ...item, receiveCount: item.receiveCount + 1, visibleAt: at + settings.visibilityTimeoutMs };
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { id: item.id },
          UpdateExpression: 'SET receiveCount = :next, visibleAt = :visibleAt',
          ConditionExpression: 'receiveCount = :count',
          ExpressionAttributeValues: { ':next': received.receiveCount, ':visibleAt': received.visibleAt, ':count': item.receiveCount },
        }),
      );
      return received;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  };

  const pollOnce = async (): Promise<number> => {
    const at = now();
    const visible = (await scan('queued')).filter((item) => item.visibleAt <= at).slice(0, settings.batchSize);
    const batch = (await Promise.all(visible.map((item) => receive(item, at)))).filter((item) => item !== undefined);
    if (batch.length === 0) return 0;

    let failed: Set<string>;
    try {
      failed = failedIds(await consumer(sqsEventFor(batch)));
    } catch (error) {
      // A failed invocation (crash, time-out) fails the whole batch, as with SQS.
      log(`[webhook queue] the consumer failed: ${(error as Error).message}`);
      failed = new Set(batch.map((item) => item.id));
    }
    for (const item of batch) {
      if (!failed.has(item.id)) {
        await client.send(new DeleteCommand({ TableName: tableName, Key: { id: item.id } }));
      } else if (item.receiveCount >= settings.maxReceiveCount) {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { id: item.id },
            UpdateExpression: 'SET #queue = :deadLetter',
            ExpressionAttributeNames: { '#queue': 'queue' },
            ExpressionAttributeValues: { ':deadLetter': 'dead-letter' },
          }),
        );
        log(`[webhook queue] message ${item.id} failed ${item.receiveCount} times: moved to the dead-letter queue`);
      }
    }
    return batch.length;
  };

  let stopped = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    if (stopped) return;
    inFlight = pollOnce()
      .catch((error: unknown) => log(`[webhook queue] polling failed: ${(error as Error).message}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, options.pollIntervalMs ?? 500);
      });
  };
  if (options.pollIntervalMs !== 0) loop();

  return {
    pollOnce,
    deadLetters: () => scan('dead-letter'),
    async settle() {
      await inFlight;
      while ((await pollOnce()) > 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
