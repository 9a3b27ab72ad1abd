import { Link } from 'react-router-dom';
import {
  entitledTier,
  FEATURE_FIRST_TIER,
  FEATURE_NAMES,
  featuresOf,
  PLAN_NAMES,
  planIncludes,
  planUpgradeMessage,
  type PlanFeature,
} from '@shared-domain/plan-entitlements';
import type { PlanTier } from '@shared-domain/plans';
import { paths } from '../../config/paths';
import { useSubscriptions } from './state/subscriptions-context';

/**
 * The web's side of the plans' entitlements: the same module the server's gate enforces
 * (lambdas/shared/domain/plan-entitlements.ts), so every page says what the server does.
 */

/**
 * The plan the signed-in user works on: their firm's when they work on its subscription (issue 18;
 * the server's gate reads the same), else the highest among their own live subscriptions
 * (undefined while none).
 */
export function usePlanTier(): PlanTier | undefined {
  const { subscriptions, firmAccess } = useSubscriptions();
  return firmAccess ? (firmAccess.tier ?? undefined) : entitledTier(subscriptions);
}

/** Whether the signed-in user's plan includes a feature. */
export function usePlanIncludes(feature: PlanFeature): boolean {
  const tier = usePlanTier();
  return tier !== undefined && planIncludes(tier, feature);
}

/** The button to the plans for a feature the user's plan does not include. */
export function UpgradeButton({ feature }: { readonly feature: PlanFeature }) {
  return (
    <Link to={paths.subscribe} className="button button--primary">
      Upgrade to {PLAN_NAMES[FEATURE_FIRST_TIER[feature]]}
    </Link>
  );
}

/** What a service's screen shows instead of itself when the user's plan does not include it. */
export function PlanUpgradePrompt({ feature }: { readonly feature: PlanFeature }) {
  const tier = usePlanTier();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Services</p>
        <h1>{FEATURE_NAMES[feature]}</h1>
      </div>
      <div className="notice plan-upgrade">
        <p>{planUpgradeMessage(feature, tier)}</p>
        <UpgradeButton feature={feature} />
      </div>
    </div>
  );
}

/** What a plan includes, as the plan cards on /subscribe and /products list it. */
export function PlanFeatureList({ tier }: { readonly tier: PlanTier }) {
  return (
    <ul className="plan-card__features" aria-label={`${PLAN_NAMES[tier]} includes`}>
      {featuresOf(tier).map((feature) => (
        <li key={feature}>{FEATURE_NAMES[feature]}</li>
      ))}
    </ul>
  );
}
