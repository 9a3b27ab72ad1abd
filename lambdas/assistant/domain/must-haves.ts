import { ASSISTANT_LIMITS, type MustHavesOutput, type RequirementKind } from '../../shared/contracts/assistant';
import type { AssistantInputs } from '../engine/language-model';
import { yearsRequired } from '../../shared/text/experience';
import { INTERNAL_LINE, jobSections, locationInText, sectionRole, titleInText, type SectionRole } from '../../shared/text/job-sections';
import { keywords, splitSentences, squash } from '../../shared/text/normalize';
import { cleanTitle } from '../../shared/text/titles';
import { statesCommercialTerms } from './commercial-terms';
import { findSkills, skillEntry } from '../../shared/text/skills-dictionary';
import { isToolSkill } from './requirement-phrasing';
import { findCredentials, impliedCredentials, stateNamed, type CredentialMention } from './credentials';

/**
 * Capability 3: the client's must-haves and nice-to-haves, proposed from a job description for
 * the recruiter to confirm. Lines of "Requirements / Must have / Qualifications" sections are
 * must-haves and lines of "Nice to have / Preferred / Bonus" sections nice-to-haves (a line that
 * says "a plus" or "required" moves across); elsewhere only sentences that say "must", "required",
 * "minimum N years" or "preferred" count. A description without any of that gets the dictionary
 * skills it mentions most. Every item keeps the sentence it came from as evidence.
 */

type Proposed = MustHavesOutput['mustHaves'][number];

/** Words that make a sentence a requirement: "must have", "required", "minimum of 3", "at least 2". */
export const MUST_CUE =
  /\b(?:must (?:have|be|hold|possess|demonstrate|clear|pass|complete|obtain|maintain|provide|undergo|live|reside)|(?:is |are )?required|essential|mandatory|minimum (?:of )?(?:\d|one|two|three|four|five|six|seven|eight|nine|ten)|at least (?:\d|one|two|three|four|five|six|seven|eight|nine|ten))\b/i;
/** In a requirements list, only a line that is itself optional moves to nice-to-haves ("…, ideally in X" stays). */
const NICE_LINE =
  /^(?:ideally|preferably|bonus|nice[- ]to[- ]have|preferred|a plus)\b|(?:\((?:preferred|a plus|nice to have|bonus)\)|\ba (?:big |strong |huge )?(?:plus|bonus)|\bpreferred|\b(?:highly )?desired|\bdesirable|\bnice[- ]to[- ]have)\s*[.!,;]?$/i;
/** Words that make a sentence a nice-to-have: "a plus", "preferred", "ideally", "bonus". */
export const NICE_CUE =
  /\b(?:nice[- ]to[- ]have|(?:is |are |would be )?a (?:big |strong )?plus|preferred|preferably|bonus|desirable|ideally|advantageous|an advantage)\b/i;
/** Rates, margins and contact lines are the agency's business, never a requirement ("a $1M quota" may be one). */
function notARequirement(line: string): boolean {
  return (
    statesCommercialTerms(line) ||
    /@|\b(?:bill|pay|charge) rate\b|\bmargin\b|\bmark-?up\b|\b(?:tel|phone|e-?mail|fax|web ?site)\s*:/i.test(line)
  );
}

const LEADING =
  /^(?:(?:must[- ]haves?|required|requirements?|essential|nice[- ]to[- ]haves?|preferred|bonus|plus|desirable)\s*[:：–-]\s*|(?:ideally,?\s+)?(?:(?:the )?(?:ideal )?(?:person|candidate) (?:we need|we(?:'re| are) looking for )?(?:has|have|is|will have)|you(?:'ll)? (?:have|bring|are|hold|possess)|we need|we(?:'re| are) looking for|candidates? (?:must|should) (?:have|be|hold)|(?:you )?must (?:have|hold|possess)|should have|ideally(?: you have)?,?)\s+)/i;
const TRAILING =
  /\s*(?:\((?:required|preferred|a plus|must|essential|mandatory)\)|[-–—,]?\s*(?:\b(?:is|are|would be)\s+)?(?:strongly\s+|highly\s+)?(?<!\bas )(?:(?:a (?:big |strong )?plus)|required|preferred|essential|mandatory|a bonus|desirable|desired|nice to have))\s*[.!]?$/i;

/** A requirement as a short item: no "You have", no "(preferred)", capitalised, at most 160 characters. */
export function requirementText(sentence: string): string {
  // "… credential or": the joining word of a list of alternatives is not part of the requirement.
  let text = squash(sentence)
    .replace(/[.;:]+$/, '')
    .replace(/,?\s+(?:or|and)$/i, '');
  for (let i = 0; i < 2; i += 1) text = text.replace(LEADING, '').replace(TRAILING, '').trim();
  text = text.charAt(0).toUpperCase() + text.slice(1);
  const max = ASSISTANT_LIMITS.itemMaxChars;
  if (text.length <= max) return text;
  const cut = Math.max(
    text.lastIndexOf('; ', max - 1),
    text.lastIndexOf(', ', max - 1),
    text.lastIndexOf(' (', max - 1),
    text.lastIndexOf(' – ', max - 1),
  );
  if (cut >= 40) return text.slice(0, cut).replace(/[,;:(\s–-]+$/, '');
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

const CERT_WORDS =
  /\b(?:certif(?:ied|ication|icate)s?|licen[cs](?:e|ed|ure)s?|registered|registration|chartered|accredit(?:ed|ation)|board[- ]certified|(?:security )?clearance|vetting|vetted)\b/i;
const EDUCATION_WORDS =
  /\b(?:degree|bachelor(?:'|’)?s?|master(?:'|’)?s|ph\.?d|doctorate|diploma|b\.?sc?|m\.?sc|mba|bsn|msn|graduate of|coursework|gpa)\b/i;
const LANGUAGE_WORDS = /\b(?:fluen(?:t|cy)|bilingual|native|spoken|conversational|speak(?:s|ing)?|proficiency in|business[- ]level)\b/i;
const LOCATION_WORDS =
  /\b(?:based in|located in|on[- ]?site|in[- ]office|relocat(?:e|ion)|commut(?:e|able|ing)|within \d+ (?:miles|km)|hybrid|remote|work authori[sz]ation|authori[sz]ed to work|visa|sponsorship|willing(?:ness)? to travel|travel (?:up to|required))\b/i;

/**
 * The kind of a requirement, from its words: a certification or licence ("Active RN license",
 * "CPA"), education ("Bachelor's in Accounting"), a spoken language ("Fluent Spanish"),
 * experience ("5+ years of …"), location ("Must be based in Chicago"), a skill, or other.
 */
export function classifyRequirement(text: string): RequirementKind {
  const source = String(text ?? '');
  const categories = new Set(findSkills(source).map((m) => skillEntry(m.canonical)?.category));
  if (categories.has('certification') || CERT_WORDS.test(source)) return 'certification';
  if (categories.has('education') || EDUCATION_WORDS.test(source)) return 'education';
  if (categories.has('language') && (LANGUAGE_WORDS.test(source) || categories.size === 1)) return 'language';
  if (yearsRequired(source) !== null) return 'experience';
  if (LOCATION_WORDS.test(source)) return 'location';
  if (categories.size) return 'skill';
  if (/\b(?:experience|background in|track record|worked (?:in|with|as))\b/i.test(source)) return 'experience';
  if (/\b(?:knowledge|proficien(?:t|cy)|skills?|familiar(?:ity)?|hands-on|ability to|expertise|understanding of)\b/i.test(source))
    return 'skill';
  return 'other';
}

interface Candidate {
  readonly text: string;
  readonly evidence: string;
  readonly nice: boolean;
  /** How often the description names it (dictionary skills only): a skill named once in passing is a guess. */
  readonly mentions?: number;
  /** The kind when the extractor knows it from the requirement's type (a credential, a physical demand). */
  readonly kind?: RequirementKind;
  /** The typed requirements it states ("credential:CNA certification", "lift"): one posting stating one twice gets one item. */
  readonly keys?: readonly string[];
}

/** Heading words that scraped postings glue to the next item ("QualificationsHigh school", "skillsExperience in"). */
const GLUED_HEADING =
  /\b(Qualifications|Requirements|Responsibilities|Duties|Education|Experience|Skills|Overview|Description|Summary|Demands|Environment|Certifications|QUALIFICATIONS|REQUIREMENTS|RESPONSIBILITIES|OVERVIEW|EXPERIENCE|EDUCATION|SKILLS|DUTIES|PREFERRED|REQUIRED)(?=\p{Lu}\p{Ll}|\d)/gu;
/** Words that start a new list item when the scrape kept only a space ("communication skills Strong 10-key skills"). */
const SPACED_START =
  /((?<!\p{Ll})\p{Ll}{3,}|(?<!\p{Lu})\p{Lu}{3,}) (?=(?:Strong|Effective|Excellent|Previous|Proven|Worked|Demonstrated|Must|Ability)\b)/gu;
/** Real words written in CamelCase, never two list items run together. */
const CAMEL_WORDS = new Set(
  'powerpoint sharepoint powershell wordpress servicenow solidworks microstation peoplesoft successfactors docusign servsafe'.split(' '),
);

/** "poundsForklift", "careStrong": a list item glued to the end of the previous one. */
function splitCamel(text: string): string {
  return text.replace(/\b(\p{Lu}?\p{Ll}*?)(\p{Ll}{3})(\p{Lu}\p{Ll}{2,})/gu, (whole: string, head: string, tail: string, next: string) => {
    const word = `${head}${tail}${next}`;
    const rest = /^\p{L}*/u.exec(next)?.[0] ?? next;
    if (CAMEL_WORDS.has(word.toLowerCase()) || CAMEL_WORDS.has(`${head}${tail}${rest}`.toLowerCase()) || skillEntry(word)) return whole;
    return `${head}${tail}\n${next}`;
  });
}

/** Splits list items and sentences that a scrape ran together, so each reads on its own line. */
export function unglue(text: string): string {
  return (
    String(text ?? '')
      // From the start of a blank run only: a start at each of its places would rescan the run.
      .replace(/(?<!\s)\s*[·•●]\s*/g, '\n')
      // Bullets lost in a scrape often leave two spaces between items: "…environment  Demonstrate excellent…".
      .replace(/([^\s:])[ \t]{2,}(?=[\p{Lu}\d])/gu, '$1\n')
      .replace(/([.!?])\s*(?=(?:Qualifications|Requirements|QUALIFICATIONS|REQUIREMENTS)(?:\p{Lu}|\d|:))/gu, '$1\n')
      .replace(GLUED_HEADING, '$1\n')
      .replace(/\b(PREFERRED|REQUIRED)(?=\p{Lu})/gu, '$1\n')
      .replace(/([\p{Lu}\p{Ll})\d%]):(?=[\p{Lu}\p{N}])/gu, '$1:\n')
      .replace(/([\p{Ll})\d%])([.:;!?])(?=[\p{Lu}“"])/gu, '$1$2\n')
      // "…science discipline.1-3 years Industry experience": a years requirement glued to the item before it.
      .replace(/(?<=\p{Ll}{3})\.(?=\d{1,2}\s*(?:[-–]\s*\d{1,2}\s*)?\+?\s*(?:years?|yrs?|months?)\b)/gu, '.\n')
      .replace(SPACED_START, '$1\n')
      .replace(
        /((?<!\p{Lu})\p{Lu}{2,})(?=(?:Excellent|Strong|Ability|Experience|Knowledge|Proficien\p{Ll}*|Must|Previous|Minimum)\b)/gu,
        '$1\n',
      )
      // "Oracle).communication skills.to handle": items glued at a full stop before a lower-case word.
      .replace(/((?<!\p{Ll})\p{Ll}{3,}|\))\.(?=(?!com\b|org\b|net\b|edu\b|gov\b|html?\b|php\b|aspx?\b)\p{Ll}{3,}\b)/gu, '$1.\n')
      .split('\n')
      .map(splitCamel)
      .join('\n')
      // A heading the CamelCase split just freed from the item before it ("testing\nRequirementsExperienced").
      .replace(GLUED_HEADING, '$1\n')
  );
}

/** Postings' boilerplate: equal opportunity, accommodation, how to apply, the company's pitch. */
const BOILERPLATE =
  /\b(?:equal (?:employment )?opportunity|EEO|reasonable(?:ly)? accommodat|disabilit(?:y|ies)|essential functions|not limited to|other duties|additional duties|as assigned|without regard|regardless of|discriminat\w*|representative of|above statement|the above|apply (?:now|today|online|here)|please (?:apply|submit|ensure|note|click|send|check)|click|follow (?:us|our)|benefits?|401\(?k|paid (?:time|holidays?)|PTO|salary|compensation|pay range|pay (?:offered|will|is|may)|bonus|we offer|we are|we're|our (?:team|company|client|mission|people|culture|values)|join (?:us|our)|about (?:us|the company)|copyright|©|e-?verify|drug[- ]free workplace|at[- ]will|may be required|may be (?:asked|assigned)|subject to change|this (?:position|role|job) (?:is|will|may|offers)|job (?:type|id)|schedule:|shift:|pay:|location:|medical(?:, dental)? and dental|(?:dental|vision|health|life|disability|retirement) (?:insurance|plans?|coverage|benefits?|savings)|insurance (?:plans?|coverage)|wellness|vacation|holidays|(?:is|are) available|what (?:you|we)(?:'|’)?(?:ll)? (?:need|love|get|bring)|employees|union|while performing|www\.|\.(?:com|net|org)\b|benefits|application (?:process|form)|applying|attached|resume|opportunit(?:y|ies)|of service)/i;
/** The employer speaking ("we", "our", "us") or named as the subject ("Acme is…", "Acme works…"). */
const EMPLOYER_TALK =
  /\b(?:[Ww]e|[Oo]ur|us)\b|^(?:\p{Lu}[\p{L}&'’.-]*\s+){1,3}(?:is|are|works|does|provides|offers|has|celebrates|cares|believes|was)\b|^(?:Stay|Join|Invest|Enjoy|Discover|Explore|Check|Learn)\b/u;
/** Soft skills and attitudes: never a knock-out a recruiter screens on. */
const SOFT =
  /\b(?:communicat\w*|interpersonal|team(?:work| player| environment| members?)?|collaborat\w*|attitude|organi[sz]ational|organi[sz]ed|detail[- ]oriented|attention to detail|self[- ](?:motivated|starter|directed)|motivated|fast[- ]paced|multi-?task\w*|independently|punctual\w*|dependab\w*|positive|professionalism|customer focus|problem[- ]solving|instructions|work well|flexib\w*|willing(?:ness)? to learn|enthusias\w*|passion\w*|integrity|work ethic|friendly|courteous|guest relations|prioriti[sz]\w*|time management|critical thinking|creative|adaptab\w*|accept supervision|follow (?:rules|procedures|directions|policies)|work safely|safe(?:ty)? (?:practices|conscious\w*)|stressful|under pressure|deadlines|sense of urgency|reliable|responsible|accountab\w*|verbal|written|problem[- ]solv\w*|think(?:ing|er)?|sensitiv\w*|leadership|afraid|eager\w*|multiple (?:priorities|assignments|tasks|projects))\b/i;
/** Equal-opportunity statements name protected traits ("citizenship status", "age"), never requirements. */
const EQUAL_OPPORTUNITY =
  /\b(?:equal (?:employment )?opportunity|without regard|regardless of|discriminat\w*|protected (?:veteran|class|status))\b/i;
/** A duty, not a requirement: the posting's own "Assists…", "Prepares…", "Responsible for…". */
const DUTY =
  /^(?:assists?|prepares?|performs?|provides?|reviews?|observes?|ensures?|develops?|supports?|manages?|coordinates?|processes?|creates?|conducts?|responsible|participates?|handles?|completes?|answers?|responds?|collaborates?|monitors?|tracks?|updates?|schedules?|reports?|assigns?|trains?|leads?|oversees?|resolves?|loads?|cleans?|keeps?|adjusts?|administers?|educates?|initiates?|assures?|extracts?|interfaces?|issues?|requires use|crew members|as an?|in addition|responsibilities|duties|essential duties|continuing education|makes?|refers?|it also|the it|process(?:es)?|documents?|inspects?|installs?|repairs?|operates?|uses?|protects?|maintains?|greets?|will|making|maintaining|maintenance of|activation)\b/i;
/** A physical demand other than lifting: the posting's working conditions, not a knock-out. */
const PHYSICAL =
  /\b(?:lift\w*|expos\w*|carry\w*|stand\w*|sit(?:ting)?|walk\w*|stoop\w*|kneel\w*|crouch\w*|bend\w*|squat\w*|climb\w*|reach\w*|vision|hear(?:ing)?|grasp\w*|push\w*|pull\w*|finger|crawl|physical (?:condition|fitness|activity|demands?)|physically fit|mobility|weather|environmental conditions|temperatures?|noise)\b/i;
/** A row of a physical-demands table: "Work above shoulder level - Occasionally", "Constantly required to enter vehicles". */
const DEMAND_FREQUENCY =
  /^(?:constantly|frequently|occasionally|regularly|rarely)\b|[-–:(]\s*(?:constantly|frequently|occasionally|regularly|rarely)\)?\.?$/i;
/** Headings and labels left as lines ("Required Licenses And Certifications", "Primary Location"). */
const LABEL_ONLY =
  /^(?:(?:required|preferred|minimum|basic|desired|other|primary|job|key|physical|work|essential)\s+)*(?:licen[cs]es?|certifications?|qualifications?|requirements?|skills?|knowledge|abilities|education|experience|location|environment|demands|duties|responsibilities)(?:\s*(?:,|and|&|\/)?\s*(?:licen[cs]es?|certifications?|qualifications?|requirements?|skills?|knowledge|abilities|education|experience|other requirements|duties))*$/i;

/** How much of a posting says what the business does ("…an HVAC and commercial refrigeration company…"). */
const OPENING_CHARS = 1200;

/** Where a requirement is stated: a requirements list, a nice-to-have list, or prose. */
type Context = 'required' | 'nice' | 'prose';

/** The words after a mention up to the end of its clause: "CCRN strongly preferred", "BLS required". */
function clauseAfter(sentence: string, end: number): string {
  return /^[^.;!?]*/.exec(sentence.slice(end))?.[0] ?? '';
}

const PREFERRED_WORDS =
  /\b(?:preferred|preferably|desired|desirable|a (?:big |strong )?plus|nice to have|an advantage|a bonus|not required)\b/i;
const REQUIRED_WORDS = /\b(?:required|mandatory|essential|a must|must)\b/i;

/** Whether a mention in `sentence` is only preferred: the first cue after it in its clause, else before it, else its context. */
function isPreferred(sentence: string, start: number, end: number, context: Context): boolean {
  if (/\bnot required\b|\bno (?:degree|experience|license|certification)s? (?:is )?required\b/i.test(sentence.slice(0, start + 1)))
    return true;
  const after = clauseAfter(sentence, end);
  const nice = PREFERRED_WORDS.exec(after);
  const must = REQUIRED_WORDS.exec(after);
  if (nice || must) return !!nice && (!must || nice.index < must.index);
  const clauseBefore = /[^.;!?]*$/.exec(sentence.slice(Math.max(0, start - 80), start))?.[0] ?? '';
  const niceBefore = /\b(?:preferred|preferably|ideally|bonus|nice to have|preference for|a plus if|desired)\b/i.test(clauseBefore);
  if (niceBefore) return true;
  if (/\b(?:must|required|requires|need|mandatory)\b/i.test(clauseBefore)) return false;
  if (context === 'nice') return true;
  if (context === 'required') return false;
  return NICE_CUE.test(sentence) && !/\bmust\b|\brequired\b/i.test(sentence);
}

/** Degrees and diplomas: "high school diploma", "Bachelor's degree", "4-year degree", "B.S. in". */
const DEGREE =
  /\b(?:(high school diploma|hs diploma|GED)(?:\s*(?:,|or|\/)\s*(?:an?\s+)?(GED|equivalent|high school equivalency)\b)?|((?:associate|bachelor|master)(?:['’]?s)?(?:\s+or\s+(?:bachelor|master)(?:['’]?s)?)?)(?:\s+degree|(?=\s+(?:in|of)\s+\p{Lu}))|(B\.?S\.?N?\.?|M\.?S\.?|BSN|MSN|MBA)(?=\s+(?:in\s+\p{Lu}|degree))|(\d)[- ]year degree)/giu;
/** The field of study after a degree: "in Accounting", "in Computer Science, Information Technology". */
const FIELD_OF_STUDY = /^\s*(?:degree\s+)?(?:in|of)\s+(?:a\s+field\s+of\s+)?((?:\p{Lu}[\p{L}&]*)(?:\s+(?:\p{Lu}[\p{L}&]*|and))*)/u;

function educationItems(sentence: string): { text: string; start: number; end: number }[] {
  const found: { text: string; start: number; end: number }[] = [];
  for (const m of sentence.matchAll(DEGREE)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const field = FIELD_OF_STUDY.exec(sentence.slice(end))?.[1]?.replace(/\s+and$/, '');
    const inField = field ? ` in ${field}` : '';
    let text: string;
    if (m[1]) text = `High school diploma${m[2] || /\bGED\b/i.test(m[1]) ? ' or GED' : ''}`;
    else if (m[3]) {
      const level = m[3]
        .toLowerCase()
        .replace(/['’]?s\b/g, "'s")
        .replace(/\b(associate|bachelor|master)(?!')/g, "$1's");
      text = `${level.charAt(0).toUpperCase()}${level.slice(1)} degree${inField}`;
    } else if (m[4]) text = `${m[4].replace(/\./g, '').toUpperCase()}${inField || ' degree'}`;
    else text = `${m[5]}-year degree${inField}`;
    found.push({ text, start, end });
  }
  return found;
}

/** "At least 21 years old", "Able to lift 50 lbs", "Background check": requirements of a typed shape. */
function otherTypedItems(sentence: string): { text: string; kind: RequirementKind; start: number; end: number }[] {
  const found: { text: string; kind: RequirementKind; start: number; end: number }[] = [];
  const add = (m: RegExpExecArray | null, text: string, kind: RequirementKind) => {
    if (m) found.push({ text, kind, start: m.index, end: m.index + m[0].length });
  };
  const lift = /\b(?:lift(?:ing)?|carry(?:ing)?|move)\b[^.;]{0,40}?\b(\d{2,3})\s*(?:\+\s*)?(?:lbs?\b|pounds\b)/i.exec(sentence);
  // Heavy lifting is a knock-out; light or occasional lifting is a working condition.
  if (
    lift &&
    Number(lift[1]) >= 50 &&
    !/\boccasional\w*/i.test(sentence.slice(Math.max(0, lift.index - 30), lift.index + lift[0].length + 25))
  )
    add(lift, `Able to lift ${lift[1]} lbs`, 'other');
  const age = /\b(?:at least|minimum(?: age)?(?: of)?|must be)\s+(\d{2})\s*(?:\+\s*)?(?:years? (?:of age|old)|or older)/i.exec(sentence);
  add(age, `At least ${age?.[1]} years old`, 'other');
  add(/\b(?:criminal\s+)?background (?:check|screen\w*|investigation)|\bfingerprint\w*/i.exec(sentence), 'Background check', 'other');
  add(/\bdrug (?:test|screen)\w*/i.exec(sentence), 'Drug screen', 'other');
  add(
    /\b(?:legally (?:authori[sz]ed|permitted|eligible) to work|authori[sz]ed to work|work authori[sz]ation|eligib\w+ to work)\b/i.exec(
      sentence,
    ),
    'Work authorization in the US',
    'location',
  );
  add(/\bU\.?S\.? citizen(?:ship)?\b/i.exec(sentence), 'US citizenship', 'other');
  // "Employees are required to reside in Iowa", "open only to candidates located in Washington state".
  const state = /\b(?:reside|live|located|based) in (?:the state of )?([A-Z][a-z]+(?: [A-Z][a-z]+)?)/.exec(sentence);
  if (state && (state[0].startsWith('reside') || /\b(?:only|must|required)\b/i.test(sentence.slice(0, state.index))))
    add(state, `Must live in ${state[1]}`, 'location');
  const local = /\b(?:need local|locals? only|local candidates only)\b/i.exec(sentence);
  add(local, `Must be local to ${locationInText(sentence) ?? 'the job location'}`, 'location');
  add(/\bsite access\b/i.exec(sentence), 'Able to obtain site access', 'other');
  add(/\b(?:on[- ]call|standby)\b/i.exec(sentence), 'Available for on-call', 'other');
  add(/\breliable (?:transportation|vehicle)\b/i.exec(sentence), 'Reliable transportation', 'other');
  return found;
}

/** The most skills a years requirement lists after its subject; a longer list is the posting's whole stack. */
const STACK_MAX = 7;

/** The years of experience a sentence asks for, as a short item: "1 year of tractor trailer experience". */
function yearsItem(sentence: string): { text: string; start: number; end: number; amountEnd: number } | null {
  const amounts =
    /\b((?:\d{1,2}(?:\s*(?:-|–|to)\s*\d{1,2})?\s*\+?|one|two|three|four|five|six|seven|eight|nine|ten)(?:\s*\(\d{1,2}\))?\s*\+?\s*(?:plus\s+)?(?:years?|yrs?|yoe|months?))\b/gi;
  // "23 years of age or older" is an age, not experience.
  const m = [...sentence.matchAll(amounts)]
    .map((match) => {
      const rest = /^(?:\s+of)?([^.;:()]{0,80})/.exec(sentence.slice((match.index ?? 0) + match[0].length));
      return Object.assign([match[0], match[1], rest?.[1] ?? ''], { index: match.index ?? 0 });
    })
    .find((match) => !/^\s*(?:of\s+)?(?:age|old|or older)\b/i.test(match[2]));
  if (!m) return null;
  if (yearsRequired(sentence) === null && !(/months?/i.test(m[1]) && /\bexperience\b/i.test(m[2]))) return null;
  const subject = m[2]
    .replace(/\b(?:is|are)\s+(?:required|preferred)\b.*$/i, '')
    .replace(/(?:,\s*|\s+(?=(?:in order|preferably|ideally|that|which|who|to|plus)\b)).*$/i, '')
    .replace(/\s+(?:required|preferred|a must|or (?:more|greater|equivalent))\b.*$/i, '')
    .trim()
    .split(/\s+/)
    .slice(0, 10)
    .join(' ')
    .replace(/(?:\s+(?:or|and|in|of|with|as|for|the|a|an|to))+$/i, '');
  const amount = m[1].replace(/\s+/g, ' ').replace(/\s*\(\d+\)/, '');
  const text = /experience/i.test(subject) || !subject ? `${amount} of ${subject || 'experience'}` : `${amount} of ${subject} experience`;
  return {
    amountEnd: m.index + m[1].length,
    text: text.replace(/\bof (?:of|in|as|with)\b/, (w) => w.split(' ')[1]).replace(/\s+/g, ' '),
    start: m.index,
    end: m.index + m[0].length,
  };
}

/** A long list item's hard skills, named one by one ("Strong background in DevOps, Azure, Kubernetes…"). */
function hardSkills(sentence: string): string[] {
  return findSkills(sentence)
    .map((m) => m.canonical)
    .filter((name) => !['soft-skill', 'language', 'certification'].includes(skillEntry(name)?.category ?? ''));
}

/** "Familiarity with…", "Exposure to…", "Basic knowledge of…": a level no recruiter knocks a candidate out for. */
const WEAK_WORDING = /^(?:(?:some|any|an?) )?(?:familiarity|exposure|awareness|(?:basic|general) (?:knowledge|understanding))\b/i;
/** "A working knowledge of…", "Proven ability to…": what a line asks for after its grading words. */
function graded(nouns: string): RegExp {
  return new RegExp(
    `^(?:(?:a|an|the)\\s+)?(?:(?:basic|general|working|fundamental|good|strong|solid|excellent|thorough|comprehensive|deep|in-depth|sound|proven|demonstrated|previous|prior|advanced|extensive)\\s+)*(?:${nouns})\\b`,
    'i',
  );
}
/** A general aptitude ("Ability to…", "Knowledge of…"), screenable only when it names a skill. */
const APTITUDE = graded(
  'abilit(?:y|ies)|able|capable|capability|capacity|aptitude|willing(?:ness)?|knowledge|understanding|familiarity|awareness|any combination',
);
/** The working environment described ("a fast-paced, agile environment"), not something a candidate holds. */
const WORK_ENVIRONMENT = /\bfast[- ]paced\b|\b(?:team|agile|dynamic|collaborative|changing|busy) environment\b/i;
/** Experience that names nothing to check: "Experience with multi-year, large-scale projects". */
const VAGUE_EXPERIENCE =
  /^(?:\p{L}+ )?experienced? (?:with|in|on) (?:(?:large-scale|multi-year|varied|various|similar|complex|diverse|both|all|multiple|technology)[ ,]+(?:and )?)*(?:projects?|roles?|environments?|settings?)\b(?: throughout all phases)?$/iu;

/** Whether the only skills a line names are working methodologies ("Experience with Waterfall and Agile"). */
function onlyMethodologies(sentence: string): boolean {
  const skills = hardSkills(sentence);
  // Ways of organising work: teams adopt them in a week, recruiters never knock a candidate out for them.
  return skills.length > 0 && skills.every((name) => /^(?:Agile|Scrum|Kanban|Lean)$/.test(name));
}

/** Words that make a line ask for something a candidate has: experience, a skill, knowledge, a credential. */
const REQUIREMENT_NOUN =
  /\b(?:experience\w*|knowledge\w*|skill\w*|abilit(?:y|ies)|able|proficien\w*|familiar\w*|understanding|expertise|background|train\w*|certif\w*|licen[cs]\w*|degree|diploma|education|litera\w*|fluen\w*|years?|must|required|versed|yoe|yrs?|completion|speak\w*|bilingual|availab\w*)\b/i;
/** A line that starts with what the candidate will do with the skill: "Read and understand engineering drawings". */
const CAPABILITY_VERB =
  /^(?:read|write|speak|type|operate|drive|use|lift|pass|travel|work|wear|perform|interpret|understand|communicate)\b/i;

/** Whether an untyped requirement line names something a recruiter screens on (not a duty, a soft skill or a label). */
function isScreenable(line: string): boolean {
  const text = squash(line);
  const words = text.split(/\s+/).length;
  if (words < 2 && !findSkills(text).length) return false;
  if (LABEL_ONLY.test(text.replace(/[:.]+$/, '')) || BOILERPLATE.test(text) || DUTY.test(text)) return false;
  if (SOFT.test(text) && !hardSkills(text).length) return false;
  if (PHYSICAL.test(text) || DEMAND_FREQUENCY.test(text) || /[?!©]/.test(text)) return false;
  // Conditions ("Depending on…", "may be…") and negations ("… do not constitute a law firm") never state a requirement.
  if (/^depending on\b|\bmay (?:be|also)\b|\b(?:do|does|is|are|was|were|will) not\b/i.test(text) || WORK_ENVIRONMENT.test(text))
    return false;
  if (VAGUE_EXPERIENCE.test(text)) return false;
  const skills = hardSkills(text);
  // "Good architectural skills": a graded skill that names nothing a recruiter can check (unlike "Strong 10-key skills").
  if (
    /^(?:good|strong|excellent|solid|great|superior|exceptional)\s+[\p{L}-]+\s+skills\b/iu.test(text) &&
    !skills.length &&
    !/\d/.test(text)
  )
    return false;
  // "Managing medication refill requests": a task in a list, unless it names the experience or skill it asks for.
  if (/^\p{L}+ing\b/u.test(text) && !/^working\b/i.test(text) && !REQUIREMENT_NOUN.test(text) && !skills.length) return false;
  // "Prior authorizations", "Printer/Copier, Scanner": a short or listed noun phrase that names no skill, credential or
  // requirement (a longer phrase can name a field of work: "Talent acquisition for engineering teams").
  const bare = () =>
    !REQUIREMENT_NOUN.test(text) &&
    !CAPABILITY_VERB.test(text) &&
    !findSkills(text).length &&
    !findCredentials(text, { bare: true }).length;
  if ((words <= 3 || text.includes(',')) && bare()) return false;
  // "Ability to…", "Knowledge of…", "Familiarity with…" name a general aptitude unless they name a skill.
  const schedule = /\b(?:shifts?|weekends?|nights?|on[- ]call|overtime|holidays|travel)\b/i.test(text);
  if (APTITUDE.test(text) && !schedule && !hardSkills(text).length) return false;
  // A Title Case line without a skill is a heading or a slogan ("Rest and Relaxation").
  if (words <= 8 && isTitleCase(text) && !namesARequirement(text) && !/\d/.test(text)) return false;
  // "Title: Customer Service Representative", "Job type: Full-time": the job's facts, not what it asks of a candidate.
  if (/^(?:job )?(?:title|type|position|category)\s*:/i.test(text)) return false;
  return words <= 25;
}

/**
 * A list label opening a sentence or standing alone ("Preferred:", "Knowledge/Skills/Abilities –
 * REQUIRED:", "What you need:", "Requirements"): the role of what follows and the rest of the
 * sentence. Scraped postings keep such labels inside a paragraph, where they still switch lists.
 */
function listLabel(sentence: string): { role: SectionRole; rest: string } | null {
  const text = squash(sentence);
  const bare = text.replace(/[:：.]+$/, '');
  if (LABEL_ONLY.test(bare)) {
    if (/\b(?:preferred|desired)\b/i.test(bare)) return { role: 'nice-to-haves', rest: '' };
    if (/\b(?:duties|responsibilities)\b/i.test(bare)) return { role: 'duties', rest: '' };
    if (/\b(?:location|environment)\b/i.test(bare)) return null;
    return { role: 'requirements', rest: '' };
  }
  const m = /^([\p{L}][\p{L}'’ /&,–-]{1,60}?)\s*[:：]\s*(.*)$/u.exec(text);
  // A Title Case line is a heading unless it names what it asks for ("Valid Driver's License Required").
  const titled = isTitleCase(text) && text.split(/\s+/).length <= 8 && !namesARequirement(text);
  const heading = m && m[1].split(/\s+/).length <= 6 ? m[1] : titled ? text : null;
  if (!heading) return null;
  const role = /\boffers?$/i.test(heading) ? 'offer' : sectionRole(heading);
  return role === 'other' || role === 'location' || role === 'internal' ? null : { role, rest: m && heading === m[1] ? m[2] : '' };
}

/** Whether a line names a credential, a degree, years or a dictionary skill or language. */
function namesARequirement(text: string): boolean {
  return (
    findCredentials(text, { bare: false }).length > 0 ||
    educationItems(text).length > 0 ||
    yearsRequired(text) !== null ||
    findSkills(text).length > 0
  );
}

/** "What You'll Bring to the Table", "PHYSICAL DEMANDS": every content word capitalised, no sentence punctuation. */
function isTitleCase(text: string): boolean {
  if (/[.!?,;]/.test(text)) return false;
  const content = text.split(/\s+/).filter((w) => !/^(?:a|an|the|and|or|of|in|to|for|with|on|at|&|-|–)$/i.test(w));
  return content.length > 0 && content.every((w) => /^[\p{Lu}\d]/u.test(w));
}

/** A line worded as what the candidate has ("Proficient in…", "Basic knowledge of…", "3+ years…"), not as a task. */
const REQUIREMENT_PHRASING = graded(
  'proficien(?:t|cy)|knowledge|understanding|familiarity|experience|expertise|background|must|(?:you|candidates?|applicants?) must',
);

/** A clause that tells the candidate what they must do or have, inside a sentence where the employer speaks. */
const CANDIDATE_CLAUSE =
  /(?:^|[-–—,;:] *)(?:(?:so|and|but) )?((?:individuals?|candidates?|applicants?|you) (?:must|will need to|need to)\b.*?)(?=, *(?:so|and|but|as) (?:we|our|us)\b|;|$)/i;

/** "… or": the line is one of several alternatives, and the next line another way to meet the same requirement. */
const ALTERNATIVE_END = /\bor[.,;:]?$/i;

/** The requirements a description states, and whether it has a requirements or nice-to-have list at all. */
function fromSections(description: string): { found: Candidate[]; listed: boolean } {
  const found: Candidate[] = [];
  let anyList = false;
  for (const section of jobSections(unglue(description))) {
    if (section.role === 'internal') continue;
    let lineRole: SectionRole = section.role;
    let alternative = false;
    for (const line of section.lines) {
      // The copyright line and what follows it on the line are the site's footer.
      if (line.includes('©')) continue;
      if (INTERNAL_LINE.test(line) || notARequirement(line)) continue;
      // "Paralegal certificate or / Degree with 24 units or / …": one requirement met any of these ways, stated by the first.
      const previousWasAlternative = alternative;
      alternative = ALTERNATIVE_END.test(squash(line));
      if (previousWasAlternative) continue;
      for (const raw of splitSentences(line)) {
        const label = listLabel(raw);
        if (label) lineRole = label.role;
        const sentence = label ? label.rest : raw;
        if (!sentence || lineRole === 'offer') continue;
        // "Proficient in Windows Server" under "Duties": a requirement listed in the wrong section is still one.
        const role =
          (lineRole === 'duties' || lineRole === 'about') && REQUIREMENT_PHRASING.test(squash(sentence)) ? 'requirements' : lineRole;
        const listed = role === 'requirements' || role === 'nice-to-haves';
        anyList ||= listed;
        found.push(...fromSentence(sentence, role, listed));
      }
    }
  }
  return { found, listed: anyList };
}

/** A state licence with the state its sentence names: "RN or LPN license (Pennsylvania)". */
function withState(credential: CredentialMention, sentence: string): string {
  if (!credential.licence || /driver|CDL/i.test(credential.name)) return credential.name;
  const state = stateNamed(sentence.slice(Math.max(0, credential.start - 40), credential.end + 60));
  return state && !credential.name.includes(state) ? `${credential.name} (${state})` : credential.name;
}

/**
 * A short list line that states one requirement ("Active RN license in Wisconsin or a multistate
 * compact license", "CDL-A with 1 year of tractor trailer experience") stays as written: its
 * details matter. A long line, or one that mixes required and preferred items ("BLS required;
 * CCRN strongly preferred"), is split into its typed items.
 */
function asOneLine(sentence: string, items: readonly Candidate[]): Candidate[] | null {
  const text = requirementText(sentence);
  const sameNice = items.every((i) => i.nice === items[0].nice);
  const clean =
    !text.endsWith('…') &&
    !/[:;]|\s[-–]\s/.test(text) &&
    !/^(?:within|upon|due to|after|before|prior to|by)\b/i.test(text) &&
    !DUTY.test(text) &&
    !BOILERPLATE.test(text) &&
    !EMPLOYER_TALK.test(text);
  if (!sameNice || !clean || items.length > 3 || text.split(/\s+/).length > 16) return null;
  return [
    { text, evidence: items[0].evidence, nice: items[0].nice, kind: classifyRequirement(text), keys: items.flatMap((i) => i.keys ?? []) },
  ];
}

function fromSentence(raw: string, sectionRole: SectionRole, inList: boolean): Candidate[] {
  const role = sectionRole;
  const listed = inList;
  const whole = squash(raw);
  // "Our client is seeking… - individuals must have X", "You must clear a check…, so we require…": the candidate's clause.
  const clause = EMPLOYER_TALK.test(whole) ? CANDIDATE_CLAUSE.exec(whole)?.[1] : undefined;
  const sentence = clause ?? whole;
  const evidence = whole.slice(0, 400);
  const must = MUST_CUE.test(sentence) || /\b(?:ideal candidate (?:will )?(?:has|have)|you (?:will )?need|requires?)\b/i.test(sentence);
  const nice = NICE_CUE.test(sentence);
  const context: Context = role === 'nice-to-haves' ? 'nice' : listed ? 'required' : 'prose';
  // "If you are not certified…" sets a condition, never a requirement of its own.
  if (EQUAL_OPPORTUNITY.test(sentence) || /^if\b/i.test(sentence)) return [];
  // Years and degrees are requirements wherever a posting states them, unless the employer is talking about itself.
  const typedStatement = !EMPLOYER_TALK.test(sentence) && (yearsItem(sentence) !== null || educationItems(sentence).length > 0);
  const stated = listed || must || nice || typedStatement;
  const items: Candidate[] = [];
  const push = (text: string, start: number, end: number, kind?: RequirementKind, key?: string) =>
    items.push({ text, evidence, nice: isPreferred(sentence, start, end, context), kind, keys: key ? [key] : [] });

  // A credential counts wherever the posting asks for it: "Maintain current … licensure" in a duty list too.
  const holds = /\b(?:valid|current|active|hold|holds|maintain|possess|licensed|certified|obtain)\b/i.test(sentence);
  for (const c of findCredentials(sentence, { bare: stated }))
    if (stated || holds || role === 'duties') push(withState(c, sentence), c.start, c.end, 'certification', `credential:${c.name}`);
  if (!stated) {
    // A heavy lift is a requirement wherever the posting states it ("Lift 50 lbs from the ground").
    const lift = otherTypedItems(sentence).find((o) => o.text.startsWith('Able to lift'));
    if (lift && role !== 'about') push(lift.text, lift.start, lift.end, lift.kind, 'lift');
    // "Tacoma, WA (locals only)", "open only to candidates located in Oregon": who can apply, wherever it is written.
    const local = otherTypedItems(sentence).find((o) => /^Must (?:be local|live in)/.test(o.text));
    if (local) push(local.text, local.start, local.end, local.kind, local.text);
    return items.filter((i) => !i.nice);
  }

  for (const e of educationItems(sentence)) push(e.text, e.start, e.end, 'education', `education:${e.text}`);
  const employer = BOILERPLATE.test(sentence) || EMPLOYER_TALK.test(sentence);
  for (const o of otherTypedItems(sentence))
    if (!employer || o.kind === 'location' || o.text.startsWith('Able to lift'))
      push(o.text, o.start, o.end, o.kind, o.text.startsWith('Able to lift') ? 'lift' : o.text);
  const years = yearsItem(sentence);
  if (years && !/\b(?:less than|under|over \d+ years|of service)\b/i.test(sentence) && !employer) {
    // "10 years of full-stack development, with expertise in Java, .NET, React…": the stack is what the years are in.
    const stack = hardSkills(sentence.slice(years.end)).filter((name) => !years.text.toLowerCase().includes(name.toLowerCase()));
    const named = stack.length >= 2 && stack.length <= STACK_MAX ? ` (${stack.join(', ')})` : '';
    push(`${years.text}${named}`, years.start, years.amountEnd, 'experience');
  }
  if (items.length) return asOneLine(sentence, items) ?? items;
  // A duty list or the company's pitch says what the job is, not what the candidate must bring: only typed items count there.
  if (role === 'duties' || role === 'about') return items;
  if (BOILERPLATE.test(sentence) || EMPLOYER_TALK.test(sentence)) return items;

  // No typed requirement: keep the line itself when a recruiter could screen on it, else its hard skills.
  const untypedNice =
    /\bnot required\b|\bpreference for\b/i.test(sentence) ||
    ((WEAK_WORDING.test(sentence) || onlyMethodologies(sentence)) && !/\bmust\b|\brequired\b/i.test(sentence)) ||
    (role === 'nice-to-haves' ? !must : (listed ? NICE_LINE.test(sentence) : nice) && !/\bmust\b|\brequired\b/i.test(sentence));
  const text = requirementText(sentence);
  // "Java, Spring Boot; PostgreSQL": a list of names is one requirement per name.
  const names = text.split(/\s*[;,]\s*(?:and\s+|or\s+)?|\s+and\s+(?=[^,;]*$)/).filter(Boolean);
  if (
    names.length >= 3 &&
    !text.includes(':') &&
    names.every((name) => /^\p{Lu}/u.test(name) && name.split(/\s+/).length <= 3 && !REQUIREMENT_NOUN.test(name)) &&
    !/\bor\b/i.test(text)
  )
    return names.map((name) => ({ text: name, evidence, nice: untypedNice }));
  if (isScreenable(text) && !text.endsWith('…')) return [{ text, evidence, nice: untypedNice }];
  if ((MUST_CUE.test(sentence) || listed) && !DUTY.test(sentence) && !PHYSICAL.test(sentence) && !SOFT.test(sentence))
    return hardSkills(sentence)
      .slice(0, 6)
      .map((skill) => ({ text: skill, evidence, nice: untypedNice, kind: 'skill' as const }));
  return [];
}

/** A description with no requirements written out: the dictionary skills it mentions most. */
function fromSkills(description: string): Candidate[] {
  const usable = jobSections(description)
    .filter((s) => s.role !== 'internal' && s.role !== 'offer' && s.role !== 'about')
    .flatMap((s) => s.lines)
    .filter((l) => !INTERNAL_LINE.test(l) && !notARequirement(l));
  const sentences = usable.flatMap(splitSentences);
  const counts = new Map<string, { count: number; first: number; evidence: string }>();
  sentences.forEach((sentence, i) => {
    for (const m of findSkills(sentence)) {
      const seen = counts.get(m.canonical);
      if (seen) seen.count += 1;
      else counts.set(m.canonical, { count: 1, first: i, evidence: sentence });
    }
  });
  const ranked = [...counts.entries()].sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first);
  const candidates: Candidate[] = [];
  const years = yearsRequired(sentences.filter((s) => !EMPLOYER_TALK.test(s) && !/\bover \d+ years\b/i.test(s)).join('\n'));
  if (years !== null) {
    const evidence = sentences.find((s) => yearsRequired(s) === years) ?? '';
    candidates.push({ text: `${years}+ years of relevant experience`, evidence, nice: false });
  }
  let must = 0;
  for (const [canonical, { evidence, count }] of ranked) {
    // Soft skills and languages are rarely the client's knock-outs unless written as such.
    // Soft skills are never screened on; languages only where the posting asks for them in words.
    const category = skillEntry(canonical)?.category ?? '';
    if (category === 'soft-skill') continue;
    const nice = category === 'language' || must >= 8;
    if (!nice) must += 1;
    candidates.push({ text: canonical, evidence: squash(evidence).slice(0, 400), nice, mentions: count });
  }
  return candidates;
}

/**
 * One item per requirement: the same words twice, or the same typed requirement stated twice ("able
 * to lift 75 lbs" in the summary and "lift objects over 50 pounds" in the list, a licence named in
 * the title and again with its state). A must-have wins over a nice-to-have, the more specific
 * wording ("… license (California)") over the shorter.
 */
function dedupe(candidates: readonly Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  const at = new Map<string, number>();
  for (const c of candidates) {
    const typed = c.keys ?? [];
    const keys = [keywords(c.text).sort().join(' ') || c.text.toLowerCase(), ...typed];
    const first = typed.length ? at.get(typed[0]) : undefined;
    const same = at.get(keys[0]) ?? (typed.every((k) => at.get(k) === first) ? first : undefined);
    const before = same === undefined ? undefined : kept[same];
    const index = !before ? kept.length : (before.nice && !c.nice) || (before.nice === c.nice && c.text.includes(before.text)) ? same : -1;
    if (index === undefined || index < 0) continue;
    kept[index] = c;
    for (const key of keys) at.set(key, index);
  }
  return kept;
}

/**
 * Proposes the must-haves and nice-to-haves of a job, each with its kind and the sentence it came
 * from, plus the title and location the description states. At most 25 of each, in the order of
 * the description; never throws.
 */
export function proposeMustHaves(input: AssistantInputs['must-haves']): MustHavesOutput {
  const description = String(input?.description ?? '');
  const stated = fromSections(description);
  let candidates = dedupe(stated.found);
  // The skills the posting names that no proposed item covers yet: the tools of the job, for sourcing.
  const listed = stated.listed;
  const covered = new Set(candidates.flatMap((c) => findSkills(c.text).map((m) => m.canonical)));
  const statesYears = candidates.some((c) => yearsRequired(c.text) !== null);
  const extra = fromSkills(description).filter((c) =>
    skillEntry(c.text) ? !covered.has(skillEntry(c.text)?.canonical ?? '') : !statesYears,
  );
  // Skills a posting only mentions are a guess: must-haves only when it states no requirement at all.
  const anyMust = candidates.some((c) => !c.nice);
  // Prose without any requirement list names its tools in its duties: those stay must-haves, other skills are guesses.
  // A posting with requirement lists has said what it requires: what else it names is at most a nice-to-have.
  const guesses = !anyMust
    ? extra
    : extra
        .filter((c) => (!listed && isToolSkill(c.text)) || (c.mentions ?? 0) >= 2)
        .map((c) => ({ ...c, nice: c.nice || listed || !isToolSkill(c.text) }));
  candidates = dedupe([...candidates, ...guesses]);
  // A credential the trade cannot work without by law, which the posting left out.
  const title = squash(input?.title ?? '') || titleInText(description) || '';
  for (const implied of impliedCredentials(title, description.slice(0, OPENING_CHARS)))
    if (!candidates.some((c) => c.keys?.includes(`credential:${implied.name}`)))
      candidates = [
        { text: implied.name, evidence: implied.reason, nice: false, kind: 'certification', keys: [`credential:${implied.name}`] },
        ...candidates,
      ];
  const toItem = (c: Candidate): Proposed => ({ text: c.text, kind: c.kind ?? classifyRequirement(c.text), evidence: c.evidence });
  const max = ASSISTANT_LIMITS.requirementsMax;
  return {
    mustHaves: candidates
      .filter((c) => !c.nice)
      .slice(0, max)
      .map(toItem),
    niceToHaves: candidates
      .filter((c) => c.nice)
      .slice(0, max)
      .map(toItem),
    title: cleanTitle(titleInText(description) ?? '') || squash(input?.title ?? '') || null,
    location: locationInText(description),
  };
}
