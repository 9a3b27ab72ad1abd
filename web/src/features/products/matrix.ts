import { CAPABILITIES, type Capability } from '../../config/capabilities';

/**
 * The feature comparison matrix: the nine capabilities (rows) across releases R1, R2, R3
 * (columns, matching the beta groups Beta_Customer_R1..R3). The spec fixes the shape and the
 * three cell states but not the assignment; ours (docs/decisions.md):
 *
 * - R1 includes the four job-description tools that need only text you paste: sourcing search
 *   terms, clean external job posts, client must-haves, screening questions.
 * - R2 repeats those and adds the candidate-facing tools: interview answer evaluation, best-fit
 *   recommendations, candidate summaries.
 * - R3 repeats all seven and adds what needs the customer's history: placement prediction and the
 *   read-only ATS integration that feeds it.
 *
 * So a cell is `included` in the release that first ships the capability, `repeat` in every later
 * release, and `pending` before it.
 */

export const RELEASES = [
  { id: 1, label: 'R1', name: 'Release 1' },
  { id: 2, label: 'R2', name: 'Release 2' },
  { id: 3, label: 'R3', name: 'Release 3' },
] as const;

export type Release = (typeof RELEASES)[number];
export type CellState = 'included' | 'repeat' | 'pending';

export const CELL_STATES: Readonly<Record<CellState, { readonly label: string; readonly description: string }>> = {
  included: { label: 'Included', description: 'New in this release.' },
  repeat: { label: 'Repeat', description: 'Carried over from an earlier release.' },
  pending: { label: 'Pending', description: 'Planned for a later release; not available yet.' },
};

/** The state of one capability in one release. */
export function cellState(capability: Pick<Capability, 'release'>, release: Pick<Release, 'id'>): CellState {
  if (release.id < capability.release) return 'pending';
  return release.id === capability.release ? 'included' : 'repeat';
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
