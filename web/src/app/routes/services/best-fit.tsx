import { BestFitScreen } from '../../../features/assistant/components/best-fit-screen';
import { screenOf } from '../../../features/assistant/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';

/** best-fit (guarded, subscription-gated): one of the assistant's screens under /services. */
export default function BestFitPage() {
  useDocumentTitle(screenOf('best-fit').title);
  return <BestFitScreen api={useAssistantApi()} />;
}
