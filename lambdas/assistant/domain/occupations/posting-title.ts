import { cleanTitle } from '../../../shared/text/titles';
import { occupationOf } from './index';

/**
 * A posting's title as a sourcer searches for it: without what titles carry for job boards
 * (place, pay, schedule, contract, season, level number) and split where it names two roles
 * ("Medical Assistant/LPN").
 */

/** Schedule, contract and season words that say when or how, not what the job is. */
const SCHEDULE =
  /\b(?:(?:1st|2nd|3rd|first|second|third|day|night|evening|overnight|weekend|swing|graveyard)\s+shifts?|part[\s-]?time|full[\s-]?time|temp(?:orary)?(?:[\s-]+to[\s-]+(?:hire|perm))?|seasonal|per[\s-]+diem|prn|contract(?:[\s-]+to[\s-]+hire)?|founding|hybrid|remote|on[\s-]?site)\b/gi;

function tidy(title: string): string {
  const words = title
    .replace(/\s+job\s+(?:in|at)\b.*$/i, '') // "Monitor Tech job in Cartersville, GA - Make $1,024/week"
    .replace(/\b(?:19|20)\d{2}(?:\s*[-–/]\s*(?:19|20)?\d{2})?\b/g, ' ') // "2024-2025 Teacher"
    .replace(SCHEDULE, ' ')
    .replace(/[!?]+/g, ' ')
    .replace(/\s+(?:[1-9]|i{1,3}|iv|v)\s*$/i, '') // "Representative 5", "Engineer II"
    .replace(/^[\s,&/-]+|[\s,&/-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A title in capitals reads as shouting in a search string and as an abbreviation to a reader.
  return words === words.toUpperCase() && /[A-Z]{4,}\s+[A-Z]{4,}/.test(words)
    ? words.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_m, s: string, c: string) => s + c.toUpperCase())
    : words;
}

/** "Medical Assistant/LPN" → both roles; "Payroll/HR Associate" → "Payroll Associate", "HR Associate". */
function splitRoles(title: string): string[] {
  const parts = title.split(/\s*\/\s*/).filter(Boolean);
  if (parts.length < 2 || parts.length > 3) return [title];
  const last = parts[parts.length - 1].split(' ');
  // One-word roles before a multi-word last one share its head noun ("Payroll/HR Associate").
  if (last.length >= 2 && parts.slice(0, -1).every((p) => !p.includes(' ')) && !occupationOf(parts[0])) {
    const head = last.slice(1).join(' ');
    return [...parts.slice(0, -1).map((p) => `${p} ${head}`), parts[parts.length - 1]];
  }
  return parts;
}

/**
 * The titles a posting's title names, cleaned; the part after a dash or bar counts when it, not
 * the part before, names a known occupation ("Tolleson - Regional Drivers").
 */
export function postingTitles(rawTitle: string): string[] {
  const raw = String(rawTitle ?? '');
  const parts = raw
    .replace(/\s*[([{][^)\]}]*[)\]}]\s*/g, ' ')
    .split(/\s+[-–—|]\s+|\s*\|\s*/)
    .map(tidy)
    .filter(Boolean);
  const chosen = parts.find((p) => occupationOf(p)) ?? parts.find((p) => occupationOf(p, { generic: true })) ?? tidy(cleanTitle(raw));
  const seen = new Set<string>();
  return splitRoles(chosen).filter((t) => t && !seen.has(t.toLowerCase()) && !!seen.add(t.toLowerCase()));
}

/** Seniority before a role ("Senior", "Sr.", "Junior", "Entry-level"): a search for the role finds every level. */
const SENIORITY = /^(?:(?:senior|sr\.?|junior|jr\.?|lead|principal|entry[\s-]+level|mid[\s-]+level)\s+)+/i;

/** The title without its seniority ("Junior ETL QA Test Engineer" → "ETL QA Test Engineer"), or the title itself. */
export function withoutSeniority(title: string): string {
  return title.replace(SENIORITY, '').trim() || title;
}
