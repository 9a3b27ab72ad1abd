import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createHmac } from 'node:crypto';
import type { ApiGatewayHandler } from '../../../lambdas/shared/http/handler';
import type { LocalQueueItem } from '../../../lambdas/shared/webhooks/notification-queue';
import type { SqsBatchHandler } from '../../../lambdas/subscription/process-webhook-notifications';
import { sqsEventFor } from '../../../local/webhooks/webhook-queue-poller';
import { ensureLocalWebhookQueueTable, localWebhookQueueTableName } from '../../../local/webhooks/webhook-queue-table';
import { apiGatewayEvent } from '../support/api-gateway-event';
import { loadHandler } from '../support/load-handler';
import { claims, invoke, PLANS, userEvent, WEB_ORIGIN } from './support/subscription-services';
import { useSubscriptionServices } from './support/handler-test-setup';

/** The subscription handlers as Lambda loads them: dependencies from the environment (here the local runtime's). */

type HandlerFile =
  | 'create-change-subscription'
  | 'get-user-subscriptions'
  | 'cancel-subscription'
  | 'reactivate-subscription'
  | 'receive-webhook'
  | 'manage-billing-account';

function load(file: HandlerFile): ApiGatewayHandler {
  return loadHandler(`lambdas/subscription/${file}.ts`);
}

const WEBHOOK_SECRET = 'whsec-local-runtime';
const QUEUE_TABLE = localWebhookQueueTableName('talentpilot');
const { services, logs } = useSubscriptionServices();
const saved = { ...process.env };

beforeAll(async () => {
  await ensureLocalWebhookQueueTable(services.client, QUEUE_TABLE);
});
beforeEach(() => {
  Object.assign(process.env, {
    ALLOWED_ORIGINS: WEB_ORIGIN,
    PRODUCT_SLUG: 'talentpilot',
    PLAN_CODE_SUFFIX: '_dev',
    BILLING_ADAPTER: 'local',
    LOCAL_BILLING_TABLE: services.tableNames.billing,
    USERS_TABLE: services.tableNames.users,
    SUBSCRIPTIONS_TABLE: services.tableNames.subscriptions,
    ORGANIZATIONS_TABLE: services.tableNames.organizations,
    // The subscription writes record in the firm's activity (issue 18).
    ACTIVITY_TABLE: services.tableNames.activity,
    DYNAMODB_ENDPOINT: services.endpoint,
    // Only asked for callers whose token says Admins; none here.
    USER_POOL_ID: 'us-east-2_LocalPool1',
    RECURLY_WEBHOOK_SECRETS: WEBHOOK_SECRET,
    LOCAL_WEBHOOK_QUEUE_TABLE: QUEUE_TABLE,
    AWS_REGION: 'us-east-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
});
afterEach(() => {
  process.env = { ...saved };
});

describe('subscription handlers as deployed', () => {
  it('subscribe, read, cancel, reactivate and receive a webhook with the environment the constructs set', async () => {
    const user = await services.addUser('deployed-user');
    const as = claims(user.id, undefined);

    const created = await invoke(
      load('create-change-subscription'),
      userEvent({
        method: 'POST',
        resource: '/subscription/create-change',
        claims: as,
        body: { planCode: PLANS.starter, currency: 'USD', billingToken: await services.cardToken() },
      }),
    );
    expect(created.status).toBe(201);
    const subscription = (created.body as { subscription: { id: string; uuid: string } }).subscription;

    // The same function serves the firm's seats (issue 18): the subscriber founded a one-seat firm.
    const seats = await invoke(
      load('create-change-subscription'),
      userEvent({ method: 'POST', resource: '/user/organization/seats/preview', claims: as, body: { seats: 2 } }),
    );
    expect(seats).toMatchObject({ status: 200, body: { currentSeats: 1, seats: 2, recurringTotal: 98 } });

    const billing = await invoke(load('manage-billing-account'), userEvent({ method: 'GET', resource: '/user/billing', claims: as }));
    expect(billing).toMatchObject({
      status: 200,
      body: { card: { brand: 'Visa', lastFour: '1111' }, invoices: [{ total: 99, currency: 'USD', state: 'paid' }] },
    });

    const read = await invoke(
      load('get-user-subscriptions'),
      userEvent({ method: 'GET', resource: '/user/subscriptions/{id}', claims: as, pathParameters: { id: subscription.id } }),
    );
    expect(read).toMatchObject({
      status: 200,
      body: { subscriptions: [{ id: subscription.id }], account: { code: 'talentpilot-deployed-user' } },
    });

    const action = (file: HandlerFile, resource: string) =>
      invoke(load(file), userEvent({ method: 'POST', resource, claims: as, body: { subscriptionId: subscription.id } }));
    expect(await action('cancel-subscription', '/subscription/cancel')).toMatchObject({
      status: 200,
      body: { subscription: { state: 'canceled' } },
    });
    expect(await action('reactivate-subscription', '/subscription/reactivate')).toMatchObject({
      status: 200,
      body: { subscription: { state: 'active' } },
    });

    const body = JSON.stringify({ id: 'notif-deployed', object_type: 'subscription', event_type: 'reactivated', uuid: subscription.uuid });
    const at = Date.now();
    const webhook = await load('receive-webhook')(
      apiGatewayEvent({
        method: 'POST',
        resource: '/subscription/webhook',
        headers: { 'recurly-signature': `${at},${createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${body}`).digest('hex')}` },
        body,
      }),
      {} as never,
    );
    expect(webhook.statusCode).toBe(204);

    // The queue's consumer, loaded as Lambda loads it, handles what the endpoint queued.
    const queued = ((await services.client.send(new ScanCommand({ TableName: QUEUE_TABLE, ConsistentRead: true }))).Items ??
      []) as LocalQueueItem[];
    expect(queued.map((item) => item.body)).toEqual([body]);
    const consume = loadHandler('lambdas/subscription/process-webhook-notifications.ts') as unknown as SqsBatchHandler;
    expect(await consume(sqsEventFor(queued.map((item) => ({ ...item, receiveCount: 1 }))))).toEqual({ batchItemFailures: [] });
    expect(await services.subscriptions.get(subscription.id)).toMatchObject({ state: 'active' });
    expect(logs.text()).toContain('"outcome":"applied"');
  });

  it('answers a generic 500, and logs the missing variable, when SUBSCRIPTIONS_TABLE is not set', async () => {
    delete process.env.SUBSCRIPTIONS_TABLE;
    const response = await load('cancel-subscription')(
      userEvent({ method: 'POST', resource: '/subscription/cancel', claims: claims('anyone', undefined), body: { subscriptionId: 'x' } }),
      {} as never,
    );
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('SUBSCRIPTIONS_TABLE');
    expect(logs.text()).toContain('SUBSCRIPTIONS_TABLE is not set');
  });

  it('answers a generic 500 to a webhook when no webhook secret is configured, without verifying anything', async () => {
    delete process.env.RECURLY_WEBHOOK_SECRETS;
    const response = await load('receive-webhook')(
      apiGatewayEvent({ method: 'POST', resource: '/subscription/webhook', body: '{}' }),
      {} as never,
    );
    expect(response.statusCode).toBe(500);
    expect(logs.text()).toContain('RECURLY_WEBHOOK_SECRET_NAME is not set');
  });
});
