import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from '../shared/zod';
import { UnauthorizedError, ValidationError } from '../shared/errors';
import { ENV } from '../shared/environment';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { httpHandler, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { createLogger } from '../shared/logger';
import { readEnvironment, type EnvironmentSource } from '../shared/read-environment';
import { WEBHOOK_ENV } from '../shared/webhooks/environment';
import { localTableNotificationQueue, sqsNotificationQueue, type NotificationQueue } from '../shared/webhooks/notification-queue';
import { DEFAULT_SIGNATURE_TOLERANCE_SECONDS, verifyRecurlySignature, type SignatureFailure } from '../shared/webhooks/recurly-signature';
import {
  parseWebhookSecrets,
  secretsManagerWebhookSecrets,
  staticWebhookSecrets,
  type WebhookSecretsSource,
} from '../shared/webhooks/webhook-secrets';
import { lazily } from '../shared/lazily';
import { isSubscriptionNotification, RecurlyNotificationSchema, requireSubscriptionUuid } from './webhook/recurly-notification';

/**
 * `POST /subscription/webhook` (public; Recurly calls it): a signed JSON notification. The
 * signature is checked over the raw body before anything else is read (401 missing, forged,
 * stale or future-dated; 400 malformed header); then the body must be a JSON notification
 * (400), and a subscription notification must name its subscription (400). A subscription
 * notification is then stored in the webhook queue and answered 204 at once: the consumer
 * (process-webhook-notifications.ts) does the Recurly reads and the writes, with retries and a
 * dead-letter queue, so a slow Recurly API never makes a delivery late (Recurly allows 5 s). Other
 * object types are answered 204 and dropped. A queue outage answers 503, so Recurly retries later.
 */

const logger = createLogger({ component: 'receive-webhook' });

export interface WebhookDependencies {
  readonly secrets: WebhookSecretsSource;
  readonly toleranceSeconds: number;
  readonly queue: NotificationQueue;
  readonly now: () => Date;
}

export const SIGNATURE_ERRORS: Readonly<Record<SignatureFailure, () => Error>> = {
  missing: () => new UnauthorizedError('The recurly-signature header is missing.', { code: 'signature_missing' }),
  malformed: () => new ValidationError('The recurly-signature header is malformed.', {}, { code: 'signature_malformed' }),
  mismatch: () => new UnauthorizedError('The webhook signature is not valid.', { code: 'signature_invalid' }),
  stale: () => new UnauthorizedError('The webhook signature has expired.', { code: 'signature_expired' }),
  future: () => new UnauthorizedError('The webhook signature is dated in the future.', { code: 'signature_expired' }),
};

export const NOT_A_NOTIFICATION_MESSAGE = 'The body must be a JSON webhook notification.';

/** The body exactly as API Gateway received it. */
function rawBody(event: APIGatewayProxyEvent): Buffer {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

export function createReceiveWebhookHandler(dependencies: () => WebhookDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  const handle = httpHandler(async ({ event }) => {
    const deps = dependencies();
    const body = rawBody(event);
    const check = (secrets: readonly string[]) =>
      verifyRecurlySignature({
        headers: event.headers,
        rawBody: body,
        secrets,
        now: deps.now().getTime(),
        toleranceSeconds: deps.toleranceSeconds,
      });

    const secrets = await deps.secrets.get();
    let result = check(secrets);
    if (!result.ok && result.reason === 'mismatch') {
      // The operator may have rotated the secret since this container read it.
      const reloaded = await deps.secrets.reload();
      if (reloaded !== secrets) result = check(reloaded);
    }
    if (!result.ok) {
      logger.warn('Refused a webhook request', { reason: result.reason });
      throw SIGNATURE_ERRORS[result.reason]();
    }

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ValidationError(NOT_A_NOTIFICATION_MESSAGE, {}, { code: 'invalid_notification' });
    }
    const parsed = RecurlyNotificationSchema.safeParse(json);
    if (!parsed.success) throw new ValidationError(NOT_A_NOTIFICATION_MESSAGE, {}, { code: 'invalid_notification' });

    const notification = parsed.data;
    const queued = isSubscriptionNotification(notification);
    if (queued) {
      requireSubscriptionUuid(notification);
      // The bytes Recurly signed: the consumer reads exactly what was verified.
      await deps.queue.send(body.toString('utf8'));
    }
    logger.info(queued ? 'Webhook queued' : 'Webhook ignored', {
      notificationId: notification.id,
      objectType: notification.object_type,
      eventType: notification.event_type,
    });
    return { statusCode: 204, body: null };
  }, options);

  // A 204 has no body (the shared helper writes JSON bodies).
  return async (event, context) => {
    const response = await handle(event, context);
    if (response.statusCode !== 204) return response;
    const headers = { ...response.headers };
    delete headers['Content-Type'];
    return { ...response, headers, body: '' };
  };
}

const WebhookEnvironmentSchema = z.object({
  [WEBHOOK_ENV.recurlyWebhookSecretName]: z.optional(z.string().check(z.trim(), z.minLength(1))),
  [WEBHOOK_ENV.recurlyWebhookSecrets]: z.optional(z.string().check(z.trim(), z.minLength(1))),
});

/** The secrets from `RECURLY_WEBHOOK_SECRET_NAME` (AWS) or `RECURLY_WEBHOOK_SECRETS` (local runtime). */
export function webhookSecretsFromEnvironment(source: EnvironmentSource = process.env): WebhookSecretsSource {
  const env = readEnvironment(
    WebhookEnvironmentSchema.check(
      z.refine((value) => Boolean(value[WEBHOOK_ENV.recurlyWebhookSecretName] || value[WEBHOOK_ENV.recurlyWebhookSecrets]), {
        path: [WEBHOOK_ENV.recurlyWebhookSecretName],
        message: `set it, or ${WEBHOOK_ENV.recurlyWebhookSecrets} in the local runtime`,
      }),
    ),
    source,
  );
  const name = env[WEBHOOK_ENV.recurlyWebhookSecretName];
  return name ? secretsManagerWebhookSecrets(name) : staticWebhookSecrets(parseWebhookSecrets(env[WEBHOOK_ENV.recurlyWebhookSecrets]));
}

const QueueEnvironmentSchema = z.object({
  [WEBHOOK_ENV.webhookQueueUrl]: z.optional(z.url()),
  [WEBHOOK_ENV.localWebhookQueueTable]: z.optional(z.string().check(z.trim(), z.minLength(1))),
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

/** The queue from `WEBHOOK_QUEUE_URL` (SQS, AWS) or `LOCAL_WEBHOOK_QUEUE_TABLE` (the local runtime's dynalite table). */
export function notificationQueueFromEnvironment(source: EnvironmentSource = process.env): NotificationQueue {
  const env = readEnvironment(
    QueueEnvironmentSchema.check(
      z.refine((value) => Boolean(value[WEBHOOK_ENV.webhookQueueUrl] || value[WEBHOOK_ENV.localWebhookQueueTable]), {
        path: [WEBHOOK_ENV.webhookQueueUrl],
        message: `set it, or ${WEBHOOK_ENV.localWebhookQueueTable} in the local runtime`,
      }),
    ),
    source,
  );
  const queueUrl = env[WEBHOOK_ENV.webhookQueueUrl];
  if (queueUrl) return sqsNotificationQueue({ queueUrl });
  return localTableNotificationQueue(
    createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] }),
    env[WEBHOOK_ENV.localWebhookQueueTable]!,
  );
}

/** The Lambda entry point. */
export const handler = createReceiveWebhookHandler(
  lazily(() => ({
    secrets: webhookSecretsFromEnvironment(),
    queue: notificationQueueFromEnvironment(),
    now: () => new Date(),
    toleranceSeconds: DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  })),
);
