import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { createLogger, runWithRequestId } from '../shared/logger';
import * as z from '../shared/zod';
import { readEnvironment, type EnvironmentSource } from '../shared/read-environment';
import { createAppSyncApiKeyStore, type ApiKeyStore } from './api-key-store';
import { renewApiKeys, type RenewalReport } from './api-key-renewal';

/**
 * The scheduled API key renewal job (EventBridge Scheduler, daily; lib/constructs/api-key-renewal.ts).
 * Thin: reads its environment, builds the AppSync adapter and runs `renewApiKeys`.
 */

/** The job's environment variables. */
export const RENEWAL_ENV = {
  apiId: 'GRAPHQL_API_ID',
  metricsNamespace: 'METRICS_NAMESPACE',
} as const;

const RenewalEnvironmentSchema = z.object({
  [RENEWAL_ENV.apiId]: z.string().check(z.regex(/^[a-z0-9]{10,64}$/, 'must be an AppSync API id')),
  [RENEWAL_ENV.metricsNamespace]: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
});

const logger = createLogger({ component: 'renew-api-key' });

export interface RenewalJobOptions {
  /** The store; the AppSync adapter for the environment's API by default. */
  readonly store?: (apiId: string) => ApiKeyStore;
  readonly environment?: EnvironmentSource;
  readonly now?: () => Date;
}

/** Builds the handler; tests inject an environment and a store pointed at a local stand-in. */
export function createRenewalHandler(
  options: RenewalJobOptions = {},
): (event: unknown, context?: Pick<Context, 'awsRequestId'>) => Promise<RenewalReport> {
  return (_event, context) =>
    runWithRequestId(context?.awsRequestId ?? randomUUID(), async () => {
      const env = readEnvironment(RenewalEnvironmentSchema, options.environment ?? process.env);
      const apiId = env[RENEWAL_ENV.apiId];
      const store = options.store?.(apiId) ?? createAppSyncApiKeyStore({ apiId });
      try {
        return await renewApiKeys({
          store,
          now: options.now,
          metricsNamespace: env[RENEWAL_ENV.metricsNamespace],
          logger,
        });
      } catch (error) {
        logger.error('API key renewal job failed', { error });
        throw error;
      }
    });
}

export const handler = createRenewalHandler();
