import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, type BundlingOptions, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import * as path from 'node:path';
import { DEFAULT_FUNCTION_MEMORY_MB, DEFAULT_FUNCTION_TIMEOUT_SECONDS } from '../definitions/function-defaults';

/** Repository root: this file lives in `lib/constructs/`. The lock file and tsconfig live there. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * How every handler is bundled (esbuild, run locally). Exported so the bench measures bundles
 * built exactly as deployed (test/bench/lambdas.ts).
 */
export const PRODUCT_FUNCTION_BUNDLING = {
  forceDockerBundling: false,
  format: OutputFormat.CJS,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // The AWS SDK v3 that the Node 22 runtime ships (maintained by AWS) is used, not bundled
  // (`@aws-sdk/*` stays external): it keeps every handler within the 150 kB bundle budget (the
  // bundled SDK alone was ~450-550 kB) and matches the local runtime's bundler
  // (local/lambda/bundle.ts). Anything else (recurly, zod) is bundled.
  bundleAwsSDK: false,
  // Deployed functions bill through Recurly only: the local billing adapter (offline runtime)
  // is dead code here, and esbuild drops it (lambdas/subscription/billing/billing-adapter.ts).
  define: { 'process.env.BUNDLED_BILLING_ADAPTERS': JSON.stringify('recurly') },
  tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
  // esbuild says only what needs attention: 40 size summaries per synth hid the warnings.
  logLevel: LogLevel.WARNING,
} as const satisfies BundlingOptions;

export interface ProductFunctionProps {
  /** Absolute path of the handler file; it exports `handler`. */
  readonly entry: string;
  /** Shown in the Lambda console. */
  readonly description?: string;
  /** Environment variables for the handler (NODE_OPTIONS is set here, do not pass it). */
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * Memory in MB.
   * @default DEFAULT_FUNCTION_MEMORY_MB (512: enough CPU for a quick cold start of the SDK clients)
   */
  readonly memorySize?: number;
  /**
   * Handler time-out; API Gateway gives up after 29 s anyway.
   * @default DEFAULT_FUNCTION_TIMEOUT_SECONDS (10)
   */
  readonly timeout?: Duration;
  /**
   * How long the function's logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
  /**
   * Whether the log group survives stack deletion (prod keeps its logs).
   * @default false
   */
  readonly retainLogs?: boolean;
  /** Files (repository paths) copied beside the bundle's `index.js`, which the handler reads at run time. */
  readonly dataFiles?: readonly string[];
}

/** Bundling hooks that copy `files` (repository paths) into the asset, beside `index.js`. */
function copyBeside(files: readonly string[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) =>
      files.map((file) => `cp "${path.join(inputDir, file)}" "${path.join(outputDir, path.basename(file))}"`),
  };
}

/**
 * The one Lambda flavour of the product, used for every handler: Node 22 on arm64, bundled by
 * the local esbuild (never Docker) with source maps, an explicit log group with retention, active
 * X-Ray tracing and an execution role whose only built-in permission is writing to that log group
 * (no `AWSLambdaBasicExecutionRole`, which allows creating and writing any log group: cdk-nag IAM4).
 * The log group and role are siblings of the function (`<id>Logs`, `<id>Role`) because they must
 * exist before the function's constructor runs; `this.logGroup` returns the log group.
 */
export class ProductFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description ? `Execution role: ${props.description}` : undefined,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? DEFAULT_FUNCTION_MEMORY_MB,
      timeout: props.timeout ?? Duration.seconds(DEFAULT_FUNCTION_TIMEOUT_SECONDS),
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      projectRoot: REPO_ROOT,
      bundling: props.dataFiles?.length
        ? { ...PRODUCT_FUNCTION_BUNDLING, commandHooks: copyBeside(props.dataFiles) }
        : PRODUCT_FUNCTION_BUNDLING,
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 (LTS until April 2027) is the pinned product runtime; moving every handler to Node.js 24 is one deliberate change in this construct, not a side effect of a newer runtime appearing.',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active X-Ray tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions (resource must be *).',
    });
  }
}
