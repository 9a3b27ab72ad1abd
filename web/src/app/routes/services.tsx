import { Link } from 'react-router-dom';
import { CAPABILITIES } from '../../config/capabilities';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { RecentResults } from '../../features/assistant/components/recent-results';
import { ASSISTANT_SCREENS } from '../../features/assistant/screens';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAssistantApi } from '../use-assistant-api';
import '../../features/assistant/components/assistant.css';
import './account.css';

/** The capabilities that need the ATS connection and the placement history (not here yet). */
const COMING = CAPABILITIES.filter((capability) => capability.id === 'placement-prediction' || capability.id === 'ats-integration');

/**
 * Services (guarded, subscription-gated): the assistant's hub. Each capability card leads to its
 * screen; the user's recent results across capabilities follow.
 */
export default function ServicesPage() {
  useDocumentTitle('Services');
  const { productName } = useRuntimeConfig();
  const api = useAssistantApi();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Services</p>
        <h1>What {productName} does for you</h1>
        <p className="page__lead">
          Start with a job: confirm the client’s must-haves, then source, publish, screen, evaluate, rank and summarize. Every
          result is kept, so you can come back to it and copy it again.
        </p>
      </div>
      <ul className="service-list service-list--grid">
        {ASSISTANT_SCREENS.map((screen) => (
          <li key={screen.capability} className="card service-card">
            <h2 className="service-list__title">
              <Link to={screen.path} className="service-card__link">
                {screen.title}
              </Link>
            </h2>
            <p>{screen.summary}</p>
          </li>
        ))}
      </ul>
      <RecentResults api={api} />
      <section className="services-coming" aria-labelledby="services-coming-title">
        <h2 id="services-coming-title" className="service-list__title">
          Coming with the ATS connection
        </h2>
        <ul className="service-list">
          {COMING.map((capability) => (
            <li key={capability.id} className="card">
              <h3 className="service-list__title">{capability.title}</h3>
              <p>{capability.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <p className="page__lead">
        Questions about a capability? <Link to={paths.support}>Get support</Link>.
      </p>
    </div>
  );
}
