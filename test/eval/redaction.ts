/**
 * Redaction measured on Presidio's labelled cases: each labelled span is one identifier the
 * external job description must not publish. Presidio's entity types are mapped to ours; types we
 * do not redact on purpose (dates, places, organisations, job titles, ages) are not counted.
 * A span counts as removed when its text no longer appears in the output.
 */

/** Our entity types, as the report names them. */
export const ENTITY_TYPES = [
  'email',
  'phone',
  'ssn',
  'payment card',
  'iban',
  'street address',
  'person name',
  'ip address',
  'url or handle',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Direct identifiers: one of these alone reaches or identifies a person. */
export const DIRECT_IDENTIFIERS: readonly EntityType[] = ['email', 'phone', 'ssn', 'payment card', 'iban', 'street address', 'person name'];

const PRESIDIO_TO_OURS: Readonly<Record<string, EntityType>> = {
  EMAIL_ADDRESS: 'email',
  PHONE_NUMBER: 'phone',
  US_SSN: 'ssn',
  CREDIT_CARD: 'payment card',
  IBAN_CODE: 'iban',
  STREET_ADDRESS: 'street address',
  PERSON: 'person name',
  IP_ADDRESS: 'ip address',
  URL: 'url or handle',
  DOMAIN_NAME: 'url or handle',
};

export function entityTypeOf(presidioType: string): EntityType | null {
  return PRESIDIO_TO_OURS[presidioType] ?? null;
}

/** One labelled identifier inside a text. */
export interface RedactionCase {
  readonly text: string;
  readonly type: EntityType;
  readonly value: string;
  readonly source: 'recognizer tests' | 'synthetic v2';
}

interface RecognizerCase {
  readonly type: string;
  readonly text: string;
  readonly spans?: readonly (readonly [number, number])[];
}

interface SynthRecord {
  readonly full_text: string;
  readonly spans: readonly {
    readonly entity_type: string;
    readonly entity_value: string;
    readonly start_position: number;
    readonly end_position: number;
  }[];
}

/** The cases of `pii/presidio-recognizer-cases.json` that expect a match, one per labelled span. */
export function recognizerCases(rows: readonly RecognizerCase[]): RedactionCase[] {
  return rows.flatMap((row) => {
    const type = entityTypeOf(row.type);
    if (!type) return [];
    return (row.spans ?? []).map(([start, end]) => ({
      text: row.text,
      type,
      value: row.text.slice(start, end),
      source: 'recognizer tests' as const,
    }));
  });
}

/** The spans of `pii/presidio-research-synth-v2.json` of a type we redact. */
export function synthCases(records: readonly SynthRecord[]): RedactionCase[] {
  return records.flatMap((record) =>
    record.spans.flatMap((span) => {
      const type = entityTypeOf(span.entity_type);
      return type
        ? [
            {
              text: record.full_text,
              type,
              value: record.full_text.slice(span.start_position, span.end_position),
              source: 'synthetic v2' as const,
            },
          ]
        : [];
    }),
  );
}

/** Whether `value` was removed from `output` (whitespace runs compared as one space). */
export function removed(value: string, output: string): boolean {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  return !squash(output).includes(squash(value));
}
