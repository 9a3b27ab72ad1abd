import { AsyncLocalStorage } from 'node:async_hooks';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import LambdaClient from 'aws-sdk/clients/lambda';
import * as errors from 'cognito-local/lib/errors';
import { UserLambdaValidationError } from 'cognito-local/lib/errors';
import { createServer } from 'cognito-local/lib/server/server';
import { Router, type Route } from 'cognito-local/lib/server/Router';
import { loadConfig, type Config } from 'cognito-local/lib/server/config';
import { DateClock, LambdaService, TriggersService, type Services } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl, USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import type { Lambda } from 'cognito-local/lib/services/lambda';
import type { Messages } from 'cognito-local/lib/services/messages';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import type { Triggers } from 'cognito-local/lib/services/triggers';
import { UserPoolServiceFactoryImpl, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { InitiateAuth } from 'cognito-local/lib/targets/initiateAuth';
import pino from 'pino';
import { writeFileAtomic } from '../files';
import { DurableJsonStoreFactory } from './durable-json-store';
import { closeServer, listen } from '../net';
import { CODE_PARAMETER, composeCognitoEmail, fillCognitoPlaceholders, USERNAME_PARAMETER } from './cognito-messages';
import { createLocalTargets } from './cognito-targets';
import type { OutboxMessageInput } from './outbox';
import {
  COGNITO_ISSUER_DOMAIN,
  GROUPS,
  groupRecord,
  LOCAL_REGION,
  LOCAL_USER_POOL_CLIENT_ID,
  LOCAL_USER_POOL_ID,
  poolOptions,
  webClient,
} from './pool-settings';
import { PORT_LABELS } from '../ports';

/**
 * cognito-local's server, assembled as its own `createDefaultServer` does but with this product's
 * pool, config and data folder, the trigger and message behaviour of Cognito, and the targets of
 * cognito-targets.ts in front of its own. Runs inside the cognito-local worker thread
 * (cognito-worker.ts): cognito-local loads an ES module (@scure/base) that Node requires
 * natively but jest's module system cannot, so only the worker ever imports this file.
 */

export interface CognitoServerOptions {
  /** The pool data folder (`config.json`, `db/*.json`); it exists. */
  readonly dataDir: string;
  readonly port: number;
  readonly portEnvVar: string;
  readonly lambdaEndpoint?: string;
  readonly triggers?: Partial<Record<'PreSignUp' | 'PostConfirmation' | 'CustomMessage', string>>;
  /** Hands an email to the outbox; the call that sent it answers once this resolves. */
  readonly deliverEmail: (message: OutboxMessageInput) => Promise<void>;
  readonly log?: (line: string) => void;
  /** Something the developer must know (a data file that could not be read and was set aside). */
  readonly warn: (line: string) => void;
}

export interface RunningCognitoServer {
  readonly port: number;
  stop(): Promise<void>;
}

/** Request of the call being answered: lets the PreSignUp trigger receive `ValidationData`, as Cognito passes it. */
const currentRequest = new AsyncLocalStorage<Record<string, unknown>>();

function attributesRecord(list: unknown): Record<string, string> | undefined {
  if (!Array.isArray(list)) return undefined;
  return Object.fromEntries(
    list.filter((item) => item && typeof item.Name === 'string').map((item) => [item.Name as string, String(item.Value ?? '')]),
  );
}

/**
 * The Lambda client cognito-local invokes triggers with, made to behave like Cognito:
 * events carry the pool's region (cognito-local says "local"), a failing trigger reads
 * "PreSignUp failed with error <message>." (cognito-local names the function), PreSignUp
 * receives the SignUp call's ValidationData, and a failing PostConfirmation reaches the client
 * (cognito-local only logs it).
 */
function cognitoTriggers(config: Config, services: Pick<Services, 'clock' | 'cognito'>): Triggers {
  const awsLambda = new LambdaClient({ ...config.LambdaClient, maxRetries: 0, httpOptions: { timeout: 30_000 } });
  const client = {
    invoke: (params: { FunctionName: string; InvocationType?: string; Payload?: string }) => {
      const event = JSON.parse(params.Payload ?? '{}') as Record<string, unknown>;
      event.region = LOCAL_REGION;
      return awsLambda.invoke({ ...params, Payload: JSON.stringify(event) });
    },
  } as unknown as ConstructorParameters<typeof LambdaService>[1];
  const base = new LambdaService(config.TriggerFunctions, client);
  const lambda: Lambda = {
    enabled: (trigger) => base.enabled(trigger),
    invoke: (async (ctx: Context, trigger: Parameters<Lambda['enabled']>[0], event: Record<string, unknown>) => {
      const request = currentRequest.getStore();
      const withValidationData =
        trigger === 'PreSignUp' && event.validationData === undefined && request
          ? { ...event, validationData: attributesRecord(request.ValidationData) }
          : event;
      try {
        return await base.invoke(ctx, trigger, withValidationData as never);
      } catch (error) {
        const functionName = config.TriggerFunctions[trigger];
        const prefix = `${functionName} failed with error `;
        if (error instanceof UserLambdaValidationError && functionName && error.message.startsWith(prefix)) {
          throw new UserLambdaValidationError(`${trigger} failed with error ${error.message.slice(prefix.length)}`);
        }
        throw error;
      }
    }) as unknown as Lambda['invoke'],
  };
  const noCrypto = {} as ConstructorParameters<typeof TriggersService>[3];
  const triggers = new TriggersService(services.clock, services.cognito, lambda, noCrypto);
  return {
    enabled: (trigger) => triggers.enabled(trigger),
    // cognito-local fills the trigger's message with `String.replace`, which read a `$&` in a
    // temporary password as "the match" (the invitation then showed `{####}` in its place) and
    // fills only the first placeholder; Cognito fills every one with the value as written.
    customMessage: async (ctx, { clientId, clientMetadata, code, source, userAttributes, username, userPoolId }) => {
      try {
        const response = await lambda.invoke(ctx, 'CustomMessage', {
          clientId,
          clientMetadata,
          codeParameter: CODE_PARAMETER,
          triggerSource: source,
          userAttributes: attributesRecord(userAttributes) ?? {},
          username,
          usernameParameter: USERNAME_PARAMETER,
          userPoolId,
        });
        const fill = (message: string | null) => (message ? fillCognitoPlaceholders(message, code, username) : message);
        return { emailMessage: fill(response.emailMessage), emailSubject: response.emailSubject, smsMessage: fill(response.smsMessage) };
      } catch (error) {
        // As cognito-local and Cognito's default: a failing trigger leaves the pool's own message.
        ctx.logger.error(error);
        return null;
      }
    },
    customEmailSender: triggers.customEmailSender,
    postAuthentication: triggers.postAuthentication,
    preSignUp: triggers.preSignUp,
    preTokenGeneration: triggers.preTokenGeneration,
    userMigration: triggers.userMigration,
    postConfirmation: async (ctx, { clientId, clientMetadata, source, userAttributes, username, userPoolId }) => {
      await lambda.invoke(ctx, 'PostConfirmation', {
        clientId,
        clientMetadata,
        triggerSource: source,
        userAttributes: attributesRecord(userAttributes) ?? {},
        username,
        userPoolId,
      });
    },
  };
}

/** A stored user, not whatever else a plain-object lookup may find. */
function isUser(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.prototype.hasOwnProperty.call(value, 'Username') &&
    typeof (value as User).Username === 'string'
  );
}

/**
 * The pool signs in case-insensitively (the Auth construct's `signInCaseSensitive: false`):
 * `Dana@Example.com` finds the user who signed up as `dana@example.com`. cognito-local compares
 * exactly.
 */
function withCaseInsensitiveEmails(pool: UserPoolService): UserPoolService {
  const exact = pool.getUserByUsername.bind(pool);
  pool.getUserByUsername = async (ctx, username) => {
    // cognito-local keeps users in a plain object keyed by username: `toString`, `constructor` or
    // `__proto__` would find a member of Object.prototype, and the target then fails with a 500.
    // Cognito knows no such user.
    const lookedUp: unknown = await exact(ctx, username);
    const found = isUser(lookedUp) ? lookedUp : null;
    if (found || !username.includes('@')) return found;
    const wanted = username.toLowerCase();
    const users = await pool.listUsers(ctx);
    return (
      users.find((user) => user.Attributes?.some((attribute) => attribute.Name === 'email' && attribute.Value?.toLowerCase() === wanted)) ??
      null
    );
  };
  return pool;
}

/**
 * Emails go to the outbox (cognito-local only prints a code): with the CustomMessage trigger on,
 * its subject and body, as Cognito would send them; otherwise (or when the trigger fails) composed
 * from the pool's templates.
 */
function outboxMessages(deliverEmail: CognitoServerOptions['deliverEmail'], cognito: Services['cognito'], triggers: Triggers): Messages {
  return {
    async deliver(ctx, source, clientId, userPoolId, user, code, clientMetadata, deliveryDetails) {
      if (deliveryDetails.DeliveryMedium !== 'EMAIL') return; // The pool sends no SMS.
      const pool = await cognito.getUserPool(ctx, userPoolId);
      const email = user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? deliveryDetails.Destination;
      const composed = composeCognitoEmail({ source, pool: pool.options, to: deliveryDetails.Destination, username: email, code });
      if (!triggers.enabled('CustomMessage')) return deliverEmail(composed);
      const custom = await triggers.customMessage(ctx, {
        clientId,
        clientMetadata,
        code,
        source: `CustomMessage_${source}`,
        userAttributes: user.Attributes ?? [],
        username: email,
        userPoolId,
      });
      await deliverEmail(
        custom?.emailMessage ? { ...composed, subject: custom.emailSubject ?? composed.subject, body: custom.emailMessage } : composed,
      );
    },
  };
}

/** Creates the pool, its groups and the web client when missing; keeps the pool settings current. */
async function seedUserPool(ctx: Context, cognito: Services['cognito']): Promise<void> {
  const wanted = poolOptions(USER_POOL_AWS_DEFAULTS.SchemaAttributes ?? []);
  // getUserPool throws synchronously for an unknown pool.
  const existing = async () => cognito.getUserPool(ctx, LOCAL_USER_POOL_ID);
  let pool = await existing().catch(() => undefined);
  if (!pool) {
    await cognito.createUserPool(ctx, wanted);
    pool = await cognito.getUserPool(ctx, LOCAL_USER_POOL_ID);
  } else {
    // Data from an earlier version keeps its users and groups but gets today's settings.
    await pool.updateOptions(ctx, { ...pool.options, ...wanted, CreationDate: pool.options.CreationDate ?? wanted.CreationDate });
  }
  const now = new Date();
  // listGroups, not getGroupByGroupName: the latter throws while the pool has no group at all.
  const existingGroups = new Set((await pool.listGroups(ctx)).map((group) => group.GroupName));
  for (const group of GROUPS) {
    if (!existingGroups.has(group.GroupName)) await pool.saveGroup(ctx, groupRecord(group, now));
  }
  if (!(await cognito.getAppClient(ctx, LOCAL_USER_POOL_CLIENT_ID))) await pool.saveAppClient(ctx, webClient(now));
}

export async function startCognitoServer(options: CognitoServerOptions): Promise<RunningCognitoServer> {
  const logger = pino({ level: process.env.LOCAL_DEBUG ? 'warn' : 'silent' });
  const ctx: Context = { logger };
  const dbDir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });

  // cognito-local's config file, in its own format (its CLI reads it too), rewritten on every
  // start because the Lambda endpoint's port may change.
  const configFile: Partial<Config> = {
    LambdaClient: {
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      region: LOCAL_REGION,
      ...(options.lambdaEndpoint ? { endpoint: options.lambdaEndpoint } : {}),
    },
    TriggerFunctions: options.lambdaEndpoint ? { ...options.triggers } : {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: COGNITO_ISSUER_DOMAIN },
  };
  writeFileAtomic(path.join(options.dataDir, 'config.json'), `${JSON.stringify(configFile, null, 2)}\n`);
  // Atomic, serialized writes instead of cognito-local's StormDB files (durable-json-store.ts).
  const recovery = { onRecovered: options.warn };
  const config = await loadConfig(ctx, new DurableJsonStoreFactory(options.dataDir, recovery));

  const clock = new DateClock();
  const dataStoreFactory = new DurableJsonStoreFactory(dbDir, recovery);
  const userPoolFactory = new UserPoolServiceFactoryImpl(clock, dataStoreFactory);
  const createUserPool = userPoolFactory.create.bind(userPoolFactory);
  userPoolFactory.create = async (...args) => withCaseInsensitiveEmails(await createUserPool(...args));
  const cognito = await new CognitoServiceFactoryImpl(dbDir, dataStoreFactory, userPoolFactory).create(ctx, config.UserPoolDefaults);
  await seedUserPool(ctx, cognito);
  const triggers = cognitoTriggers(config, { clock, cognito });
  const services: Services = {
    clock,
    cognito,
    config,
    messages: outboxMessages(options.deliverEmail, cognito, triggers),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };

  const base = Router(services);
  const localTargets = createLocalTargets({ services, errors, initiateAuth: InitiateAuth(services) });
  const router = (target: string): Route => {
    const override = localTargets[target];
    const next = base(target);
    return (routeCtx, req) => {
      const startedAt = Date.now();
      const request = (req ?? {}) as Record<string, unknown>;
      const answer = currentRequest.run(request, () => (override ? override(routeCtx, request, next) : next(routeCtx, request)));
      answer.then(
        () => options.log?.(`[cognito] ${target} 200 ${Date.now() - startedAt}ms`),
        (error: { code?: string; message?: string }) =>
          options.log?.(
            `[cognito] ${target} ${error?.code ?? 'error'} ${Date.now() - startedAt}ms${error?.message ? ` (${error.message})` : ''}`,
          ),
      );
      return answer;
    };
  };
  const application = createServer(router, logger, { ...config.ServerConfig, development: false }, services)
    .application as http.RequestListener;
  const server = http.createServer(application);
  const port = await listen(server, options.port, { ...PORT_LABELS.cognito, envVar: options.portEnvVar });
  return { port, stop: () => closeServer(server) };
}
