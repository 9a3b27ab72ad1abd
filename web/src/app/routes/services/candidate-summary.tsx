import { CandidateSummaryScreen } from '../../../features/assistant/components/candidate-summary-screen';
import { screenOf } from '../../../features/assistant/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';

/** candidate-summary (guarded, subscription-gated): one of the assistant's screens under /services. */
export default function CandidateSummaryPage() {
  useDocumentTitle(screenOf('candidate-summary').title);
  return <CandidateSummaryScreen api={useAssistantApi()} />;
}
