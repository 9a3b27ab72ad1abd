import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export const MISSING_ROUTE_TEXT = 'Missing Route';

/** Any path the app does not route (spec: shows the text Missing Route), with a way home. */
export default function MissingRoutePage() {
  useDocumentTitle(MISSING_ROUTE_TEXT);
  return (
    <div className="container page message-page">
      <h1>{MISSING_ROUTE_TEXT}</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to={paths.home} className="button button--primary">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
