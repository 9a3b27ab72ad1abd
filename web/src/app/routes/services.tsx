import { Link } from 'react-router-dom';
import { CAPABILITIES } from '../../config/capabilities';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import './account.css';

/** Services (guarded): what the assistant does for the signed-in recruiter, release by release. */
export default function ServicesPage() {
  useDocumentTitle('Services');
  const { productName } = useRuntimeConfig();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Services</p>
        <h1>What {productName} does for you</h1>
        <p className="page__lead">
          The assistant works from your job descriptions, your clients’ must-haves and a read-only connection to your ATS. Beta
          customers receive each capability with the release it ships in.
        </p>
      </div>
      <ul className="service-list">
        {CAPABILITIES.map((capability) => (
          <li key={capability.id} className="card">
            <h2 className="service-list__title">
              {capability.title}
              <span className="service-list__release">Release {capability.release}</span>
            </h2>
            <p>{capability.description}</p>
          </li>
        ))}
      </ul>
      <p className="page__lead">
        Questions about a capability? <Link to={paths.support}>Get support</Link>.
      </p>
    </div>
  );
}
