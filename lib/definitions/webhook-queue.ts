import type { RestRouteDefinition } from './rest-routes';

/**
 * The Recurly webhook queue and its consumer, described once: the WebhookQueue construct (SQS in
 * AWS) and the local runtime's stand-in (local/webhooks/) apply the same numbers. The endpoint
 * (`POST /subscription/webhook`, `webhookQueue: true`) only verifies and stores a notification;
 * the consumer does the Recurly reads and the writes. Plain TypeScript: no aws-cdk-lib imports.
 */

/** The consumer's Lambda: what it reads and writes, as a route would declare it (route-function.ts gives its environment). */
export const WEBHOOK_CONSUMER_FUNCTION = {
  /** Stable construct id of the Lambda: never rename (it changes logical ids). */
  functionId: 'WebhookConsumerFunction',
  entry: 'lambdas/subscription/process-webhook-notifications.ts',
  tables: [
    { table: 'users', access: 'readWrite' },
    { table: 'subscriptions', access: 'readWrite' },
  ],
  billing: true,
  /**
   * A batch's records are handled side by side; each makes up to two Recurly reads (10 s time-out
   * each) and a few DynamoDB writes, so a minute covers a slow Recurly with room to spare.
   */
  timeoutSeconds: 60,
} as const satisfies Pick<RestRouteDefinition, 'functionId' | 'entry' | 'tables' | 'billing' | 'timeoutSeconds'>;

export const WEBHOOK_QUEUE = {
  /** Messages handed to one consumer invocation. */
  batchSize: 5,
  /**
   * How long a received message stays hidden before it is retried: six times the consumer's
   * time-out, as AWS advises for Lambda event sources (a message is never retried while a slow
   * invocation still holds it).
   */
  visibilityTimeoutSeconds: 6 * WEBHOOK_CONSUMER_FUNCTION.timeoutSeconds,
  /**
   * Receives before a message moves to the dead-letter queue: with the visibility time-out, about
   * an hour of retries, which rides out a Recurly or DynamoDB incident.
   */
  maxReceiveCount: 10,
  /** How long an unhandled message is kept (SQS's default). */
  retentionDays: 4,
  /** How long a dead-lettered message is kept: SQS's maximum, time to find the cause and redrive. */
  deadLetterRetentionDays: 14,
} as const;
