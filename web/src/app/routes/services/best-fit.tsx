import { BestFitScreen } from '../../../features/assistant/components/best-fit-screen';
import { LIMITS, screenOf } from '../../../features/assistant/screens';
import { AtsCandidateImport } from '../../../features/ats/components/ats-candidate-import';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantApi } from '../../use-assistant-api';
import { useAtsApi } from '../../use-ats-api';

/**
 * best-fit (guarded, subscription-gated): one of the assistant's screens under /services, with
 * the candidates of a synced ATS job to add (the two features meet here, not in each other).
 */
export default function BestFitPage() {
  useDocumentTitle(screenOf('best-fit').title);
  const ats = useAtsApi();
  return (
    <BestFitScreen
      api={useAssistantApi()}
      importCandidates={(fill) => <AtsCandidateImport api={ats} mode="many" max={LIMITS.candidatesMax} onImport={fill} />}
    />
  );
}
