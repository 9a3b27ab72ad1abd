import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import * as path from 'node:path';
import { loadStageConfig, type RawContext, type StageConfig } from './config';
import { ProductStack } from './stacks/product-stack';

/** Repository root (this file lives in `lib/`). */
export const REPO_ROOT = path.resolve(__dirname, '..');
/** Where `npm run build:web` writes the web app. */
export const DEFAULT_WEB_DIST_PATH = path.join(REPO_ROOT, 'web', 'dist');

/** Context keys that make up the stage config (`-c key=value`); see lib/config.ts. */
const STAGE_CONTEXT_KEYS = [
  'stage',
  'region',
  'account',
  'productName',
  'productSlug',
  'supportPortalUrl',
  'analyticsMeasurementId',
  'recurlyPublicKey',
  'recurlyApiKeySecretName',
  'recurlyWebhookSecretName',
  'alarmEmails',
  'assistantEngine',
  'bedrockModelId',
] as const;

export interface CreateAppOptions {
  /**
   * Extra CDK context, e.g. `{ stage: 'prod' }` or `{ 'aws:cdk:bundling-stacks': [] }` in tests.
   * The CLI's `-c` values and cdk.json's context arrive through the environment as usual.
   */
  readonly context?: Record<string, unknown>;
  /**
   * Process environment, read for `CDK_DEFAULT_ACCOUNT` only.
   * @default {} (an environment-agnostic account)
   */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Absolute path of the built web app.
   * @default DEFAULT_WEB_DIST_PATH (`web/dist`)
   */
  readonly webDistPath?: string;
  /** Cloud assembly directory. @default the CLI's, or a temporary directory */
  readonly outdir?: string;
  /**
   * Run cdk-nag's AwsSolutions checks at synth (any unacknowledged finding fails synth).
   * @default true
   */
  readonly nag?: boolean;
}

export interface ProductApp {
  readonly app: App;
  readonly config: StageConfig;
  readonly stack: ProductStack;
}

/**
 * Builds the CDK app: parses the stage config once, creates the product stack and registers
 * cdk-nag. `bin/app.ts` and the tests both go through here, so the tests check what deploys.
 */
export function createApp(options: CreateAppOptions = {}): ProductApp {
  const app = new App({ context: options.context, outdir: options.outdir });
  const rawContext: RawContext = Object.fromEntries(STAGE_CONTEXT_KEYS.map((key) => [key, app.node.tryGetContext(key)]));
  const config = loadStageConfig(rawContext, options.env ?? {});

  const stack = new ProductStack(app, `${config.productSlug}-${config.stage}`, {
    env: { account: config.account, region: config.region },
    description: `${config.productName} (${config.stage}): website, REST and GraphQL APIs, identity and data.`,
    config,
    webDistPath: options.webDistPath ?? DEFAULT_WEB_DIST_PATH,
    terminationProtection: config.retainData,
  });
  Tags.of(app).add('product', config.productSlug);
  Tags.of(app).add('stage', config.stage);

  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, config, stack };
}
