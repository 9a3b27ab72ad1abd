import { CandidateSummaryScreen } from '../../../features/assistant/components/candidate-summary-screen';
import { screenOf } from '../../../features/assistant/screens';
import { AtsCandidateImport } from '../../../features/ats/components/ats-candidate-import';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';
import { useAtsApi } from '../../use-ats-api';

/**
 * candidate-summary (guarded, subscription-gated): one of the assistant's screens under
 * /services, with a candidate of a synced ATS job to pick (the two features meet here).
 */
export default function CandidateSummaryPage() {
  useDocumentTitle(screenOf('candidate-summary').title);
  const ats = useAtsApi();
  return (
    <CandidateSummaryScreen
      api={useAssistantApi()}
      importCandidate={(fill) => <AtsCandidateImport api={ats} mode="one" onImport={fill} />}
    />
  );
}
