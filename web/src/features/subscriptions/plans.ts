import type { Plan, PlanCurrency } from '@contracts/plans';
import { orderKnownPlans, tierOfPlanCode, type PlanCodeSuffix, type PlanTier } from '@shared-domain/plans';

/** Stored and shown when the plans could not be loaded or none is offered (spec error catalogue). */
export const PLANS_ERROR_MESSAGE = 'Could not get plans';

const TIER_LABELS: Readonly<Record<PlanTier, string>> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/**
 * The stage's known plans, ordered starter, professional, enterprise (spec section 4), or
 * `undefined` when none is offered (which the pages report as 'Could not get plans').
 */
export function offeredPlans(plans: readonly Plan[], suffix: PlanCodeSuffix): Plan[] | undefined {
  const known = orderKnownPlans(plans, suffix).filter((plan) => plan.currencies.length > 0);
  return known.length > 0 ? known : undefined;
}

/** A plan's short name: its tier ("Professional") for known codes, else the provider's name. */
export function planLabel(code: string, name: string, suffix: PlanCodeSuffix): string {
  const tier = tierOfPlanCode(code, suffix);
  return tier ? TIER_LABELS[tier] : name;
}

/** Every currency the plans are sold in: USD first when offered, then in the order they appear. */
export function currenciesOf(plans: readonly Plan[]): string[] {
  const all = [...new Set(plans.flatMap((plan) => plan.currencies.map((price) => price.currency)))];
  return all.includes('USD') ? ['USD', ...all.filter((code) => code !== 'USD')] : all;
}

/** The plan's price in a currency, if it is sold in it. */
export function priceIn(plan: Plan, currency: string): PlanCurrency | undefined {
  return plan.currencies.find((price) => price.currency === currency);
}
