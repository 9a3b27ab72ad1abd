/**
 * Checks of a candidate summary a recruiter sends to a client: no contact data may be left in it
 * (the client would go round the agency), and it must not contradict itself by naming something
 * as shown (a skill, a credential, a highlight) and then listing it under "not shown".
 */
import type { CandidateSummaryOutput } from '../../lambdas/shared/contracts/assistant';
import { normalize } from './text-match';

const CONTACT_PATTERNS: Readonly<Record<string, RegExp>> = {
  email: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u,
  phone: /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b/,
  url: /\bhttps?:\/\/\S+|\bwww\.\S+|\blinkedin\.com\/\S+|\bgithub\.com\/\S+/i,
  'street address': /\b\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Ct|Court)\b/,
};

/** Kinds of contact data found in `text`, each with what matched. */
export function contactData(text: string): { kind: string; match: string }[] {
  const found: { kind: string; match: string }[] = [];
  for (const [kind, pattern] of Object.entries(CONTACT_PATTERNS)) {
    const m = pattern.exec(text);
    if (m) found.push({ kind, match: m[0] });
  }
  return found;
}

/** The items of the summary's "not shown: a; b." list. */
export function notShownItems(summary: string): string[] {
  const m = /not shown:\s*([^]*?)\.(?:\s|$)/i.exec(summary);
  return m
    ? m[1]
        .split(/;\s*/)
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** The names the summary shows as present: its skills, the must-haves met, and its "Core skills" and "Credentials" sentences. */
function shownNames(output: Pick<CandidateSummaryOutput, 'summary' | 'skills' | 'fit'>): string[] {
  const listed = output.summary.split(/(?<=\.)\s+/).flatMap((sentence) => {
    const m = /^(?:Core skills|Credentials):\s*(.*?)\.?$/i.exec(sentence.split(/;\s*education:/i)[0]);
    return m ? m[1].split(/,\s*|\s+and\s+/) : [];
  });
  return [...output.skills, ...(output.fit?.met ?? []), ...listed].map(normalize).filter((n) => n.length >= 3);
}

/**
 * Items listed as "not shown" that the summary also shows: a shown name (a skill, a credential, a
 * must-have met) inside the item, or a short item (up to four words) inside a highlight.
 */
export function contradictions(output: Pick<CandidateSummaryOutput, 'summary' | 'skills' | 'highlights' | 'fit'>): string[] {
  const names = shownNames(output);
  const highlights = output.highlights.map((h) => ` ${normalize(h)} `);
  return notShownItems(output.summary).filter((item) => {
    const n = ` ${normalize(item)} `;
    if (names.some((name) => n.includes(` ${name} `))) return true;
    return n.trim().split(' ').length <= 4 && highlights.some((h) => h.includes(n));
  });
}
