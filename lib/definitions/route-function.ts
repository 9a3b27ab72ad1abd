import {
  ASSISTANT_ENGINE_ENV,
  LOCAL_MODEL_ENGINE,
  type AssistantEngine,
  type HandlerEngine,
} from '../../lambdas/assistant/engine/environment';
import { ATS_ENV } from '../../lambdas/ats/routes/ats-environment-names';
import { ENV } from '../../lambdas/shared/environment';
import { API_GATEWAY_TIMEOUT_SECONDS } from '../../lambdas/shared/http/api-gateway';
import { USER_DIRECTORY_ENV } from '../../lambdas/shared/user-directory/environment';
import { WEBHOOK_ENV } from '../../lambdas/shared/webhooks/environment';
import { DEFAULT_FUNCTION_TIMEOUT_SECONDS } from './function-defaults';
import type { RestRouteDefinition } from './rest-routes';
import { TABLES, type TableName } from './tables';

/**
 * What the function of a REST route is given, the one rule the RestApi construct (AWS) and the
 * local runtime both apply: its environment ({@link routeEnvironment}) and its time-out
 * ({@link routeTimeoutSeconds}). The stage supplies the values (AWS resources, or the local
 * stand-ins); which route gets which variable is decided here only. Plain TypeScript: no
 * aws-cdk-lib imports.
 */

/** What a route declares that decides its function's environment. */
export type RouteNeeds = Pick<RestRouteDefinition, 'functionId' | 'tables'> &
  Partial<Pick<RestRouteDefinition, 'billing' | 'webhookSecret' | 'webhookQueue' | 'userPoolAccess' | 'languageModel' | 'atsCredentials'>>;

/** What a stage gives the routes' functions. */
export interface RouteEnvironmentValues {
  readonly productSlug: string;
  /** `_dev`, `_stage` or empty: appended to every plan code. */
  readonly planCodeSuffix: string;
  /** The website's origins, the only ones CORS allows. */
  readonly allowedOrigins: readonly string[];
  /** Table names by logical name; each route gets the ones it lists. */
  readonly tableNames: Readonly<Record<TableName, string>>;
  /**
   * The billing adapter every handler is told, and what routes with `billing` reach it with: the
   * Secrets Manager name of Recurly's API key (AWS), or the local billing's table (offline).
   */
  readonly billing:
    { readonly adapter: 'recurly'; readonly apiKeySecretName: string } | { readonly adapter: 'local'; readonly table?: string };
  /**
   * Where the route with `webhookSecret` finds the signing secret(s): their Secrets Manager name
   * (AWS), or the secrets themselves (offline, where there is no Secrets Manager).
   */
  readonly webhookSecret?: { readonly secretName: string } | { readonly secrets: string };
  /** Where the route with `webhookQueue` stores notifications: the SQS queue's URL (AWS), or the local stand-in's table. */
  readonly webhookQueue?: { readonly queueUrl: string } | { readonly localTable: string };
  /** The user pool routes with `userPoolAccess` call, and cognito-local's endpoint offline; none, no variables. */
  readonly userPool?: { readonly userPoolId: string; readonly endpoint?: string };
  /**
   * How routes with `languageModel` reach a model (offline: the deterministic engine, or a local
   * model behind an OpenAI-compatible endpoint when `npm start` is given `--model-url`).
   */
  readonly languageModel?:
    | { readonly engine: AssistantEngine; readonly bedrockModelId?: string }
    | { readonly engine: typeof LOCAL_MODEL_ENGINE; readonly modelUrl: string; readonly modelName: string };
  /**
   * How routes with `atsCredentials` seal ATS keys and reach the ATSs: the KMS key (AWS, each
   * connector on its ATS's own origin), or the local key file and the ATS stand-ins' API roots.
   */
  readonly atsCredentials?:
    | { readonly kmsKeyId: string }
    | {
        readonly localKeyFile: string;
        readonly baseUrls: Readonly<Record<string, string>>;
        /** The fake Bullhorn's origins (`ATS_BULLHORN_ORIGINS`). */
        readonly bullhornOrigins?: readonly string[];
      };
  /** The local runtime's DynamoDB (dynalite); absent in AWS. */
  readonly dynamodbEndpoint?: string;
  /** The subscriber gate's requests per user and minute, for the routes with the assistant table; the handlers' default when absent. */
  readonly rateLimitPerMinute?: number;
}

function missing(route: RouteNeeds, need: string, what: string): Error {
  return new Error(`Route ${route.functionId} declares ${need} but the stage gives no ${what}.`);
}

/** The Lambda environment of one route's function. */
export function routeEnvironment(route: RouteNeeds, values: RouteEnvironmentValues): Record<string, string> {
  const environment: Record<string, string> = {
    [ENV.planCodeSuffix]: values.planCodeSuffix,
    [ENV.productSlug]: values.productSlug,
    [ENV.allowedOrigins]: values.allowedOrigins.join(','),
    [ENV.billingAdapter]: values.billing.adapter,
  };
  if (values.dynamodbEndpoint !== undefined) environment[ENV.dynamodbEndpoint] = values.dynamodbEndpoint;
  for (const { table } of route.tables) environment[TABLES[table].envVar] = values.tableNames[table];
  if (route.billing) {
    if (values.billing.adapter === 'recurly') environment[ENV.recurlyApiKeySecretName] = values.billing.apiKeySecretName;
    else if (values.billing.table !== undefined) environment[ENV.localBillingTable] = values.billing.table;
  }
  if (route.webhookSecret) {
    const secret = values.webhookSecret;
    if (!secret) throw missing(route, 'webhookSecret', 'webhook secret');
    if ('secretName' in secret) environment[WEBHOOK_ENV.recurlyWebhookSecretName] = secret.secretName;
    else environment[WEBHOOK_ENV.recurlyWebhookSecrets] = secret.secrets;
  }
  if (route.webhookQueue) {
    const queue = values.webhookQueue;
    if (!queue) throw missing(route, 'webhookQueue', 'webhook queue');
    if ('queueUrl' in queue) environment[WEBHOOK_ENV.webhookQueueUrl] = queue.queueUrl;
    else environment[WEBHOOK_ENV.localWebhookQueueTable] = queue.localTable;
  }
  if (route.userPoolAccess && values.userPool) {
    environment[USER_DIRECTORY_ENV.userPoolId] = values.userPool.userPoolId;
    if (values.userPool.endpoint) environment[USER_DIRECTORY_ENV.cognitoEndpoint] = values.userPool.endpoint;
  }
  if (route.languageModel) {
    const model = values.languageModel;
    if (!model) throw missing(route, 'languageModel', 'language model settings');
    environment[ASSISTANT_ENGINE_ENV.engine] = model.engine;
    if (model.engine === 'bedrock' && model.bedrockModelId) environment[ASSISTANT_ENGINE_ENV.bedrockModelId] = model.bedrockModelId;
    if (model.engine === LOCAL_MODEL_ENGINE) {
      environment[ASSISTANT_ENGINE_ENV.modelUrl] = model.modelUrl;
      environment[ASSISTANT_ENGINE_ENV.modelName] = model.modelName;
    }
  }
  if (route.atsCredentials) {
    const ats = values.atsCredentials;
    if (!ats) throw missing(route, 'atsCredentials', 'ATS credential key');
    if ('kmsKeyId' in ats) {
      environment[ATS_ENV.kmsKeyId] = ats.kmsKeyId;
    } else {
      environment[ATS_ENV.localKeyFile] = ats.localKeyFile;
      environment[ATS_ENV.baseUrls] = JSON.stringify(ats.baseUrls);
      if (ats.bullhornOrigins) environment[ATS_ENV.bullhornOrigins] = ats.bullhornOrigins.join(',');
    }
  }
  if (values.rateLimitPerMinute !== undefined && route.tables.some(({ table }) => table === 'assistant')) {
    environment[ENV.rateLimitPerMinute] = String(values.rateLimitPerMinute);
  }
  return environment;
}

/**
 * The time-out of routes that call Amazon Bedrock: a second under API Gateway's 29 s, so the
 * gateway never answers 504 for a handler still working. The Bedrock adapter gives up after 18 s
 * (lambdas/assistant/engine/bedrock-model.ts), which leaves ~10 s for the offline engine's answer
 * and the result's storage.
 */
export const LANGUAGE_MODEL_TIMEOUT_SECONDS = API_GATEWAY_TIMEOUT_SECONDS - 1;

/**
 * The longest `timeoutSeconds` a route may declare: API Gateway's integration time-out, which the
 * RestApi construct does not raise. A handler allowed to run longer would keep working after the
 * caller got a 504.
 */
export const MAX_ROUTE_TIMEOUT_SECONDS = API_GATEWAY_TIMEOUT_SECONDS;

/**
 * The seconds a route's function may run: its own `timeoutSeconds`, else
 * {@link LANGUAGE_MODEL_TIMEOUT_SECONDS} when it calls Bedrock (`engine` is the stage's), else
 * {@link DEFAULT_FUNCTION_TIMEOUT_SECONDS}. A declared time-out that is not a whole number of seconds
 * from 1 to 29 is refused.
 */
export function routeTimeoutSeconds(
  route: Pick<RestRouteDefinition, 'functionId' | 'timeoutSeconds' | 'languageModel'>,
  engine: HandlerEngine,
): number {
  const seconds = route.timeoutSeconds;
  if (seconds === undefined)
    return route.languageModel && engine !== 'deterministic' ? LANGUAGE_MODEL_TIMEOUT_SECONDS : DEFAULT_FUNCTION_TIMEOUT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_ROUTE_TIMEOUT_SECONDS) {
    throw new Error(
      `Route ${route.functionId} declares timeoutSeconds ${seconds}: it must be a whole number of seconds from 1 to ${MAX_ROUTE_TIMEOUT_SECONDS} (API Gateway's integration time-out).`,
    );
  }
  return seconds;
}
