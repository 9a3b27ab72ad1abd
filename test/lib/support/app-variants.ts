/**
 * The app configurations the template tests read, by name: the CDK context each is built with
 * (on top of `aws:cdk:bundling-stacks: []`). Each is synthesized once per source state and shared
 * by every test file (see synthesized-app.ts).
 */
export const APP_VARIANTS = {
  dev: { stage: 'dev' },
  prod: { stage: 'prod' },
  /** Alarm e-mails given with `-c alarmEmails`. */
  'prod-with-alarm-emails': { stage: 'prod', alarmEmails: 'ops@example.com, oncall@example.com' },
  /** Google Analytics configured. */
  'prod-with-analytics': { stage: 'prod', analyticsMeasurementId: 'G-TEST12345' },
  /** The assistant without Bedrock (`-c assistantEngine=deterministic`). */
  'prod-deterministic': { stage: 'prod', assistantEngine: 'deterministic' },
  'dev-deterministic': { stage: 'dev', assistantEngine: 'deterministic' },
  /** A foundation model id instead of an inference profile. */
  'dev-nova-pro': { stage: 'dev', bedrockModelId: 'amazon.nova-pro-v1:0' },
} as const satisfies Record<string, Record<string, string>>;

export type AppVariant = keyof typeof APP_VARIANTS;
