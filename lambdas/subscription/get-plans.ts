import { PlansResponseSchema, type Plan } from '../shared/contracts/plans';
import { orderKnownPlans, type PlanCodeSuffix } from '../shared/domain/plans';
import { httpHandler, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { NO_STORE } from '../shared/http/response';
import type { BillingPort } from './billing/billing-port';
import { createBilling, readBillingSettings } from './billing/billing-adapter';
import { cachePlans } from './plans-cache';

/**
 * `GET /subscription/plans` (public): the stage's known plans, ordered starter, professional,
 * enterprise, with their prices, trial and billing interval, from the container's cache of the
 * billing provider's list (plans-cache.ts).
 */

export interface GetPlansDependencies {
  readonly billing: BillingPort;
  readonly planCodeSuffix: PlanCodeSuffix;
}

/** Prices change rarely; browsers and CloudFront may keep the list for five minutes. */
export const PLANS_CACHE_CONTROL = 'public, max-age=300';

/**
 * Builds the handler around its dependencies, resolved on the first request (so a deployment
 * mistake in the environment becomes a logged 500, not a failed module load).
 */
export function createGetPlansHandler(dependencies: () => GetPlansDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  /** The container's plans list (plans-cache.ts): at most one billing call per period, whatever the traffic. */
  let plansOfContainer: (() => Promise<Plan[]>) | undefined;
  return httpHandler(async () => {
    const { billing, planCodeSuffix } = dependencies();
    plansOfContainer ??= cachePlans(() => billing.listPlans());
    const plans = orderKnownPlans(await plansOfContainer(), planCodeSuffix);
    const body = PlansResponseSchema.parse({ plans });
    // An empty list is a configuration problem being fixed: do not let caches keep it.
    return { body, cacheControl: plans.length > 0 ? PLANS_CACHE_CONTROL : NO_STORE };
  }, options);
}

let fromEnvironment: GetPlansDependencies | undefined;

/** The Lambda entry point: billing chosen by `BILLING_ADAPTER`, created once per container. */
export const handler = createGetPlansHandler(() => {
  if (!fromEnvironment) {
    const settings = readBillingSettings();
    fromEnvironment = { billing: createBilling(settings), planCodeSuffix: settings.planCodeSuffix };
  }
  return fromEnvironment;
});
