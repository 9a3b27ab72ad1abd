import { isHeading, splitSections, squash, stripBullet, type TextSection } from './normalize';

/**
 * What the sections of a job description are for, and the job facts a description states in
 * passing (its title, its location). Shared by must-haves, sourcing terms and the external job
 * description.
 */

export type SectionRole = 'about' | 'duties' | 'requirements' | 'nice-to-haves' | 'offer' | 'location' | 'internal' | 'other';

const ROLE_OF_HEADING: readonly [SectionRole, RegExp][] = [
  ['about', /^(?:(?:about|overview of) (?:the|this) (?:role|position|job|opportunity)\b|(?:the )?(?:role|position|opportunity)$)/i],
  [
    'internal',
    /\b(?:internal|confidential|recruiter|do not (?:share|publish)|not for (?:publication|candidates)|rates?|margin|billing|bill rate|pay rate|fee|hiring manager|contact|client details|account notes?)\b/i,
  ],
  ['nice-to-haves', /\b(?:nice[- ]to[- ]haves?|preferred|bonus|desirable|desired|pluses|a plus|ideally|extra credit|good to have)\b/i],
  [
    'requirements',
    /\b(?:requirements?|must[- ]haves?|required|essential|qualifications?|what you(?:'|’)?(?:ll)? bring|what we(?:'|’)?re looking for|what (?:we|you) need|you(?:'|’)ll need|you will need|what it takes|who you are|you have|you are|about you|skills|experience|licen[cs](?:e|ure)s?|certifications?|education)\b/i,
  ],
  [
    'duties',
    /\b(?:responsibilit(?:y|ies)|duties|what you(?:'|’)?(?:ll| will)? do|your (?:role|day|impact)|the role|day[- ]to[- ]day|key tasks|accountabilities|in this role)\b/i,
  ],
  ['offer', /\b(?:benefits|perks|compensation|what we offer|what(?:'|’)s on offer|why join|we offer|package|salary)\b/i],
  ['location', /\b(?:location|where|work (?:model|arrangement)|schedule|shift)\b/i],
  ['about', /\b(?:about|overview|summary|company|who we are|our client|the client|the team|mission)\b/i],
];

/** The role of a section from its heading ("Nice to have" → nice-to-haves); `other` when unclear. */
export function sectionRole(heading: string | null): SectionRole {
  if (!heading) return 'other';
  for (const [role, pattern] of ROLE_OF_HEADING) if (pattern.test(heading)) return role;
  return 'other';
}

/** A section with its role. */
export interface JobSection extends TextSection {
  readonly role: SectionRole;
}

/** The description's sections with their roles. */
export function jobSections(description: string): JobSection[] {
  return splitSections(description).map((s) => ({ ...s, role: sectionRole(s.heading) }));
}

/** A line that is a note for the recruiter or the agency, never for candidates. */
export const INTERNAL_LINE =
  /^[\s\-*•(]*(?:internal(?: (?:only|note|notes|use))?|note to (?:the )?recruiters?|recruiter notes?|for recruiters?|confidential|do not (?:share|disclose|publish|post|mention)|not for (?:external|publication|candidates)|agency notes?|account notes?|ops notes?)\b/i;

const ROLE_NOUN =
  /\b(?:engineer|developer|programmer|architect|scientist|analyst|nurse|rn|lpn|practitioner|technician|therapist|accountant|controller|bookkeeper|auditor|manager|director|coordinator|specialist|representative|executive|associate|consultant|administrator|officer|lead|head|designer|recruiter|clerk|supervisor|driver|operator|planner|buyer)\b/i;

/**
 * The job title a description states: "Job title: X", "Position: X" or "Role: X", else a first
 * line that reads like a title ("Senior Accountant – Finance"); `null` when there is none.
 */
export function titleInText(description: string): string | null {
  const lines = String(description ?? '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (const line of lines.slice(0, 40)) {
    const m = /^(?:job title|title|position|role|vacancy|opening|requisition)\s*[:：–-]\s*(.{3,120})$/i.exec(stripBullet(line));
    if (m && ROLE_NOUN.test(m[1])) return cleanLine(m[1]);
  }
  const first = stripBullet(lines[0] ?? '').replace(/^#+\s*/, '');
  if (first && first.length <= 90 && ROLE_NOUN.test(first) && !/[.!?]$/.test(first) && first.split(/\s+/).length <= 10) {
    return cleanLine(first.replace(/^(?:job title|title|position|role)\s*[:：]\s*/i, ''));
  }
  return null;
}

function cleanLine(text: string): string {
  return squash(text.replace(/\*\*/g, '')).replace(/[.;,:]$/, '');
}

const LOCATION_LINE = /^(?:location|based in|work location|office|site|where)\s*[:：–-]\s*(.{2,120})$/i;
const LOCATION_PHRASE =
  /\b(?:based in|located in|on[- ]?site in|onsite in|in[- ]office in|hybrid (?:in|from|role in)|work from our|office in)\s+([A-Z][\p{L}.'’-]*(?:[ ,]+(?:[A-Z][\p{L}.'’-]*|[A-Z]{2}))*)/u;

/** "based at their Leeds office", "at our Austin hub". */
const OFFICE =
  /\b(?:based|located|working|work) (?:at|in|from) (?:our|their|the(?: client(?:'|’)s)?) ([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)?) (?:office|site|campus|hub|headquarters|HQ|plant|facility)\b/u;
/** "Leeds LS1 4AP": a UK town before its postcode. */
const UK_CITY = /\b([A-Z][a-z]+(?: [A-Z][a-z]+)?),? [A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/;

const STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
/** "Chicago, IL", "Salt Lake City, UT": a US city and state, the way US requisitions write places. */
const CITY_STATE = new RegExp(`\\b([A-Z][a-z]+(?: [A-Z][a-z]+){0,2}), (${STATES})\\b(?![a-z])`);

/**
 * The job's location as a description states it: a "Location:" line or section, else the first US
 * "City, ST", a phrase such as "based in Austin" or "Remote (US)"; `null` when it states none. Street addresses are left
 * to the caller (they are identifying, see sensitive-data).
 */
export function locationInText(description: string): string | null {
  const source = String(description ?? '');
  for (const section of jobSections(source)) {
    if (section.role === 'location' && /location|where/i.test(section.heading ?? '') && section.lines[0]) return cityOf(section.lines[0]);
  }
  for (const raw of source.split(/\r\n|\r|\n/)) {
    const m = LOCATION_LINE.exec(stripBullet(raw.trim()));
    if (m && !isHeading(raw)) return cityOf(m[1]);
  }
  const usable = source
    .split(/\r\n|\r|\n/)
    .filter((l) => !INTERNAL_LINE.test(l))
    .join('\n');
  const cityState = CITY_STATE.exec(usable);
  if (cityState) return `${cityState[1]}, ${cityState[2]}`;
  const phrase = LOCATION_PHRASE.exec(usable);
  if (phrase) return cityOf(phrase[1]);
  const office = OFFICE.exec(usable) ?? UK_CITY.exec(usable);
  if (office) return office[1];
  const remote = /\b(?:fully |100% )?remote(?:\s*\((?:[^)]{2,40})\)|\s+(?:in|within|across) (?:the )?[A-Z][\p{L} ]{1,30})?/u.exec(source);
  return remote ? squash(remote[0].replace(/^(?:fully|100%)\s+/i, '')).replace(/^remote/, 'Remote') : null;
}

/** "1200 W Harrison St, Chicago, IL 60607 (hybrid)" → "Chicago, IL (hybrid)": no street, no postcode. */
function cityOf(text: string): string {
  const parts = squash(text)
    .replace(/[.;]$/, '')
    .split(/\s*,\s*/);
  const kept = parts.filter((p) => !/^\d+\s+\S/.test(p) && !/\b(?:suite|ste|floor|fl|unit|building|bldg)\b\.?\s*\w*$/i.test(p));
  return (
    kept
      .join(', ')
      .replace(/\s+\d{5}(?:-\d{4})?\b/, '')
      .trim() || squash(text)
  );
}
