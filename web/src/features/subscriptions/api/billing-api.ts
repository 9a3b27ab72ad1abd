import type { Plan, PlansResponse } from '@contracts/plans';
import type {
  CreateChangeRequest,
  CreateChangeResponse,
  SubscriptionActionRequest,
  SubscriptionActionResponse,
  UserSubscriptionsResponse,
} from '@contracts/subscriptions';
import { FALLBACK_ERROR_MESSAGE } from '../../../config/constants';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient } from '../../../lib/rest-client';

/**
 * The subscription calls on the REST API. Every implementation rejects with a
 * {@link RestApiError} (whose message, the server's `ApiErrorBody.message`, is for people).
 * The app uses {@link createRestBillingApi}; tests pass a fake through the app's ports.
 */
export interface BillingApi {
  /** `GET /subscription/plans` (public): every plan the billing provider offers, unfiltered. */
  listPlans(): Promise<Plan[]>;
  /** `GET /user/subscriptions/{id}`: the user's subscriptions (newest first) and billing account. */
  getUserSubscriptions(lookupId: string): Promise<UserSubscriptionsResponse>;
  /**
   * `POST /subscription/create-change`: subscribes (with the card form's token) or changes the
   * plan of the live subscription. The same `idempotencyKey` on a retry of the same attempt makes
   * the server answer it once.
   */
  createChange(request: CreateChangeRequest, idempotencyKey: string): Promise<CreateChangeResponse>;
  /** `POST /subscription/cancel`: cancels at the end of the current period. */
  cancel(subscriptionId: string): Promise<SubscriptionActionResponse>;
  /** `POST /subscription/reactivate`: undoes a cancellation before the period ends. */
  reactivate(subscriptionId: string): Promise<SubscriptionActionResponse>;
}

/** An answer that is not the contract's shape (a proxy's page, a wrong deployment). */
function malformed(what: string, payload: unknown): RestApiError {
  return new RestApiError(200, 'MALFORMED_RESPONSE', FALLBACK_ERROR_MESSAGE, {}, { what, payload });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/*
 * The answers are checked for their outline only (the contract's types describe the rest): the
 * full zod build would add about 20 kB gzip to the subscription pages.
 */

function readPlans(payload: unknown): Plan[] {
  if (!isObject(payload) || !Array.isArray(payload.plans)) throw malformed('plans', payload);
  return (payload as unknown as PlansResponse).plans.filter(
    (plan) => isObject(plan) && typeof plan.code === 'string' && Array.isArray(plan.currencies),
  );
}

function readUserSubscriptions(payload: unknown): UserSubscriptionsResponse {
  if (!isObject(payload) || !Array.isArray(payload.subscriptions)) throw malformed('subscriptions', payload);
  const { subscriptions, account, firmAccess } = payload as unknown as UserSubscriptionsResponse;
  return { subscriptions, account: isObject(account) ? account : null, firmAccess: isObject(firmAccess) ? firmAccess : null };
}

function readSubscriptionAnswer<T extends { subscription: unknown }>(what: string, payload: unknown): T {
  if (!isObject(payload) || !isObject(payload.subscription) || typeof payload.subscription.id !== 'string') throw malformed(what, payload);
  return payload as unknown as T;
}

/** The billing API over the app's REST client (or `client`, in tests). */
export function createRestBillingApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): BillingApi {
  return {
    async listPlans() {
      return readPlans(await client.get<unknown>('subscription/plans', { auth: 'none' }));
    },
    async getUserSubscriptions(lookupId) {
      return readUserSubscriptions(await client.get<unknown>(`user/subscriptions/${encodeURIComponent(lookupId)}`));
    },
    async createChange(request, idempotencyKey) {
      const payload = await client.post<unknown>('subscription/create-change', request, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      const answer = readSubscriptionAnswer<CreateChangeResponse>('create-change', payload);
      if (!['created', 'changed', 'unchanged'].includes(answer.outcome)) throw malformed('create-change', payload);
      return answer;
    },
    async cancel(subscriptionId) {
      const body: SubscriptionActionRequest = { subscriptionId };
      return readSubscriptionAnswer<SubscriptionActionResponse>('cancel', await client.post<unknown>('subscription/cancel', body));
    },
    async reactivate(subscriptionId) {
      const body: SubscriptionActionRequest = { subscriptionId };
      return readSubscriptionAnswer<SubscriptionActionResponse>('reactivate', await client.post<unknown>('subscription/reactivate', body));
    },
  };
}
