import { localTableNotificationQueue } from '../../../../lambdas/shared/webhooks/notification-queue';
import type { WebhookSecretsSource } from '../../../../lambdas/shared/webhooks/webhook-secrets';
import type { BillingPort } from '../../../../lambdas/subscription/billing/billing-port';
import { createProcessWebhookNotificationsHandler } from '../../../../lambdas/subscription/process-webhook-notifications';
import { createReceiveWebhookHandler } from '../../../../lambdas/subscription/receive-webhook';
import { AWS_QUEUE_SETTINGS, startWebhookQueuePoller, type WebhookQueuePoller } from '../../../../local/webhooks/webhook-queue-poller';
import { ensureLocalWebhookQueueTable, localWebhookQueueTableName } from '../../../../local/webhooks/webhook-queue-table';
import { HANDLER_OPTIONS, PRODUCT_SLUG, type SubscriptionServices } from './subscription-services';

export interface WebhookPipeline {
  /** `POST /subscription/webhook`: verifies and queues. */
  readonly endpoint: ReturnType<typeof createReceiveWebhookHandler>;
  /** The queue stand-in with AWS's numbers, polled only when the test asks (`pollOnce`, `settle`). */
  readonly queue: WebhookQueuePoller;
  readonly queueTable: string;
}

/**
 * The webhook endpoint and its consumer over the subscription services, joined by the local
 * queue stand-in (a dynalite table), as the local runtime joins them.
 */
export async function startWebhookPipeline(
  services: SubscriptionServices,
  options: { readonly secrets: WebhookSecretsSource; readonly billing: BillingPort; readonly queueClock?: () => number },
): Promise<WebhookPipeline> {
  const queueTable = localWebhookQueueTableName(PRODUCT_SLUG);
  await ensureLocalWebhookQueueTable(services.client, queueTable);
  const endpoint = createReceiveWebhookHandler(
    () => ({
      secrets: options.secrets,
      queue: localTableNotificationQueue(services.client, queueTable),
      now: () => new Date(),
      toleranceSeconds: 300,
    }),
    HANDLER_OPTIONS,
  );
  const consumer = createProcessWebhookNotificationsHandler(() => ({
    billing: options.billing,
    users: services.users,
    subscriptions: services.subscriptions,
    links: services.links,
    notifications: services.notifications,
    productSlug: PRODUCT_SLUG,
    now: () => new Date(),
  }));
  const queue = startWebhookQueuePoller({
    client: services.client,
    tableName: queueTable,
    consumer,
    settings: AWS_QUEUE_SETTINGS,
    pollIntervalMs: 0,
    now: options.queueClock,
  });
  return { endpoint, queue, queueTable };
}
