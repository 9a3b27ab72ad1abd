/**
 * Years of experience: what a job asks for ("5+ years", "minimum of three years") and what a
 * resume shows (a stated total, or the span of its dated roles).
 */
import { NUMBER_WORD_PATTERN, numberOf } from './number-words';

const NUMBER = `(\\d{1,2}(?:\\.5)?|${NUMBER_WORD_PATTERN})`;
/** "5+ years", "3-5 years", "at least five (5) years", "10 yrs". Group 1: the (lower) number. */
const YEARS = new RegExp(
  `\\b(?:(?:at least|minimum(?: of)?|min\\.?|a minimum of|over|more than|in excess of)\\s+)?${NUMBER}\\s*(?:\\(\\d{1,2}\\)\\s*)?(?:\\+|plus)?\\s*(?:(?:-|–|to)\\s*\\d{1,2}\\s*\\+?\\s*)?(?:years?|yrs?)(?!\\s+(?:ago|old)\\b)['’]?`,
  'gi',
);
/** What turns "N years" into experience rather than a company's age or a contract length. */
const EXPERIENCE_AFTER =
  /^[^.;\n]{0,60}?\b(?:experience|exp\b|background|work(?:ing|ed)?\b|in\b|of\b|with\b|as\b|building|developing|managing|leading|running|selling|hands[- ]on|post[- ]qualification|progressive|professional|clinical|practice|nursing|bedside|accounting|sales)/i;
const EXPERIENCE_BEFORE =
  /(?:experience|require[sd]?|requirements?|must have|must|you have|you bring|need|minimum|at least)[^.;\n]{0,40}$/i;
const NOT_EXPERIENCE_AFTER =
  /^[^.;\n]{0,40}?\b(?:history|in business|of operation|warranty|contract|lease|term|tenure with us|anniversary|guarantee)\b/i;

/** Every "N years" of experience a text mentions, as the lower bound of each (3-5 years → 3). */
export function yearsMentioned(text: string): number[] {
  const source = String(text ?? '');
  const years: number[] = [];
  for (const m of source.matchAll(YEARS)) {
    const at = m.index ?? 0;
    const after = source.slice(at + m[0].length, at + m[0].length + 80);
    const before = source.slice(Math.max(0, at - 60), at);
    if (NOT_EXPERIENCE_AFTER.test(after) || (/\bfor (?:over |more than )?$/i.test(before) && !EXPERIENCE_AFTER.test(after))) continue;
    if (!EXPERIENCE_AFTER.test(after) && !EXPERIENCE_BEFORE.test(before)) continue;
    const n = numberOf(m[1]);
    if (n > 0 && n <= 50) years.push(n);
  }
  return years;
}

/**
 * The years of experience a job text asks for: the strictest minimum it states ("5+ years of Java
 * and 2 years of Kubernetes" → 5; "3-5 years" → 3), `null` when it states none. A company's age
 * ("serving patients for 40 years") is not a requirement.
 */
export function yearsRequired(text: string): number | null {
  const years = yearsMentioned(text);
  return years.length ? Math.max(...years) : null;
}

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
const DATE = `(?:(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+|(\\d{1,2})\\s*/\\s*)?((?:19|20)\\d{2})`;
const RANGE = new RegExp(`${DATE}\\s*(?:-|–|—|to|until)\\s*(?:${DATE}|(present|current|now|today|ongoing))`, 'gi');

const EDUCATION =
  /\b(?:b\.?sc?|m\.?sc?|b\.?a|m\.?a|bsn|msn|mba|ph\.?d|degree|bachelor|master|diploma|university|college|school|graduated|coursework|gpa)\b/i;

/** Options for {@link yearsOfExperience}. */
export interface ExperienceOptions {
  /**
   * Today, given by the caller (the handler's clock): "2019 - Present" counts to this month. Without
   * it, "present" stands for the latest year the profile mentions, so a result stays reproducible.
   */
  readonly today?: Date;
  /** The year "present" stands for, when only the year is known. */
  readonly currentYear?: number;
}

/**
 * The years of experience a resume or profile shows: the total it states ("8 years of experience",
 * "over ten years"), else the span its dated roles cover ("Mar 2018 – Present", "2014 - 2019",
 * overlaps counted once), rounded to whole years (lines about a degree or school do not count); `null` when it shows neither.
 */
export function yearsOfExperience(profile: string, options: ExperienceOptions = {}): number | null {
  const source = String(profile ?? '');
  const stated = yearsMentioned(source.slice(0, 20_000));
  if (stated.length) return Math.max(...stated);
  const allYears = [...source.matchAll(/\b(?:19|20)\d{2}\b/g)].map((m) => Number(m[0]));
  const present = options.today
    ? options.today.getUTCFullYear() * 12 + options.today.getUTCMonth()
    : (options.currentYear ?? (allYears.length ? Math.max(...allYears) : 0)) * 12 + 11;
  const spans: [number, number][] = [];
  for (const m of source.matchAll(RANGE)) {
    // A degree's years are study, not experience.
    const at = m.index ?? 0;
    const line = source.slice(source.lastIndexOf('\n', at) + 1, (source.indexOf('\n', at) + 1 || source.length + 1) - 1);
    // ", MS" and ", MA" after a city are states, not degrees.
    if (EDUCATION.test(line.replace(/,\s*[A-Z]{2}\b/g, ' '))) continue;
    const start = monthIndex(m[1], m[2], m[3]);
    const end = m[7] ? present : monthIndex(m[4], m[5], m[6]);
    if (start > 0 && end >= start && end - start < 50 * 12) spans.push([start, end]);
  }
  if (!spans.length) return null;
  spans.sort((a, b) => a[0] - b[0]);
  let months = 0;
  let [from, to] = spans[0];
  for (const [s, e] of spans.slice(1)) {
    if (s <= to + 1) to = Math.max(to, e);
    else {
      months += to - from + 1;
      [from, to] = [s, e];
    }
  }
  months += to - from + 1;
  return Math.round(months / 12);
}

/** Months since year 0; a year alone counts as its January, so "2014 - 2019" is five years. */
function monthIndex(monthName: string | undefined, monthNumber: string | undefined, year: string | undefined): number {
  const y = Number(year);
  if (!Number.isFinite(y) || y < 1950) return -1;
  const month = monthName
    ? MONTHS[monthName.slice(0, 3).toLowerCase()]
    : monthNumber
      ? Math.min(Math.max(Number(monthNumber) - 1, 0), 11)
      : 0;
  return y * 12 + month;
}
