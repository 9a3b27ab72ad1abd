import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import type { PlanFeature } from '@shared-domain/plan-entitlements';
import { PlanUpgradePrompt, usePlanIncludes } from '../../../features/subscriptions/entitlements';
import MissingRoutePage from '../missing-route';

/**
 * /services/<capability>: the assistant's seven screens and placement prediction, one module
 * (and chunk) each, loaded here. The router has this one route for the eight instead of eight:
 * every route costs the entry bundle its import and the list of chunks to preload with it, and
 * the home route's JavaScript has a budget against a bare React app (bench, web section). The
 * first visit of a screen's address still preloads the screen's chunk and this one with the
 * entry (preloadFirstPage in vite.config.ts finds the screen by its path in config/paths.ts, and
 * this module as the one that loads it). An unknown capability is a missing route; one the user's
 * plan does not include shows what includes it and an upgrade button (the server would answer
 * 403 `plan_upgrade_required`; plan-entitlements.ts is both sides' rule).
 */
const SCREENS: Readonly<Partial<Record<PlanFeature, LazyExoticComponent<ComponentType>>>> = {
  'must-haves': lazy(() => import('./must-haves')),
  'sourcing-terms': lazy(() => import('./sourcing-terms')),
  'job-description': lazy(() => import('./job-description')),
  'screening-questions': lazy(() => import('./screening-questions')),
  'interview-evaluation': lazy(() => import('./interview-evaluation')),
  'best-fit': lazy(() => import('./best-fit')),
  'candidate-summary': lazy(() => import('./candidate-summary')),
  // The ATS feature's screen, on the same route for the same reason.
  'placement-prediction': lazy(() => import('./placement-prediction')),
};

export default function CapabilityPage() {
  const { capability = '' } = useParams();
  const Screen = Object.hasOwn(SCREENS, capability) ? SCREENS[capability as PlanFeature] : undefined;
  if (!Screen) return <MissingRoutePage />;
  return <IncludedScreen feature={capability as PlanFeature} Screen={Screen} />;
}

function IncludedScreen({ feature, Screen }: { readonly feature: PlanFeature; readonly Screen: ComponentType }) {
  if (!usePlanIncludes(feature)) return <PlanUpgradePrompt feature={feature} />;
  return (
    <Suspense fallback={<Spinner page label="Loading…" />}>
      <Screen />
    </Suspense>
  );
}
