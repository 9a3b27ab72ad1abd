import { useLocation } from 'react-router-dom';
import { SuccessView } from '../../features/subscriptions/components/success-view';
import { readSuccessState } from '../../features/subscriptions/success-state';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Success (public): what was just bought and what to do next (from the subscribe page's state). */
export default function SuccessPage() {
  useDocumentTitle('Subscribed');
  const state = readSuccessState(useLocation().state);
  return (
    <div className="container page">
      <SuccessView state={state} />
    </div>
  );
}
