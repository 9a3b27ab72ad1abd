import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../../lambdas/shared/organizations/organizations-repository';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createActivityRecorder, type ActivityRecorder } from '../../../../lambdas/shared/activity/activity-log';
import type { ActivityEntry } from '../../../../lambdas/shared/domain/activity';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { SUBSCRIPTION_TBD, type User } from '../../../../lambdas/shared/contracts/user';
import { createIdempotencyStore, type IdempotencyStore } from '../../../../lambdas/shared/subscriptions/idempotency-store';
import { createLeaseLocks, type LeaseLocks } from '../../../../lambdas/shared/subscriptions/lease-locks';
import {
  createSubscriptionsRepository,
  type SubscriptionsRepository,
} from '../../../../lambdas/shared/subscriptions/subscriptions-repository';
import { createUserSubscriptionLinks, type UserSubscriptionLinks } from '../../../../lambdas/shared/subscriptions/user-subscription-links';
import { createUsersRepository, type UsersRepository } from '../../../../lambdas/shared/users/users-repository';
import { createProcessedNotifications, type ProcessedNotifications } from '../../../../lambdas/shared/webhooks/processed-notifications';
import type { BillingPort } from '../../../../lambdas/subscription/billing/billing-port';
import { createLocalBilling } from '../../../../lambdas/subscription/billing/local-billing';
import { createLocalBillingStore, type LocalBillingStore } from '../../../../lambdas/subscription/billing/local-billing-store';
import { LOCAL_TEST_CARDS, tokenizeTestCard, type CardOutcome } from '../../../../lambdas/subscription/billing/local-test-cards';
import { ensureLocalBillingTable, localBillingTableName } from '../../../../local/billing/billing-table';
import { startMemoryDynamoDbInProcess } from '../../support/memory-dynamodb';
import { claims } from '../../admin/support/admin-events';
import { apiGatewayEvent, lambdaContext } from '../../support/api-gateway-event';

/**
 * Real stand-ins for the subscription handler tests: dynalite in memory with the shared tables
 * and the local billing adapter's table, the real local billing adapter (the offline runtime's
 * "Recurly"), and the real repositories. Nothing is mocked.
 */

export const PRODUCT_SLUG = 'talentpilot';
export const WEB_ORIGIN = 'http://127.0.0.1:5180';
export const HANDLER_OPTIONS = { allowedOrigins: [WEB_ORIGIN] } as const;

export const PLANS = {
  starter: 'starter_2weeksfree_monthly_onetimesetup_dev',
  professional: 'professional_2weeksfree_monthly_onetimesetup_dev',
  enterprise: 'enterprise_2weeksfree_monthly_onetimesetup_dev',
} as const;

export const ADMIN = claims('admin-sub', 'Admins');

export interface SubscriptionServices {
  readonly client: DynamoDBDocumentClient;
  /** dynalite's endpoint (`DYNAMODB_ENDPOINT`). */
  readonly endpoint: string;
  readonly tableNames: Readonly<Record<string, string>>;
  readonly billingStore: LocalBillingStore;
  readonly billing: BillingPort;
  readonly users: UsersRepository;
  readonly subscriptions: SubscriptionsRepository;
  readonly links: UserSubscriptionLinks;
  readonly locks: LeaseLocks;
  readonly idempotency: IdempotencyStore;
  readonly notifications: ProcessedNotifications;
  readonly organizations: OrganizationsRepository;
  /** The firms' activity log on the activity table. */
  readonly activity: ActivityRecorder;
  /** A firm's activity entries, oldest first. */
  activityOf(organizationId: string): Promise<ActivityEntry[]>;
  /** Stores an ACTIVE user record (id = the Cognito sub), as post-confirmation does. */
  addUser(id: string, extra?: Partial<User>): Promise<User>;
  /** A card token from the local test card form (`challenge`: the card whose bank asks for 3-D Secure). */
  cardToken(outcome?: CardOutcome): Promise<string>;
  stop(): Promise<void>;
}

const LOCAL_BILLING_TABLE = localBillingTableName(PRODUCT_SLUG);

export async function startSubscriptionServices(): Promise<SubscriptionServices> {
  const dynamodb = await startMemoryDynamoDbInProcess(PRODUCT_SLUG);
  await ensureLocalBillingTable(dynamodb.client, LOCAL_BILLING_TABLE);
  const client = dynamodb.documentClient;
  const billingStore = createLocalBillingStore({ documentClient: client, tableName: LOCAL_BILLING_TABLE });
  const subscriptionsTable = { client, tableName: dynamodb.tableNames.subscriptions };
  const users = createUsersRepository({ client, tableName: dynamodb.tableNames.users });

  return {
    client,
    endpoint: dynamodb.endpoint,
    tableNames: { ...dynamodb.tableNames, billing: LOCAL_BILLING_TABLE },
    billingStore,
    billing: createLocalBilling({ planCodeSuffix: '_dev', store: billingStore }),
    users,
    subscriptions: createSubscriptionsRepository(subscriptionsTable),
    links: createUserSubscriptionLinks({ client, tableName: dynamodb.tableNames.users }),
    locks: createLeaseLocks(subscriptionsTable),
    idempotency: createIdempotencyStore(subscriptionsTable),
    notifications: createProcessedNotifications(subscriptionsTable),
    organizations: createOrganizationsRepository({ client, tableName: dynamodb.tableNames.organizations }),
    activity: createActivityRecorder({ client, tableName: dynamodb.tableNames.activity }),
    async activityOf(organizationId) {
      const result = await client.send(
        new QueryCommand({
          TableName: dynamodb.tableNames.activity,
          KeyConditionExpression: 'organizationId = :id',
          ExpressionAttributeValues: { ':id': organizationId },
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? []) as ActivityEntry[];
    },
    async addUser(id, extra = {}) {
      const now = new Date().toISOString();
      const user: User = {
        id,
        email: `${id}@example.com`,
        firstName: 'Ana',
        lastName: 'Reyes',
        companyName: 'Reyes Staffing',
        status: 'ACTIVE',
        subscriptionId: SUBSCRIPTION_TBD,
        subscriptions: [],
        createdAt: now,
        updatedAt: now,
        ...extra,
      };
      await client.send(new PutCommand({ TableName: dynamodb.tableNames.users, Item: user }));
      return user;
    },
    async cardToken(outcome = 'approve') {
      const now = new Date();
      const number = {
        approve: LOCAL_TEST_CARDS.approved,
        decline: LOCAL_TEST_CARDS.declined,
        challenge: LOCAL_TEST_CARDS.threeDSecureChallenge,
      }[outcome];
      const result = tokenizeTestCard(
        { number, month: 12, year: now.getUTCFullYear() + 3, cvv: '123', firstName: 'Ana', lastName: 'Reyes' },
        now,
      );
      if (!('card' in result)) throw new Error(`test card refused: ${result.problems.message}`);
      return (await billingStore.createToken(result.card, now)).id;
    },
    async stop() {
      await dynamodb.stop();
    },
  };
}

export interface RequestInput {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly resource: string;
  readonly path?: string;
  readonly body?: unknown;
  /** The authorizer's claims; null: no authorizer in front (anonymous). */
  readonly claims: Record<string, string> | null;
  readonly pathParameters?: Record<string, string>;
  readonly headers?: Record<string, string>;
}

/** A v1 proxy event as API Gateway sends it after the Cognito authorizer. */
export function userEvent(input: RequestInput): APIGatewayProxyEvent {
  const event = apiGatewayEvent({
    method: input.method,
    resource: input.resource,
    path: input.path,
    headers: {
      Origin: WEB_ORIGIN,
      'Content-Type': 'application/json',
      ...(input.claims ? { Authorization: 'id-token' } : {}),
      ...input.headers,
    },
    body: input.body === undefined ? null : typeof input.body === 'string' ? input.body : JSON.stringify(input.body),
  });
  return {
    ...event,
    pathParameters: input.pathParameters ?? null,
    requestContext: { ...event.requestContext, authorizer: input.claims ? { claims: input.claims } : null },
  };
}

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: T;
}

/** Calls a handler and parses its JSON answer. */
export async function invoke<T = Record<string, unknown>>(
  handler: (event: APIGatewayProxyEvent, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyResult>,
  event: APIGatewayProxyEvent,
): Promise<Answer<T>> {
  const response = await handler(event, lambdaContext());
  return {
    status: response.statusCode,
    headers: response.headers ?? {},
    body: (response.body ? JSON.parse(response.body) : undefined) as T,
  };
}

export { claims };
