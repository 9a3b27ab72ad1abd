import { InterviewEvaluationScreen } from '../../../features/assistant/components/interview-evaluation-screen';
import { screenOf } from '../../../features/assistant/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';

/** interview-evaluation (guarded, subscription-gated): one of the assistant's screens under /services. */
export default function InterviewEvaluationPage() {
  useDocumentTitle(screenOf('interview-evaluation').title);
  return <InterviewEvaluationScreen api={useAssistantApi()} />;
}
