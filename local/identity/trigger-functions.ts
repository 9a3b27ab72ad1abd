import * as fs from 'node:fs';
import * as path from 'node:path';
import { REGION } from '../../lib/config';
import type { CognitoTriggerDefinition, CognitoTriggerName } from '../../lib/definitions/cognito-triggers';
import { TABLES, type TableName } from '../../lib/definitions/tables';
import { ENV } from '../../lambdas/shared/environment';
import { USER_DIRECTORY_ENV } from '../../lambdas/shared/user-directory/environment';
import { LOCAL_AWS_CREDENTIALS } from '../dynamodb/client';
import { bundleLambda, type LambdaBundle } from '../lambda/bundle';
import { createLambdaFunction, type LambdaFunction } from '../lambda/host';
import { REPO_ROOT } from '../paths';

/**
 * The Cognito triggers of `lib/definitions/cognito-triggers.ts`, bundled like every Lambda
 * handler and run in their own worker "containers" (local/lambda/host.ts) behind the local
 * Lambda endpoint, each with the environment its construct gives it.
 */

export interface TriggerEnvironmentInput {
  readonly productSlug: string;
  readonly tableNames: Readonly<Record<string, string>>;
  readonly dynamodbEndpoint: string;
  readonly cognitoEndpoint: string;
}

/** `<slug>-local-<functionId>`, as the REST functions are named. */
export function triggerFunctionName(productSlug: string, functionId: string): string {
  return `${productSlug}-local-${functionId}`;
}

/**
 * A trigger's environment: its tables (and only those), what the Lambda service provides
 * (region, credentials, function name), and the local endpoints (DynamoDB; Cognito when it calls
 * the pool). Of the host's environment only PATH and LOG_LEVEL reach it. No USER_POOL_ID: a trigger reads
 * the pool from its event (in CDK, the pool id in a trigger's environment is a circular
 * dependency between the pool and its trigger).
 */
export function triggerEnvironment(
  trigger: Pick<CognitoTriggerDefinition, 'functionId' | 'tables' | 'userPoolAccess'>,
  input: TriggerEnvironmentInput,
): Record<string, string> {
  const environment: Record<string, string> = {
    [ENV.dynamodbEndpoint]: input.dynamodbEndpoint,
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_ACCESS_KEY_ID: LOCAL_AWS_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_AWS_CREDENTIALS.secretAccessKey,
    AWS_LAMBDA_FUNCTION_NAME: triggerFunctionName(input.productSlug, trigger.functionId),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(process.env.PATH ? { PATH: process.env.PATH } : {}),
    // The host's LOG_LEVEL (e.g. `warn` under load), so handler logs can be quieted locally.
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
  };
  for (const { table } of trigger.tables) environment[TABLES[table as TableName].envVar] = input.tableNames[table];
  if (trigger.userPoolAccess) environment[USER_DIRECTORY_ENV.cognitoEndpoint] = input.cognitoEndpoint;
  return environment;
}

export interface BundledTriggers {
  readonly bundles: readonly { readonly trigger: CognitoTriggerDefinition; readonly bundle: LambdaBundle }[];
  /** Triggers whose handler file does not exist yet (they stay off). */
  readonly missing: readonly CognitoTriggerDefinition[];
}

/** Bundles every trigger whose handler exists; a handler that exists but does not build fails the start. */
export async function bundleTriggers(triggers: readonly CognitoTriggerDefinition[], buildDir: string): Promise<BundledTriggers> {
  const present = triggers.filter((trigger) => fs.existsSync(path.resolve(REPO_ROOT, trigger.entry)));
  const missing = triggers.filter((trigger) => !present.includes(trigger));
  const bundles = await Promise.all(
    present.map(async (trigger) => ({ trigger, bundle: await bundleLambda(trigger.functionId, trigger.entry, buildDir) })),
  );
  return { bundles, missing };
}

export interface TriggerFunctions {
  /** Functions by name, for the Lambda endpoint. */
  readonly functions: Readonly<Record<string, LambdaFunction>>;
  /** Function name of each trigger, for cognito-local's TriggerFunctions. */
  readonly names: Partial<Record<CognitoTriggerName, string>>;
  stop(): Promise<void>;
}

/** The names cognito-local is told, known before the functions start (the endpoint needs cognito-local's URL). */
export function triggerNames(bundled: BundledTriggers, productSlug: string): Partial<Record<CognitoTriggerName, string>> {
  return Object.fromEntries(bundled.bundles.map(({ trigger }) => [trigger.trigger, triggerFunctionName(productSlug, trigger.functionId)]));
}

/** One container per trigger, loaded now so that a handler failing at import stops the start clearly. */
export async function startTriggerFunctions(bundled: BundledTriggers, input: TriggerEnvironmentInput): Promise<TriggerFunctions> {
  const functions: Record<string, LambdaFunction> = {};
  for (const { trigger, bundle } of bundled.bundles) {
    const functionName = triggerFunctionName(input.productSlug, trigger.functionId);
    functions[functionName] = createLambdaFunction({ bundle, functionName, environment: triggerEnvironment(trigger, input) });
  }
  const stop = async () => {
    await Promise.all(Object.values(functions).map((lambda) => lambda.stop()));
  };
  try {
    await Promise.all(Object.values(functions).map((lambda) => lambda.warm()));
  } catch (error) {
    await stop();
    throw error;
  }
  return { functions, names: triggerNames(bundled, input.productSlug), stop };
}
