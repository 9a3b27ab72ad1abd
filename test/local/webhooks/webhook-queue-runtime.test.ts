import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createHmac } from 'node:crypto';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { LOCAL_WEBHOOK_SECRET, startLocalRuntime, type LocalRuntime } from '../../../local/runtime';
import { localWebhookQueueTableName } from '../../../local/webhooks/webhook-queue-table';
import { temporaryFolder } from '../support/local-services';

/**
 * The local runtime's webhook queue stand-in: what the endpoint queued while the runtime was
 * stopped before its consumer got to it is handled after the next start on the same data folder,
 * as SQS keeps messages whatever happens to the consumer.
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const WEBHOOK_ROUTES = REST_ROUTES.filter((route) => route.webhookQueue === true);
const QUEUE_TABLE = localWebhookQueueTableName('talentpilot');
const NOTIFICATION_ID = 'notif-before-restart';

const dataDir = temporaryFolder('webhook-queue-runtime');
let runtime: LocalRuntime | undefined;

function start(pollIntervalMs: number): Promise<LocalRuntime> {
  return startLocalRuntime({
    dataDir: dataDir.path,
    ports: FREE_PORTS,
    webDistDir: false,
    identity: false,
    routes: WEBHOOK_ROUTES,
    warmFunctions: false,
    webhookQueue: { pollIntervalMs },
  });
}

async function scan(client: LocalRuntime['dynamodb'], tableName: string) {
  return ((await client.send(new ScanCommand({ TableName: tableName, ConsistentRead: true }))).Items ?? []).map((item) => unmarshall(item));
}

afterAll(async () => {
  await runtime?.stop();
  dataDir.remove();
});

it('keeps a queued notification across a restart of the local runtime and handles it after the restart', async () => {
  // A poll at start, then none for a minute: the notification is still queued when the runtime stops.
  runtime = await start(60_000);
  const body = JSON.stringify({
    id: NOTIFICATION_ID,
    object_type: 'subscription',
    event_type: 'updated',
    uuid: '0123456789abcdef0123456789abcdef',
  });
  const at = Date.now();
  const answer = await fetch(`${runtime.endpoints.restUrl}/subscription/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'recurly-signature': `${at},${createHmac('sha256', LOCAL_WEBHOOK_SECRET).update(`${at}.${body}`).digest('hex')}`,
    },
    body,
  });
  expect(answer.status).toBe(204);
  expect(await scan(runtime.dynamodb, QUEUE_TABLE)).toEqual([expect.objectContaining({ body, queue: 'queued', receiveCount: 0 })]);
  await runtime.stop();

  runtime = await start(100);
  const subscriptionsTable = runtime.endpoints.tables.subscriptions;
  const deadline = Date.now() + 60_000;
  let marks: Record<string, unknown>[] = [];
  let queued: Record<string, unknown>[] = [];
  // Handled (marked) and then deleted from the queue, as the poller does after the consumer answers.
  while (Date.now() < deadline) {
    marks = (await scan(runtime.dynamodb, subscriptionsTable)).filter((item) => item.id === `webhook#recurly#${NOTIFICATION_ID}`);
    queued = await scan(runtime.dynamodb, QUEUE_TABLE);
    if (marks.length > 0 && queued.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // The local billing does not know the subscription: handled (and marked) as such, not retried.
  expect(marks).toEqual([expect.objectContaining({ outcome: 'unknown_subscription', eventType: 'updated' })]);
  expect(queued).toEqual([]);
}, 180_000);
