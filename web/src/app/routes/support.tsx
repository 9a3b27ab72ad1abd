import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Support (guarded): the help-desk portal and the contact form. */
export default function SupportPage() {
  useDocumentTitle('Support');
  const { productName, supportPortalUrl } = useRuntimeConfig();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Support</p>
        <h1>Get help with {productName}</h1>
        <p className="page__lead">
          Our help desk has answers to common questions and is where you open a ticket; we reply within one business day.
        </p>
      </div>
      <p>
        <a className="button button--primary" href={supportPortalUrl} target="_blank" rel="noopener noreferrer">
          Open the help desk
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <p>
        Prefer to write to us? Use the <Link to={paths.contact}>contact form</Link>.
      </p>
    </div>
  );
}
