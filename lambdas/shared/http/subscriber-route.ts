import type { User } from '../contracts/user';
import type { RateLimiter } from '../dynamodb/rate-limiter';
import { entitledTier, planIncludes, planUpgradeMessage, PLAN_UPGRADE_REQUIRED, type PlanFeature } from '../domain/plan-entitlements';
import { liveSubscriptions } from '../domain/subscription-access';
import { ForbiddenError } from '../errors';
import { callersFirm, type Firm, type FirmLookups } from '../organizations/caller-firm';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions-repository';
import { requireActiveUser } from '../users/active-user';
import type { UsersRepository } from '../users/users-repository';
import * as z from '../zod';
import { callerFromEvent } from './caller';
import { httpHandler, parseJsonBody, validateBody, type ApiGatewayHandler, type HttpHandlerOptions, type HttpResult } from './handler';

/**
 * One REST route for subscribers (the assistant's and the ATS's routes), in the order that keeps
 * refusals cheap and honest:
 * 1. the caller from the Cognito authorizer's claims (401 without);
 * 2. their User record, which must be ACTIVE (404 / 403 `user_inactive`);
 * 2b. their firm (shared/organizations/caller-firm.ts): the active membership, confirmed on a
 *    strongly consistent read, so a removed member is refused at once (403 `membership_removed`);
 *    a person in no firm is their own;
 * 3. a live subscription among the FIRM's stored subscription records (403
 *    `subscription_required`): the same rule as the web app's gate, checked here because the UI
 *    only hides; a recruiter works on the firm's subscription, not one of their own;
 * 3b. the route's feature among those of the caller's plan (403 `plan_upgrade_required`, naming
 *    the plans that include it): shared/domain/plan-entitlements.ts, the web's copy's source too;
 * 4. the per-user rate limit, which counts every request that got this far (429, Retry-After);
 * 5. the body or the query string, validated by the contract's schema (400, one message per field);
 * then the route's own work, on the caller's own partition or the firm's (the ATS connection).
 */

/**
 * What the gate itself needs; each family of routes passes its own dependencies with at least
 * these (subscriber-route-dependencies.ts builds them from the environment).
 */
export interface SubscriberGateDependencies {
  readonly users: UsersRepository;
  readonly subscriptions: Pick<SubscriptionsRepository, 'listByUserId'>;
  readonly organizations: FirmLookups;
  readonly rateLimiter: RateLimiter;
  readonly now: () => Date;
}

export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'An active subscription is required to use the assistant. Choose a plan on the Subscribe page.';

export interface SubscriberRequest<D, I> {
  readonly deps: D;
  /** The caller's ACTIVE User record (its `id` is the Cognito sub, the key of all their data). */
  readonly user: User;
  /** The firm the caller works for and their role in it (their own id, as owner, when in none). */
  readonly firm: Firm;
  readonly input: I;
  /** The route's path parameters (`{id}`), unvalidated: the route checks them. */
  readonly pathParameters: Readonly<Record<string, string | undefined>>;
}

type Input<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface SubscriberRouteSpec<D, S extends z.core.$ZodType | undefined> {
  /** Where the input comes from: the JSON body or the query string (GET); none without a schema. */
  readonly from?: 'body' | 'query';
  readonly schema?: S;
  /** The plan feature the route serves; without one any live subscription will do (jobs, history). */
  readonly feature?: PlanFeature;
  readonly run: (request: SubscriberRequest<D, Input<S>>) => Promise<HttpResult>;
}

export function subscriberRoute<D extends SubscriberGateDependencies, S extends z.core.$ZodType | undefined = undefined>(
  spec: SubscriberRouteSpec<D, S>,
  dependencies: () => D,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    const deps = dependencies();
    const now = deps.now();
    const [user, firm] = await Promise.all([requireActiveUser(deps.users, caller), callersFirm(deps.organizations, caller.sub)]);
    const subscriptions = await deps.subscriptions.listByUserId(firm.id);
    if (liveSubscriptions(subscriptions, now).length === 0)
      throw new ForbiddenError(SUBSCRIPTION_REQUIRED_MESSAGE, { code: 'subscription_required' });
    if (spec.feature) {
      const tier = entitledTier(subscriptions, now);
      if (!tier || !planIncludes(tier, spec.feature))
        throw new ForbiddenError(planUpgradeMessage(spec.feature, tier), { code: PLAN_UPGRADE_REQUIRED });
    }
    await deps.rateLimiter.consume(user.id, now);
    let input: unknown = undefined;
    if (spec.schema) input = validateBody(spec.from === 'query' ? { ...event.queryStringParameters } : parseJsonBody(event), spec.schema);
    return spec.run({ deps, user, firm, input: input as Input<S>, pathParameters: event.pathParameters ?? {} });
  }, options);
}
