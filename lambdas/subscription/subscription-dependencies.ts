import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from '../shared/zod';
import { TABLES } from '../../lib/definitions/tables';
import type { PlanCodeSuffix } from '../shared/domain/plans';
import { PRODUCT_SLUG_PATTERN, PRODUCT_SLUG_RULE } from '../shared/domain/product-slug';
import { ENV } from '../shared/environment';
import { readEnvironment, requiredNameVariable as tableName, type EnvironmentSource } from '../shared/read-environment';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import type { BillingPort } from './billing/billing-port';
import { createBilling, readBillingSettings } from './billing/billing-adapter';
import { createSubscriptionsRepository, type SubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';
import { createUserSubscriptionLinks, type UserSubscriptionLinks } from '../shared/subscriptions/user-subscription-links';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';

/**
 * What every subscription handler reads from its environment: `PRODUCT_SLUG`,
 * `PLAN_CODE_SUFFIX`, `USERS_TABLE`, `SUBSCRIPTIONS_TABLE` (for the routes that have it), the
 * billing adapter's variables and, in the local runtime, `DYNAMODB_ENDPOINT`. Read on the first
 * request, so a deployment mistake becomes a logged 500 naming the variable.
 */
export interface SubscriptionEnvironment {
  readonly productSlug: string;
  readonly planCodeSuffix: PlanCodeSuffix;
  readonly usersTable: string;
  /** Absent for routes that are not granted the subscriptions table. */
  readonly subscriptionsTable?: string;
  readonly client: DynamoDBDocumentClient;
  readonly billing: BillingPort;
}

const SubscriptionEnvironmentSchema = z.object({
  [ENV.productSlug]: z.string().check(z.regex(PRODUCT_SLUG_PATTERN, PRODUCT_SLUG_RULE)),
  [TABLES.users.envVar]: tableName,
  [TABLES.subscriptions.envVar]: z.optional(tableName),
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

export function subscriptionEnvironment(
  options: { readonly requireSubscriptionsTable: boolean },
  source: EnvironmentSource = process.env,
): SubscriptionEnvironment {
  const schema = options.requireSubscriptionsTable
    ? z.extend(SubscriptionEnvironmentSchema, { [TABLES.subscriptions.envVar]: tableName })
    : SubscriptionEnvironmentSchema;
  const env = readEnvironment(schema, source);
  const settings = readBillingSettings(source);
  return {
    productSlug: env[ENV.productSlug],
    planCodeSuffix: settings.planCodeSuffix,
    usersTable: env[TABLES.users.envVar],
    subscriptionsTable: env[TABLES.subscriptions.envVar],
    client: createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] }),
    billing: createBilling(settings),
  };
}

/** Where a subscription's record is kept: the subscriptions table and the users' links to it. */
export interface SubscriptionRecordStores {
  readonly users: UsersRepository;
  readonly subscriptions: SubscriptionsRepository;
  readonly links: UserSubscriptionLinks;
  /** The subscriptions table, for the stores kept beside the records (locks, idempotency, notifications). */
  readonly subscriptionsTable: { readonly client: DynamoDBDocumentClient; readonly tableName: string };
}

/**
 * The stores of the handlers that write a subscription's record (subscribing and changing it, the
 * webhook consumer): read with the subscriptions table required.
 */
export function subscriptionRecordStores(env: SubscriptionEnvironment): SubscriptionRecordStores {
  if (!env.subscriptionsTable) throw new Error(`${TABLES.subscriptions.envVar} is required by this handler`);
  const subscriptionsTable = { client: env.client, tableName: env.subscriptionsTable };
  return {
    users: createUsersRepository({ client: env.client, tableName: env.usersTable }),
    subscriptions: createSubscriptionsRepository(subscriptionsTable),
    links: createUserSubscriptionLinks({ client: env.client, tableName: env.usersTable }),
    subscriptionsTable,
  };
}
