/**
 * Our labels of the corpus, written by hand as a senior agency recruiter would (see
 * docs/decisions.md): one `labels/jobs/<posting file stem>.json` per labelled posting and
 * `labels/best-fit.json` for the ranking sets. A concept is a list of accepted variants: short
 * key phrases or /patterns/ (never a sentence of the corpus).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Concept = readonly string[];

export interface JobLabel {
  /** The canonical title first, then the real synonyms a sourcer would OR with it. */
  readonly titles: Concept;
  /** Skills, tools, licences and terms a sourcer would search for (recall is measured on these). */
  readonly coreTerms: readonly Concept[];
  /** Terms that are fine to search for but not core (they count for precision only). */
  readonly acceptable?: readonly string[];
  /** True hard requirements. */
  readonly mustHaves: readonly Concept[];
  /** What must not reach the external description, by kind. */
  readonly sensitive: readonly { readonly kind: 'client name' | 'commercial terms' | 'internal note' | 'contact'; readonly key: string }[];
  /** Candidate-facing text that must stay: pay, differentials, benefits, how to apply. */
  readonly mustKeep: readonly string[];
}

export interface BestFitSet {
  /** The posting's file stem. */
  readonly job: string;
  /** Resume file stems a recruiter would put first (any of them counts as a right top-1). */
  readonly top: readonly string[];
}

export const LABELS_DIR = path.join(__dirname, 'labels');

function isConcept(value: unknown): value is Concept {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && isKey(v));
}

/** A key phrase of at most 8 words, or a /pattern/ of at most 100 characters. */
export function isKey(value: string): boolean {
  if (/^\/.+\/$/.test(value)) return value.length <= 100;
  return value.trim().length > 0 && value.trim().split(/\s+/).length <= 8;
}

/** Throws on a label that breaks the format (so a typo fails the run, not the figures). */
export function validateJobLabel(stem: string, value: unknown): JobLabel {
  const label = value as JobLabel;
  const problems: string[] = [];
  if (!isConcept(label.titles)) problems.push('titles');
  for (const key of ['coreTerms', 'mustHaves'] as const) if (!Array.isArray(label[key]) || !label[key].every(isConcept)) problems.push(key);
  if (!Array.isArray(label.sensitive) || !label.sensitive.every((s) => typeof s.key === 'string' && isKey(s.key)))
    problems.push('sensitive');
  if (!Array.isArray(label.mustKeep) || !(label.mustKeep as unknown[]).every((k) => typeof k === 'string' && isKey(k)))
    problems.push('mustKeep');
  if (problems.length)
    throw new Error(`Label ${stem}: ${problems.join(', ')} not in the label format (key phrases of at most 8 words or short /patterns/)`);
  return label;
}

/** The job labels, by posting file stem. */
export function readJobLabels(dir = path.join(LABELS_DIR, 'jobs')): Map<string, JobLabel> {
  const labels = new Map<string, JobLabel>();
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const stem = name.replace(/\.json$/, '');
    labels.set(stem, validateJobLabel(stem, JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))));
  }
  return labels;
}

export function readBestFitSets(file = path.join(LABELS_DIR, 'best-fit.json')): BestFitSet[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BestFitSet[];
}
