import { documentClientFor } from '../../../lambdas/shared/dynamodb/document-client';
import { localTableNotificationQueue } from '../../../lambdas/shared/webhooks/notification-queue';
import { startWebhookQueuePoller, type QueueConsumer } from '../../../local/webhooks/webhook-queue-poller';
import { ensureLocalWebhookQueueTable } from '../../../local/webhooks/webhook-queue-table';
import { startMemoryDynamoDb } from '../support/local-services';

/** The local SQS event source of the webhook queue stand-in, against a consumer the test scripts. */

const SETTINGS = { batchSize: 2, visibilityTimeoutMs: 1_000, maxReceiveCount: 3 };

let dynamodb: Awaited<ReturnType<typeof startMemoryDynamoDb>>;
let table = 0;
beforeAll(async () => {
  dynamodb = await startMemoryDynamoDb();
});
afterAll(() => dynamodb.stop());

/** A fresh queue table, a sender, and a poller on a clock the test moves. */
async function queueWith(consumer: QueueConsumer) {
  const tableName = `webhook-queue-${(table += 1)}`;
  await ensureLocalWebhookQueueTable(dynamodb.client, tableName);
  const client = documentClientFor(dynamodb.client);
  let now = 1_000_000;
  const sender = localTableNotificationQueue(client, tableName, () => now);
  const poller = startWebhookQueuePoller({ client, tableName, consumer, settings: SETTINGS, pollIntervalMs: 0, now: () => now });
  return { sender, poller, advance: (ms: number) => (now += ms) };
}

it('hands messages over in SQS-shaped batches, oldest first, and deletes the ones the consumer handled', async () => {
  const batches: { messageId: string; body: string; receiveCount: string; eventSource: string }[][] = [];
  const { sender, poller, advance } = await queueWith(async (event) => {
    batches.push(
      event.Records.map((record) => ({
        messageId: record.messageId,
        body: record.body,
        receiveCount: record.attributes.ApproximateReceiveCount,
        eventSource: record.eventSource,
      })),
    );
    return { batchItemFailures: [] };
  });
  for (const body of ['first', 'second', 'third']) {
    await sender.send(body);
    advance(1);
  }

  expect([await poller.pollOnce(), await poller.pollOnce(), await poller.pollOnce()]).toEqual([2, 1, 0]);
  expect(batches.map((batch) => batch.map((record) => record.body))).toEqual([['first', 'second'], ['third']]);
  expect(batches[0][0]).toMatchObject({ receiveCount: '1', eventSource: 'aws:sqs', messageId: expect.any(String) });
});

it('fails the whole batch when the consumer crashes, shows it again after the visibility time-out, and dead-letters it after the last receive', async () => {
  let calls = 0;
  const { sender, poller, advance } = await queueWith(async () => {
    calls += 1;
    throw new Error('Task timed out after 60.00 seconds');
  });
  await sender.send('crashes');

  const received = [await poller.pollOnce(), await poller.pollOnce()];
  for (let round = 0; round < 3; round += 1) {
    advance(SETTINGS.visibilityTimeoutMs);
    received.push(await poller.pollOnce());
  }

  // Hidden right after a failure; back after the time-out; gone to the dead-letter queue after 3 receives.
  expect(received).toEqual([1, 0, 1, 1, 0]);
  expect(calls).toBe(3);
  expect(await poller.deadLetters()).toEqual([expect.objectContaining({ body: 'crashes', receiveCount: 3, queue: 'dead-letter' })]);
});
