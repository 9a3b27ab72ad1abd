/**
 * Text a connector writes for the recruiter (a skipped record's reason, a page's notice), as a
 * sync keeps it: it is stored in the status record, shown and logged, so it is one line, bounded,
 * and never contact data, whatever the ATS or a connector bug puts in it. The one owner of that
 * rule for ./skipped-records.ts and ./sync-notices.ts. Plain TypeScript: no AWS types.
 */
import { hasContact } from '../../shared/text/contact-data';
import { cutText } from './bound-record';

/**
 * The text on one line (whitespace and control characters folded into single spaces), cut to at
 * most `max` characters with "…" when longer; `null` when nothing is left or it carries contact
 * data (an e-mail address, a phone number, a web or street address), so the caller drops or
 * replaces it rather than passing it on.
 */
export function connectorLine(text: unknown, max: number): string | null {
  const line = typeof text === 'string' ? text.replace(/[\s\p{Cc}]+/gu, ' ').trim() : '';
  if (line === '' || hasContact(line)) return null;
  return line.length <= max ? line : `${cutText(line, max - 1).trimEnd()}…`;
}
