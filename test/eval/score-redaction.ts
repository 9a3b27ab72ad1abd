/**
 * Redaction recall on Presidio's labelled cases: each case's text is given as a job description
 * and every labelled identifier must be gone from the external version.
 */
import { externalJobDescription } from '../../lambdas/assistant/domain/external-job-description';
import { ENTITY_TYPES, removed, type EntityType, type RedactionCase } from './redaction';

export interface RedactionScore {
  readonly byType: Readonly<Record<EntityType, { cases: number; removed: number }>>;
  /** A few identifiers left in, by type (the values are Presidio's fake test data). */
  readonly missedExamples: Readonly<Record<EntityType, string[]>>;
}

export function scoreRedaction(cases: readonly RedactionCase[]): RedactionScore {
  const byType = Object.fromEntries(ENTITY_TYPES.map((t) => [t, { cases: 0, removed: 0 }])) as Record<
    EntityType,
    { cases: number; removed: number }
  >;
  const missedExamples = Object.fromEntries(ENTITY_TYPES.map((t) => [t, [] as string[]])) as Record<EntityType, string[]>;
  const outputs = new Map<string, string>();
  for (const c of cases) {
    let output = outputs.get(c.text);
    if (output === undefined) {
      output = externalJobDescription({ title: 'Office Assistant', description: c.text, companyInfo: '', clientNames: [] }).text;
      outputs.set(c.text, output);
    }
    byType[c.type].cases += 1;
    if (removed(c.value, output)) byType[c.type].removed += 1;
    else if (missedExamples[c.type].length < 3) missedExamples[c.type].push(c.value);
  }
  return { byType, missedExamples };
}
