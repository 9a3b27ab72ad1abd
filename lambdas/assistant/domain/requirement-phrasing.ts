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
  | 'technical'
  | 'clinical'
  | 'setting'
  | 'finance'
  | 'domain'
  | 'sales'
  | 'people'
  | 'tool'
  | 'project'
  | 'schedule'
  | 'hands-on'
  | 'general';

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
  operations: 'hands-on',
};
/** Work done with hands, machines and vehicles (trades, plants, warehouses, kitchens, labs): asked about the job, the equipment and safety. */
const HANDS_ON =
  /\b(?:forklift|machin\w*|weld\w*|electric\w*|wiring|conduit|hvac|refrigerat\w*|plumb\w*|carpent\w*|drawings?|blueprints?|schematics?|calipers?|micrometers?|cnc|lathe|equipment|hand tools|power tools|tools|truck\w*|driv\w*|tractor|trailer|warehouse|pallet\w*|kitchen|cook\w*|food|sanitation|cleaning|maintenance|repair\w*|install\w*|assembl\w*|laborator\w*|samples?|ppe|protective equipment|safety|production|manufactur\w*|measur\w*)\b/;

const LEADING_FRAME =
  /^(?:(?:a|an|the)\s+)?(?:(?:strong|solid|proven|demonstrated|excellent|good|deep|hands[- ]on|working|extensive|production|professional|practical|advanced|expert|current|valid|active|recent)(?:\s+(?:and|or|&))?\s+)*(?:(?:experience|knowledge|understanding|proficiency|expertise|familiarity|skills?|background|track record|ability)\s+(?:with|in|of|using|to)\s+)?/i;
const YEARS_FRAME =
  /\b(?:at\s+least\s+|minimum\s+(?:of\s+)?)?(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:\+|-\s*\d{1,2}|to\s+\d{1,2})?\s*\+?\s*(?:plus\s+)?(?:years?|yrs?|months?)\b(?:\s+of)?(?:\s+(?:related\s+work|related|relevant|previous|prior|overall|professional))?(?:\s+(?:experience|exp\.?))?(?:\s+(?:with|in|as|of|using))?\s*/i;
/** Clauses that qualify a requirement without being required: "ideally in manufacturing", "(pivot tables)". */
const QUALIFYING_CLAUSE = /\s*\([^)]*\)|,?\s+(?:ideally|preferably|including|such as|e\.g\.|especially|where|whereas)\b[^,;]*/gi;
/** Words that grade a requirement without naming it ("progressive accounting", "recent ICU"). */
const GRADING_WORDS =
  /\b(?:progressive|recent|relevant|proven|solid|strong|advanced|hands-on|demonstrated|significant|extensive|deep|excellent|current|valid)\s+(?:(?:and|or)\s+)?/gi;
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

/** What experience a years requirement is in, empty when it names none ("8 plus years of related work experience" → ""). */
export function experienceSubject(requirement: string): string {
  const subject = subjectOf(requirement);
  return YEARS_FRAME.test(subject) && !subject.replace(YEARS_FRAME, '').trim() ? '' : subject;
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
  return withoutArticles(keepCase ? subject : subject.charAt(0).toLowerCase() + subject.slice(1));
}

/** "experience with a history of…" reads "experience with history of…" inside a question, never "with a"/"of the". */
function withoutArticles(text: string): string {
  return text.replace(/\b(of|with|requires|current)\s+(?:a|an|the)\s+/gi, '$1 ');
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
  if (/\b(?:software|code|coding|api|cloud|database|backend|back-end|frontend|devops|scripting|programming)\b/.test(lower))
    return 'technical';
  if (HANDS_ON.test(lower)) return 'hands-on';
  if (/\b(?:lead|mentor|manag|communicat|stakeholder)/.test(lower)) return 'people';
  return 'general';
}

/** Whether a skill is a system people work in (Excel, Epic, a TMS) or a software skill, rather than a practice or a field. */
export function isToolSkill(canonical: string): boolean {
  return TOOLS.has(canonical) || ['software', 'data', 'cloud'].includes(skillEntry(canonical)?.category ?? '');
}

/** Whether the dictionary files a skill under industry knowledge (payments, PCI DSS…). */
export function isDomainSkill(canonical: string): boolean {
  return DOMAINS.has(canonical);
}

/** Whether a certification-kind requirement is a licence (asked for state, number and expiry). */
export function isLicence(requirement: string): boolean {
  return /\blicen[cs]|\blicensure\b|\b(?:RN|LPN|CPA|PE|NP|APRN)\b|registered nurse|certified public accountant/i.test(requirement);
}

/** The shape of a requirement that a question asks about in its own words (see {@link requirementShape}). */
export type RequirementShape =
  | { readonly type: 'age'; readonly years: number }
  | { readonly type: 'lift'; readonly pounds: number }
  | { readonly type: 'check'; readonly what: string }
  | { readonly type: 'authorization' }
  | { readonly type: 'citizenship' }
  | { readonly type: 'residence'; readonly place: string }
  | { readonly type: 'driver'; readonly cdl: string | null }
  | { readonly type: 'availability'; readonly what: string }
  | { readonly type: 'action'; readonly action: string }
  | { readonly type: 'statement'; readonly gist: string }
  | { readonly type: 'named' };

/** Words that make a requirement line still read as a sentence of the posting. */
const SENTENCE_VERB = /\b(?:is|are|was|were|will|shall|should|can|may|must|not|does|do)\b/i;
const FUNCTION_WORD_END = /\s+(?:of|and|or|the|a|an|as|to|in|with|for|on|at|by|from|that|which|who|including|such)$/i;

/**
 * A requirement's gist as a noun phrase a question can quote: no "must", "is required" or
 * "(preferred)", no heading colon, no doubled words, at most 14 words ending on a content word.
 */
export function gistOf(requirement: string): string {
  let text = squash(requirement)
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\b(?:must|shall|should)\s+(?:be\s+|have\s+)?/gi, '')
    .replace(
      /\b(?:is|are|will be)\s+(?:highly\s+|strongly\s+)?(?:required|preferred|desired|needed|expected|a (?:big |strong )?plus)\b/gi,
      '',
    )
    .replace(/\b(?:required|preferred|a must)\b/gi, '')
    .replace(/\s*[:;]\s*/g, ', ')
    .replace(/\b(\p{L}+)\s+\1\b/giu, '$1')
    .replace(/[.!?…]+$/g, '')
    .replace(/\s+,/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
  const words = text.split(' ');
  if (words.length > 14) {
    const head = words.slice(0, 14).join(' ');
    const comma = head.lastIndexOf(',');
    text = comma > 20 ? head.slice(0, comma) : head;
  }
  for (let i = 0; i < 4 && FUNCTION_WORD_END.test(text); i += 1) text = text.replace(FUNCTION_WORD_END, '');
  text = withoutArticles(text.replace(/[,\s]+$/, ''));
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * What a requirement asks for when it has a fixed shape: an age, a weight to lift, a check to
 * pass, the right to work, citizenship, a place to live, a driving licence or CDL, availability,
 * an action to be able to do ("Must be willing to wear a respirator"), or a line that still reads
 * as a sentence; `named` for a requirement that names a skill, credential, degree or experience.
 */
export function requirementShape(requirement: string): RequirementShape {
  const text = squash(requirement);
  const age = /\b(?:at least|minimum(?: age)?(?: of)?|must be)\s+(\d{2})\s*\+?\s*(?:years?\s+(?:old|of age)|or older)/i.exec(text);
  if (age) return { type: 'age', years: Number(age[1]) };
  const lift = /\b(?:lift|carry|move)\w*\b[^.]{0,40}?\b(\d{2,3})\s*(?:lbs?\b|pounds\b)/i.exec(text);
  if (lift) return { type: 'lift', pounds: Number(lift[1]) };
  const background = /\bbackground (?:check|screen|investigation)|\bfingerprint/i.test(text);
  const drug = /\bdrug (?:test|screen)/i.test(text);
  if (background || drug)
    return {
      type: 'check',
      what: background && drug ? 'background check and drug screen' : background ? 'background check' : 'drug screen',
    };
  if (/\bU\.?S\.? citizen/i.test(text)) return { type: 'citizenship' };
  if (
    /\b(?:authori[sz]ed to work|work authori[sz]ation|legally (?:permitted|eligible|authori[sz]ed)|eligib\w+ to work|sponsorship)\b/i.test(
      text,
    )
  )
    return { type: 'authorization' };
  const residence = /\b(?:live|reside|located|based) in (?:the state of )?(\p{Lu}[\p{L}.]*(?:,? \p{Lu}[\p{L}.]*)?)/u.exec(text);
  if (residence) return { type: 'residence', place: residence[1] };
  const cdl = /\bclass[- ]?([ab])\b[^.]{0,20}?\bcdl\b|\bcdl[- ]?(?:class[- ])?([ab])\b/i.exec(text);
  if (cdl) return { type: 'driver', cdl: `Class ${(cdl[1] ?? cdl[2]).toUpperCase()} CDL` };
  if (/\b(?:cdl|commercial driver'?s? licen[cs]e)\b/i.test(text)) return { type: 'driver', cdl: 'CDL' };
  if (/\bdriver'?s?[’']?s? licen[cs]e\b/i.test(text)) return { type: 'driver', cdl: null };
  const available = /^(?:available|availability)\s+(for .+|on[- ]call.*)$/i.exec(text);
  if (available) return { type: 'availability', what: gistOf(available[1]) };
  if (fieldOf(text) === 'schedule') return { type: 'named' };
  const action =
    /^(?:must\s+)?(?:be\s+)?(?:(?:able|willing)(?:\s+and\s+(?:able|willing))?\s+to\s+)(.+)$|^must\s+(?!be\b|have\b)(.+)$|^((?:read|operate|use|work|perform|pass|travel|drive|wear|handle|follow|obtain|complete|speak|type|lift|stand|climb)\b.+)$/i.exec(
      text,
    );
  if (action) {
    const gist = gistOf((action[1] ?? action[2] ?? action[3]).replace(/\s+as (?:required|needed)\b.*$/i, ''));
    if (gist.split(' ').length >= 2) return { type: 'action', action: gist };
  }
  const words = text.split(/\s+/).length;
  if (YEARS_FRAME.test(text) && experienceSubject(text).split(/\s+/).length <= 10) return { type: 'named' };
  if (words > 14 || SENTENCE_VERB.test(text) || /[:;]/.test(text) || /^\p{Ll}/u.test(text) || /\b(\p{L}+)\s+\1\b/iu.test(text))
    return { type: 'statement', gist: gistOf(text) };
  return { type: 'named' };
}
