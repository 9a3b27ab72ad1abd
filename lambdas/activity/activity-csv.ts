import { ACTIVITY_CSV_COLUMNS, type ActivityEntryView } from '../shared/contracts/activity';
import { activityPersonName } from '../shared/domain/activity-sentences';
import { formatCount } from '../shared/domain/format-count';

/**
 * The activity log as a CSV file (RFC 4180: comma-separated, CRLF line ends, a field in double
 * quotes when it holds a comma, a quote or a line break, a quote inside doubled). A spreadsheet
 * runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return) as a formula,
 * so such a cell gets a leading `'` (OWASP "CSV Injection"): a job title or a name is never run.
 */

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, made safe to open in a spreadsheet and quoted as RFC 4180 needs. */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** `role=recruiter; seats=4`: an entry's facts in one cell. */
function detailsText(details: ActivityEntryView['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('; ');
}

/** The row of an entry, in {@link ACTIVITY_CSV_COLUMNS}' order. */
export function activityCsvRow(entry: ActivityEntryView): string {
  return csvRow([
    entry.at,
    activityPersonName(entry.actor),
    entry.actor.email,
    entry.action,
    entry.sentence,
    entry.subject?.kind,
    entry.subject ? (entry.subject.person ? activityPersonName(entry.subject.person) : entry.subject.id) : '',
    detailsText(entry.details),
  ]);
}

export const ACTIVITY_CSV_HEADER = csvRow(ACTIVITY_CSV_COLUMNS);

/** The last row of an export that was cut: what it holds and how to get the rest. */
export function truncationRow(rows: number): string {
  return csvRow([
    `This export stops after ${formatCount(rows)} entries. Narrow the dates or the filters to export the rest.`,
    ...ACTIVITY_CSV_COLUMNS.slice(1).map(() => ''),
  ]);
}

/** `Acme Staffing, Inc.` → `acme-staffing-inc` (ASCII only: it goes into a header); the firm id when nothing is left. */
export function firmFileSlug(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    // The accents NFKD split off their letters.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || fallback.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || 'firm';
}

/** `activity-<firm>-<date>.csv`, the date being the export's (UTC). */
export function activityExportFileName(firmName: string, firmId: string, now: Date): string {
  return `activity-${firmFileSlug(firmName, firmId)}-${now.toISOString().slice(0, 10)}.csv`;
}
