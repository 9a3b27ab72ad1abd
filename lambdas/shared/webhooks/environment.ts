/**
 * Environment variables of the webhook handler. The RestApi construct sets the secret's name;
 * the local runtime, which has no Secrets Manager, may pass the secrets themselves.
 */
export const WEBHOOK_ENV = {
  /** Secrets Manager name of the Recurly webhook endpoint secret(s) (AWS). */
  recurlyWebhookSecretName: 'RECURLY_WEBHOOK_SECRET_NAME',
  /** The secret(s) themselves, comma-separated (the local runtime and tests only). */
  recurlyWebhookSecrets: 'RECURLY_WEBHOOK_SECRETS',
  /** URL of the SQS queue verified notifications are stored in until the consumer handles them (AWS). */
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  /** The local runtime's stand-in for that queue: a dynalite table (local/webhooks/webhook-queue-table.ts). */
  localWebhookQueueTable: 'LOCAL_WEBHOOK_QUEUE_TABLE',
} as const;
