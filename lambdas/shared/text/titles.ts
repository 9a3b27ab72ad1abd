import { skillEntry } from './skills-dictionary';

/**
 * Job titles: the variants people use for the same role (for sourcing searches) and the seniority a
 * title or headline states. A curated table of equivalent role names and specialisations; a title
 * the table does not know still gets its seniority-free and abbreviation variants.
 */

export type Seniority = 'entry' | 'mid' | 'senior' | 'lead' | 'executive';

/** Equivalent role names, most common first. `software`: only swapped for software specialisations. */
const ROLE_GROUPS: readonly { names: readonly string[]; software?: true }[] = [
  { names: ['Engineer', 'Developer', 'Programmer'], software: true },
  { names: ['Software Engineer', 'Software Developer', 'Software Development Engineer'] },
  { names: ['Site Reliability Engineer', 'SRE', 'DevOps Engineer', 'Platform Engineer'] },
  { names: ['QA Engineer', 'Quality Assurance Engineer', 'Test Engineer', 'SDET', 'Test Automation Engineer'] },
  { names: ['Data Engineer', 'ETL Developer', 'Big Data Engineer'] },
  { names: ['Data Scientist', 'Machine Learning Scientist', 'Applied Scientist'] },
  { names: ['Machine Learning Engineer', 'ML Engineer', 'AI Engineer'] },
  { names: ['Data Analyst', 'Business Intelligence Analyst', 'BI Analyst', 'Reporting Analyst'] },
  { names: ['Registered Nurse', 'RN', 'Nurse', 'Staff Nurse'] },
  { names: ['Licensed Practical Nurse', 'LPN', 'Licensed Vocational Nurse', 'LVN'] },
  { names: ['Nurse Practitioner', 'NP', 'APRN'] },
  { names: ['Certified Nursing Assistant', 'CNA', 'Nursing Assistant', 'Patient Care Technician'] },
  { names: ['Nurse Manager', 'Nursing Manager', 'Charge Nurse'] },
  { names: ['Accountant', 'Staff Accountant', 'General Ledger Accountant', 'Accounting Specialist'] },
  { names: ['Accounting Manager', 'Assistant Controller'] },
  { names: ['Controller', 'Financial Controller', 'Comptroller'] },
  { names: ['Financial Analyst', 'FP&A Analyst', 'Finance Analyst'] },
  { names: ['Bookkeeper', 'Accounting Clerk', 'Accounts Assistant'] },
  { names: ['Auditor', 'Internal Auditor', 'Audit Associate'] },
  { names: ['Account Executive', 'Sales Executive', 'Sales Representative', 'AE'] },
  { names: ['Sales Representative', 'Sales Rep', 'Sales Associate', 'Sales Consultant'] },
  { names: ['Sales Development Representative', 'SDR', 'Business Development Representative', 'BDR'] },
  { names: ['Business Development Manager', 'BDM', 'Business Development Executive'] },
  { names: ['Account Manager', 'Key Account Manager', 'Client Manager'] },
  { names: ['Customer Success Manager', 'Client Success Manager', 'Account Manager'] },
  { names: ['Sales Manager', 'Regional Sales Manager', 'Area Sales Manager'] },
  { names: ['Logistics Coordinator', 'Logistics Specialist', 'Supply Chain Coordinator', 'Shipping Coordinator'] },
  { names: ['Logistics Manager', 'Supply Chain Manager', 'Distribution Manager'] },
  { names: ['Warehouse Manager', 'Warehouse Operations Manager', 'Distribution Center Manager', 'DC Manager'] },
  { names: ['Operations Manager', 'Ops Manager', 'Operations Lead'] },
  { names: ['Buyer', 'Purchasing Agent', 'Procurement Specialist'] },
  { names: ['Project Manager', 'Project Lead', 'Delivery Manager'] },
  { names: ['Product Manager', 'Product Owner'] },
  { names: ['Recruiter', 'Talent Acquisition Specialist', 'Talent Acquisition Partner'] },
];

/** Equivalent specialisations that come before a role name. `software` marks software work. */
const SPECIALISATIONS: readonly { names: readonly string[]; software?: true }[] = [
  { names: ['Backend', 'Back-End', 'Back End', 'Server-Side'], software: true },
  { names: ['Frontend', 'Front-End', 'Front End', 'UI'], software: true },
  { names: ['Full Stack', 'Full-Stack', 'Fullstack'], software: true },
  { names: ['Mobile', 'iOS', 'Android'], software: true },
  { names: ['Software'], software: true },
  { names: ['Web'], software: true },
  { names: ['Cloud', 'AWS'], software: true },
  { names: ['Embedded', 'Firmware'], software: true },
  { names: ['ICU', 'Critical Care', 'Intensive Care', 'Intensive Care Unit'] },
  { names: ['ER', 'Emergency Department', 'Emergency Room', 'ED'] },
  { names: ['Med-Surg', 'Medical-Surgical', 'Med Surg'] },
  { names: ['Telemetry', 'Tele'] },
  { names: ['PACU', 'Post-Anesthesia Care'] },
  { names: ['General Ledger', 'GL'] },
  { names: ['Cost', 'Cost Accounting'] },
];

const SENIORITY_PREFIX =
  /^(senior|sr\.?|junior|jr\.?|lead|principal|staff|mid[- ]level|mid|entry[- ]level|graduate|associate|head of|chief|intern)\s+/i;

const SENIORITY_NAME: Record<string, string> = { sr: 'Senior', 'sr.': 'Senior', jr: 'Junior', 'jr.': 'Junior' };

function titleCase(word: string): string {
  const key = word.toLowerCase();
  if (SENIORITY_NAME[key]) return SENIORITY_NAME[key];
  return word.replace(/(^|[\s-])(\p{Ll})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

/** The title without "(m/f/d)", "- Remote", "| Payments" and similar trimmings. */
export function cleanTitle(title: string): string {
  return String(title ?? '')
    .replace(/\s*[([{][^)\]}]*[)\]}]\s*/g, ' ')
    .split(/\s+[-–—|]\s+|\s*\|\s*/)[0]
    .replace(/\s+/g, ' ')
    .trim();
}

function findGroup<T extends { names: readonly string[] }>(groups: readonly T[], phrase: string): T | undefined {
  const key = phrase.toLowerCase().replace(/[\s-]+/g, ' ');
  return groups.find((g) => g.names.some((n) => n.toLowerCase().replace(/[\s-]+/g, ' ') === key));
}

function isSoftwareSpecialisation(spec: string): boolean {
  if (!spec) return false;
  if (findGroup(SPECIALISATIONS, spec)?.software) return true;
  const entry = skillEntry(spec);
  return !!entry && ['software', 'data', 'cloud'].includes(entry.category);
}

/**
 * The names a role goes by, most useful first: the title as written, the same seniority with
 * equivalent specialisations and role names ("Senior Back-End Developer"), the software form
 * ("Senior Software Engineer, Backend"), then the role without seniority ("Backend Developer").
 * At most eight; `[]` for an empty title.
 */
export function titleVariants(title: string): string[] {
  const [, ...tail] = String(title ?? '')
    .replace(/\s*[([{][^)\]}]*[)\]}]\s*/g, ' ')
    .split(/\s+[-–—|]\s+|\s*\|\s*/);
  const clean = cleanTitle(title);
  if (!clean) return [];
  // "Registered Nurse - ICU": a known specialisation after a dash belongs to the role.
  const suffixSpec = tail.map((t) => t.trim()).find((t) => findGroup(SPECIALISATIONS, t));
  let rest = clean.replace(/\s+(?:i{1,3}|iv|[1-4])$/i, '');
  let seniority = '';
  const prefix = SENIORITY_PREFIX.exec(rest);
  if (prefix && prefix[0].length < rest.length) {
    const word = prefix[1];
    // "Staff Nurse" and "Associate Accountant" are role names, not seniority.
    const isRole = /^(staff|associate)$/i.test(word) && !/engineer|developer|scientist|architect/i.test(rest);
    if (!isRole) {
      seniority = titleCase(word.replace(/\s+/g, ' '));
      rest = rest.slice(prefix[0].length).trim();
    }
  }
  // "Software Engineer, Backend" → specialisation "Backend", role "Software Engineer".
  let spec = suffixSpec ?? '';
  let role = rest;
  const comma = /^(.+?),\s*(.+)$/.exec(rest);
  if (comma) [role, spec] = [comma[1].trim(), comma[2].trim()];
  let roleGroup = findGroup(ROLE_GROUPS, role);
  if (!roleGroup && !comma) {
    const words = rest.split(' ');
    for (let i = 1; i < words.length && !roleGroup; i += 1) {
      const candidate = words.slice(i).join(' ');
      const group = findGroup(ROLE_GROUPS, candidate);
      if (group) [roleGroup, role, spec] = [group, candidate, words.slice(0, i).join(' ')];
    }
  }
  const software = isSoftwareSpecialisation(spec) || /software/i.test(role);
  const roles = roleGroup && (!roleGroup.software || software) ? unique([role, ...roleGroup.names]) : [role];
  const specs = spec ? unique([spec, ...(findGroup(SPECIALISATIONS, spec)?.names ?? [])]) : [''];
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  const at = (list: readonly string[], i: number) => list[i] ?? '';

  // One change at a time first (role name, then specialisation), then both, then wider searches.
  const variants = [clean, join(seniority, specs[0], roles[0])];
  if (roles[1]) variants.push(join(seniority, specs[0], roles[1]));
  if (specs[1]) variants.push(join(seniority, specs[1], roles[0]));
  if (roles[1] && specs[1]) variants.push(join(seniority, specs[1], roles[1]));
  if (software && spec && !/software/i.test(spec) && !/software/i.test(role))
    variants.push(`${join(seniority, 'Software Engineer')}, ${specs[0]}`);
  if (seniority && !/^(head of|chief)$/i.test(seniority)) variants.push(join(specs[0], roles[0]), join(specs[0], at(roles, 1)));
  if (/^senior$/i.test(seniority)) variants.push(join('Sr.', specs[0], roles[0]));
  for (const r of roles.slice(0, 3)) for (const s of specs.slice(0, 3)) variants.push(join(seniority, s, r));
  return unique(variants.filter((v) => v && !/^(senior|sr\.|junior|lead|principal)$/i.test(v))).slice(0, 8);
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v
      .toLowerCase()
      .replace(/[\s-]+/g, ' ')
      .replace(/\./g, '');
    return !seen.has(key) && !!seen.add(key);
  });
}

const SENIORITY_WORDS: readonly [Seniority, RegExp][] = [
  ['executive', /\b(?:chief|c[etfoi]o|cxo|vp|svp|evp|vice president|director|head of|partner)\b/i],
  ['lead', /\b(?:lead|principal|staff (?:engineer|developer|scientist|software)|architect|manager|supervisor|team lead|charge nurse)\b/i],
  ['senior', /\b(?:senior|sr\.?|experienced|iii|iv)(?![\p{L}])/iu],
  ['mid', /\b(?:mid[- ]level|mid[- ]senior|intermediate|ii)\b/i],
  ['entry', /\b(?:junior|jr\.?|entry[- ]level|graduate|new grad|trainee|apprentice|intern(?:ship)?|i)(?![\p{L}])/iu],
];

/**
 * The seniority a title or headline states ("Senior Accountant" → senior, "VP Sales" → executive,
 * "Nurse Manager" → lead), the highest when several; `null` when it states none. Meant for titles:
 * in running text "lead" is often a verb.
 */
export function seniorityOf(text: string): Seniority | null {
  const source = String(text ?? '').slice(0, 2_000);
  for (const [level, words] of SENIORITY_WORDS) {
    if (level === 'entry' || level === 'senior' || level === 'mid') {
      // Roman numerals count only as the last word of a title ("Engineer II"), not the pronoun "I".
      const m = words.exec(source);
      if (m && /^(?:i|ii|iii|iv)$/i.test(m[0]) && !/\b(?:i|ii|iii|iv)\s*$/i.test(source.trim())) continue;
      if (m) return level;
    } else if (words.test(source)) return level;
  }
  return null;
}
