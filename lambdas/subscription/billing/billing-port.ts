import type { Plan, PlanCurrency, PlanPeriod } from '../../shared/contracts/plans';

/**
 * The billing port: what the subscription handlers need from a billing provider, in the
 * product's own terms. Two adapters implement it: Recurly (AWS) and the local adapter (the
 * offline runtime). Later issues add account subscriptions, create/change, cancel and reactivate.
 *
 * Failures surface as domain errors (`lambdas/shared/errors.ts`): `BillingUnavailableError`
 * (retryable or not) and `RateLimitedError`. Adapters never leak provider error types.
 */
export interface BillingPort {
  /**
   * Every active plan the provider offers, unordered and unfiltered: the caller keeps the
   * stage's known codes (`orderKnownPlans`).
   */
  listPlans(): Promise<Plan[]>;
}

/** The plan as the product sees it; the same shape `GET /subscription/plans` answers with. */
export type { Plan, PlanCurrency, PlanPeriod };
