import { PlacementPredictionScreen } from '../../../features/ats/components/placement-prediction-screen';
import { PLACEMENT_PREDICTION_SCREEN } from '../../../features/ats/screens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAtsApi } from '../../use-ats-api';

/** placement-prediction (guarded, subscription-gated): the ATS feature's screen under /services. */
export default function PlacementPredictionPage() {
  useDocumentTitle(PLACEMENT_PREDICTION_SCREEN.title);
  return <PlacementPredictionScreen api={useAtsApi()} />;
}
