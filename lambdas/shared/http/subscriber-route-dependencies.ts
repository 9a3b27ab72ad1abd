import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLES } from '../../../lib/definitions/tables';
import { createRateLimiter, DEFAULT_RATE_LIMIT_PER_MINUTE } from '../dynamodb/rate-limiter';
import { ENV } from '../environment';
import { requiredNameVariable } from '../read-environment';
import { createFirmLookups } from '../organizations/organizations-repository';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions-repository';
import { createUsersRepository } from '../users/users-repository';
import * as z from '../zod';
import type { SubscriberGateDependencies } from './subscriber-route';

/**
 * The variables every route behind the subscriber gate reads (the assistant's and the ATS's):
 * the users, subscriptions, organizations (the caller's firm) and assistant tables (the rate limit
 * counts in the last), the optional
 * per-minute limit and, in the local runtime, the DynamoDB endpoint.
 */
export const SUBSCRIBER_ROUTE_ENVIRONMENT = {
  [TABLES.users.envVar]: requiredNameVariable,
  [TABLES.subscriptions.envVar]: requiredNameVariable,
  [TABLES.organizations.envVar]: requiredNameVariable,
  [TABLES.assistant.envVar]: requiredNameVariable,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
  [ENV.rateLimitPerMinute]: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,5}$/, 'must be a whole number from 1 to 999999')), z.transform(Number)),
    DEFAULT_RATE_LIMIT_PER_MINUTE,
  ),
};

/** The environment of a route behind the subscriber gate that needs nothing else. */
export const SubscriberRouteEnvironmentSchema = z.object(SUBSCRIBER_ROUTE_ENVIRONMENT);
type SubscriberRouteEnvironment = z.output<typeof SubscriberRouteEnvironmentSchema>;

/**
 * What the subscriber gate needs (see subscriber-route.ts), from an environment read with
 * {@link SUBSCRIBER_ROUTE_ENVIRONMENT}; `rateLimitBucket` counts a family of routes apart.
 */
export function subscriberGateDependencies(
  env: SubscriberRouteEnvironment,
  client: DynamoDBDocumentClient,
  rateLimitBucket?: string,
  /** The bucket's requests a minute; `ASSISTANT_RATE_LIMIT_PER_MINUTE` by default. */
  limitPerMinute: number = env[ENV.rateLimitPerMinute],
): SubscriberGateDependencies {
  return {
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    subscriptions: createSubscriptionsRepository({ client, tableName: env[TABLES.subscriptions.envVar] }),
    organizations: createFirmLookups({ client, tableName: env[TABLES.organizations.envVar] }),
    rateLimiter: createRateLimiter({
      client,
      tableName: env[TABLES.assistant.envVar],
      limitPerMinute,
      bucket: rateLimitBucket,
    }),
    now: () => new Date(),
  };
}
