import { ScreeningQuestionsScreen } from '../../../features/assistant/components/screening-questions-screen';
import { screenOf } from '../../../features/assistant/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';

/** screening-questions (guarded, subscription-gated): one of the assistant's screens under /services. */
export default function ScreeningQuestionsPage() {
  useDocumentTitle(screenOf('screening-questions').title);
  return <ScreeningQuestionsScreen api={useAssistantApi()} />;
}
