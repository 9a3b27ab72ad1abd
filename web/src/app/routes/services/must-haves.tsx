import { MustHavesScreen } from '../../../features/assistant/components/must-haves-screen';
import { screenOf } from '../../../features/assistant/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';

/** must-haves (guarded, subscription-gated): one of the assistant's screens under /services. */
export default function MustHavesPage() {
  useDocumentTitle(screenOf('must-haves').title);
  return <MustHavesScreen api={useAssistantApi()} />;
}
