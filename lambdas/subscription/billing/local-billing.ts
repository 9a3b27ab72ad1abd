import type { Plan, PlanCurrency } from '../../shared/contracts/plans';
import { PLAN_TIERS, TRIAL_DAYS, planCode, type PlanCodeSuffix, type PlanTier } from '../../shared/domain/plans';
import type { BillingPort } from './billing-port';

/**
 * The billing port of the offline runtime (`npm start`): the spec's three plans, with the stage
 * suffix, a 14-day trial, monthly billing and a one-time setup fee.
 *
 * LOCAL TEST DATA. The spec shows no amounts; these prices are our placeholders for a recruiting
 * SaaS (see docs/decisions.md). In AWS the prices are whatever the Recurly site holds.
 */

/** Monthly price and one-time setup fee per tier and currency, in major units. */
export const LOCAL_PLAN_PRICES: Readonly<Record<PlanTier, readonly PlanCurrency[]>> = {
  starter: [
    { currency: 'USD', unitAmount: 49, setupFee: 99 },
    { currency: 'EUR', unitAmount: 45, setupFee: 89 },
    { currency: 'GBP', unitAmount: 39, setupFee: 79 },
  ],
  professional: [
    { currency: 'USD', unitAmount: 149, setupFee: 199 },
    { currency: 'EUR', unitAmount: 139, setupFee: 179 },
    { currency: 'GBP', unitAmount: 119, setupFee: 159 },
  ],
  enterprise: [
    { currency: 'USD', unitAmount: 399, setupFee: 499 },
    { currency: 'EUR', unitAmount: 369, setupFee: 459 },
    { currency: 'GBP', unitAmount: 319, setupFee: 399 },
  ],
};

const TIER_LABELS: Readonly<Record<PlanTier, string>> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

const PLAN_NAME_TAIL = 'two weeks free, monthly billing, one-time setup fee';

const DESCRIPTIONS: Readonly<Record<PlanTier, string>> = {
  starter:
    'For independent recruiters: sourcing search terms generated from a job description, external job postings cleaned of sensitive details, and candidate summaries, with read-only access to your ATS.',
  professional:
    "For recruiting teams: everything in Starter plus your clients' must-haves, automated screening questions and scoring of candidates' interview answers.",
  enterprise:
    'For staffing firms: everything in Professional plus best-fit candidate recommendations and placement predictions learned from your past placements.',
};

/** The local plans of a stage, in tier order. Fresh objects on every call. */
export function localPlans(planCodeSuffix: PlanCodeSuffix): Plan[] {
  return PLAN_TIERS.map((tier) => ({
    code: planCode(tier, planCodeSuffix),
    name: `${TIER_LABELS[tier]} — ${PLAN_NAME_TAIL}`,
    description: DESCRIPTIONS[tier],
    currencies: LOCAL_PLAN_PRICES[tier].map((price) => ({ ...price })),
    trial: { length: TRIAL_DAYS, unit: 'days' },
    interval: { length: 1, unit: 'months' },
  }));
}

export interface LocalBillingOptions {
  readonly planCodeSuffix: PlanCodeSuffix;
}

/** The local adapter of the billing port. */
export function createLocalBilling(options: LocalBillingOptions): BillingPort {
  return {
    listPlans: async () => localPlans(options.planCodeSuffix),
  };
}
