import { skillEntry, skillsIn, type SkillCategory } from '../../shared/text/skills-dictionary';
import { squash } from '../../shared/text/normalize';

/**
 * How a requirement reads inside a question or a reason. Its core (what it actually asks for,
 * without preferences like "ideally in manufacturing"), its subject without framing words
 * ("Strong experience with Kubernetes (EKS preferred)." → "Kubernetes"), the skills it names in
 * prose ("sepsis management", "Kubernetes"), and the broad field it belongs to, which picks the
 * question's wording: a nurse is asked about a patient, an accountant about a process, an engineer
 * about a system, anyone about a tool they use, a project they took part in or a schedule.
 */

/** The field a requirement belongs to; each gets its own question and rubric wording. */
export type RequirementField =
  'technical' | 'clinical' | 'setting' | 'finance' | 'domain' | 'sales' | 'people' | 'tool' | 'project' | 'schedule' | 'general';

/** Systems people work in rather than crafts they practise: asked about as tools. */
const TOOLS = new Set([
  'Epic',
  'Cerner',
  'Electronic Health Records',
  'NetSuite',
  'SAP',
  'Oracle Financials',
  'QuickBooks',
  'Xero',
  'Sage Intacct',
  'BlackLine',
  'Excel',
  'Salesforce',
  'HubSpot',
  'CRM',
  'Jira',
  'Confluence',
  'Figma',
  'Tableau',
  'Power BI',
  'Looker',
  'ERP',
  'Warehouse Management',
  'Transportation Management',
]);
/** Clinical areas are where a nurse works, not what they do: asked about as a setting. */
const SETTINGS = new Set(['Critical Care', 'Emergency Department', 'Medical-Surgical', 'Telemetry', 'Pediatrics', 'Oncology']);
/** Industry knowledge (money, regulation): asked how they kept things correct and compliant. */
const DOMAINS = new Set(['Payments', 'Fintech', 'Banking', 'PCI DSS', 'Anti-Money Laundering', 'HIPAA']);
/** Software terms that are ordinary nouns in a sentence ("microservices", not "Microservices"). */
const COMMON_NOUNS = new Set([
  'Microservices',
  'Event-Driven Architecture',
  'Distributed Systems',
  'System Design',
  'Unit Testing',
  'Test-Driven Development',
  'Machine Learning',
  'Deep Learning',
  'Statistics',
  'Data Analysis',
  'Data Modeling',
  'Data Warehousing',
  'Data Visualization',
  'Observability',
  'Serverless',
  'Infrastructure as Code',
  'Networking',
  'Site Reliability Engineering',
  'Natural Language Processing',
  'Large Language Models',
  'Payments',
  'Fintech',
  'Banking',
]);

const FIELD_BY_CATEGORY: Partial<Record<SkillCategory, RequirementField>> = {
  software: 'technical',
  data: 'technical',
  cloud: 'technical',
  clinical: 'clinical',
  finance: 'finance',
  sales: 'sales',
  'soft-skill': 'people',
};

const LEADING_FRAME =
  /^(?:(?:a|an|the)\s+)?(?:(?:strong|solid|proven|demonstrated|excellent|good|deep|hands[- ]on|working|extensive|production|professional|practical|advanced|expert|current|valid|active|recent)\s+)*(?:(?:experience|knowledge|understanding|proficiency|expertise|familiarity|skills?|background|track record|ability)\s+(?:with|in|of|using|to)\s+)?/i;
const YEARS_FRAME =
  /\b(?:at\s+least\s+|minimum\s+(?:of\s+)?)?\d{1,2}\s*(?:\+|-\s*\d{1,2}|to\s+\d{1,2})?\s*\+?\s*(?:years?|yrs?)\b(?:\s+of)?(?:\s+(?:experience|exp\.?))?(?:\s+(?:with|in|as|of|using))?\s*/i;
/** Clauses that qualify a requirement without being required: "ideally in manufacturing", "(pivot tables)". */
const QUALIFYING_CLAUSE = /\s*\([^)]*\)|,?\s+(?:ideally|preferably|including|such as|e\.g\.|especially|where|whereas)\b[^,;]*/gi;
/** Words that grade a requirement without naming it ("progressive accounting", "recent ICU"). */
const GRADING_WORDS =
  /\b(?:progressive|recent|relevant|proven|solid|strong|advanced|hands-on|demonstrated|significant|extensive|deep|excellent|current|valid)\s+/gi;
const TRAILING_FRAME = /\s+(?:experience|knowledge|skills?|expertise|background|exposure|proficiency|understanding|speaking)$/i;

/**
 * What a requirement actually asks for, for matching: without qualifying clauses and grading
 * words ("5+ years of progressive accounting experience, ideally in manufacturing" → "5+ years of
 * accounting experience"), so a resume is not marked down for lacking a preference.
 */
export function coreOf(requirement: string): string {
  const text = squash(requirement);
  const core = squash(text.replace(QUALIFYING_CLAUSE, '').replace(GRADING_WORDS, ''));
  return core.length >= 2 ? core : text;
}

/** The requirement's subject, without framing words, years or the final full stop. */
export function subjectOf(requirement: string): string {
  const text = coreOf(requirement).replace(/[.;:!]+$/, '');
  const subject = text
    .replace(YEARS_FRAME, '')
    .trim()
    .replace(LEADING_FRAME, '')
    .replace(/^(?:with|in|of|as)\s+/i, '')
    .replace(/^(?:experience\s+(?=\w+ing\b)|(?:be\s+)?(?:able|willing|ready)\s+to\s+|ability\s+to\s+)/i, '')
    .replace(/\s+experience(?=\s+(?:in|at|with)\s+(?:a|an|the)\s)/i, '')
    .replace(TRAILING_FRAME, '')
    .trim();
  return subject || text;
}

/**
 * `subjectOf`, starting lower-case unless it starts with a name: an acronym ("ICU"), a dotted or
 * mixed-case name ("Node.js"), a dictionary skill, or a capitalised phrase ("Registered Nurse").
 */
export function inlineSubject(requirement: string): string {
  const subject = subjectOf(requirement);
  const entry = skillEntry(subject);
  if (entry && entry.canonical === subject) return proseName(subject);
  const [first = '', second = ''] = subject.split(/\s+/);
  const named = skillsIn(first).some(
    (name) => !COMMON_NOUNS.has(name) && !/^(?:clinical|finance|sales|operations|soft-skill)$/.test(skillEntry(name)?.category ?? ''),
  );
  const keepCase = /[A-Z].*[A-Z]|[a-z][A-Z]|\.|\d/.test(first) || named || /^[A-Z\d(]/.test(second);
  return keepCase ? subject : subject.charAt(0).toLowerCase() + subject.slice(1);
}

/**
 * A dictionary skill's name as it reads mid-sentence: products and acronyms as they are
 * ("Kubernetes", "CRRT", "NetSuite"), practices in lower case ("sepsis management", "month-end close").
 */
export function proseName(canonical: string): string {
  const category = skillEntry(canonical)?.category;
  const common =
    COMMON_NOUNS.has(canonical) || (!TOOLS.has(canonical) && /^(?:clinical|finance|sales|operations|soft-skill)$/.test(category ?? ''));
  if (!common) return canonical;
  return canonical.replace(/\b([A-Z])([a-z]+)/g, (_m, first: string, rest: string) => first.toLowerCase() + rest);
}

/**
 * The skills a requirement needs, as groups of which each must be shown: every one for "BLS and
 * ACLS" or "Java, Spring and AWS", any one for "Kafka or RabbitMQ", and only the first for "Epic
 * charting" or "Kubernetes (EKS preferred)", where the rest only qualifies it.
 */
export function skillGroups(core: string, skills: readonly string[]): (readonly string[])[] {
  if (skills.length <= 1) return skills.length ? [skills] : [];
  if (/\band\b|,|&|\+/.test(core)) return skills.map((skill) => [skill]);
  if (/\bor\b|\//i.test(core)) return [skills];
  return [[skills[0]]];
}

/** What a requirement is about, for a rubric point: its skills in prose ("SQL and PostgreSQL"), else its subject. */
export function topicOf(requirement: string): string {
  const core = coreOf(requirement);
  const names = skillsIn(core).filter((name) => skillEntry(name)?.category !== 'certification');
  const groups = skillGroups(core, names);
  if (groups.length === 0 || groups.length > 3) return inlineSubject(requirement);
  const prose = groups.map((group) => group.map(proseName).join(' or '));
  return prose.length === 1 ? prose[0] : `${prose.slice(0, -1).join(', ')} and ${prose[prose.length - 1]}`;
}

/** The examples a requirement gives in brackets ("Advanced Excel (pivot tables, XLOOKUP)" → "pivot tables, XLOOKUP"). */
export function examplesOf(requirement: string): string | null {
  const inside = /\(([^)]{3,80})\)/.exec(requirement)?.[1]?.trim();
  return inside && !/^(?:required|preferred|a plus|must|nice to have)$/i.test(inside) ? inside : null;
}

/** The field of a requirement: schedules and projects by their words, else its first dictionary skill. */
export function fieldOf(requirement: string): RequirementField {
  const core = coreOf(requirement);
  const lower = core.toLowerCase();
  if (/\b(?:shifts?|weekends?|nights?|on-call|on call|overtime|rotation|travel)\b/.test(lower)) return 'schedule';
  if (/\b(?:implementation|migration|rollout|roll-out|upgrade|conversion|transformation)\b/.test(lower)) return 'project';
  const names = skillsIn(core);
  if (names.length > 0 && TOOLS.has(names[0])) return 'tool';
  if (names.length > 0 && SETTINGS.has(names[0])) return 'setting';
  if (names.length > 0 && DOMAINS.has(names[0])) return 'domain';
  for (const name of names) {
    const field = FIELD_BY_CATEGORY[skillEntry(name)?.category ?? 'education'];
    if (field) return field;
  }
  if (/\b(?:patient|clinical|nurs|icu|critical care|bedside|ward|hospital)/.test(lower)) return 'clinical';
  if (/\b(?:account|gaap|ledger|close|reconcil|audit|tax|financ)/.test(lower)) return 'finance';
  if (/\b(?:sales|quota|pipeline|prospect|crm)/.test(lower)) return 'sales';
  if (/\b(?:software|code|api|cloud|database|system|backend|back-end|frontend|engineer|develop|program)/.test(lower)) return 'technical';
  if (/\b(?:lead|mentor|manag|communicat|stakeholder)/.test(lower)) return 'people';
  return 'general';
}

/** Whether the dictionary files a skill under industry knowledge (payments, PCI DSS…). */
export function isDomainSkill(canonical: string): boolean {
  return DOMAINS.has(canonical);
}

/** Whether a certification-kind requirement is a licence (asked for state, number and expiry). */
export function isLicence(requirement: string): boolean {
  return /\blicen[cs]|\blicensure\b|\b(?:RN|LPN|CPA|PE|NP|APRN)\b|registered nurse|certified public accountant/i.test(requirement);
}
