import { paths } from '../../config/paths';

/** The ATS feature's screen under /services, as the hub's card and the screen's heading show it. */
export const PLACEMENT_PREDICTION_SCREEN = {
  path: paths.servicesPlacementPrediction,
  title: 'Placement prediction',
  summary:
    'The active applications of a synced ATS job ranked by their chance of a placement, learned from your own past placements, with the reasons.',
} as const;
