import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COGNITO_TRIGGERS, type CognitoTriggerDefinition } from '../../lib/definitions/cognito-triggers';
import { createLocalDynamoDbClient, LOCAL_AWS_CREDENTIALS } from '../dynamodb/client';
import type { LocalIdentityFactory, LocalIdentityService } from '../identity';
import { DEFAULT_BUILD_DIR } from '../paths';
import { startCognitoLocal } from './cognito-local';
import { startLambdaEndpoint } from './lambda-endpoint';
import { createOutbox, outboxPages } from './outbox';
import { seedLocalIdentity, type SeedResult } from './seed';
import { authorizationToken, authorizerClaims, verifiedToken } from './token-claims';
import { bundleTriggers, startTriggerFunctions, triggerNames, type TriggerFunctions } from './trigger-functions';
import { createUserPoolVerifier } from './user-pool-verifier';
import { DEFAULT_PORTS } from '../ports';

/**
 * The local runtime's identity service (the default of `startLocalRuntime`): cognito-local with
 * the product's pool, the Cognito triggers behind a local Lambda endpoint, the outbox, the seed
 * (admin + registration codes), and the production token verifier fed with the local JWKS.
 */

export const DEFAULT_IDENTITY_PORTS = { cognito: DEFAULT_PORTS.cognito, lambda: DEFAULT_PORTS.lambda } as const;

export interface CognitoIdentityOptions {
  /** Ports on 127.0.0.1 (0 = a free one); defaults {@link DEFAULT_IDENTITY_PORTS}. */
  readonly ports?: { readonly cognito?: number; readonly lambda?: number };
  /** Where trigger bundles go; `.local/build` by default. */
  readonly buildDir?: string;
  readonly productSlug?: string;
  /** The triggers to run; `COGNITO_TRIGGERS` by default (tests point them at fixtures). */
  readonly triggers?: readonly CognitoTriggerDefinition[];
  /** Seed the admin and the registration codes (default true). */
  readonly seed?: boolean;
  /** Progress and one line per call; also where outbox messages are printed. Silent when absent. */
  readonly log?: (line: string) => void;
}

/** `endpoints.json`'s `seed` entry: what a person needs to sign in and sign up locally. */
export interface SeedEndpoints {
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** The demo recruiter (a trial subscription and the sample jobs: local/assistant/demo-seed.ts). */
  readonly demoEmail: string;
  readonly demoPassword: string;
  /** Their Cognito sub, the id of their data. */
  readonly demoSub: string;
  readonly registrationCodes: readonly { readonly code: string; readonly group: string }[];
}

export function createCognitoIdentity(options: CognitoIdentityOptions = {}): LocalIdentityFactory {
  return async (context) => {
    const log = options.log ?? (() => undefined);
    const productSlug = options.productSlug ?? 'talentpilot';
    const cognitoDir = context.dataDir ? path.join(context.dataDir, 'cognito') : undefined;
    if (cognitoDir && context.reset) {
      log(`Reset: removing ${cognitoDir}`);
      fs.rmSync(cognitoDir, { recursive: true, force: true });
    }
    const outbox = createOutbox({ file: cognitoDir ? path.join(cognitoDir, 'outbox.json') : undefined, print: options.log });

    const stops: (() => Promise<void>)[] = [];
    const stopAll = async () => {
      for (const stop of stops.splice(0).reverse())
        await stop().catch((error: unknown) => console.error('[identity] stopping failed:', error));
    };
    try {
      const functions: Record<string, TriggerFunctions['functions'][string]> = {};
      const [bundled, lambdaEndpoint] = await Promise.all([
        bundleTriggers(options.triggers ?? COGNITO_TRIGGERS, path.resolve(options.buildDir ?? DEFAULT_BUILD_DIR)),
        startLambdaEndpoint({
          port: options.ports?.lambda ?? DEFAULT_IDENTITY_PORTS.lambda,
          functions,
          outbox,
          routes: context.localRoutes,
          log: options.log,
        }).then((endpoint) => {
          stops.push(endpoint.stop);
          return endpoint;
        }),
      ]);
      for (const trigger of bundled.missing) log(`Warning: the ${trigger.trigger} trigger is off: ${trigger.entry} does not exist yet.`);

      const cognito = await startCognitoLocal({
        dataDir: cognitoDir,
        port: options.ports?.cognito ?? DEFAULT_IDENTITY_PORTS.cognito,
        lambdaEndpoint: lambdaEndpoint.url,
        triggers: triggerNames(bundled, productSlug),
        outbox,
        log: options.log,
        buildDir: options.buildDir,
      });
      stops.push(cognito.stop);

      const dynamodb = createLocalDynamoDbClient(context.dynamodbEndpoint);
      stops.push(async () => dynamodb.destroy());
      const cognitoClient = new CognitoIdentityProviderClient({
        endpoint: cognito.endpoint,
        region: cognito.region,
        credentials: LOCAL_AWS_CREDENTIALS,
        maxAttempts: 1,
      });
      stops.push(async () => cognitoClient.destroy());
      const [triggerFunctions, seed, jwks] = await Promise.all([
        startTriggerFunctions(bundled, {
          productSlug,
          tableNames: context.tableNames,
          dynamodbEndpoint: context.dynamodbEndpoint,
          cognitoEndpoint: cognito.endpoint,
        }),
        options.seed === false
          ? Promise.resolve(undefined)
          : seedLocalIdentity({ cognito: cognitoClient, userPoolId: cognito.userPoolId, dynamodb, tableNames: context.tableNames }),
        fetch(cognito.jwksUrl).then((response) => response.json() as Promise<unknown>),
      ]);
      stops.push(triggerFunctions.stop);
      Object.assign(functions, triggerFunctions.functions);
      if (seed) reportSeed(seed, log);

      // The verifier production uses, trusting the local JWKS (never do this outside the local runtime).
      const verifier = createUserPoolVerifier({
        userPoolId: cognito.userPoolId,
        clientId: cognito.userPoolClientId,
        issuer: cognito.issuer,
        jwks,
      });
      const verify = async (token: string) => {
        try {
          return (await verifier.verify(token)) as unknown as Record<string, unknown>;
        } catch {
          return undefined;
        }
      };

      const seedEndpoints: SeedEndpoints | undefined = seed && {
        adminEmail: seed.admin.email,
        adminPassword: seed.admin.password,
        demoEmail: seed.demo.email,
        demoPassword: seed.demo.password,
        demoSub: seed.demo.sub,
        registrationCodes: seed.registrationCodes.map(({ code, group }) => ({ code, group })),
      };
      const service: LocalIdentityService = {
        async verifyUserPoolToken(token) {
          const payload = await verify(token);
          return payload ? verifiedToken(payload) : undefined;
        },
        async resolveAuthorizerClaims(headers) {
          const token = authorizationToken(headers);
          const payload = token ? await verify(token) : undefined;
          // API Gateway's Cognito authorizer (no OAuth scopes on the method) takes id tokens only.
          return payload && payload.token_use === 'id' ? authorizerClaims(payload) : undefined;
        },
        endpoints: {
          cognitoEndpoint: cognito.endpoint,
          userPoolId: cognito.userPoolId,
          userPoolClientId: cognito.userPoolClientId,
          lambdaEndpoint: lambdaEndpoint.url,
          outboxEndpoint: lambdaEndpoint.outboxUrl,
          ...(seedEndpoints ? { seed: seedEndpoints } : {}),
        },
        webConfig: { userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId, cognitoEndpoint: cognito.endpoint },
        // The REST handlers that manage users (the admin routes) call this pool.
        userPool: { userPoolId: cognito.userPoolId, endpoint: cognito.endpoint },
        webPages: outboxPages(outbox),
        localRoutesUrl: lambdaEndpoint.url,
        stop: stopAll,
      };
      return service;
    } catch (error) {
      await stopAll();
      throw error;
    }
  };
}

function reportSeed(seed: SeedResult, log: (line: string) => void): void {
  const created = [
    seed.admin.createdUser && 'the admin account',
    seed.admin.createdRecord && "the admin's user record",
    seed.demo.createdUser && 'the demo recruiter',
    seed.demo.createdRecord && "the demo recruiter's user record",
    ...seed.registrationCodes.filter((code) => code.created).map((code) => code.code),
  ].filter(Boolean);
  if (created.length > 0) log(`Seeded ${created.join(', ')}.`);
}
