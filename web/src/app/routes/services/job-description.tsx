import { JobDescriptionScreen } from '../../../features/assistant/components/job-description-screen';
import { screenOf } from '../../../features/assistant/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';

/** job-description (guarded, subscription-gated): one of the assistant's screens under /services. */
export default function JobDescriptionPage() {
  useDocumentTitle(screenOf('job-description').title);
  return <JobDescriptionScreen api={useAssistantApi()} />;
}
