import { SourcingTermsScreen } from '../../../features/assistant/components/sourcing-terms-screen';
import { screenOf } from '../../../features/assistant/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';

/** sourcing-terms (guarded, subscription-gated): one of the assistant's screens under /services. */
export default function SourcingTermsPage() {
  useDocumentTitle(screenOf('sourcing-terms').title);
  return <SourcingTermsScreen api={useAssistantApi()} />;
}
