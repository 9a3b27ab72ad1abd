import type { ReactNode } from 'react';

/**
 * Candidates brought onto a screen from elsewhere (the ATS), with the job they applied to. The
 * assistant does not know where they come from: the app composes the source in (app/routes/services).
 */
export interface ImportedCandidates {
  readonly job: { readonly title: string; readonly description: string; readonly location: string };
  readonly candidates: readonly { readonly name: string; readonly profile: string }[];
}

/** Renders the control that imports candidates; `fill` puts them on the screen and answers what it did, in words. */
export type CandidateImporter = (fill: (imported: ImportedCandidates) => string) => ReactNode;

/** A text as a field takes it: trimmed and cut to the field's limit. */
export function clip(text: string, max: number): string {
  return text.trim().slice(0, max).trim();
}
