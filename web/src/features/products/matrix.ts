import { FEATURE_FIRST_TIER } from '@shared-domain/plan-entitlements';
import type { PlanTier } from '@shared-domain/plans';
import { CAPABILITIES, type Capability } from '../../config/capabilities';

/**
 * The feature comparison matrix: the nine capabilities (rows) across releases R1, R2, R3
 * (columns, matching the beta groups Beta_Customer_R1..R3). The spec fixes the shape and the
 * three cell states but not the assignment; ours (docs/decisions.md, "Plans that mean what they
 * say") is the plans': each release brought the next plan's features, so R1 is what Starter
 * includes, R2 what Professional adds and R3 what Enterprise adds (FEATURE_FIRST_TIER, the one
 * owner, which the server enforces).
 *
 * So a cell is `included` in the release that first ships the capability, `repeat` in every later
 * release, and `pending` before it.
 */

export const RELEASES = [
  { id: 1, label: 'R1', name: 'Release 1', tier: 'starter' },
  { id: 2, label: 'R2', name: 'Release 2', tier: 'professional' },
  { id: 3, label: 'R3', name: 'Release 3', tier: 'enterprise' },
] as const satisfies readonly { id: number; label: string; name: string; tier: PlanTier }[];

export type Release = (typeof RELEASES)[number];
export type CellState = 'included' | 'repeat' | 'pending';

export const CELL_STATES: Readonly<Record<CellState, { readonly label: string; readonly description: string }>> = {
  included: { label: 'Included', description: 'New in this release.' },
  repeat: { label: 'Repeat', description: 'Carried over from an earlier release.' },
  pending: { label: 'Pending', description: 'Comes in a later release; available today on the plans that include it.' },
};

/** The release that brought a capability: the one of the lowest plan that includes it. */
export function releaseOf(capability: Pick<Capability, 'feature'>): Release {
  return RELEASES.find((release) => release.tier === FEATURE_FIRST_TIER[capability.feature])!;
}

/** The state of one capability in one release. */
export function cellState(capability: Pick<Capability, 'feature'>, release: Pick<Release, 'id'>): CellState {
  const first = releaseOf(capability).id;
  if (release.id < first) return 'pending';
  return release.id === first ? 'included' : 'repeat';
}

export interface MatrixRow {
  readonly capability: Capability;
  readonly cells: readonly { readonly release: Release; readonly state: CellState }[];
}

/** The matrix, row by row, in the spec's capability order. */
export const FEATURE_MATRIX: readonly MatrixRow[] = CAPABILITIES.map((capability) => ({
  capability,
  cells: RELEASES.map((release) => ({ release, state: cellState(capability, release) })),
}));
