import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createHmac } from 'node:crypto';
import type { SubscriptionView } from '../../../lambdas/shared/contracts/subscriptions';
import { SUBSCRIPTION_TBD } from '../../../lambdas/shared/contracts/user';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import { subscriptionSnapshot } from '../../../lambdas/shared/subscriptions/subscription-record';
import type { WebhookSecretsSource } from '../../../lambdas/shared/webhooks/webhook-secrets';
import { localTableNotificationQueue } from '../../../lambdas/shared/webhooks/notification-queue';
import {
  createReceiveWebhookHandler,
  notificationQueueFromEnvironment,
  webhookSecretsFromEnvironment,
} from '../../../lambdas/subscription/receive-webhook';
import type { WebhookQueuePoller } from '../../../local/webhooks/webhook-queue-poller';
import { apiGatewayEvent } from '../support/api-gateway-event';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import {
  HANDLER_OPTIONS,
  invoke,
  PLANS,
  PRODUCT_SLUG,
  startSubscriptionServices,
  type SubscriptionServices,
} from './support/subscription-services';
import { startWebhookPipeline, type WebhookPipeline } from './support/webhook-pipeline';

const CURRENT_SECRET = 'whsec-current-3f9a1c';
const OLD_SECRET = 'whsec-previous-77b2e0';

let services: SubscriptionServices;
let logs: CapturedLogs;
/** What the handler's secret source holds, and what a reload would find. */
let secretsHeld: string[];
let secretsStored: string[];

const secrets: WebhookSecretsSource = {
  get: async () => secretsHeld,
  reload: async () => {
    if (secretsStored.join() !== secretsHeld.join()) secretsHeld = [...secretsStored];
    return secretsHeld;
  },
};

let handler: WebhookPipeline['endpoint'];
let getSubscriptionCalls = 0;
/** The local queue stand-in between the endpoint and the consumer, polled by hand here. */
let queue: WebhookQueuePoller;
let QUEUE_TABLE: string;

beforeAll(async () => {
  services = await startSubscriptionServices();
  const billing = {
    ...services.billing,
    getSubscription: (id: string) => ((getSubscriptionCalls += 1), services.billing.getSubscription(id)),
  };
  const pipeline = await startWebhookPipeline(services, { secrets, billing });
  ({ endpoint: handler, queue, queueTable: QUEUE_TABLE } = pipeline);
});
afterAll(async () => {
  await queue.stop();
  await services.stop();
});

/** Runs the consumer until the queue has nothing visible left. */
async function consumeQueue(): Promise<void> {
  while ((await queue.pollOnce()) > 0);
}

/** The messages waiting in the queue. */
async function queuedMessages() {
  return (await services.client.send(new ScanCommand({ TableName: QUEUE_TABLE, ConsistentRead: true }))).Items ?? [];
}
beforeEach(async () => {
  // What an earlier test queued and did not consume is not this test's.
  await consumeQueue();
  logs = captureLogs();
  secretsHeld = [CURRENT_SECRET, OLD_SECRET];
  secretsStored = [CURRENT_SECRET, OLD_SECRET];
  getSubscriptionCalls = 0;
});
afterEach(() => logs.restore());

/** Recurly's signature, computed here independently: hex HMAC-SHA256 of `<ms>.<raw body>`. */
function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

let notificationCount = 0;

/** A JSON notification as Recurly sends it for a subscription event. */
function subscriptionNotification(
  subscription: Pick<SubscriptionView, 'uuid'>,
  eventType = 'updated',
  id = `notif${++notificationCount}x`,
): string {
  return JSON.stringify({
    id,
    object_type: 'subscription',
    site_id: 'qc326l1hl8k9',
    event_type: eventType,
    event_time: new Date().toISOString(),
    uuid: subscription.uuid,
  });
}

interface Delivery {
  readonly body: string;
  readonly signature?: string;
  readonly headerName?: string;
  readonly base64?: boolean;
}

function deliver({ body, signature, headerName = 'recurly-signature', base64 = false }: Delivery) {
  const event = apiGatewayEvent({
    method: 'POST',
    resource: '/subscription/webhook',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Recurly Webhooks',
      ...(signature === undefined ? {} : { [headerName]: signature }),
    },
    body: base64 ? Buffer.from(body, 'utf8').toString('base64') : body,
    isBase64Encoded: base64,
  });
  return invoke(handler, event);
}

function signed(body: string, options: { secret?: string; at?: number } = {}): Delivery {
  const at = options.at ?? Date.now();
  return { body, signature: `${at},${sign(options.secret ?? CURRENT_SECRET, at, body)}` };
}

/** Everything the webhook could have written: records, links, processed notifications. */
async function snapshotOfTables() {
  const scan = async (table: string) =>
    (await services.client.send(new ScanCommand({ TableName: table, ConsistentRead: true }))).Items ?? [];
  return { subscriptions: await scan(services.tableNames.subscriptions), users: await scan(services.tableNames.users) };
}

/** A subscription created at the provider without our API (e.g. by support in Recurly's UI). */
async function providerSubscription(userId: string, productSlug = PRODUCT_SLUG): Promise<SubscriptionView> {
  return services.billing.createSubscription({
    accountCode: accountCode(productSlug, userId),
    account: { email: `${userId}@example.com` },
    planCode: PLANS.starter,
    currency: 'USD',
    billingToken: await services.cardToken(),
  });
}

describe('POST /subscription/webhook', () => {
  it('queues a signed subscription notification as received and answers 204 without a body, without asking the provider', async () => {
    const user = await services.addUser('wh-queued');
    const subscription = await providerSubscription(user.id);
    const body = subscriptionNotification(subscription, 'created');

    const answer = await deliver(signed(body));

    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    expect(answer.headers['Content-Type']).toBeUndefined();
    expect(getSubscriptionCalls).toBe(0);
    expect(await queuedMessages()).toEqual([expect.objectContaining({ body, queue: 'queued', receiveCount: 0 })]);
    expect(await services.subscriptions.get(subscription.id)).toBeUndefined();
  });

  it('answers 503 when the queue cannot store the notification, so Recurly retries it', async () => {
    const failingQueue = createReceiveWebhookHandler(
      () => ({
        secrets,
        queue: localTableNotificationQueue(services.client, 'no-such-queue-table'),
        now: () => new Date(),
        toleranceSeconds: 300,
      }),
      HANDLER_OPTIONS,
    );
    const delivery = signed(subscriptionNotification({ uuid: '0123456789abcdef0123456789abcdef' }));
    const event = apiGatewayEvent({
      method: 'POST',
      resource: '/subscription/webhook',
      headers: { 'recurly-signature': delivery.signature! },
      body: delivery.body,
    });

    expect(await invoke(failingQueue, event)).toMatchObject({ status: 503, body: { code: 'queue_unavailable' } });
  });

  it('stores the subscription a queued notification names and links it to its user (the consumer)', async () => {
    const user = await services.addUser('wh-new');
    const subscription = await providerSubscription(user.id);

    await deliver(signed(subscriptionNotification(subscription, 'created')));
    await consumeQueue();

    expect(await queuedMessages()).toEqual([]);
    expect(await services.subscriptions.get(subscription.id)).toMatchObject({
      id: subscription.id,
      uuid: subscription.uuid,
      userId: user.id,
      state: 'active',
      planCode: PLANS.starter,
      email: user.email,
    });
    expect(await services.users.getById(user.id)).toMatchObject({ subscriptionId: subscription.id, subscriptions: [subscription.id] });
  });

  it('refreshes the record when the subscription changes at the provider', async () => {
    const user = await services.addUser('wh-cancel');
    const subscription = await providerSubscription(user.id);
    await deliver(signed(subscriptionNotification(subscription, 'created')));
    await consumeQueue();
    await services.billing.cancelSubscription(subscription.id);

    expect((await deliver(signed(subscriptionNotification(subscription, 'canceled')))).status).toBe(204);
    await consumeQueue();

    expect(await services.subscriptions.get(subscription.id)).toMatchObject({ state: 'canceled', canceledAt: expect.any(String) });
  });

  it("keeps the user's current subscription when a webhook reports an older one", async () => {
    const user = await services.addUser('wh-keep-current');
    const current = await providerSubscription(user.id);
    const older = await providerSubscription(user.id);
    await services.billingStore.setSubscriptionState(older.id, 'expired');
    await services.subscriptions.upsert(subscriptionSnapshot(current, { userId: user.id }), new Date());
    await services.links.link({ userId: user.id, subscriptionId: current.id, now: new Date(), makeCurrent: () => true });

    await deliver(signed(subscriptionNotification(older, 'expired')));
    await consumeQueue();

    expect(await services.users.getById(user.id)).toMatchObject({ subscriptionId: current.id, subscriptions: [current.id, older.id] });
  });

  it('accepts notifications signed with either secret during a rotation, and either of two signatures', async () => {
    const user = await services.addUser('wh-rotation');
    const subscription = await providerSubscription(user.id);

    const withOld = await deliver(signed(subscriptionNotification(subscription), { secret: OLD_SECRET }));
    const body = subscriptionNotification(subscription);
    const at = Date.now();
    const twoSignatures = await deliver({
      body,
      signature: `${at},${sign('whsec-recurly-next', at, body)},${sign(CURRENT_SECRET, at, body)}`,
      headerName: 'Recurly-Signature',
    });

    expect(withOld.status).toBe(204);
    expect(twoSignatures.status).toBe(204);
  });

  it('picks up a secret rotated since the container read it', async () => {
    const user = await services.addUser('wh-reload');
    const subscription = await providerSubscription(user.id);
    secretsHeld = [OLD_SECRET];
    secretsStored = ['whsec-brand-new', OLD_SECRET];

    expect((await deliver(signed(subscriptionNotification(subscription), { secret: 'whsec-brand-new' }))).status).toBe(204);
  });

  it('refuses forged, stale, future-dated and unsigned requests with 401, changing nothing', async () => {
    const user = await services.addUser('wh-forged');
    const subscription = await providerSubscription(user.id);
    const before = await snapshotOfTables();
    const body = subscriptionNotification(subscription, 'expired');
    const at = Date.now();

    const cases: [string, Delivery, string][] = [
      ['forged', { body, signature: `${at},${sign('whsec-guessed', at, body)}` }, 'signature_invalid'],
      ['tampered', { body: body.replace('expired', 'created'), signature: signed(body).signature }, 'signature_invalid'],
      ['stale', signed(body, { at: at - 5 * 60_000 - 1_000 }), 'signature_expired'],
      ['future-dated', signed(body, { at: at + 5 * 60_000 + 1_000 }), 'signature_expired'],
      ['unsigned', { body }, 'signature_missing'],
    ];
    for (const [name, delivery, code] of cases) {
      const answer = await deliver(delivery);
      expect([name, answer.status, answer.body]).toEqual([name, 401, expect.objectContaining({ code })]);
    }
    expect(await snapshotOfTables()).toEqual(before);
    expect(await queuedMessages()).toEqual([]);
    expect(getSubscriptionCalls).toBe(0);
    expect(logs.text()).not.toContain(CURRENT_SECRET);
  });

  it('refuses a malformed signature header and a signed body that is not a JSON notification with 400', async () => {
    const before = await snapshotOfTables();
    const body = subscriptionNotification({ uuid: '0123456789abcdef0123456789abcdef' });

    for (const signature of [`${Date.now()}`, `v1=${sign(CURRENT_SECRET, Date.now(), body)}`, `t=1,${sign(CURRENT_SECRET, 1, body)}`]) {
      expect((await deliver({ body, signature })).body).toMatchObject({ code: 'signature_malformed' });
    }
    for (const notJson of [
      '<?xml version="1.0"?><new_subscription_notification/>',
      '',
      '"a string"',
      '{"object_type":"subscription"}',
      '[1,2]',
    ]) {
      const answer = await deliver(signed(notJson));
      expect([notJson, answer.status, answer.body]).toEqual([notJson, 400, expect.objectContaining({ code: 'invalid_notification' })]);
    }
    const withoutUuid = await deliver(signed(JSON.stringify({ id: 'notif-no-uuid', object_type: 'subscription', event_type: 'created' })));
    expect(withoutUuid).toMatchObject({ status: 400, body: { code: 'invalid_notification' } });
    expect(await snapshotOfTables()).toEqual(before);
    expect(await queuedMessages()).toEqual([]);
  });

  it('takes a replayed notification into account once', async () => {
    const user = await services.addUser('wh-replay');
    const subscription = await providerSubscription(user.id);
    const delivery = signed(subscriptionNotification(subscription, 'created', 'notif-replayed'));

    const answers = [];
    // A retry after the first was handled, then two deliveries handled side by side.
    for (const deliveries of [1, 1, 2]) {
      answers.push(...(await Promise.all(Array.from({ length: deliveries }, () => deliver(delivery)))));
      await consumeQueue();
    }

    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);
    expect(getSubscriptionCalls).toBe(1);
    const processed = (await snapshotOfTables()).subscriptions.filter((item) => String(item.id).endsWith('#notif-replayed'));
    expect(processed).toEqual([
      expect.objectContaining({
        id: 'webhook#recurly#notif-replayed',
        objectType: 'subscription',
        eventType: 'created',
        outcome: 'applied',
      }),
    ]);
  });

  it('lets concurrent first deliveries of one notification leave one record, one link and one mark', async () => {
    const user = await services.addUser('wh-concurrent');
    const subscription = await providerSubscription(user.id);
    const delivery = signed(subscriptionNotification(subscription, 'created', 'notif-concurrent'));

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
    // One batch: the consumer handles the five side by side.
    expect(await queue.pollOnce()).toBe(5);

    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204]);
    const items = (await snapshotOfTables()).subscriptions;
    expect(items.filter((item) => item.id === 'webhook#recurly#notif-concurrent')).toHaveLength(1);
    expect(await services.subscriptions.listByUserId(user.id)).toHaveLength(1);
    expect(await services.users.getById(user.id)).toMatchObject({ subscriptionId: subscription.id, subscriptions: [subscription.id] });
  });

  it('answers 204 to other object types and changes nothing', async () => {
    const before = await snapshotOfTables();

    const account = await deliver(
      signed(JSON.stringify({ id: 'notif-account', object_type: 'account', event_type: 'created', account_code: 'talentpilot-x' })),
    );
    const invoice = await deliver(
      signed(JSON.stringify({ id: 'notif-invoice', object_type: 'charge_invoice', event_type: 'created', uuid: 'abc' })),
    );

    expect([account.status, invoice.status]).toEqual([204, 204]);
    expect(await queuedMessages()).toEqual([]);
    expect(await snapshotOfTables()).toEqual(before);
    expect(getSubscriptionCalls).toBe(0);
  });

  it("answers 204 and stores nothing for a subscription of another product's or stage's account", async () => {
    const foreign = await providerSubscription('someone', 'otherproduct');
    const unknownUser = await providerSubscription('not-a-user-here');

    expect((await deliver(signed(subscriptionNotification(foreign)))).status).toBe(204);
    expect((await deliver(signed(subscriptionNotification(unknownUser)))).status).toBe(204);
    await consumeQueue();

    expect(await services.subscriptions.get(foreign.id)).toBeUndefined();
    expect(await services.subscriptions.get(unknownUser.id)).toBeUndefined();
  });

  it('verifies a base64-encoded body as the bytes Recurly sent', async () => {
    const user = await services.addUser('wh-base64');
    const subscription = await providerSubscription(user.id);

    expect((await deliver({ ...signed(subscriptionNotification(subscription)), base64: true })).status).toBe(204);
    await consumeQueue();
    expect(await services.subscriptions.get(subscription.id)).toMatchObject({ userId: user.id });
  });

  it('starts a user without a subscription on the one a webhook reports', async () => {
    const user = await services.addUser('wh-tbd');
    expect(user.subscriptionId).toBe(SUBSCRIPTION_TBD);
    const subscription = await providerSubscription(user.id);

    await deliver(signed(subscriptionNotification(subscription, 'created')));
    await consumeQueue();

    expect(await services.users.getById(user.id)).toMatchObject({ subscriptionId: subscription.id });
  });
});

describe('webhookSecretsFromEnvironment', () => {
  it('reads the secrets from RECURLY_WEBHOOK_SECRETS in the local runtime', async () => {
    expect(await webhookSecretsFromEnvironment({ RECURLY_WEBHOOK_SECRETS: 'new, old' }).get()).toEqual(['new', 'old']);
  });

  it('names the missing variable', () => {
    expect(() => webhookSecretsFromEnvironment({})).toThrow(/RECURLY_WEBHOOK_SECRET_NAME is not set/);
  });
});

describe('notificationQueueFromEnvironment', () => {
  it('names the missing variable', () => {
    expect(() => notificationQueueFromEnvironment({})).toThrow(/WEBHOOK_QUEUE_URL is not set/);
  });
});
