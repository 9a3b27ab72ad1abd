import { useDocumentTitle } from '../../lib/use-document-title';

export const MISSING_ROUTE_TEXT = 'Missing Route';

/** Any path the app does not route (spec: shows the text Missing Route). */
export default function MissingRoutePage() {
  useDocumentTitle(MISSING_ROUTE_TEXT);
  return (
    <div className="container page message-page">
      <h1>{MISSING_ROUTE_TEXT}</h1>
    </div>
  );
}
