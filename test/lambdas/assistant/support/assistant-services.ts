import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { AssistantDependencies, CapabilityDependencies } from '../../../../lambdas/assistant/assistant-dependencies';
import { bestFit } from '../../../../lambdas/assistant/domain/best-fit';
import { candidateSummary } from '../../../../lambdas/assistant/domain/candidate-summary';
import { externalJobDescription } from '../../../../lambdas/assistant/domain/external-job-description';
import { evaluateAnswers } from '../../../../lambdas/assistant/domain/interview-evaluation';
import { proposeMustHaves } from '../../../../lambdas/assistant/domain/must-haves';
import { screeningQuestions } from '../../../../lambdas/assistant/domain/screening-questions';
import { sourcingTerms } from '../../../../lambdas/assistant/domain/sourcing-terms';
import { createDeterministicModel } from '../../../../lambdas/assistant/engine/deterministic-model';
import type { LanguageModel } from '../../../../lambdas/assistant/engine/language-model';
import { createEvaluationsRepository } from '../../../../lambdas/assistant/store/evaluations-repository';
import { createActivityRecorder } from '../../../../lambdas/shared/activity/activity-log';
import { createJobsRepository } from '../../../../lambdas/assistant/store/jobs-repository';
import { createRateLimiter } from '../../../../lambdas/shared/dynamodb/rate-limiter';
import { createResultsRepository } from '../../../../lambdas/assistant/store/results-repository';
import type { User } from '../../../../lambdas/shared/contracts/user';
import { accountCode } from '../../../../lambdas/shared/domain/account-codes';
import { subscriptionSnapshot } from '../../../../lambdas/shared/subscriptions/subscription-record';
import { apiGatewayEvent, lambdaContext } from '../../support/api-gateway-event';
import {
  claims,
  HANDLER_OPTIONS,
  PLANS,
  PRODUCT_SLUG,
  startSubscriptionServices,
  WEB_ORIGIN,
  type SubscriptionServices,
} from '../../subscription/support/subscription-services';

/**
 * Real stand-ins for the assistant handler tests: dynalite in memory with the shared tables, the
 * local billing adapter (subscribers subscribe through it, and their Subscription records are
 * stored as create-change stores them), the real repositories and the deterministic engine with
 * every capability's real domain function. Nothing is mocked.
 */

export { claims, HANDLER_OPTIONS };

/** Every capability's domain function: the engine the local runtime runs. */
export const DETERMINISTIC_MODEL: LanguageModel = createDeterministicModel({
  'must-haves': proposeMustHaves,
  'sourcing-terms': sourcingTerms,
  'job-description': externalJobDescription,
  'screening-questions': screeningQuestions,
  'interview-evaluation': evaluateAnswers,
  'best-fit': bestFit,
  'candidate-summary': candidateSummary,
});

/** Both families' dependencies at once: the tests build every assistant route on one set. */
export type EveryAssistantDependency = AssistantDependencies & CapabilityDependencies;

export interface AssistantServices {
  readonly services: SubscriptionServices;
  /** Handler dependencies on the test tables (rate limit 1,000 a minute unless told). */
  dependencies(options?: { readonly rateLimitPerMinute?: number; readonly now?: () => Date }): EveryAssistantDependency;
  /** An ACTIVE user with a live (trial) subscription, subscribed as the Subscribe page does. */
  /** A user subscribed through the local billing adapter, on Enterprise (every feature) unless `tier` says otherwise. */
  subscriber(id: string, tier?: keyof typeof PLANS): Promise<User>;
  /** An ACTIVE user who has not subscribed. */
  member(id: string, extra?: Partial<User>): Promise<User>;
  /** Every item in the user's partition of the assistant table, rate counters left out. */
  itemsOf(userId: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

export async function startAssistantServices(): Promise<AssistantServices> {
  const services = await startSubscriptionServices();
  const table = { client: services.client, tableName: services.tableNames.assistant };
  let sequence = 0;
  return {
    services,
    dependencies: (options = {}) => ({
      users: services.users,
      subscriptions: services.subscriptions,
      organizations: services.organizations,
      activity: createActivityRecorder({ client: services.client, tableName: services.tableNames.activity }),
      jobs: createJobsRepository(table),
      results: createResultsRepository(table),
      evaluations: createEvaluationsRepository(table),
      rateLimiter: createRateLimiter({ ...table, limitPerMinute: options.rateLimitPerMinute ?? 1_000 }),
      now: options.now ?? (() => new Date()),
      newId: () => `job-${Date.now().toString(36)}-${++sequence}`,
      model: DETERMINISTIC_MODEL,
    }),
    async subscriber(id, tier = 'enterprise') {
      const user = await services.addUser(id);
      const subscription = await services.billing.createSubscription({
        accountCode: accountCode(PRODUCT_SLUG, id),
        account: { email: user.email, firstName: 'Ana', lastName: 'Reyes', company: user.companyName },
        planCode: PLANS[tier],
        currency: 'USD',
        billingToken: await services.cardToken(),
      });
      await services.subscriptions.upsert(
        subscriptionSnapshot(subscription, { userId: id, email: user.email, company: user.companyName }),
        new Date(),
      );
      return user;
    },
    member: (id, extra) => services.addUser(id, extra),
    async itemsOf(userId) {
      const { Items = [] } = await services.client.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'userId = :u',
          ExpressionAttributeValues: { ':u': userId },
          ConsistentRead: true,
        }),
      );
      return Items.filter((item) => !String(item.itemId).startsWith('rate#'));
    },
    stop: () => services.stop(),
  };
}

export interface AssistantCall {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly resource: string;
  readonly body?: unknown;
  readonly query?: Record<string, string>;
  /** The path's parameters (`{id}`), as API Gateway passes them. */
  readonly pathParameters?: Record<string, string>;
  /** The caller's sub (claims as the Cognito authorizer passes them); null: anonymous. */
  readonly as: string | null;
}

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: T;
}

type Handler = (event: APIGatewayProxyEvent, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyResult>;

/** Calls a handler with the v1 proxy event API Gateway sends after the authorizer, and parses the answer. */
export async function call<T = Record<string, unknown>>(handler: Handler, input: AssistantCall): Promise<Answer<T>> {
  const method = input.method ?? (input.body === undefined ? 'GET' : 'POST');
  const event = apiGatewayEvent({
    method,
    resource: input.resource,
    headers: { Origin: WEB_ORIGIN, 'Content-Type': 'application/json', ...(input.as ? { Authorization: 'id-token' } : {}) },
    body: input.body === undefined ? null : typeof input.body === 'string' ? input.body : JSON.stringify(input.body),
  });
  const response = await handler(
    {
      ...event,
      queryStringParameters: input.query ?? null,
      pathParameters: input.pathParameters ?? null,
      requestContext: { ...event.requestContext, authorizer: input.as ? { claims: claims(input.as, 'Beta_Customer_R1') } : null },
    },
    lambdaContext(),
  );
  return {
    status: response.statusCode,
    headers: response.headers ?? {},
    body: (response.body ? JSON.parse(response.body) : undefined) as T,
  };
}
