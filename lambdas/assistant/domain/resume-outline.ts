import { squash, splitSections } from '../../shared/text/normalize';

/**
 * The outline of a resume a summary is written from: the person's name when the first line is one,
 * the roles held (title, employer, whether current), the education line and the industries the
 * work was in. Resumes are written every which way; each of these falls back to `null` or `[]`
 * rather than guess.
 */

export interface Role {
  readonly title: string;
  readonly employer: string | null;
  readonly current: boolean;
}

const YEAR = /\b(?:19|20)\d{2}\b/;
const RANGE = /\b(?:19|20)\d{2}\s*(?:-|–|—|to)\s*(?:(?:[A-Z][a-z]{2,8}\.?\s+|\d{1,2}\/)?(?:19|20)\d{2}|present|current|now|today)\b/i;
/** A word that names a job ("operator", "nurse", "bookkeeper"): what tells a role's title from its employer or place. */
const ROLE_WORD =
  /\b(?:nurse|aide|assistant|associate|technician|tech|technologist|therapist|pharmacist|physician|driver|operator|handler|loader|picker|packer|selector|laborer|labourer|assembler|fabricator|welder|machinist|mechanic|electrician|plumber|carpenter|installer|inspector|engineer|developer|programmer|architect|analyst|administrator|specialist|coordinator|clerk|receptionist|secretary|bookkeeper|accountant|auditor|controller|cashier|teller|representative|rep|agent|consultant|advisor|adviser|manager|supervisor|lead|director|officer|owner|president|paralegal|attorney|lawyer|teacher|instructor|tutor|professor|cook|chef|server|bartender|barista|housekeeper|dishwasher|host|hostess|recruiter|scientist|chemist|transporter|hauler|courier|dispatcher|estimator|planner|buyer|writer|designer|intern|trainee|apprentice|journeyman|foreman|worker|caregiver|phlebotomist|sonographer|radiographer|dietitian|midwife|paramedic|surgeon|dentist|hygienist|veterinarian|custodian|janitor|landscaper|roofer|painter|pipefitter|millwright|lineman|surveyor|drafter|draftsman|editor|marketer|underwriter|actuary|broker|adjuster|collector|banker|CNA|LPN|RN|EMT|CPA)s?\b/i;

/** Whether a phrase reads as a job title: it names a role ("Forklift Operator"), not only a company or a place. */
export function looksLikeTitle(phrase: string): boolean {
  return ROLE_WORD.test(phrase);
}
const TRAILING_DATES =
  /\s*[(|,–—-]?\s*(?:[A-Z][a-z]{2,8}\.?\s+)?(?:\d{1,2}\/)?(?:19|20)\d{2}\s*(?:-|–|—|to)\s*(?:(?:[A-Z][a-z]{2,8}\.?\s+)?(?:\d{1,2}\/)?(?:19|20)\d{2}|present|current|now|today)\s*\)?\s*$/i;
const NOT_A_NAME =
  /\b(?:resume|curriculum|vitae|profile|summary|engineer|developer|nurse|accountant|manager|analyst|director|consultant|specialist|bookkeeper|technician|representative)\b/i;

/** The person's name when the resume's first line reads as one ("Grace Okafor, RN, BSN" → "Grace Okafor"). */
export function nameFromProfile(profile: string): string | null {
  const first = String(profile ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find(Boolean);
  if (!first) return null;
  const candidate = squash(first.split(/\s*[,|–—]\s*|\s+-\s+/)[0]);
  if (candidate.length > 60 || NOT_A_NAME.test(candidate)) return null;
  return /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}$/u.test(candidate) ? candidate : null;
}

/** The roles a resume lists ("Title — Employer, City (2019 – Present)"), in the order written. */
export function rolesOf(profile: string): Role[] {
  const roles: Role[] = [];
  for (const section of splitSections(profile)) {
    if (section.heading && /educat|certif|licen|skill/i.test(section.heading)) continue;
    for (const line of section.lines) {
      if (!RANGE.test(line) || line.length > 200) continue;
      const current = /\b(?:present|current|now|today)\b/i.test(line);
      const body = line.replace(TRAILING_DATES, '').trim();
      const parts = body
        .split(/\s+[—–]\s+|\s+-\s+|\s+\|\s+|\s+at\s+|\s+@\s+/)
        .map((part) => squash(part).replace(/[,;:]$/, ''))
        .filter(Boolean);
      // "Uline Distribution, Pleasant Prairie WI — Forklift Operator": the part naming a role is the title.
      const titleAt = Math.max(0, parts.findIndex(looksLikeTitle));
      const title = parts[titleAt] ?? '';
      if (!title || YEAR.test(title) || title.split(' ').length > 10) continue;
      const other = parts.find((_, i) => i !== titleAt);
      const employer = other ? squash(other.split(',')[0]) || null : null;
      roles.push({ title, employer, current });
    }
  }
  return roles;
}

/** The current role, else the first one listed (resumes put the latest first). */
export function latestRole(profile: string): Role | null {
  const roles = rolesOf(profile);
  return roles.find((role) => role.current) ?? roles[0] ?? null;
}

/** A title line under the name in the header ("Senior Backend Engineer"), when there is one. */
export function headerTitle(profile: string): string | null {
  const lines = String(profile ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(1, 3);
  for (const line of lines) {
    const first = squash(line.split(/\s*[|·]\s*/)[0]);
    if (!first || /[@\d]/.test(first) || /^[A-Z][a-z]+(?: [A-Z][a-z]+)*,\s*[A-Z]{2}$/.test(first) || first.split(' ').length > 6) continue;
    if (/^[A-Z ]+$/.test(first)) continue;
    return first;
  }
  return null;
}

/** The first line of the education section, when the resume has one. */
export function educationOf(profile: string): string | null {
  const section = splitSections(profile).find((s) => s.heading && /educat/i.test(s.heading));
  return section?.lines[0] ? squash(section.lines[0]) : null;
}

const INDUSTRIES: readonly [RegExp, string][] = [
  [/\bpayments\b|\bcard (?:payments|authorization|issuing|processing)\b|\bpayouts?\b/gi, 'payments'],
  [/\bfintech\b|financial technology|\blending\b|\bloans?\b|\bbanking\b/gi, 'financial services'],
  [/\bICU\b|intensive care|critical care|critically ill/gi, 'critical care'],
  [/\btrauma\b/gi, 'trauma care'],
  [/\bcardiac\b|\bcardiology\b/gi, 'cardiac care'],
  [/long-term care|nursing home|senior living/gi, 'long-term care'],
  [/\bhospital\b|\bhealthcare\b|\bclinic\b/gi, 'healthcare'],
  [/\bSaaS\b|\bsoftware compan(?:y|ies)\b/gi, 'software'],
  [/e-commerce|ecommerce|\bretail\b|storefronts?/gi, 'retail e-commerce'],
  [/manufactur\w*|\bplants?\b/gi, 'manufacturing'],
  [
    /public accounting|\bBig (?:4|Four)\b|Deloitte|PwC|KPMG|Ernst & Young|Grant Thornton|\bCrowe\b|\baudit (?:senior|associate|manager)\b|\baudited\b/gi,
    'public accounting',
  ],
  [/small business(?:es)?/gi, 'small businesses'],
  [/logistics|supply chain|warehous\w*/gi, 'logistics'],
  // Lower case only: "Queen City Marketing Group" is an employer's name, not a career in marketing.
  [/\bmarketing\b/g, 'marketing'],
];

/** The industries a resume's work lines mention most, most mentioned first (at most `max`). */
export function industriesOf(workText: string, max = 2): string[] {
  const counts = INDUSTRIES.map(([pattern, name], order) => ({ name, order, count: (String(workText ?? '').match(pattern) ?? []).length }));
  return counts
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, max)
    .map((c) => c.name);
}
