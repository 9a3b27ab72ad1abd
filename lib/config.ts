import { z } from 'zod';
import { ASSISTANT_ENGINES, BEDROCK_MODEL_ID_PATTERN } from '../lambdas/assistant/engine/environment';
import { PLAN_CODE_SUFFIXES, type PlanCodeSuffix } from '../lambdas/shared/domain/plans';
import { PRODUCT_SLUG_PATTERN, PRODUCT_SLUG_RULE } from '../lambdas/shared/domain/product-slug';

/** The deployment stages; `-c stage=…` picks one, `dev` when absent. */
export const STAGES = ['dev', 'stage', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Recurly plan codes carry the stage as a suffix so one Recurly site can serve every stage. */
export const PLAN_CODE_SUFFIX_BY_STAGE: Record<Stage, PlanCodeSuffix> = {
  dev: '_dev',
  stage: '_stage',
  prod: '',
};

/** The product's name shown to people; a config value so a rename touches one place. */
export const DEFAULT_PRODUCT_NAME = 'TalentPilot';
export const DEFAULT_PRODUCT_SLUG = 'talentpilot';
export const DEFAULT_SUPPORT_PORTAL_URL = 'https://support.talentpilot.example.com/';
export const REGION = 'us-east-2';
/**
 * Amazon Nova Lite through the US cross-region inference profile: available to us-east-2 callers
 * (the profile routes to us-east-1, us-east-2 and us-west-2), fast enough for a 29 s API call,
 * good at JSON-only answers, and among the cheapest capable models on Bedrock.
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'us.amazon.nova-lite-v1:0';

const StageConfigSchema = z
  .object({
    stage: z.enum(STAGES),
    region: z.literal(REGION),
    /** AWS account, from the CLI's environment; absent for an environment-agnostic synth. */
    account: z
      .string()
      .regex(/^\d{12}$/, 'account must be a 12-digit AWS account id')
      .optional(),
    productName: z.string().trim().min(1).max(40),
    /** Lower-case slug used in resource names and Recurly account codes (`{slug}-{userId}`). */
    productSlug: z.string().regex(PRODUCT_SLUG_PATTERN, `productSlug ${PRODUCT_SLUG_RULE}`),
    planCodeSuffix: z.enum(PLAN_CODE_SUFFIXES),
    supportPortalUrl: z.url({ protocol: /^https$/, error: 'supportPortalUrl must be an https URL' }),
    /** Google Analytics 4 measurement id; page views are reported only when it is set. */
    analyticsMeasurementId: z
      .string()
      .regex(/^G-[A-Z0-9]{4,16}$/, 'analyticsMeasurementId must look like G-XXXXXXXXXX')
      .optional(),
    /** Recurly public API key for Recurly.js card entry (it ships in config.json by design). */
    recurlyPublicKey: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'recurlyPublicKey must be a Recurly public API key')
      .optional(),
    /** Secrets Manager name of the Recurly private API key. */
    recurlyApiKeySecretName: z.string().regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/),
    /**
     * Secrets Manager name of the Recurly webhook endpoint's secret (the operator copies it from
     * Recurly's Webhook Endpoints page; `new,old` while rotating).
     */
    recurlyWebhookSecretName: z.string().regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/),
    /** Stateful resources are retained on stack deletion in prod, destroyed elsewhere. */
    retainData: z.boolean(),
    /**
     * Who the alarms e-mail (`-c alarmEmails=a@example.com,b@example.com`); each address confirms
     * its SNS subscription once. Empty: alarms still show on the dashboard and the topic.
     */
    alarmEmails: z
      .array(z.email({ error: 'alarmEmails must be comma-separated e-mail addresses' }))
      .max(10, 'alarmEmails takes at most 10 addresses'),
    /**
     * Which engine answers the assistant's capabilities: `bedrock` (Amazon Bedrock, the
     * deterministic engine as fallback) or `deterministic` (no model calls, no Bedrock grant).
     */
    assistantEngine: z.enum(ASSISTANT_ENGINES, { error: `assistantEngine must be one of ${ASSISTANT_ENGINES.join(', ')}` }),
    /** The Bedrock model or US cross-region inference profile id (`-c bedrockModelId=…`). */
    bedrockModelId: z
      .string()
      .regex(
        BEDROCK_MODEL_ID_PATTERN,
        'bedrockModelId must be a Bedrock model id (amazon.nova-pro-v1:0) or a US inference profile id (us.amazon.nova-lite-v1:0)',
      ),
  })
  .strict();

export type StageConfig = z.infer<typeof StageConfigSchema>;

/** Raw context values as the CDK CLI hands them over (strings from `-c key=value`). */
export type RawContext = Record<string, unknown>;

/** `a@b.c, d@e.f` (CLI context) or an array (cdk.json context) → trimmed, non-empty entries. */
function stringList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

function optionalString(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

/**
 * Parses the stage config once from CDK context (and the CLI's account environment).
 * Throws a readable error naming every bad value.
 */
export function loadStageConfig(context: RawContext, env: NodeJS.ProcessEnv = {}): StageConfig {
  const stage = optionalString(context.stage) ?? 'dev';
  // Secrets are named `{slug}/{stage}/…` unless the context names them.
  const secretPrefix = `${optionalString(context.productSlug) ?? DEFAULT_PRODUCT_SLUG}/${stage}`;
  const parsed = StageConfigSchema.safeParse({
    stage,
    region: optionalString(context.region) ?? REGION,
    account: optionalString(context.account) ?? optionalString(env.CDK_DEFAULT_ACCOUNT),
    productName: optionalString(context.productName) ?? DEFAULT_PRODUCT_NAME,
    productSlug: optionalString(context.productSlug) ?? DEFAULT_PRODUCT_SLUG,
    planCodeSuffix: PLAN_CODE_SUFFIX_BY_STAGE[stage as Stage] ?? '',
    supportPortalUrl: optionalString(context.supportPortalUrl) ?? DEFAULT_SUPPORT_PORTAL_URL,
    analyticsMeasurementId: optionalString(context.analyticsMeasurementId),
    recurlyPublicKey: optionalString(context.recurlyPublicKey),
    recurlyApiKeySecretName: optionalString(context.recurlyApiKeySecretName) ?? `${secretPrefix}/recurly-api-key`,
    recurlyWebhookSecretName: optionalString(context.recurlyWebhookSecretName) ?? `${secretPrefix}/recurly-webhook-secret`,
    retainData: stage === 'prod',
    alarmEmails: stringList(context.alarmEmails),
    assistantEngine: optionalString(context.assistantEngine) ?? 'bedrock',
    bedrockModelId: optionalString(context.bedrockModelId) ?? DEFAULT_BEDROCK_MODEL_ID,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || 'config'}: ${issue.message}`);
    throw new Error(`Invalid stage config:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
