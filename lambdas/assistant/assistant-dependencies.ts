import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from '../shared/zod';
import { TABLES } from '../../lib/definitions/tables';
import { ENV } from '../shared/environment';
import { readEnvironment, type EnvironmentSource } from '../shared/read-environment';
import { createSubscriptionsRepository, type SubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';
import type { RouteGateDependencies } from './assistant-route';
import type { LanguageModel } from './engine/language-model';
import { createEvaluationsRepository, type EvaluationsRepository } from './store/evaluations-repository';
import { createJobsRepository, type JobsRepository } from './store/jobs-repository';
import { createRateLimiter, DEFAULT_RATE_LIMIT_PER_MINUTE, type RateLimiter } from './store/rate-limiter';
import { createResultsRepository, type ResultsRepository } from './store/results-repository';

/** What every assistant handler works with (tests pass their own, on dynalite). */
export interface AssistantDependencies {
  readonly users: UsersRepository;
  readonly subscriptions: Pick<SubscriptionsRepository, 'listByUserId'>;
  readonly jobs: JobsRepository;
  readonly results: ResultsRepository;
  readonly evaluations: EvaluationsRepository;
  readonly rateLimiter: RateLimiter;
  readonly now: () => Date;
  /** A new job id. */
  readonly newId: () => string;
}

/** The capability handlers also ask a language model. */
export interface CapabilityDependencies extends AssistantDependencies {
  readonly model: LanguageModel;
}

/** The per-user limit of assistant requests per minute (all routes together); 30 unless set. */
export const ASSISTANT_RATE_LIMIT_ENV = 'ASSISTANT_RATE_LIMIT_PER_MINUTE';

/** A table name variable: set and not blank. */
export const TABLE_NAME_VARIABLE = z.string().check(z.trim(), z.minLength(1));

/**
 * The variables every route behind the subscription gate reads (the assistant's and the ATS's):
 * the users, subscriptions and assistant tables (the rate limit counts in the last), the optional
 * per-minute limit and, in the local runtime, the DynamoDB endpoint.
 */
export const GATED_ROUTE_ENVIRONMENT = {
  [TABLES.users.envVar]: TABLE_NAME_VARIABLE,
  [TABLES.subscriptions.envVar]: TABLE_NAME_VARIABLE,
  [TABLES.assistant.envVar]: TABLE_NAME_VARIABLE,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
  [ASSISTANT_RATE_LIMIT_ENV]: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'must be a whole number from 1 to 999999')), z.transform(Number)),
    DEFAULT_RATE_LIMIT_PER_MINUTE,
  ),
};

const AssistantEnvironmentSchema = z.object(GATED_ROUTE_ENVIRONMENT);
type GatedRouteEnvironment = z.output<typeof AssistantEnvironmentSchema>;

/**
 * What the subscription gate needs (see assistant-route.ts), from an environment read with
 * {@link GATED_ROUTE_ENVIRONMENT}; `rateLimitBucket` counts a family of routes apart.
 */
export function gateDependencies(
  env: GatedRouteEnvironment,
  client: DynamoDBDocumentClient,
  rateLimitBucket?: string,
): RouteGateDependencies {
  return {
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    subscriptions: createSubscriptionsRepository({ client, tableName: env[TABLES.subscriptions.envVar] }),
    rateLimiter: createRateLimiter({
      client,
      tableName: env[TABLES.assistant.envVar],
      limitPerMinute: env[ASSISTANT_RATE_LIMIT_ENV],
      bucket: rateLimitBucket,
    }),
    now: () => new Date(),
  };
}

/**
 * The dependencies from the handler's environment: `USERS_TABLE`, `SUBSCRIPTIONS_TABLE`,
 * `ASSISTANT_TABLE`, optionally `ASSISTANT_RATE_LIMIT_PER_MINUTE` and, in the local runtime,
 * `DYNAMODB_ENDPOINT`. Read on the first request, so a deployment mistake is a logged 500 naming
 * the variable.
 */
export function assistantDependenciesFromEnvironment(source: EnvironmentSource = process.env): AssistantDependencies {
  const env = readEnvironment(AssistantEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  const assistantTable = { client, tableName: env[TABLES.assistant.envVar] };
  return {
    ...gateDependencies(env, client),
    jobs: createJobsRepository(assistantTable),
    results: createResultsRepository(assistantTable),
    evaluations: createEvaluationsRepository(assistantTable),
    newId: () => randomUUID(),
  };
}

/** Resolves a handler's dependencies on first use and keeps them for the container's life. */
export function lazily<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** A capability handler's dependencies: the environment's, and the model `model()` builds (on first use). */
export function capabilityDependencies(model: () => LanguageModel): () => CapabilityDependencies {
  return lazily(() => ({ ...assistantDependenciesFromEnvironment(), model: model() }));
}
