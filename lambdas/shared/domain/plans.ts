/**
 * Plan codes and their order. Recurly plans are named `{tier}_2weeksfree_monthly_onetimesetup`
 * with a stage suffix (`_dev`, `_stage`, none in prod). Shared by the billing adapters and the web.
 */

export const PLAN_TIERS = ['starter', 'professional', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const PLAN_CODE_SUFFIXES = ['', '_dev', '_stage'] as const;
export type PlanCodeSuffix = (typeof PLAN_CODE_SUFFIXES)[number];

export const PLAN_CODE_STEM = '2weeksfree_monthly_onetimesetup';
export const TRIAL_DAYS = 14;

export function planCode(tier: PlanTier, suffix: PlanCodeSuffix): string {
  return `${tier}_${PLAN_CODE_STEM}${suffix}`;
}

/** The known plan codes of a stage, in display order. */
export function knownPlanCodes(suffix: PlanCodeSuffix): string[] {
  return PLAN_TIERS.map((tier) => planCode(tier, suffix));
}

/** The tier a known code belongs to, or undefined for any other code. */
export function tierOfPlanCode(code: string, suffix: PlanCodeSuffix): PlanTier | undefined {
  return PLAN_TIERS.find((tier) => planCode(tier, suffix) === code);
}

/** Keeps only the stage's known plans, ordered starter, professional, enterprise. */
export function orderKnownPlans<T extends { code: string }>(plans: readonly T[], suffix: PlanCodeSuffix): T[] {
  const known = knownPlanCodes(suffix);
  return plans.filter((plan) => known.includes(plan.code)).sort((a, b) => known.indexOf(a.code) - known.indexOf(b.code));
}
