import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lazily } from '../shared/lazily';
import { createLogger } from '../shared/logger';
import { createProcessedNotifications } from '../shared/webhooks/processed-notifications';
import { subscriptionEnvironment, subscriptionRecordStores } from './subscription-dependencies';
import { handleRecurlyNotification, type NotificationDependencies } from './webhook/notification-processing';
import { RecurlyNotificationSchema } from './webhook/recurly-notification';

/**
 * The webhook queue's consumer (SQS event source in AWS, the local runtime's poller offline):
 * each message is a notification the endpoint verified (receive-webhook.ts); this does what it
 * asks (webhook/notification-processing.ts: the Recurly reads and the record's refresh), each
 * notification id once. The messages that failed are reported back (`batchItemFailures`), so only
 * they are retried, after the queue's visibility time-out; after the queue's maximum receives they
 * move to the dead-letter queue, whose alarm calls an operator (docs/deploy.md, "Webhook queue").
 */

const logger = createLogger({ component: 'webhook-consumer' });

/** The message the consumer logs for every message it could not handle (it will be retried). */
export const NOTIFICATION_FAILED_LOG_MESSAGE = 'A queued webhook notification failed; it will be retried';

export type SqsBatchHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

export function createProcessWebhookNotificationsHandler(dependencies: () => NotificationDependencies): SqsBatchHandler {
  return async (event) => {
    const deps = dependencies();
    // Side by side: each record's Recurly reads wait on the network, not on each other.
    const results = await Promise.allSettled(
      event.Records.map(async (record) => {
        const notification = RecurlyNotificationSchema.parse(JSON.parse(record.body));
        const outcome = await handleRecurlyNotification(deps, notification);
        logger.info('Webhook handled', {
          notificationId: notification.id,
          objectType: notification.object_type,
          eventType: notification.event_type,
          outcome,
          receiveCount: Number(record.attributes.ApproximateReceiveCount),
        });
      }),
    );
    const batchItemFailures = results.flatMap((result, index) => {
      if (result.status === 'fulfilled') return [];
      const record = event.Records[index];
      logger.error(NOTIFICATION_FAILED_LOG_MESSAGE, {
        messageId: record.messageId,
        receiveCount: Number(record.attributes.ApproximateReceiveCount),
        error: result.reason,
      });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  };
}

/** The Lambda entry point. */
export const handler = createProcessWebhookNotificationsHandler(
  lazily(() => {
    const env = subscriptionEnvironment({ requireSubscriptionsTable: true });
    const stores = subscriptionRecordStores(env);
    return {
      ...stores,
      billing: env.billing,
      notifications: createProcessedNotifications(stores.subscriptionsTable),
      productSlug: env.productSlug,
      now: () => new Date(),
    };
  }),
);
