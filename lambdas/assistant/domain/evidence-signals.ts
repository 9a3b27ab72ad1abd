/**
 * What makes a sentence evidence rather than a claim: numbers that are not dates, a first-person
 * action ("I built", "Led the rewrite"), a named employer or system, a reason for a choice, an
 * outcome. Interview evaluation checks rubric points with these, and best fit uses them to tell a
 * resume's experience lines from a bare list of keywords. Plain regular expressions: pure, fast,
 * and the same answer for the same text.
 */
import { NUMBER_WORD_PATTERN, numberOf } from '../../shared/text/number-words';
import { stateNamed } from './credentials';

/** Dates, years and identifiers, removed before looking for quantities. */
const NOT_A_QUANTITY = /#\s?[\w-]+|\b\d{1,2}\/(?:\d{2}|\d{4})\b|\b(?:19|20)\d{2}s?\b|\b(?:q[1-4]|[a-z]+\d+|\d+(?:st|nd|rd|th))\b/gi;

/** A quantity beyond a duration: "3,000 requests", "from 10 to 5 days", not only "for 6 years". */
export function hasMeasure(sentence: string): boolean {
  return hasQuantity(sentence.replace(/\b\d{1,2}(?:\.\d)?\s*\+?\s*(?:years?|yrs?)\b/gi, ' '));
}

/** A number that measures something: "3,000 requests", "40%", "$1.2B", "from 10 to 5 days", "2 patients". */
export function hasQuantity(sentence: string): boolean {
  return /\d/.test(sentence.replace(NOT_A_QUANTITY, ' ')) || /\b(?:dozens|hundreds|thousands|millions|billions)\b/i.test(sentence);
}

/** Actions a line or answer starts with, beyond the regular past tenses {@link ACTED} matches. */
const PAST_ACTIONS =
  'built|led|ran|wrote|made|set up|took|found|cut|drove|grew|won|taught|kept|chose|rewrote|sold|caught|enter|post|pass|perform|help|spent|run|own|lead|manage|build|design|care|chart|prepare|review|write|maintain|handle|supervise|document|respond|train|mentor';
/** Any regular past tense but the vague ones ("I have worked with…", "I needed"): "migrated", "reconciled", "titrated". */
const ACTED = '(?!(?:work|need|want|lik|tri|learn|enjoy|seem|look|wish|hop|plann)ed\\b)[a-z]{3,}ed';
const FIRST_PERSON = new RegExp(
  `\\b(?:I|I've|I'd|we)\\s+(?:have\\s+|had\\s+|also\\s+|personally\\s+|then\\s+|usually\\s+|always\\s+|was\\s+responsible\\s+for\\s+)?(?:${PAST_ACTIONS}|${ACTED})\\b`,
  'i',
);
/** A resume bullet starting with an action verb ("Led…", "Built…", "Own…", "Care for…", "Posted…"). */
const ACTION_START = new RegExp(`^(?:${PAST_ACTIONS}|[a-z]+ed)\\b`, 'i');
/** Words ending in -ed that describe a person rather than say what they did ("Registered nurse with…"). */
const ADJECTIVE_START =
  /^(?:registered|certified|licensed|experienced|skilled|dedicated|motivated|seasoned|talented|accomplished|qualified|detailed|advanced|varied|trained|board-certified|results-driven|detail-oriented|self-motivated|focused|based|red|bed)\b/i;

/** "I earned", "I collected", "we handled": any past-tense verb after "I" or "we". */
const FIRST_PERSON_PAST = /\b(?:I|we)\s+(?:\w+ly\s+)?(?!need|used to\b)[a-z]{3,}ed\b/i;

/** The speaker did something: "I built", "we migrated", or a resume line starting with a verb. */
export function hasAction(sentence: string): boolean {
  const text = sentence.trim();
  return (
    FIRST_PERSON.test(text) ||
    FIRST_PERSON_PAST.test(text) ||
    /\bmy (?:team|role|part|job)\b/i.test(text) ||
    (ACTION_START.test(text) && !ADJECTIVE_START.test(text))
  );
}

/** Capitalized names after "at/for/on/with/in/from" ("at Northwind Payments", "on Amazon EKS"). */
const NAMED_AFTER_PREPOSITION =
  /\b(?:at|for|on|with|in|from|into|using|via)\s+(?:the\s+)?((?:[A-Z][\w&.'-]*|[A-Z]{2,})(?:\s+(?:[A-Z][\w&.'-]*|of|and|&))*)/g;
/** Two capitalized words in a row anywhere but the sentence start ("Lakeshore University"). */
const NAME_PAIR = /(?<!^)(?<![.!?]\s)\b([A-Z][a-z]+(?:\s+[A-Z][\w&.'-]+)+)/g;
const NOT_NAMES =
  /^(?:I|I'm|I've|Yes|No|The|A|An|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)$/;

/**
 * The sentence names an employer, a product or a system: a capitalised name that is not just a
 * dictionary skill ("at Northwind Payments" counts, "in Java" or "Spring Boot" alone does not).
 */
export function hasName(sentence: string, isSkill: (name: string) => boolean = () => false): boolean {
  for (const pattern of [NAMED_AFTER_PREPOSITION, NAME_PAIR]) {
    pattern.lastIndex = 0;
    for (const match of sentence.matchAll(pattern)) {
      const name = match[1].trim();
      if (!NOT_NAMES.test(name) && !isSkill(name)) return true;
    }
  }
  return false;
}

/** The speaker weighed options or explains why. */
export function hasReason(sentence: string): boolean {
  return /\b(?:trade-?offs?|instead of|rather than|because|so that|chose|chosen|choose|options?|alternatives?|downside|at the cost of|weigh(?:ed)?|compared|versus|vs\.?|the hard part|risk(?:y|s)?|mattered more|in exchange)\b/i.test(
    sentence,
  );
}

/** Something changed as a result: numbers, or outcome words. */
export function hasOutcome(sentence: string): boolean {
  return (
    hasQuantity(sentence) ||
    /\b(?:recovered|stabili[sz]ed|improved|reduced|increased|cut|saved|discharged|extubated|transferred|avoided|prevented|resolved|fixed|survived|went from|dropped|rose|raised|shortened|faster|fewer|no longer|zero|passed|signed|won|exceeded|grew)\b/i.test(
      sentence,
    )
  );
}

/** The speaker escalated or worked with the care or finance team around them. */
export function hasEscalation(sentence: string): boolean {
  return /\b(?:escalat\w*|called|paged|notified|informed|alerted|rapid response|code (?:blue|team)|physician|doctor|provider|intensivist|resident|charge nurse|attending|manager|controller|auditors?|team lead)\b/i.test(
    sentence,
  );
}

/** The speaker learned something or put a control in place. */
export function hasLesson(sentence: string): boolean {
  return /\b(?:learn\w*|lessons?|next time|differently|since then|now I|from then on|controls?|checklists?|review step|prevent\w*|so it (?:never|does not|doesn't)|going forward)\b/i.test(
    sentence,
  );
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATE = new RegExp(`\\b(?:\\d{1,2}\\s*/\\s*(?:\\d{2}|\\d{4})|${MONTH}\\s+(?:\\d{1,2},?\\s+)?(?:19|20)\\d{2}|(?:19|20)\\d{2})\\b`, 'i');

/** A date: "05/2027", "March 2026", "2027". */
export function hasDate(sentence: string): boolean {
  return DATE.test(sentence);
}

/** A licence or certificate number: "#041-398812", "license number RN123456". */
export function hasIdentifier(sentence: string): boolean {
  return /#\s?[A-Z0-9][A-Z0-9-]{3,}|\b(?:licen[cs]e|number|no\.|id)\s*(?:number|no\.?|#|is)?\s*:?\s*[A-Z]{0,4}[.-]?\d[\dA-Z.-]{3,}/i.test(
    sentence,
  );
}

/** An issuer: a US state (credentials.ts keeps their names), a Canadian province or a UK nation, a board, or a known certifying body. */
export function hasIssuer(sentence: string): boolean {
  return (
    stateNamed(sentence) !== null ||
    /\b(?:Ontario|Quebec|British Columbia|Alberta|England|Scotland|Wales|Ireland)\b/.test(sentence) ||
    /\b(?:[A-Z]{2}\s+(?:licen[cs]e|RN|board)|board|state|American Heart Association|AHA|Red Cross|AACN|ENA|PMI|CNCF|AICPA|NCSBN|compact|multistate|nursys)\b/.test(
      sentence,
    ) ||
    /\bboard of\b/i.test(sentence)
  );
}

const STATED_YEARS = new RegExp(`\\b(\\d{1,2}(?:\\.\\d)?|${NUMBER_WORD_PATTERN})\\s*\\+?\\s*(?:years?|yrs?)\\b`, 'gi');

/** The biggest "N years" the text states (number words too: "eight years"), or null. */
export function statedYears(text: string): number | null {
  let best: number | null = null;
  for (const m of String(text ?? '').matchAll(STATED_YEARS)) {
    const n = numberOf(m[1]) || 0;
    if (n > 0 && n <= 50 && (best === null || n > best)) best = n;
  }
  if (best === null && /\b(?:a|one) year\b/i.test(text)) best = 1;
  return best;
}

/** Words that deny what follows them: "I haven't used Kubernetes", "no ACLS", "not yet licensed". */
const NEGATION =
  /\b(?:no|not|never|don't|do not|doesn't|does not|haven't|have not|hasn't|has not|didn't|did not|can't|cannot|won't|unable|without|lack(?:ing)?|working (?:on|towards?)|plan(?:ning)? to|hope to|studying for)\b/i;
/** Words after the requirement that deny it: "my ACLS lapsed", "CPA pending". */
const NEGATION_AFTER = /^[^.;]{0,40}?\b(?:lapsed|expired|pending|in progress|not (?:yet|current|active|renewed))\b/i;
const CONTRAST = /\b(?:but|however|although|though|whereas)\b/i;
/** An answer that opens with a refusal. */
const OPENING_NO =
  /^\s*(?:no|nope|not yet|not really|not currently|unfortunately|sadly|i'm afraid|i do not|i don't|i haven't|i have not|never)\b/i;

/**
 * Whether the answer says the speaker does not meet the requirement: it opens with "No" / "Not
 * yet" / "I don't…", or a denial comes just before a mention of the requirement ("I haven't used
 * Kubernetes") or right after it ("my ACLS lapsed"). A "no" elsewhere ("with no downtime", "never
 * posts twice") is not a denial of the requirement. `mentionsIn` gives every place a sentence mentions
 * the requirement.
 */
export function isNegated(sentences: readonly string[], mentionsIn: (sentence: string) => readonly number[]): boolean {
  if (sentences.length && OPENING_NO.test(sentences[0])) return true;
  return sentences.some((sentence) =>
    mentionsIn(sentence).some((at) => {
      const before = sentence.slice(Math.max(0, at - 50), at);
      const cue = NEGATION.exec(before);
      if (cue && !CONTRAST.test(before.slice(cue.index))) return true;
      return NEGATION_AFTER.test(sentence.slice(at));
    }),
  );
}

/**
 * A resume or answer line that says a credential or skill is not (yet, or no longer) held: lapsed
 * or expired, pending, expected in a year, being pursued, or plainly denied ("have not", "no
 * experience with"). A line saying when a valid credential expires ("expires 05/2027") is not one.
 */
const NOT_HELD =
  /\b(?:lapsed|expired|not (?:yet )?(?:current|active|renewed|certified|licensed)|pending|in progress|expected(?: in)?:? (?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? )?(?:19|20)\d{2}|anticipated(?: in)?:? (?:19|20)\d{2}|pursuing|working (?:on|towards?)|currently enrolled|have not|haven't|has not|hasn't|no (?:hands-on |direct |prior )?experience (?:with|in|of|using))\b/i;

export function deniesOrLapses(line: string): boolean {
  return NOT_HELD.test(line);
}

/** An answer that opens with a plain yes. */
export function opensWithYes(sentences: readonly string[]): boolean {
  return (
    sentences.length > 0 &&
    /^\s*(?:yes|yeah|yep|absolutely|definitely|certainly|correct|i do\b|i hold|i am (?:licensed|certified)|i'm (?:licensed|certified))/i.test(
      sentences[0],
    )
  );
}

/** Cuts a sentence to at most `max` characters at a word boundary (the result stays a quote of it). */
export function clip(sentence: string, max = 240): string {
  const text = sentence.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '');
}
