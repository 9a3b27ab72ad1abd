import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_PRODUCT_SLUG, REGION } from '../lib/config';
import { ADMIN_STANDING_FUNCTION, RESOLVERS } from '../lib/definitions/resolvers';
import { REST_ROUTES, restFunctions, type RestRouteDefinition } from '../lib/definitions/rest-routes';
import { WEBHOOK_CONSUMER_FUNCTION } from '../lib/definitions/webhook-queue';
import { documentClientFor } from '../lambdas/shared/dynamodb/document-client';
import { routeEnvironment, routeTimeoutSeconds, type RouteNeeds } from '../lib/definitions/route-function';
import { LOCAL_MODEL_ENGINE } from '../lambdas/assistant/engine/environment';
import type { TableName } from '../lib/definitions/tables';
import { prepareResolvers, startAppSyncServer, type ResolverSource } from './appsync';
import { atsKeyFile, BULLHORN_DEMO_USERNAME, prepareLocalAts, type AtsStandInEndpoint } from './ats/ats-stand-ins';
import { prepareLocalBilling } from './billing';
import { createLocalDynamoDbClient, LOCAL_AWS_CREDENTIALS } from './dynamodb/client';
import { startDynalite } from './dynamodb/dynalite';
import type { DynaliteListener } from './dynamodb/dynalite-in-process';
import { ensureTables, localTableNames } from './dynamodb/tables';
import { LocalRuntimeError } from './errors';
import { ensurePortsFree } from './net';
import { writeFileAtomic } from './files';
import { NO_LOCAL_IDENTITY, type LocalIdentity, type LocalIdentityFactory, type LocalIdentityService } from './identity';
import { createCognitoIdentity, type SeedEndpoints } from './identity/local-identity';
import { SEED_DEMO_RECRUITER } from './identity/seed';
import { seedAssistantDemo, type AssistantDemoSeedInput } from './assistant/demo-seed';
import { migrateOrganizations, organizationMigrationDependencies } from '../lambdas/shared/organizations/organization-migration';
import { dataPaths, DEFAULT_BUILD_DIR, DEFAULT_DATA_DIR, DEFAULT_WEB_DIST_DIR } from './paths';
import { ATS_STAND_IN_PORT_NAMES, DEFAULT_PORTS, type AtsPortName, type PortName } from './ports';
import { bundleLambda } from './lambda/bundle';
import { createLambdaFunction, type LambdaFunction } from './lambda/host';
import { startRestServer } from './rest/rest-server';
import {
  LOCAL_QUEUE_SETTINGS,
  startWebhookQueuePoller,
  type QueueSettings,
  type WebhookQueuePoller,
} from './webhooks/webhook-queue-poller';
import { ensureLocalWebhookQueueTable, localWebhookQueueTableName } from './webhooks/webhook-queue-table';
import type { AdminStandingAnswer, AdminStandingRequest } from '../lambdas/shared/contracts/admin-standing';
import type { RuntimeConfig } from '../lambdas/shared/contracts/runtime-config';
import { LOCAL_PLAN_CODE_SUFFIX } from './stage';
import { localRuntimeConfig } from './web/runtime-config';
import { buildWeb, webBuildState } from './web/web-build';
import { startWebServer } from './web/web-server';

/**
 * `startLocalRuntime(options)`: the whole product on 127.0.0.1 from the code that runs in AWS —
 * dynalite with the shared tables, the REST adapter over the Lambda handlers, the AppSync runner
 * over the resolvers, the built web app with its config.json. Used by `npm start` (start.ts),
 * by the integration tests and by the browser tests' global setup.
 */

/** The local API key (AppSync keys look like `da2-` and 26 characters). Not a secret. */
export const DEFAULT_GRAPHQL_API_KEY = 'da2-localdevelopmentapikey0';

export type WebBuildPolicy =
  /** Build web/dist with Vite when it is missing or older than its sources (npm start). */
  | 'if-stale'
  /** Use web/dist as it is; a missing build is an error. */
  | 'never';

export interface LocalRuntimeOptions {
  /** DynamoDB data and endpoints.json; `.local/` by default. Ignored when `inMemory`. */
  readonly dataDir?: string;
  /** Keep DynamoDB data in memory and write no files (fast isolated tests). */
  readonly inMemory?: boolean;
  /** Start with empty data (`--reset`). */
  readonly reset?: boolean;
  /** Bundles and the resolver lint cache; `.local/build` by default. */
  readonly buildDir?: string;
  /**
   * Ports on 127.0.0.1; 0 picks a free one. Defaults: local/ports.ts, except that the ATS
   * stand-ins' ports (greenhouse, lever, workable, crelate) not given are free ports when any
   * given port is 0: a runtime started on free ports (tests) never takes the fixed ones.
   */
  readonly ports?: Partial<Record<PortName, number>>;
  /** The built web app to serve, `web/dist` by default; `false` serves no web app. */
  readonly webDistDir?: string | false;
  readonly webBuild?: WebBuildPolicy;
  readonly productSlug?: string;
  readonly graphqlApiKey?: string;
  /** REST routes to serve; `REST_ROUTES` by default (tests inject fixture handlers). */
  readonly routes?: readonly RestRouteDefinition[];
  /** Resolvers to run; `RESOLVERS` by default (tests may point one at a fixture `entry`). */
  readonly resolvers?: readonly ResolverSource[];
  /**
   * The identity service: cognito-local with the product's pool, the Cognito triggers behind a
   * local Lambda endpoint, the outbox page, the seed (local/identity). The default; `false`
   * starts none, and every token is then refused.
   */
  readonly identity?: LocalIdentityFactory | false;
  /**
   * Stands in for the GraphQL API's admin standing Lambda (ADMIN_STANDING_FUNCTION): for tests
   * whose identity has fixed tokens and no user pool to ask. Absent (the default), the real
   * handler runs behind the Lambda data source.
   */
  readonly adminStandingStandIn?: (request: AdminStandingRequest) => Promise<AdminStandingAnswer>;
  /**
   * `ASSISTANT_RATE_LIMIT_PER_MINUTE` of the assistant's handlers (requests a minute per user);
   * the handlers' default (30) when absent. The security tests raise it for their many calls.
   */
  readonly assistantRateLimitPerMinute?: number;
  /**
   * A local model behind an OpenAI-compatible chat endpoint (`--model-url`, `--model-name`) for
   * the assistant's capabilities, the deterministic engine answering when it fails; absent, the
   * deterministic engine only (the default).
   */
  readonly localModel?: LocalModelSettings;
  /**
   * Load every function's handler before the runtime is ready (the default, `npm start`): a
   * handler that fails at import stops the start with a clear message. `false` loads each on its
   * first call, as Lambda does: a test that calls a few of the 40-odd functions starts in about
   * half the CPU time.
   */
  readonly warmFunctions?: boolean;
  /**
   * Closed applications in every fake ATS's demo account (240 to 360 by default). The security
   * tests read or restore whole tables around each call, and the synced history is most of what
   * they hold: they ask for the fewest placement prediction accepts.
   */
  readonly demoClosedApplications?: number;
  /**
   * The webhook queue stand-in's rhythm: LOCAL_QUEUE_SETTINGS (a failed message comes back after
   * 10 s) and a poll every 500 ms by default; tests shorten them.
   */
  readonly webhookQueue?: Partial<QueueSettings> & { readonly pollIntervalMs?: number };
  /** Progress and one line per request; silent when absent. */
  readonly log?: (line: string) => void;
}

/** Where the local model is: the server's base URL and the model's name. */
export interface LocalModelSettings {
  readonly url: string;
  readonly name: string;
}

/** What `endpoints.json` holds (the identity service adds its own entries). */
export interface LocalEndpoints {
  readonly webUrl: string | null;
  /** REST invoke URL with the stage: `http://127.0.0.1:5181/prod`. */
  readonly restUrl: string;
  readonly graphqlUrl: string;
  readonly graphqlApiKey: string;
  readonly dynamodbEndpoint: string;
  readonly region: string;
  /** Local table names by logical name (`contacts` → `talentpilot-local-contacts`). */
  readonly tables: Readonly<Record<TableName, string>>;
  /** The ATS stand-ins by ATS name: API root, key type and the demo key(s) each accepts. */
  readonly ats: Readonly<Record<AtsPortName, AtsStandInEndpoint>>;
  /** The fake Bullhorn: where `loginInfo` is asked, and the demo OAuth client and API user name to sign in with. */
  readonly atsBullhorn: {
    readonly loginInfoRoot: string;
    readonly clientId: string;
    readonly clientSecret: string;
    readonly username: string;
  };
  readonly [extra: string]: unknown;
}

export interface LocalRuntime {
  readonly endpoints: LocalEndpoints;
  /** Where endpoints.json was written (absent in memory). */
  readonly endpointsFile?: string;
  /** A DynamoDB client for the local tables (tests read back what the APIs stored). */
  readonly dynamodb: DynamoDBClient;
  /**
   * dynalite's request listener, for callers in this process that skip the socket
   * (dynamodb/dynalite-in-process.ts `askDynalite`: the security tests' table reads).
   */
  readonly dynaliteListener: DynaliteListener;
  /** Milliseconds from the call to ready. */
  readonly readyInMs: number;
  /** The webhook queue stand-in: `settle()` waits until queued notifications are handled; `deadLetters()` lists what failed 10 times. */
  readonly webhookQueue: Pick<WebhookQueuePoller, 'settle' | 'deadLetters'>;
  /** Stops every service; safe to call twice. */
  stop(): Promise<void>;
}

export function resolvePorts(ports: Partial<Record<PortName, number>> | undefined): Record<PortName, number> {
  const freeAts = Object.values(ports ?? {}).includes(0);
  const atsDefaults = Object.fromEntries(ATS_STAND_IN_PORT_NAMES.map((name) => [name, freeAts ? 0 : DEFAULT_PORTS[name]]));
  const resolved = { ...DEFAULT_PORTS, ...atsDefaults, ...ports };
  for (const [name, port] of Object.entries(resolved)) {
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new LocalRuntimeError(`Invalid ${name} port: ${port}`);
  }
  return resolved;
}

/** The local runtime's Recurly webhook signing secret (public: it protects nothing real). */
export const LOCAL_WEBHOOK_SECRET = 'local-webhook-secret';

/**
 * The environment of one route's function: the variables every stage gives it
 * (lib/definitions/route-function.ts, the rule the RestApi construct applies too) with the local
 * adapters' values (the local billing's table, the webhook secret itself, cognito-local's pool,
 * the deterministic engine, the local credential key file and the ATS stand-ins' API roots,
 * dynalite), plus what the Lambda service provides in AWS (region, credentials, function name).
 * Of the host's environment only PATH and LOG_LEVEL reach the handler.
 */
export function lambdaEnvironment(
  route: RouteNeeds,
  input: {
    readonly productSlug: string;
    readonly tableNames: Readonly<Record<TableName, string>>;
    readonly allowedOrigins: readonly string[];
    readonly dynamodbEndpoint: string;
    /** The local billing's table, for routes with `billing: true`. */
    readonly billingTable?: string;
    /** The webhook queue stand-in's table, for routes with `webhookQueue: true`. */
    readonly webhookQueueTable?: string;
    /** `ASSISTANT_RATE_LIMIT_PER_MINUTE` for the routes behind the subscriber gate. */
    readonly assistantRateLimitPerMinute?: number;
    /** The local credential key file and the fakes' API roots, for routes with `atsCredentials: true`. */
    readonly ats?: {
      readonly keyFile: string;
      readonly baseUrls: Readonly<Record<string, string>>;
      readonly bullhornOrigins?: readonly string[];
    };
    /** cognito-local's pool, for routes with `userPoolAccess: true`. */
    readonly userPool?: { readonly userPoolId: string; readonly endpoint: string };
    /** The local model of routes with `languageModel: true`; absent, the deterministic engine. */
    readonly localModel?: LocalModelSettings;
  },
): Record<string, string> {
  return {
    ...routeEnvironment(route, {
      productSlug: input.productSlug,
      planCodeSuffix: LOCAL_PLAN_CODE_SUFFIX,
      allowedOrigins: input.allowedOrigins,
      tableNames: input.tableNames,
      billing: { adapter: 'local', table: input.billingTable },
      // The secret itself: in AWS the handler reads it from Secrets Manager.
      webhookSecret: { secrets: LOCAL_WEBHOOK_SECRET },
      webhookQueue: input.webhookQueueTable === undefined ? undefined : { localTable: input.webhookQueueTable },
      userPool: input.userPool,
      // Offline, the assistant's capabilities run on the deterministic engine (no Bedrock locally),
      // or on the local model the runtime was started with.
      languageModel: input.localModel
        ? { engine: LOCAL_MODEL_ENGINE, modelUrl: input.localModel.url, modelName: input.localModel.name }
        : { engine: 'deterministic' },
      atsCredentials: input.ats && {
        localKeyFile: input.ats.keyFile,
        baseUrls: input.ats.baseUrls,
        bullhornOrigins: input.ats.bullhornOrigins,
      },
      dynamodbEndpoint: input.dynamodbEndpoint,
      rateLimitPerMinute: input.assistantRateLimitPerMinute,
    }),
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_ACCESS_KEY_ID: LOCAL_AWS_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_AWS_CREDENTIALS.secretAccessKey,
    AWS_LAMBDA_FUNCTION_NAME: localFunctionName(input.productSlug, route.functionId),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(process.env.PATH ? { PATH: process.env.PATH } : {}),
    // The host's LOG_LEVEL (e.g. `warn` under load), so handler logs can be quieted locally.
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
  };
}

/** `<slug>-local-<functionId>`, the name in Lambda contexts and logs. */
export function localFunctionName(productSlug: string, functionId: string): string {
  return `${productSlug}-local-${functionId}`;
}

/** Seeds the assistant demo for the identity seed's demo recruiter (nothing without a seed). */
async function seedDemoRecruiter(
  identityService: LocalIdentityService | undefined,
  input: Omit<AssistantDemoSeedInput, 'recruiter'> & { readonly log: (line: string) => void },
): Promise<void> {
  const seed = identityService?.endpoints?.seed as SeedEndpoints | undefined;
  if (!seed?.demoSub) return;
  const { email, firstName, lastName, companyName } = SEED_DEMO_RECRUITER;
  const result = await seedAssistantDemo({ ...input, recruiter: { sub: seed.demoSub, email, firstName, lastName, companyName } });
  const seeded = [
    result.subscribed && "the demo recruiter's trial subscription",
    result.jobsCreated.length > 0 && `${result.jobsCreated.length} sample jobs`,
  ].filter(Boolean);
  if (seeded.length > 0) input.log(`Seeded ${seeded.join(' and ')}.`);
}

/**
 * The organizations migration (issue 18) on the local data, as `npm run admin --
 * migrate-organizations` runs it in AWS: users kept from earlier starts (and the seed's) become
 * owners of a firm of their own. Idempotent, so every start runs it.
 */
async function migrateLocalOrganizations(
  dynamodb: DynamoDBClient,
  tableNames: Readonly<Record<TableName, string>>,
  log: (line: string) => void,
): Promise<void> {
  const report = await migrateOrganizations(organizationMigrationDependencies(documentClientFor(dynamodb), tableNames), { dryRun: false });
  if (report.created.length > 0) log(`Gave ${report.created.length} users an organization of their own (issue 18 migration).`);
}

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const startedAt = Date.now();
  const log = options.log ?? (() => undefined);
  const ports = resolvePorts(options.ports);
  const productSlug = options.productSlug ?? DEFAULT_PRODUCT_SLUG;
  const apiKey = options.graphqlApiKey ?? DEFAULT_GRAPHQL_API_KEY;
  const buildDir = path.resolve(options.buildDir ?? DEFAULT_BUILD_DIR);
  const dataDir = options.inMemory ? undefined : path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const paths = dataDir ? dataPaths(dataDir) : undefined;
  const webDistDir = options.webDistDir === false ? undefined : path.resolve(options.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  const tableNames = localTableNames(productSlug);
  /** The web app's config.json, known once the APIs listen (until then /config.json answers 503). */
  let webConfig: RuntimeConfig | undefined;
  /** Origins allowed to call the local billing's card tokenization (the web app's). */
  let billingOrigins: readonly string[] = [];

  // Everything started so far, stopped in reverse order on failure or stop().
  const stops: { name: string; stop: () => Promise<void> }[] = [];
  const stopAll = async () => {
    for (const { name, stop } of stops.splice(0).reverse()) {
      await stop().catch((error: unknown) => console.error(`[local] stopping ${name} failed:`, error));
    }
  };

  try {
    if (paths && options.reset) {
      log(`Reset: removing ${paths.dynamodb}`);
      fs.rmSync(paths.dynamodb, { recursive: true, force: true });
      // The ATS keys sealed with it were in the tables just removed.
      fs.rmSync(atsKeyFile(dataDir!), { force: true });
    }

    // What can fail before anything starts fails first: nothing is started only to be stopped.
    const webState = webDistDir ? webBuildState(webDistDir) : undefined;
    const rebuildWeb =
      webState !== undefined &&
      webState !== 'fresh' &&
      (options.webBuild ?? 'never') === 'if-stale' &&
      webDistDir === path.resolve(DEFAULT_WEB_DIST_DIR);
    if (webState === 'missing' && !rebuildWeb) {
      throw new LocalRuntimeError(
        `The web app is not built (${path.join(webDistDir!, 'index.html')} is missing). Run npm run build:web first.`,
      );
    }
    await ensurePortsFree(ports);

    const webReady = (async () => {
      if (!webDistDir) return undefined;
      if (rebuildWeb) {
        log(
          webState === 'missing'
            ? 'Building the web app (web/dist is missing)...'
            : 'Rebuilding the web app (web/dist is older than its sources)...',
        );
        await buildWeb();
      }
      return webDistDir;
    })();
    const resolversReady = prepareResolvers(options.resolvers ?? RESOLVERS, buildDir);
    const routes = options.routes ?? REST_ROUTES;
    // The routes' functions (one per functionId: routes may share one), and last the GraphQL API's admin check (a Lambda data source).
    const routeFunctions = restFunctions(routes);
    const lambdasReady = Promise.all(
      [...routeFunctions, ADMIN_STANDING_FUNCTION, WEBHOOK_CONSUMER_FUNCTION].map((fn) =>
        bundleLambda(fn.functionId, fn.entry, buildDir, 'dataFiles' in fn ? fn.dataFiles : undefined),
      ),
    );
    const databaseReady = (async () => {
      const dynalite = await startDynalite({ path: paths?.dynamodb, port: ports.dynamodb });
      stops.push({ name: 'DynamoDB', stop: dynalite.stop });
      const client = createLocalDynamoDbClient(dynalite.endpoint);
      stops.push({ name: 'DynamoDB client', stop: async () => client.destroy() });
      const tables = await ensureTables(client, productSlug);
      if (tables.created.length > 0) log(`Created tables: ${tables.created.join(', ')}`);
      for (const warning of tables.warnings) log(`Warning: ${warning}`);
      // The local billing (the Recurly stand-in) keeps its own table; the web origins are known later.
      const billing = await prepareLocalBilling({ dynamodb: client, productSlug, allowedOrigins: () => billingOrigins });
      if (billing.created) log(`Created the local billing table ${billing.tableName}`);
      // The webhook queue stand-in: a table in the same data folder, so queued notifications survive a restart.
      const webhookQueueTable = localWebhookQueueTableName(productSlug);
      if (await ensureLocalWebhookQueueTable(client, webhookQueueTable)) log(`Created the local webhook queue table ${webhookQueueTable}`);
      return { endpoint: dynalite.endpoint, listener: dynalite.requestListener, client, billing, webhookQueueTable };
    })();
    // The web server listens first: its origin goes into the handlers' ALLOWED_ORIGINS.
    const webServerReady = webDistDir
      ? startWebServer({ port: ports.web, distDir: webDistDir, runtimeConfig: () => webConfig, log: options.log }).then((server) => {
          stops.push({ name: 'web server', stop: server.stop });
          return server;
        })
      : Promise.resolve(undefined);

    // The ATS stand-ins and the local key that seals ATS credentials.
    const atsReady = prepareLocalAts({ ports, dataDir, demoClosedApplications: options.demoClosedApplications }).then((ats) => {
      stops.push({ name: 'ATS stand-ins', stop: ats.stop });
      return ats;
    });

    const settled = await Promise.allSettled([webReady, resolversReady, lambdasReady, databaseReady, webServerReady, atsReady]);
    const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
    const [, bundles, lambdaBundles, database, webServer, ats] = settled.map(
      (result) => (result as PromiseFulfilledResult<unknown>).value,
    ) as [
      unknown,
      Awaited<typeof resolversReady>,
      Awaited<typeof lambdasReady>,
      Awaited<typeof databaseReady>,
      Awaited<typeof webServerReady>,
      Awaited<typeof atsReady>,
    ];

    let identity: LocalIdentity = NO_LOCAL_IDENTITY;
    let identityService: LocalIdentityService | undefined;
    const identityFactory =
      options.identity === false
        ? undefined
        : (options.identity ??
          createCognitoIdentity({ ports: { cognito: ports.cognito, lambda: ports.lambda }, buildDir, productSlug, log: options.log }));
    if (identityFactory) {
      identityService = await identityFactory({
        dataDir,
        dynamodbEndpoint: database.endpoint,
        tableNames,
        reset: options.reset === true,
        localRoutes: database.billing.routes,
      });
      stops.push({ name: 'identity', stop: identityService.stop });
      identity = identityService;
      for (const [pathname, page] of Object.entries(identityService.webPages ?? {})) webServer?.addPage(pathname, page);
    }
    // The demo recruiter's trial subscription and sample jobs, while the functions warm up.
    const demoSeeded = seedDemoRecruiter(identityService, {
      dynamodb: database.client,
      tableNames,
      billingStore: database.billing.store,
      productSlug,
      log,
    });
    // After the seed, so the seeded users are migrated too.
    const organizationsMigrated = demoSeeded.then(() => migrateLocalOrganizations(database.client, tableNames, log));
    // Awaited below; a failure before that must not surface as an unhandled rejection.
    organizationsMigrated.catch(() => undefined);

    const webOrigins = webServer ? [webServer.url, `http://localhost:${webServer.port}`] : [`http://127.0.0.1:${ports.web}`];
    billingOrigins = webOrigins;
    // One worker thread per function (not per route), with the function's own environment, loaded now (unless
    // `warmFunctions` is false) so that a handler failing at import time stops the start with a clear message.
    const functions: Record<string, LambdaFunction> = {};
    // The handlers’ DynamoDB clients reach dynalite in process (lambda/container.ts): the HTTP between them was about a quarter of a call’s CPU.
    const dynamodbAccess = { endpoint: database.endpoint, listener: database.listener };
    for (const [index, route] of routeFunctions.entries()) {
      const lambda = createLambdaFunction({
        bundle: lambdaBundles[index],
        dynamodb: dynamodbAccess,
        functionName: localFunctionName(productSlug, route.functionId),
        // The construct's time-out (a route waits for a local model as it would for Bedrock).
        timeoutMs: routeTimeoutSeconds(route, options.localModel ? LOCAL_MODEL_ENGINE : 'deterministic') * 1000,
        environment: lambdaEnvironment(route, {
          productSlug,
          tableNames,
          allowedOrigins: webOrigins,
          dynamodbEndpoint: database.endpoint,
          billingTable: database.billing.tableName,
          webhookQueueTable: database.webhookQueueTable,
          assistantRateLimitPerMinute: options.assistantRateLimitPerMinute,
          // Bullhorn's root is where `loginInfo` is asked; its answers point to the fake's two origins.
          ats: {
            keyFile: ats.keyFile,
            baseUrls: { ...ats.baseUrls, bullhorn: ats.bullhorn.loginInfoRoot },
            bullhornOrigins: ats.bullhorn.origins,
          },
          userPool: identityService?.userPool,
          localModel: options.localModel,
        }),
      });
      stops.push({ name: lambda.functionName, stop: lambda.stop });
      functions[route.functionId] = lambda;
    }
    // The GraphQL API's admin check: the same rule for its environment as a route's (the users
    // table and the user pool), behind the Lambda data source of the admin standing function.
    const standIn = options.adminStandingStandIn;
    let adminStanding: Pick<LambdaFunction, 'functionName' | 'invoke' | 'warm'>;
    if (standIn) {
      adminStanding = {
        functionName: 'admin standing stand-in',
        invoke: (payload) => standIn(payload as AdminStandingRequest),
        warm: async () => undefined,
      };
    } else {
      const lambda = createLambdaFunction({
        bundle: lambdaBundles[routeFunctions.length],
        dynamodb: dynamodbAccess,
        functionName: localFunctionName(productSlug, ADMIN_STANDING_FUNCTION.functionId),
        environment: lambdaEnvironment(ADMIN_STANDING_FUNCTION, {
          productSlug,
          tableNames,
          allowedOrigins: webOrigins,
          dynamodbEndpoint: database.endpoint,
          userPool: identityService?.userPool,
        }),
      });
      stops.push({ name: lambda.functionName, stop: lambda.stop });
      adminStanding = lambda;
    }
    // The webhook queue's consumer, fed by the stand-in's poller as SQS feeds it in AWS.
    const webhookConsumer = createLambdaFunction({
      bundle: lambdaBundles[routeFunctions.length + 1],
      dynamodb: dynamodbAccess,
      functionName: localFunctionName(productSlug, WEBHOOK_CONSUMER_FUNCTION.functionId),
      timeoutMs: WEBHOOK_CONSUMER_FUNCTION.timeoutSeconds * 1000,
      environment: lambdaEnvironment(WEBHOOK_CONSUMER_FUNCTION, {
        productSlug,
        tableNames,
        allowedOrigins: webOrigins,
        dynamodbEndpoint: database.endpoint,
        billingTable: database.billing.tableName,
      }),
    });
    stops.push({ name: webhookConsumer.functionName, stop: webhookConsumer.stop });
    // A few loads at a time, not forty: each handler load has Lambda's 10 s init limit, and forty
    // at once on two busy cores gave each a fortieth of the CPU and missed it.
    const warming =
      options.warmFunctions === false
        ? Promise.resolve()
        : warmInTurn([...new Set(Object.values(functions)), adminStanding, webhookConsumer]);
    await Promise.all([warming, organizationsMigrated]);

    const [rest, graphql] = await Promise.all([
      startRestServer({
        port: ports.rest,
        routes,
        functions,
        allowedOrigins: webOrigins,
        identity,
        log: options.log,
      }).then((server) => {
        stops.push({ name: 'REST API', stop: server.stop });
        return server;
      }),
      startAppSyncServer({
        port: ports.graphql,
        apiKey,
        bundles: bundles.resolvers,
        adminStanding: { pipeline: bundles.pipeline, lambda: adminStanding },
        dynamodb: database.client,
        tableNames,
        identity,
        log: options.log,
      }).then((server) => {
        stops.push({ name: 'GraphQL API', stop: server.stop });
        return server;
      }),
    ]);

    const { pollIntervalMs, ...queueSettings } = options.webhookQueue ?? {};
    const webhookQueue = startWebhookQueuePoller({
      client: documentClientFor(database.client),
      tableName: database.webhookQueueTable,
      consumer: (event) => webhookConsumer.invoke(event),
      settings: { ...LOCAL_QUEUE_SETTINGS, ...queueSettings },
      pollIntervalMs,
      log,
    });
    stops.push({ name: 'webhook queue', stop: webhookQueue.stop });

    // Card tokenization is served on the identity's Lambda endpoint; without identity there is none.
    const billingUrl = identityService?.localRoutesUrl;
    webConfig = localRuntimeConfig({
      restUrl: rest.url,
      graphqlUrl: graphql.url,
      graphqlApiKey: apiKey,
      productSlug,
      extra: { ...identityService?.webConfig, ...(billingUrl ? database.billing.webConfig(billingUrl) : {}) },
    });
    const endpoints: LocalEndpoints = {
      webUrl: webServer?.url ?? null,
      restUrl: rest.url,
      graphqlUrl: graphql.url,
      graphqlApiKey: apiKey,
      dynamodbEndpoint: database.endpoint,
      region: REGION,
      tables: tableNames,
      webhookQueueTable: database.webhookQueueTable,
      ...identityService?.endpoints,
      ...(billingUrl ? database.billing.endpoints(billingUrl) : { localBillingTable: database.billing.tableName }),
      ats: ats.endpoints,
      atsBullhorn: {
        loginInfoRoot: ats.bullhorn.loginInfoRoot,
        clientId: ats.bullhorn.clientId,
        clientSecret: ats.bullhorn.clientSecret,
        username: BULLHORN_DEMO_USERNAME,
      },
    };
    if (paths) {
      writeFileAtomic(paths.endpointsFile, `${JSON.stringify(endpoints, null, 2)}\n`);
      // `vite dev` (web/vite.config.ts) serves this file as /config.json.
      writeFileAtomic(path.join(dataDir!, 'web', 'config.json'), `${JSON.stringify(webConfig, null, 2)}\n`);
    }

    let stopping: Promise<void> | undefined;
    return {
      endpoints,
      endpointsFile: paths?.endpointsFile,
      dynamodb: database.client,
      dynaliteListener: database.listener,
      readyInMs: Date.now() - startedAt,
      webhookQueue: { settle: webhookQueue.settle, deadLetters: webhookQueue.deadLetters },
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Handler loads in flight at once while the runtime starts: the cores, plus one to cover file reads. */
const WARM_UP_CONCURRENCY = Math.max(2, os.availableParallelism()) + 1;

/** Loads the functions' handlers, {@link WARM_UP_CONCURRENCY} at a time; the first failure rejects. */
async function warmInTurn(functions: readonly Pick<LambdaFunction, 'warm'>[]): Promise<void> {
  const queue = [...functions];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) await next.warm();
  };
  await Promise.all(Array.from({ length: WARM_UP_CONCURRENCY }, worker));
}
