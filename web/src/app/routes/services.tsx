import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { RecentResults } from '../../features/assistant/components/recent-results';
import { SavedJobs } from '../../features/assistant/components/saved-jobs';
import { ASSISTANT_SCREENS } from '../../features/assistant/screens';
import { PLACEMENT_PREDICTION_SCREEN } from '../../features/ats/screens';
import { FEATURE_FIRST_TIER, PLAN_NAMES, planIncludes, type PlanFeature } from '@shared-domain/plan-entitlements';
import { UpgradeButton, usePlanTier } from '../../features/subscriptions/entitlements';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAssistantApi } from '../use-assistant-api';
import '../../features/assistant/components/assistant.css';
import './account.css';

/** Every screen under /services with its plan feature: the assistant's seven, then placement prediction on the ATS data. */
const SCREENS: readonly { readonly path: string; readonly title: string; readonly summary: string; readonly feature: PlanFeature }[] = [
  ...ASSISTANT_SCREENS.map((screen) => ({ ...screen, feature: screen.capability })),
  { ...PLACEMENT_PREDICTION_SCREEN, feature: 'placement-prediction' },
];

/**
 * Services (guarded, subscription-gated): the assistant's hub. Each capability card leads to its
 * screen; the user's recent results across capabilities follow, then the way to the ATS settings
 * (on /account) that placement prediction and the candidate imports read from.
 */
export default function ServicesPage() {
  useDocumentTitle('Services');
  const { productName } = useRuntimeConfig();
  const api = useAssistantApi();
  const tier = usePlanTier();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Services</p>
        <h1>What {productName} does for you</h1>
        <p className="page__lead">
          Start with a job: confirm the client’s must-haves, then source, publish, screen, evaluate, rank and summarize. Every result is
          kept, so you can come back to it and copy it again.
        </p>
      </div>
      <ul className="service-list service-list--grid">
        {SCREENS.map((screen) =>
          tier && planIncludes(tier, screen.feature) ? (
            <li key={screen.path} className="card service-card">
              <h2 className="service-list__title">
                <Link to={screen.path} className="service-card__link">
                  {screen.title}
                </Link>
              </h2>
              <p>{screen.summary}</p>
            </li>
          ) : (
            <li key={screen.path} className="card service-card service-card--locked">
              <h2 className="service-list__title">{screen.title}</h2>
              <p>{screen.summary}</p>
              <p className="service-card__plan">Included in the {PLAN_NAMES[FEATURE_FIRST_TIER[screen.feature]]} plan.</p>
              <UpgradeButton feature={screen.feature} />
            </li>
          ),
        )}
      </ul>
      <SavedJobs api={api} />
      <RecentResults api={api} />
      <section className="services-ats" aria-labelledby="services-ats-title">
        <h2 id="services-ats-title" className="service-list__title">
          Your ATS
        </h2>
        <p>
          Connect your applicant tracking system with a read-only key and sync it: placement prediction learns from its history, and best
          fit and candidate summaries can take their candidates from it. <Link to={paths.account}>Your ATS settings</Link>
        </p>
      </section>
      <p className="page__lead">
        Questions about a capability? <Link to={paths.support}>Get support</Link>.
      </p>
    </div>
  );
}
