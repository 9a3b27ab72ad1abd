import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import { createRecurlyBilling } from '../../../lambdas/subscription/billing/recurly-billing';
import { staticWebhookSecrets } from '../../../lambdas/shared/webhooks/webhook-secrets';
import { AWS_QUEUE_SETTINGS, type WebhookQueuePoller } from '../../../local/webhooks/webhook-queue-poller';
import { apiGatewayEvent } from '../support/api-gateway-event';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { LocalRecurlyHttpAdapter, RecurlyFakeServer, type FakePlanInput } from '../support/recurly-fake-server';
import { invoke, PRODUCT_SLUG, startSubscriptionServices, type SubscriptionServices } from './support/subscription-services';
import { startWebhookPipeline, type WebhookPipeline } from './support/webhook-pipeline';

/**
 * Issue 20, part 3: Recurly gives a webhook delivery 5 seconds and retries a failure up to 10
 * times, then drops it. The endpoint only verifies and queues, so a slow Recurly API cannot make
 * a delivery late; the consumer does the Recurly reads (here the real Recurly adapter against the
 * fake Recurly server, behind a proxy that holds every request) and is retried by the queue, so a
 * Recurly outage loses nothing.
 */

const SECRET = 'whsec-delivery-5c1e';
const API_KEY = 'test-private-key-0123456789abcdef';
/** The budget the endpoint is held to, well within Recurly's 5 s limit for answering a delivery. */
const ANSWER_BUDGET_MS = 1_000;

const STARTER: FakePlanInput = {
  code: 'starter_2weeksfree_monthly_onetimesetup_dev',
  name: 'Starter',
  currencies: [{ currency: 'USD', unitAmount: 49, setupFee: 99 }],
};

/**
 * Sits between the Recurly client and the fake server. While `hold()` is on it keeps every request
 * unanswered (a Recurly as slow as the test wants), announces it through `nextHeld()`, and passes
 * the held ones on at `release()`; otherwise it passes requests on at once.
 */
async function startHoldingProxy(target: string) {
  let holding = false;
  let held: (() => void)[] = [];
  let onHeld: (() => void) | undefined;
  let requests = 0;
  const server: Server = createServer((incoming, outgoing) => {
    requests += 1;
    const forward = () => {
      const upstream = httpRequest(
        new URL(incoming.url ?? '/', target),
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (!holding) return forward();
    incoming.pause();
    held.push(forward);
    onHeld?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests received so far, held or passed on. */
    requests: () => requests,
    hold() {
      holding = true;
    },
    /** Resolves once a request is being held. */
    nextHeld: () =>
      new Promise<void>((resolve) => {
        if (held.length > 0) return resolve();
        onHeld = () => {
          onHeld = undefined;
          resolve();
        };
      }),
    /** Stops holding and passes every held request on. */
    release() {
      holding = false;
      const waiting = held;
      held = [];
      for (const forward of waiting) forward();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let services: SubscriptionServices;
let recurly: RecurlyFakeServer;
let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
/** How far the poller's clock is ahead of the real one (the sender stamps messages with the real clock). */
let clockAheadMs = 0;
let queue: WebhookQueuePoller;
let endpoint: WebhookPipeline['endpoint'];
let logs: CapturedLogs;

beforeAll(async () => {
  services = await startSubscriptionServices();
  recurly = await RecurlyFakeServer.start({ apiKey: API_KEY, plans: [STARTER] });
  proxy = await startHoldingProxy(recurly.url);
  // The deployed client's own time-out (10 s): a held request is released long before it.
  const billing = createRecurlyBilling({
    apiKey: { get: async () => API_KEY, forget: () => undefined },
    httpAdapter: new LocalRecurlyHttpAdapter(proxy.url, 10_000),
  });
  // AWS's numbers; the test moves the queue's clock past each visibility time-out instead of waiting 6 minutes.
  ({ endpoint, queue } = await startWebhookPipeline(services, {
    secrets: staticWebhookSecrets([SECRET]),
    billing,
    queueClock: () => Date.now() + clockAheadMs,
  }));
});
afterAll(async () => {
  await queue.stop();
  await proxy.close();
  await recurly.close();
  await services.stop();
});
beforeEach(() => {
  logs = captureLogs();
  proxy.release();
  recurly.answerWith('plans');
  clockAheadMs = 0;
});
afterEach(() => logs.restore());

/** A Recurly subscription of a user of ours, and the signed notification Recurly sends about it. */
async function notifiedSubscription(userId: string, notificationId: string) {
  const user = await services.addUser(userId);
  const subscription = await createRecurlyBilling({
    apiKey: { get: async () => API_KEY, forget: () => undefined },
    httpAdapter: recurly.httpAdapter(),
  }).createSubscription({
    accountCode: accountCode(PRODUCT_SLUG, user.id),
    account: { email: user.email },
    planCode: STARTER.code,
    currency: 'USD',
    billingToken: recurly.site.issueToken(),
  });
  const body = JSON.stringify({ id: notificationId, object_type: 'subscription', event_type: 'created', uuid: subscription.uuid });
  const at = Date.now();
  const signature = `${at},${createHmac('sha256', SECRET).update(`${at}.${body}`).digest('hex')}`;
  const deliver = () =>
    invoke(
      endpoint,
      apiGatewayEvent({ method: 'POST', resource: '/subscription/webhook', headers: { 'recurly-signature': signature }, body }),
    );
  return { user, subscription, deliver };
}

/** Polls once after every message handed out so far has become visible again (the visibility time-out passed). */
async function pollAfterVisibilityTimeout(): Promise<number> {
  clockAheadMs += AWS_QUEUE_SETTINGS.visibilityTimeoutMs + 1;
  return queue.pollOnce();
}

describe('webhook deliveries through the queue', () => {
  it('answers a delivery within a second while Recurly answers nothing; the consumer waits for Recurly, then stores the subscription', async () => {
    const { user, subscription, deliver } = await notifiedSubscription('slow-recurly', 'notif-slow-recurly');
    proxy.hold();
    const requestsBefore = proxy.requests();

    const startedAt = performance.now();
    const answer = await deliver();
    const answeredInMs = performance.now() - startedAt;

    expect(answer.status).toBe(204);
    expect(answeredInMs).toBeLessThan(ANSWER_BUDGET_MS);
    // It asked Recurly nothing, so no Recurly, however slow, makes the answer late.
    expect(proxy.requests()).toBe(requestsBefore);
    expect(await services.subscriptions.get(subscription.id)).toBeUndefined();

    let consumed = false;
    const polled = queue.pollOnce().finally(() => {
      consumed = true;
    });
    await proxy.nextHeld();
    expect(await services.subscriptions.get(subscription.id)).toBeUndefined();
    // What the old endpoint did before answering: it waits as long as Recurly does (past Recurly's
    // 5 s when Recurly is slow), so every delivery failed.
    expect(consumed).toBe(false);

    proxy.release();
    expect(await polled).toBe(1);
    expect(await services.subscriptions.get(subscription.id)).toMatchObject({ id: subscription.id, userId: user.id, state: 'active' });
    expect(await queue.pollOnce()).toBe(0);
  }, 90_000);

  it('loses nothing while Recurly fails for a while: the notification is retried, then handled once', async () => {
    const { user, subscription, deliver } = await notifiedSubscription('recurly-down', 'notif-recurly-down');
    recurly.answerWith('server_error', { only: { method: 'GET', path: /^\/subscriptions\// } });

    expect((await deliver()).status).toBe(204);
    const attempts = [];
    for (let attempt = 0; attempt < 3; attempt += 1) attempts.push(await pollAfterVisibilityTimeout());
    // Hidden between attempts: polling again at once finds nothing.
    expect(await queue.pollOnce()).toBe(0);
    expect(await services.subscriptions.get(subscription.id)).toBeUndefined();

    recurly.answerWith('plans');
    attempts.push(await pollAfterVisibilityTimeout());

    expect(attempts).toEqual([1, 1, 1, 1]);
    expect(await services.subscriptions.get(subscription.id)).toMatchObject({ id: subscription.id, userId: user.id });
    expect(await queue.deadLetters()).toEqual([]);
    expect(await pollAfterVisibilityTimeout()).toBe(0);
    expect(logs.text()).toContain('A queued webhook notification failed; it will be retried');
  }, 90_000);

  it('moves a notification that fails 10 times to the dead-letter queue, where it waits to be redriven', async () => {
    const { subscription, deliver } = await notifiedSubscription('recurly-broken', 'notif-recurly-broken');
    recurly.answerWith('server_error', { only: { method: 'GET', path: /^\/subscriptions\// } });
    await deliver();

    const received = [];
    for (let attempt = 0; attempt < AWS_QUEUE_SETTINGS.maxReceiveCount + 2; attempt += 1) received.push(await pollAfterVisibilityTimeout());

    expect(received).toEqual([...Array.from({ length: 10 }, () => 1), 0, 0]);
    const deadLetters = await queue.deadLetters();
    expect(deadLetters).toEqual([expect.objectContaining({ queue: 'dead-letter', receiveCount: 10 })]);
    expect(JSON.parse(deadLetters[0].body)).toMatchObject({ id: 'notif-recurly-broken', uuid: subscription.uuid });
    expect(await services.subscriptions.get(subscription.id)).toBeUndefined();
  }, 120_000);
});
