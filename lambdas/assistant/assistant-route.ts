import type { User } from '../shared/contracts/user';
import { liveSubscriptions } from '../shared/domain/subscription-access';
import { ForbiddenError } from '../shared/errors';
import * as z from '../shared/zod';
import { callerFromEvent } from '../shared/http/caller';
import {
  httpHandler,
  parseJsonBody,
  validateBody,
  type ApiGatewayHandler,
  type HttpHandlerOptions,
  type HttpResult,
} from '../shared/http/handler';
import { requireActiveUser } from '../subscription/subscription-caller';
import type { AssistantDependencies } from './assistant-dependencies';

/**
 * One assistant REST route (the ATS routes of lambdas/ats/routes use the same gate), in the order
 * that keeps refusals cheap and honest:
 * 1. the caller from the Cognito authorizer's claims (401 without);
 * 2. their User record, which must be ACTIVE (404 / 403 `user_inactive`);
 * 3. a live subscription among their stored subscription records (403 `subscription_required`):
 *    the same rule as the web app's gate, checked here because the UI only hides;
 * 4. the per-user rate limit, which counts every request that got this far (429, Retry-After);
 * 5. the body or the query string, validated by the contract's schema (400, one message per field);
 * then the route's own work, always on the caller's own partition.
 */

/**
 * What the gate itself needs; the assistant's routes and the ATS routes (lambdas/ats/routes) each
 * pass their own dependencies with at least these, so both share one gate and one rate limit.
 */
export type RouteGateDependencies = Pick<AssistantDependencies, 'users' | 'subscriptions' | 'rateLimiter' | 'now'>;

export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'An active subscription is required to use the assistant. Choose a plan on the Subscribe page.';

export interface AssistantRequest<D, I> {
  readonly deps: D;
  /** The caller's ACTIVE User record (its `id` is the Cognito sub, the key of all their data). */
  readonly user: User;
  readonly input: I;
}

type Input<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface AssistantRouteSpec<D, S extends z.core.$ZodType | undefined> {
  /** Where the input comes from: the JSON body or the query string (GET); none without a schema. */
  readonly from?: 'body' | 'query';
  readonly schema?: S;
  readonly run: (request: AssistantRequest<D, Input<S>>) => Promise<HttpResult>;
}

export function assistantRoute<D extends RouteGateDependencies, S extends z.core.$ZodType | undefined = undefined>(
  spec: AssistantRouteSpec<D, S>,
  dependencies: () => D,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    const deps = dependencies();
    const now = deps.now();
    const [user, subscriptions] = await Promise.all([requireActiveUser(deps.users, caller), deps.subscriptions.listByUserId(caller.sub)]);
    if (liveSubscriptions(subscriptions, now).length === 0)
      throw new ForbiddenError(SUBSCRIPTION_REQUIRED_MESSAGE, { code: 'subscription_required' });
    await deps.rateLimiter.consume(user.id, now);
    let input: unknown = undefined;
    if (spec.schema) input = validateBody(spec.from === 'query' ? { ...event.queryStringParameters } : parseJsonBody(event), spec.schema);
    return spec.run({ deps, user, input: input as Input<S> });
  }, options);
}
