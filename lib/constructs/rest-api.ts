import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  CognitoUserPoolsAuthorizer,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestValidator,
  ResponseType,
  RestApi as ApiGatewayRestApi,
  type Method,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import * as path from 'node:path';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_MAX_AGE_SECONDS } from '../../lambdas/shared/http/cors';
import type { AssistantEngine } from '../../lambdas/assistant/engine/environment';
import { REST_ROUTES, REST_STAGE_NAME, restFunctions, restMethodKey, type RestRouteDefinition } from '../definitions/rest-routes';
import { routeEnvironment, routeTimeoutSeconds } from '../definitions/route-function';
import type { TableName } from '../definitions/tables';
import { WEBHOOK_CONSUMER_FUNCTION } from '../definitions/webhook-queue';
import { atsCredentialStatement } from './ats-credentials-key';
import { bedrockInvokeStatement } from './bedrock-access';
import { acknowledgeTableIndexWildcard, acknowledgeWildcardResource } from './nag-acknowledgements';
import { grantTableAccess } from './table-access';
import { ProductFunction } from './product-function';
import type { WebhookQueue } from './webhook-queue';

/** Repository root (this file lives in `lib/constructs/`); route entries are relative to it. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** What every admin route calls to check that its caller is an admin now (lambdas/admin/admin-caller.ts). */
export const ADMIN_CHECK_USER_POOL_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'] as const;

/**
 * The user pool actions each route with `userPoolAccess` calls (see lambdas/admin/admin-users.ts),
 * by `functionId`: exactly these are granted, on the one pool. A new user-pool route must be added
 * here or synth fails.
 */
export const USER_POOL_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  // Check the caller is an admin now; create, add to the group, and delete again when the record cannot be written.
  AdminCreateUserFunction: [
    ...ADMIN_CHECK_USER_POOL_ACTIONS,
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminDeleteUser',
  ],
  // Check the caller; look the user up (their sub names the record), then delete them.
  AdminRemoveUserFunction: [...ADMIN_CHECK_USER_POOL_ACTIONS, 'cognito-idp:AdminDeleteUser'],
  AdminGetUserFunction: [...ADMIN_CHECK_USER_POOL_ACTIONS],
  // Only to check the caller: the console reads tables, never the pool.
  AdminConsoleFunction: [...ADMIN_CHECK_USER_POOL_ACTIONS],
  // Only to check that a caller whose token says Admins still is one before a cross-user read.
  GetUserSubscriptionsFunction: [...ADMIN_CHECK_USER_POOL_ACTIONS],
  // The team (issue 18): look the invited address up, invite (AdminCreateUser, also with RESEND),
  // delete an account made for a revoked or failed invitation, sign a removed member out everywhere.
  OrganizationTeamFunction: [
    'cognito-idp:AdminGetUser',
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminDeleteUser',
    'cognito-idp:AdminUserGlobalSignOut',
  ],
};

/** Lambda's limit on a function's description. */
const FUNCTION_DESCRIPTION_MAX_LENGTH = 256;

/**
 * A function's description: the routes it serves (`GET /a, POST /a/b`), shortened to the first
 * routes and how many more when a large family would pass Lambda's 256 characters.
 */
export function routesDescription(served: readonly Pick<RestRouteDefinition, 'method' | 'path'>[]): string {
  const names = served.map((route) => `${route.method} ${route.path}`);
  const full = names.join(', ');
  if (full.length <= FUNCTION_DESCRIPTION_MAX_LENGTH) return full;
  for (let shown = names.length - 1; shown > 0; shown -= 1) {
    const text = `${names.slice(0, shown).join(', ')} and ${names.length - shown} more routes`;
    if (text.length <= FUNCTION_DESCRIPTION_MAX_LENGTH) return text;
  }
  return `${names.length} routes`;
}

/** How the routes with `languageModel` reach a model (from the stage config). */
export interface LanguageModelSettings {
  /** `bedrock`: Amazon Bedrock with the deterministic engine as fallback; `deterministic`: no model calls. */
  readonly engine: AssistantEngine;
  /** The Bedrock model or US inference profile id (used when the engine is `bedrock`). */
  readonly bedrockModelId: string;
}

/** What shapes a function: a route's definition without its method, path and authorization. */
type FunctionDefinition = Omit<RestRouteDefinition, 'method' | 'path' | 'auth'>;

/** Steady-state requests per second per method, and the burst above it. */
export const REST_THROTTLING = { rateLimit: 50, burstLimit: 100 } as const;

export interface RestApiProps {
  /** API name shown in the console, e.g. `talentpilot-dev`. */
  readonly name: string;
  /** Tables by name; each route gets the ones it lists. */
  readonly tables: Readonly<Record<TableName, ITable>>;
  /** User pool whose id tokens the authorizer accepts on 'user' and 'admin' routes. */
  readonly userPool: IUserPool;
  /** The website's origin (`https://<cloudfront domain>`): the only origin CORS allows. */
  readonly websiteOrigin: string;
  /** `_dev`, `_stage` or empty. */
  readonly planCodeSuffix: string;
  readonly productSlug: string;
  /** Secrets Manager name of the Recurly private API key (created by the operator). */
  readonly recurlyApiKeySecretName: string;
  /** Secrets Manager name of the Recurly webhook endpoint secret(s) (created by the operator). */
  readonly recurlyWebhookSecretName: string;
  /** Keep log groups on stack deletion (prod). */
  readonly retainLogs: boolean;
  /**
   * The routes to serve; the shared definitions by default.
   * @default REST_ROUTES
   */
  readonly routes?: readonly RestRouteDefinition[];
  /** Required when a route declares `languageModel`. */
  readonly languageModel?: LanguageModelSettings;
  /**
   * The KMS key that seals ATS credentials (AtsCredentialsKey); required when a route declares
   * `atsCredentials`. Only those routes may use it, for Encrypt and Decrypt with the credential purpose.
   */
  readonly atsCredentialsKey?: IKey;
  /**
   * The Recurly webhook queue; required when a route declares `webhookQueue`. Its consumer
   * (WEBHOOK_CONSUMER_FUNCTION) is made here, with the tables and billing grants it declares, as
   * a route's function would be.
   */
  readonly webhookQueue?: WebhookQueue;
}

/**
 * The REST API: API Gateway (regional endpoint, stage `prod`) with throttling, JSON access logs,
 * metrics and X-Ray, a request validator on every method, CORS for the website's origin only
 * (preflight and gateway error responses), and one ProductFunction per function of `REST_ROUTES` (see restFunctions) with
 * exactly the tables, secrets, model and ATS credential key the route declares, and its time-out.
 * 'user' and 'admin' routes sit behind one Cognito user pool authorizer (admins are further
 * checked by the handler's group check).
 */
export class RestApi extends Construct {
  public readonly api: ApiGatewayRestApi;
  /** Invoke URL of the `prod` stage, ending in `/`. */
  public readonly url: string;
  /**
   * `https://<api id>.execute-api.<region>.amazonaws.com`, built from the API id alone so the
   * website's CSP can use it without depending on the deployment (which depends on the website's
   * origin through CORS: that would be a cycle).
   */
  public readonly origin: string;
  /** The handler of each route, by `functionId`. */
  public readonly functions: Readonly<Record<string, ProductFunction>>;
  /** The method of each route, by `restMethodKey` (its `functionId` unless the function serves several routes). */
  public readonly methods: Readonly<Record<string, Method>>;
  /** The webhook queue's consumer (WEBHOOK_CONSUMER_FUNCTION); absent without `webhookQueue`. */
  public readonly webhookConsumer?: ProductFunction;
  /** The handlers that call Amazon Bedrock, by `functionId` (none when the engine is deterministic). */
  public readonly bedrockFunctions: Readonly<Record<string, ProductFunction>>;
  public readonly accessLogGroup: LogGroup;
  private authorizerInstance?: CognitoUserPoolsAuthorizer;
  private recurlySecretInstance?: ISecret;
  private webhookSecretInstance?: ISecret;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: RestApiProps,
  ) {
    super(scope, id);

    this.accessLogGroup = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.api = new ApiGatewayRestApi(this, 'Api', {
      restApiName: props.name,
      description: 'Subscription and account REST API of the web app.',
      endpointTypes: [EndpointType.REGIONAL],
      cloudWatchRole: false,
      deployOptions: {
        stageName: REST_STAGE_NAME,
        throttlingRateLimit: REST_THROTTLING.rateLimit,
        throttlingBurstLimit: REST_THROTTLING.burstLimit,
        accessLogDestination: new LogGroupLogDestination(this.accessLogGroup),
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            user: '$context.authorizer.claims.sub',
            method: '$context.httpMethod',
            resourcePath: '$context.resourcePath',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationStatus: '$context.integrationStatus',
            errorMessage: '$context.error.message',
            errorType: '$context.error.responseType',
          }),
        ),
        metricsEnabled: true,
        tracingEnabled: true,
        loggingLevel: MethodLoggingLevel.OFF,
        dataTraceEnabled: false,
      },
    });
    this.url = this.api.url;
    // The stack exports the URL itself as `RestApiUrl`; drop RestApi's automatic duplicate output.
    this.api.node.tryRemoveChild('Endpoint');
    const stack = Stack.of(this);
    this.origin = `https://${this.api.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    // Errors that API Gateway answers itself (401 from the authorizer, 403, 429 throttling, 5xx)
    // carry the CORS header too, so the browser shows the real status instead of a CORS error.
    for (const [responseId, type] of [
      ['Default4xx', ResponseType.DEFAULT_4XX],
      ['Default5xx', ResponseType.DEFAULT_5XX],
    ] as const) {
      this.api.addGatewayResponse(responseId, {
        type,
        responseHeaders: { 'Access-Control-Allow-Origin': `'${props.websiteOrigin}'`, Vary: "'Origin'" },
      });
    }

    // No APIG3 acknowledgement: the stack associates the stage with a web ACL (WebAcls).
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG6',
      reason:
        'Execution logging needs the account-wide API Gateway CloudWatch role (AWS::ApiGateway::Account), a per-region singleton that this app must not own across stages; JSON access logs, metrics and X-Ray tracing are on.',
    });

    const requestValidator = new RequestValidator(this, 'RequestValidator', {
      restApi: this.api,
      requestValidatorName: 'body-and-parameters',
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    const functions: Record<string, ProductFunction> = {};
    const methods: Record<string, Method> = {};
    const bedrockFunctions: Record<string, ProductFunction> = {};
    const routes = props.routes ?? REST_ROUTES;
    // Routes that share a function get the one created from the first of them.
    for (const route of restFunctions(routes)) {
      const served = routes.filter((candidate) => candidate.functionId === route.functionId);
      functions[route.functionId] = this.createFunction(route, routesDescription(served));
    }
    // One invoke permission per function, for this API's stage (`scopePermissionToMethod: false`),
    // not one per method: a function is integrated only with its own routes, and a route added to
    // an existing function costs no CloudFormation resource (the template's quota is 500; see
    // test/lib/stacks/template-limits.test.ts). No test-invoke permission either way.
    // CORS preflight (OPTIONS) on each path that has a route, and only there: a path that is only
    // a prefix of others (`/user`, `/ats/bullhorn`) is never called, and each preflight is two
    // resources of the template's 500.
    const preflight = {
      allowOrigins: [props.websiteOrigin],
      allowHeaders: [...CORS_ALLOW_HEADERS],
      allowMethods: [...CORS_ALLOW_METHODS],
      maxAge: Duration.seconds(CORS_MAX_AGE_SECONDS),
    };
    for (const path of new Set(routes.map((route) => route.path))) this.api.root.resourceForPath(path).addCorsPreflight(preflight);
    for (const route of routes) {
      const fn = functions[route.functionId];
      const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const method = this.api.root
        .resourceForPath(route.path)
        .addMethod(route.method, new LambdaIntegration(fn, { scopePermissionToMethod: false }), {
          operationName: route.functionId.replace(/Function$/, ''),
          requestValidator,
          requestParameters: pathParameters.length
            ? Object.fromEntries(pathParameters.map((name) => [`method.request.path.${name}`, true]))
            : undefined,
          ...(route.auth === 'public'
            ? { authorizationType: AuthorizationType.NONE }
            : { authorizationType: AuthorizationType.COGNITO, authorizer: this.userPoolAuthorizer() }),
        });
      if (route.auth === 'public') {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is public by design (auth 'public' in lib/definitions/rest-routes.ts): ${publicReason(route)}`,
          },
          {
            id: 'AwsSolutions-COG4',
            reason: `${route.method} ${route.path} is public by design, so it has no Cognito authorizer: ${publicReason(route)}`,
          },
        );
      }
      methods[restMethodKey(route, routes)] = method;
      if (route.languageModel && this.languageModelSettings(route).engine === 'bedrock') bedrockFunctions[route.functionId] = fn;
    }
    this.functions = functions;
    this.methods = methods;
    this.bedrockFunctions = bedrockFunctions;
    if (props.webhookQueue) {
      // Not behind API Gateway, so not held to its 29 s: the consumer's own time-out.
      this.webhookConsumer = this.createFunction(
        WEBHOOK_CONSUMER_FUNCTION,
        'Handles queued Recurly webhook notifications',
        WEBHOOK_CONSUMER_FUNCTION.timeoutSeconds,
      );
      props.webhookQueue.addConsumer(this.webhookConsumer);
    }
  }

  /** The Cognito user pool authorizer; undefined while no route needs one. */
  public get authorizer(): CognitoUserPoolsAuthorizer | undefined {
    return this.authorizerInstance;
  }

  /** Created once, on the first route that needs it (an authorizer without a method fails synth). */
  private userPoolAuthorizer(): CognitoUserPoolsAuthorizer {
    this.authorizerInstance ??= new CognitoUserPoolsAuthorizer(this, 'UserPoolAuthorizer', {
      cognitoUserPools: [this.props.userPool],
      identitySource: 'method.request.header.Authorization',
    });
    return this.authorizerInstance;
  }

  private languageModelSettings(route: FunctionDefinition): LanguageModelSettings {
    if (!this.props.languageModel)
      throw new Error(
        `Route ${route.functionId} asks a language model (languageModel) but the RestApi was given no languageModel settings.`,
      );
    return this.props.languageModel;
  }

  private atsCredentialsKey(route: FunctionDefinition): IKey {
    if (!this.props.atsCredentialsKey)
      throw new Error(`Route ${route.functionId} seals ATS credentials (atsCredentials) but the RestApi was given no atsCredentialsKey.`);
    return this.props.atsCredentialsKey;
  }

  private get recurlySecret(): ISecret {
    this.recurlySecretInstance ??= Secret.fromSecretNameV2(this, 'RecurlyApiKey', this.props.recurlyApiKeySecretName);
    return this.recurlySecretInstance;
  }

  private get webhookSecret(): ISecret {
    this.webhookSecretInstance ??= Secret.fromSecretNameV2(this, 'RecurlyWebhookSecret', this.props.recurlyWebhookSecretName);
    return this.webhookSecretInstance;
  }

  private webhookQueueOf(route: FunctionDefinition): WebhookQueue {
    if (!this.props.webhookQueue)
      throw new Error(`Route ${route.functionId} queues webhook notifications (webhookQueue) but the RestApi was given no webhookQueue.`);
    return this.props.webhookQueue;
  }

  /** The function of `route` (and of the routes sharing it, or the webhook consumer), described by what it serves. */
  private createFunction(route: FunctionDefinition, description: string, timeoutSeconds?: number): ProductFunction {
    const { props } = this;
    const model = route.languageModel ? this.languageModelSettings(route) : undefined;
    const callsBedrock = model?.engine === 'bedrock';
    const credentialsKey = route.atsCredentials ? this.atsCredentialsKey(route) : undefined;
    const verifiesWebhooks = route.webhookSecret === true;
    const webhookQueue = route.webhookQueue ? this.webhookQueueOf(route) : undefined;
    const environment = routeEnvironment(route, {
      productSlug: props.productSlug,
      planCodeSuffix: props.planCodeSuffix,
      allowedOrigins: [props.websiteOrigin],
      tableNames: tableNamesOf(props.tables),
      billing: { adapter: 'recurly', apiKeySecretName: props.recurlyApiKeySecretName },
      webhookSecret: { secretName: props.recurlyWebhookSecretName },
      webhookQueue: webhookQueue ? { queueUrl: webhookQueue.queue.queueUrl } : undefined,
      userPool: { userPoolId: props.userPool.userPoolId },
      languageModel: model,
      atsCredentials: credentialsKey ? { kmsKeyId: credentialsKey.keyArn } : undefined,
    });

    const fn = new ProductFunction(this, route.functionId, {
      entry: path.resolve(REPO_ROOT, route.entry),
      description,
      environment,
      retainLogs: props.retainLogs,
      timeout: Duration.seconds(timeoutSeconds ?? routeTimeoutSeconds(route, model?.engine ?? 'deterministic')),
      dataFiles: route.dataFiles,
    });
    // Exactly one model (its inference profile and the foundation model in the profile's regions).
    if (model && callsBedrock) fn.addToRolePolicy(bedrockInvokeStatement(fn, model.bedrockModelId));
    // Encrypt and Decrypt on the one key, only with the credential purpose in the encryption context.
    if (credentialsKey) fn.addToRolePolicy(atsCredentialStatement(credentialsKey));
    for (const { table, access } of route.tables) {
      grantTableAccess(props.tables[table], fn, access);
      acknowledgeTableIndexWildcard(fn.role!, props.tables[table]);
    }
    if (route.userPoolAccess) {
      const actions = USER_POOL_ACTIONS[route.functionId];
      if (!actions)
        throw new Error(
          `Route ${route.functionId} calls the user pool but USER_POOL_ACTIONS (lib/constructs/rest-api.ts) lists no actions for it.`,
        );
      fn.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [props.userPool.userPoolArn] }));
    }
    if (route.billing) {
      this.recurlySecret.grantRead(fn);
      acknowledgeWildcardResource(
        fn.role!,
        // grantRead on a secret imported by name allows `<arn>-??????` (see Secret.fromSecretNameV2).
        `${this.recurlySecret.secretArn}-??????`,
        'A secret referenced by name is matched by its ARN plus the 6-character suffix Secrets Manager appends (-??????); the grant is read-only on that one secret.',
      );
    }
    if (verifiesWebhooks) {
      this.webhookSecret.grantRead(fn);
      acknowledgeWildcardResource(
        fn.role!,
        `${this.webhookSecret.secretArn}-??????`,
        'The webhook secret is referenced by name, so it is matched by its ARN plus the 6-character suffix Secrets Manager appends (-??????); the grant is read-only on that one secret.',
      );
    }
    webhookQueue?.queue.grantSendMessages(fn);
    return fn;
  }
}

/** The deployed table names by logical name. */
function tableNamesOf(tables: Readonly<Record<TableName, ITable>>): Record<TableName, string> {
  return Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, table.tableName])) as Record<TableName, string>;
}

function publicReason(route: RestRouteDefinition): string {
  if (route.path === '/subscription/plans') return 'the price list is public; the Products page shows it to signed-out visitors.';
  if (route.webhookSecret) {
    return 'Recurly calls it server to server and cannot send a Cognito token; the handler authenticates every request by its HMAC-SHA256 recurly-signature (endpoint secret from Secrets Manager, timestamp within 5 minutes, constant-time compare) before reading the body.';
  }
  return 'declared public in the shared route definitions.';
}
