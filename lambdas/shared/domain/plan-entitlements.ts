import { CAPABILITIES } from './capabilities';
import { PLAN_CODE_SUFFIXES, PLAN_TIERS, planCode, type PlanTier } from './plans';
import { isLiveSubscription, type SubscriptionAccessFields } from './subscription-access';

/**
 * What each plan includes: the one owner of the plans' entitlements (docs/decisions.md, "Plans
 * that mean what they say"). The server's subscriber gate (lambdas/shared/http/subscriber-route.ts)
 * refuses a feature the caller's plan does not include, and the web's copy (/subscribe, /products,
 * /services and each service's screen) lists and offers exactly what this module says.
 *
 * Each plan adds the next stage of a recruiter's work to the one below it:
 * - Starter, the job: client must-haves, sourcing search terms, the external job description,
 *   screening questions, and the read-only ATS connection (connect, sync, browse);
 * - Professional, the candidates: + interview answer evaluation and candidate summaries;
 * - Enterprise, the decision: + best-fit recommendation and placement prediction.
 * Plain TypeScript with no runtime imports beyond the domain, so the web's entry bundle can use it.
 */

/** The features a plan may include: the assistant's seven capabilities and the ATS's two. */
export const PLAN_FEATURES = [...CAPABILITIES, 'placement-prediction', 'ats-integration'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** The lowest plan that includes each feature; every higher plan includes it too. */
export const FEATURE_FIRST_TIER: Readonly<Record<PlanFeature, PlanTier>> = {
  'must-haves': 'starter',
  'sourcing-terms': 'starter',
  'job-description': 'starter',
  'screening-questions': 'starter',
  'ats-integration': 'starter',
  'interview-evaluation': 'professional',
  'candidate-summary': 'professional',
  'best-fit': 'enterprise',
  'placement-prediction': 'enterprise',
};

/** The plans' names as the pages and the refusals say them. */
export const PLAN_NAMES: Readonly<Record<PlanTier, string>> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/** The features' names as the plan lists and the refusals say them. */
export const FEATURE_NAMES: Readonly<Record<PlanFeature, string>> = {
  'must-haves': 'Client must-haves',
  'sourcing-terms': 'Sourcing search terms',
  'job-description': 'External job description',
  'screening-questions': 'Screening questions',
  'interview-evaluation': 'Interview answer evaluation',
  'best-fit': 'Best-fit recommendation',
  'candidate-summary': 'Candidate summary',
  'placement-prediction': 'Placement prediction',
  'ats-integration': 'Read-only ATS integration',
};

/** Whether a plan includes a feature. */
export function planIncludes(tier: PlanTier, feature: PlanFeature): boolean {
  return PLAN_TIERS.indexOf(tier) >= PLAN_TIERS.indexOf(FEATURE_FIRST_TIER[feature]);
}

/** The features a plan includes, in {@link PLAN_FEATURES}' order. */
export function featuresOf(tier: PlanTier): PlanFeature[] {
  return PLAN_FEATURES.filter((feature) => planIncludes(tier, feature));
}

/** The features a plan adds to the plan below it (all of Starter's for Starter). */
export function featuresAddedBy(tier: PlanTier): PlanFeature[] {
  return PLAN_FEATURES.filter((feature) => FEATURE_FIRST_TIER[feature] === tier);
}

/** The tier of a plan code of any stage (`starter_…`, `starter_…_dev`, `starter_…_stage`), else undefined. */
export function tierOfAnyPlanCode(code: string): PlanTier | undefined {
  return PLAN_TIERS.find((tier) => PLAN_CODE_SUFFIXES.some((suffix) => planCode(tier, suffix) === code));
}

/** What the rule reads of a subscription: its plan and whether it gives access. */
export interface EntitlementFields extends SubscriptionAccessFields {
  readonly planCode: string;
}

/** The highest plan among the live subscriptions, or undefined (none live, or none on a known plan). */
export function entitledTier(subscriptions: readonly EntitlementFields[], now: Date = new Date()): PlanTier | undefined {
  const tiers = subscriptions
    .filter((subscription) => isLiveSubscription(subscription, now))
    .map((subscription) => tierOfAnyPlanCode(subscription.planCode))
    .filter((tier): tier is PlanTier => tier !== undefined);
  return PLAN_TIERS.filter((tier) => tiers.includes(tier)).at(-1);
}

/** The stable code of the refusal of a feature the caller's plan does not include. */
export const PLAN_UPGRADE_REQUIRED = 'plan_upgrade_required';

/** The plans that include a feature, lowest first. */
export function plansIncluding(feature: PlanFeature): PlanTier[] {
  return PLAN_TIERS.filter((tier) => planIncludes(tier, feature));
}

/** "the Enterprise plan", "the Professional and Enterprise plans". */
function planList(tiers: readonly PlanTier[]): string {
  const names = tiers.map((tier) => PLAN_NAMES[tier]);
  if (names.length === 1) return `the ${names[0]} plan`;
  return `the ${names.slice(0, -1).join(', ')} and ${names.at(-1)} plans`;
}

/** Why a feature is refused, naming the plans that include it (the server's 403 and the web's prompt). */
export function planUpgradeMessage(feature: PlanFeature, current: PlanTier | undefined): string {
  const yours = current ? ` Your plan is ${PLAN_NAMES[current]}.` : '';
  return `${FEATURE_NAMES[feature]} is included in ${planList(plansIncluding(feature))}.${yours} Change your plan on the Subscribe page to use it.`;
}
