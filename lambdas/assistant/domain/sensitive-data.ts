import type { ExternalJobDescriptionOutput, IdentifierKind, RedactionCategory } from '../../shared/contracts/assistant';
import { clientNamesIn, namePattern } from '../../shared/text/client-names';
import { INTERNAL_LINE, sectionRole } from '../../shared/text/job-sections';
import { isHeading, splitSentences, squash } from '../../shared/text/normalize';
import { identifiersIn, withoutOverlaps, type IdentifierSpan } from './redaction/identifiers';
import { peopleNamedIn, personNameSpans, type KnownPeople } from './redaction/person-names';

/**
 * Capability 2's safety: what must not reach candidates, removed from a text with the reason.
 * Internal notes and "internal"/"confidential" sections go whole, and so do clauses stating the
 * agency's commercial terms (bill rate, markup, margin, fees) and sentences naming a confidential
 * project. Personal identifiers (e-mail, phone, SSN, payment card, IBAN, IP address, street
 * address, links and handles, people's names) are cut out of the sentence, which keeps its other
 * words; so are postcodes, unit names, internal references and the client's names (with their
 * possessives), the client becoming "our client". The pay candidates are told (pay-transparency
 * laws require it), shift differentials and benefits stay. Each removal carries its reason.
 */

export type Removal = ExternalJobDescriptionOutput['removed'][number];

/** Why each kind of identifier goes, the evidence a recruiter reads beside it. */
const IDENTIFIER_REASONS: Record<IdentifierKind, string> = {
  email: 'An e-mail address: candidates apply through the agency, and it identifies a person or the client.',
  phone: 'A phone number: candidates apply through the agency, and it identifies a person or the client.',
  ssn: 'A US social security number (NNN-NN-NNNN): personal data that must never be published.',
  'payment-card': 'A payment card number (it passes the Luhn check): financial data that must never be published.',
  iban: 'A bank account number (an IBAN whose mod-97 check holds): financial data that must never be published.',
  'ip-address': 'An IP address: it identifies a person’s or the client’s network.',
  'street-address': 'A street address, post box or unit: it identifies a person or the client’s site.',
  'link-or-handle': 'A link or social handle other than the apply link: it identifies a person or the client.',
  'person-name': 'A person’s name (a contact, manager or candidate): candidates apply through the agency.',
};
const IDENTIFIER_CATEGORY: Record<IdentifierKind, RedactionCategory> = {
  email: 'contact',
  phone: 'contact',
  ssn: 'identifying-detail',
  'payment-card': 'identifying-detail',
  iban: 'identifying-detail',
  'ip-address': 'identifying-detail',
  'street-address': 'identifying-detail',
  'link-or-handle': 'contact',
  'person-name': 'contact',
};

export interface ScrubContext {
  /** The client's names the recruiter listed. */
  readonly clientNames: readonly string[];
  readonly companyInfo: string;
}

const REASONS: Record<RedactionCategory, string> = {
  'client-name': 'The client’s name or brand tells candidates and competitors who is hiring before the client agrees to it.',
  'identifying-detail': 'An address, site or internal project name identifies the client as surely as its name.',
  'rate-or-margin':
    'Bill rates, markups, margins and fees are commercial terms between the agency and the client (the pay candidates are told stays).',
  contact: 'The hiring manager’s name and contact details are for the recruiter; candidates apply through the agency.',
  'internal-note': 'A note for the recruiter or the agency, not for candidates.',
};

// Starts only where a word starts: otherwise every letter of a long word starts a scan to its end.
export const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const URL = /\b(?:https?:\/\/|www\.)[^\s)<>"]+/gi;
const INTERNAL_SENTENCE =
  /^[\s(]*(?:internal(?: only| note| notes)?|note to (?:the )?recruiters?|recruiter notes?|confidential|do not (?:share|disclose|publish|post|mention)|don(?:'|’)t (?:share|mention|disclose)|not for (?:external|publication|candidates))\b/i;
const CONFIDENTIAL =
  /\b(?:confidential|internal (?:program|programme|project|initiative|only)|not (?:yet )?(?:public|announced)|do not (?:share|disclose|mention)|code[- ]?name[d]?|under nda|stealth)\b/i;
/** "Project Falcon", "the “Atlas” programme": a project's own name. */
const CODENAME =
  /\b(?:Project|Program|Programme|Operation|Initiative)\s+(?!(?:Manager|Management|Lead|Director|Coordinator|Office|Officer|Analyst|Specialist|Engineer|Assistant|Controls?|Planning)\b)[A-Z][\p{L}-]+|["“'‘][A-Z][\p{L}-]+["”'’]\s+(?:initiative|programme|program|project|workstream)\b/gu;
/** Also "the Northstar staffing initiative", which names a project only when the sentence says it is confidential. */
const NAMED_PROJECT = /\b[A-Z][\p{L}]+(?:\s+[a-z]+)?\s+(?:initiative|programme|program|project|workstream)\b/u;
const STREET =
  /\b\d{1,6}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][\p{L}'’.-]*\s+){1,4}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Pkwy|Parkway|Pl|Place|Ct|Court|Hwy|Highway|Sq|Square|Ter|Terrace|Cir|Circle|Plaza|Pike|Trail)\b\.?(?:,?\s*(?:Suite|Ste\.?|Floor|Fl\.?|Unit|Building|Bldg\.?|#)\s*[\w-]+)?/gu;
/** A US ZIP code after its state ("IL 60654") or a UK postcode ("EC1A 1BB"). */
const POSTCODE = /(?<=\b[A-Z]{2}\s)\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/g;
const UNIT = /\b(?:on|in|at)?\s*(?:unit\s+)?\d{1,2}\s?(?:North|South|East|West)\b(?!\s+(?:St|Street|Ave|Avenue|Rd|Road))/g;
/** Words that make a clause the agency's commercial terms with the client, never the candidate's pay. */
const CLIENT_TERMS_ALWAYS =
  /\b(?:bill(?:ing|able)? rates?|bill (?:at|of)|we bill|bill(?:s|ed)? (?:\w+ ){0,3}at|client budget|markups?|mark-ups?|client rates?|msp fees?|vms fees?|placement fees?|conversion fees?|agency fees?|finder['’]?s fees?|gross profit|gp per hour|spread)\b/i;
/** Words that are commercial terms only beside a figure ("a 25% margin", "fee of $5,000"): "gross margin analysis" is a duty. */
const CLIENT_TERMS_WITH_FIGURE = /\b(?:margins?|fees?|burden(?:ed)?|markup)\b/i;
const FIGURE = /[$€£]\s?\d|\b\d[\d,.]*\s?(?:%|percent|k\b)/i;
/** A fee a candidate pays or is paid back (tuition, licence, exam) is a benefit, not a commercial term. */
const CANDIDATE_FEE =
  /\b(?:tuition|licen[cs](?:e|ing)|exam|certification|application|membership|registration|relocation|referral bonus)\b[^.;]{0,30}\bfees?\b|\bfees?\b[^.;]{0,20}\b(?:reimburs|paid for|covered)/i;
/** Notes for the recruiter that may sit anywhere in a sentence ("Client confidential", "do not name the client to candidates"). */
const INTERNAL_PHRASE =
  /\b(?:client confidential|confidential client|do not (?:name|share|disclose|mention|reveal|tell)|don['’]t (?:name|share|disclose|mention|reveal|tell)|not to be (?:shared|disclosed|published)|(?:until|before) (?:the )?(?:first )?interview\b[^.;]*\b(?:disclose|name|share|reveal)|(?:disclose|name|share|reveal)\b[^.;]*\b(?:until|before) (?:the )?(?:first )?interview|third[- ]party (?:agenc(?:y|ies)|recruiters?)|no (?:agenc(?:y|ies)|recruiters) please|internal use only|for internal use)\b/i;
/** Internal references a candidate has no use for: "Job ID: 48213", "Requisition ID 2231", "Department: 4410". */
const INTERNAL_REFERENCE =
  /\b(?:job|req(?:uisition)?|requsition|posting|position|cost cent(?:er|re)|department|dept|po|vendor|client) ?(?:id|#|no\.?|number|code)?\s*[:：#]\s*[A-Z0-9][\w-]*\d[\w-]*|\b(?:job|req(?:uisition)?|requsition) (?:id|#|number|no\.?)\s*[:：#]?\s*[A-Z0-9-]*\d[\w-]*/gi;
/** Where a link is the public way to apply, it stays (candidates need it). */
const APPLY_LINK =
  /(?:apply|career|jobs?\b|job-|recruit|talent|hiring|workday|greenhouse|lever\.co|icims|taleo|smartrecruiters|indeed|ziprecruiter|myworkdayjobs|jobvite|bamboohr)/i;
const APPLY_CUE = /\b(?:apply|application|applications|submit|careers? (?:page|site))\b/i;
/** Stands where an identifier was cut, until the sentence around it is tidied. */
const CUT = '\uE000';
/** A field label or sign-off whose value was cut goes with it ("Phone: ", "E-mail:", "Regards,"). */
const LABEL_OF_CUT =
  /\b(?:(?:Phone|Tel|Telephone|Mobile|Cell|Fax|Desk|Office|Direct|Work|Home|E-?mail|Web ?site|Web|Address|Name|SSN|Social security(?: number)?|IBAN|Card(?: number)?|IP(?: address)?|Contact(?: person)?|Hiring manager|Recruiter|Personal Info)\s*(?:#|no\.?)?\s*[:：]|(?:Hiring manager|Recruiter|Contact(?: person)?|Manager|Supervisor) is|(?:Regards|Sincerely|Thanks|Thank you|Cheers|Best|Warm regards),?)\s*(?=\uE000)/gi;
/** A sentence that only leads in to what was cut. */
const DANGLING_BEFORE_CUT =
  /\b(?:by|to|with|at|on|from|is|are|contact|call|text|e-?mail|reach|ask for|speak (?:to|with)|number|address)\s*\uE000[\s\uE000.,;:!?]*$/i;

/** Whether a clause states the agency's terms with the client (bill rate, markup, margin, fee): the candidate's pay is not one. */
export function statesClientTerms(clause: string): boolean {
  if (CLIENT_TERMS_ALWAYS.test(clause)) return true;
  return CLIENT_TERMS_WITH_FIGURE.test(clause) && FIGURE.test(clause) && !CANDIDATE_FEE.test(clause);
}

/** What a sentence that must go whole is about; `null` when it may stay. */
function wholeSentenceCategory(sentence: string): RedactionCategory | null {
  if (INTERNAL_SENTENCE.test(sentence)) return 'internal-note';
  if ((new RegExp(CODENAME.source, 'u').test(sentence) || NAMED_PROJECT.test(sentence)) && CONFIDENTIAL.test(sentence))
    return 'identifying-detail';
  return null;
}

/** The category of a whole removed line of an internal section, by its content. */
function lineCategory(line: string): RedactionCategory {
  const rest = line.replace(INTERNAL_SENTENCE, '');
  const category = wholeSentenceCategory(rest) ?? (statesClientTerms(rest) ? 'rate-or-margin' : null);
  if (category) return category;
  return identifiersIn(rest).some((span) => IDENTIFIER_CATEGORY[span.kind] === 'contact') ? 'contact' : 'internal-note';
}

/**
 * A sentence without its internal-note and commercial clauses: "Pay $28/hr; bill rate $41/hr" keeps
 * the pay. Clauses are cut at semicolons, commas before a new statement and dashes.
 */
function withoutInternalClauses(sentence: string, note: Note): string {
  // "(CLIENT CONFIDENTIAL)", "[do not share]": a bracketed note goes with its brackets.
  let s = sentence.replace(/\s*[([][^()[\]]{0,120}[)\]]/g, (m) => {
    const inner = m.trim().replace(/^[([]|[)\]]$/g, '');
    if (statesClientTerms(inner)) note('rate-or-margin', inner);
    else if (INTERNAL_PHRASE.test(m) || INTERNAL_SENTENCE.test(inner)) note('internal-note', inner);
    else return m;
    return '';
  });
  s = s.replace(INTERNAL_REFERENCE, (m) => {
    note('internal-note', m);
    return '';
  });
  const clauses = s.split(/(;\s*|,\s+|\s+[—–-]\s+|\s*\|\s*)/);
  const kept: string[] = [];
  for (let i = 0; i < clauses.length; i += 2) {
    const clause = clauses[i];
    const separator = clauses[i + 1] ?? '';
    if (INTERNAL_PHRASE.test(clause)) note('internal-note', clause);
    else if (statesClientTerms(clause)) note('rate-or-margin', clause);
    else {
      kept.push(clause + separator);
      continue;
    }
    // The separator before a removed clause goes with it.
    if (kept.length && i + 2 >= clauses.length)
      kept[kept.length - 1] = kept[kept.length - 1].replace(/(?:;\s*|,\s+|\s+[—–-]\s+|\s*\|\s*)$/, '');
  }
  const result = kept.join('').trim();
  // "Onsite parking; don't disclose …." keeps its full stop.
  const end = /[.!?]$/.exec(sentence.trim())?.[0];
  return end && result && !/[.!?]$/.test(result) ? `${result.replace(/[\s,;:–—-]+$/, '')}${end}` : result;
}

function tidyLine(line: string): string {
  return line
    .replace(/\(\s*[,;:–-]*\s*\)/g, '')
    .replace(/\(\s*[,;]\s*/g, '(')
    .replace(/\s*[,;]\s*\)/g, ')')
    .replace(/\s+([,.;:!?)])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/^[\s,;:–-]+/, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/,\s*\./g, '.')
    .trim();
}

/**
 * Removes what must not reach candidates from `text`, and lists each removal with its category
 * and a reason a recruiter understands. Lines and sentences that stay keep their wording.
 */
export function scrubSensitive(text: string, context: ScrubContext): { text: string; removed: Removal[] } {
  const source = String(text ?? '');
  const removed: Removal[] = [];
  const seen = new Set<string>();
  const note: Note = (category, what, identifier) => {
    const value = squash(what.replace(/\uE000/g, ' ')).slice(0, 300);
    const key = `${category}:${value.toLowerCase()}`;
    if (!value || seen.has(key)) return;
    seen.add(key);
    removed.push(
      identifier
        ? { category, text: value, reason: IDENTIFIER_REASONS[identifier], identifier }
        : { category, text: value, reason: REASONS[category] },
    );
  };
  const names = clientNamesIn(context?.clientNames ?? [], context?.companyInfo ?? '', source);
  const people = peopleNamedIn(source);
  const out: string[] = [];
  let internalSection = false;

  for (const raw of withoutMultilineAddresses(source, note).split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) {
      out.push('');
      continue;
    }
    const heading = isHeading(line) || /^[A-Za-z][\w '’/&–-]{2,60}[:：]$/.test(line);
    if (heading) {
      internalSection = sectionRole(line) === 'internal' || INTERNAL_LINE.test(line);
      if (internalSection) note('internal-note', line);
      else out.push(scrubSentence(closeCuts(withoutIdentifiers(line, names, people, note)), names, note).text);
      continue;
    }
    // A short "Internal notes – do not share" line heads an internal section too.
    if (INTERNAL_LINE.test(line) && line.length <= 60 && !/[.!?]$/.test(line) && !/[:：]\s*\S/.test(line)) {
      internalSection = true;
      note('internal-note', line);
      continue;
    }
    if (internalSection || INTERNAL_LINE.test(line)) {
      for (const sentence of splitSentences(line)) note(lineCategory(sentence), sentence);
      continue;
    }
    const bullet = /^\s*(?:[-*•·▪‣◦●○■□➢➤>]+|\d{1,2}[.)])\s+/.exec(line)?.[0] ?? '';
    const kept: string[] = [];
    let namedClient = false;
    // Identifiers go before the line is split: "Dr. Okafor", "Apt. 5" and links hold full stops.
    for (const cut of splitSentences(withoutIdentifiers(line.slice(bullet.length), names, people, note))) {
      const whole = closeCuts(cut);
      if (!whole) continue;
      const category = wholeSentenceCategory(whole);
      if (category) {
        note(category, whole);
        continue;
      }
      const sentence = withoutInternalClauses(whole, note);
      if (!sentence) continue;
      const scrubbed = scrubSentence(sentence, names, note);
      namedClient ||= scrubbed.namedClient;
      kept.push(scrubbed.text);
    }
    let result = tidyLine(kept.filter(Boolean).join(' '));
    // "Company: Our client — a SaaS company …": the label has nothing left to label.
    if (namedClient) {
      result = result
        .replace(
          /^(?:client|company|employer|customer|hiring company)\s*[:：–-]\s*(?:(our client)\.?\s*[—–-]?\s*)?/i,
          (_m, client?: string) => (client ? 'Our client ' : ''),
        )
        .replace(/^Our client (?=(?:a|an)\s)/, 'Our client is ')
        .trim();
    }
    // "Client: Brightledger Financial" says nothing once the name is gone.
    if (result && /[\p{L}\p{N}]/u.test(result) && !(namedClient && isLabelOnly(result)))
      out.push(`${bullet.trim() ? `${bullet.trim()} ` : ''}${result}`);
  }
  return {
    text: out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    removed,
  };
}

/** A line left with nothing but a label and the neutral client phrase ("Client: our client"). */
function isLabelOnly(line: string): boolean {
  const rest = line
    .replace(/\bour client(?:['’]s)?\b/gi, ' ')
    .replace(
      /\b(?:client|customer|employer|company|requisition|req|for|at|with|a|an|the|consumer|brand|subsidiary|part of|inc|llc|ltd|corp)\b\.?/gi,
      ' ',
    )
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return rest.split(/\s+/).filter(Boolean).length < 2;
}

type Note = (category: RedactionCategory, what: string, identifier?: IdentifierKind) => void;

/** Addresses written over several lines ("1850 Stanley Ave\nSuite 200\nDayton, OH 45404") go before the text is read line by line. */
function withoutMultilineAddresses(source: string, note: Note): string {
  const spans = identifiersIn(source).filter((span) => span.kind === 'street-address' && /\n/.test(span.text.trim()));
  let out = '';
  let at = 0;
  for (const span of spans) {
    note(IDENTIFIER_CATEGORY[span.kind], span.text, span.kind);
    // Each line keeps its end, so the line structure around the address stays.
    out += source.slice(at, span.start) + span.text.replace(/[^\n]+/g, CUT);
    at = span.end;
  }
  return out + source.slice(at);
}

/** Whether a link is the public way to apply: it stays, unless it names the client. */
function isApplyLink(link: string, line: string, names: readonly string[]): boolean {
  const host = link.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (names.some((n) => host.includes(n.toLowerCase().replace(/[^a-z0-9]/g, '')))) return false;
  return /^(?:https?:\/\/|www\.)/i.test(link) && (APPLY_LINK.test(link) || APPLY_CUE.test(line));
}

/**
 * `line` without the personal identifiers in it, each listed with its kind; the words around them
 * stay ("Questions? E-mail dana@… or call us" keeps "Questions?").
 */
function withoutIdentifiers(line: string, names: readonly string[], people: KnownPeople, note: Note): string {
  const found: IdentifierSpan[] = withoutOverlaps([
    ...identifiersIn(line).filter((span) => !(span.kind === 'link-or-handle' && isApplyLink(span.text, line, names))),
    ...personNameSpans(line, people),
  ]);
  if (!found.length) return line;
  let out = '';
  let at = 0;
  for (const span of found) {
    note(IDENTIFIER_CATEGORY[span.kind], span.text, span.kind);
    out += `${line.slice(at, span.start)}${CUT}`;
    at = span.end;
  }
  out += line.slice(at);
  return out.replace(/[ \t]{2,}/g, ' ').trim();
}

/**
 * A sentence whose identifier was cut: it goes whole when only its lead-in is left ("This job is
 * hosted by", "Send your resume to"), else the cut and the separators around it close up.
 */
function closeCuts(sentence: string): string {
  if (!sentence.includes(CUT)) return sentence;
  // "at … or …" between two cuts, and the preposition before a cut, go with it.
  sentence = sentence
    .replace(LABEL_OF_CUT, CUT)
    .replace(/\uE000(?:\s*(?:,|at|or|and|on|via|\/|&)?\s*\uE000)+/gi, CUT)
    .replace(/\s+(?:to|with|at|on|by|from|via|is|are)\s*\uE000(?=\s*[\p{L}(])/giu, CUT)
    .replace(/\(\s*\uE000\s*\)|\[\s*\uE000\s*\]|<\s*\uE000\s*>/g, CUT)
    .replace(/\uE000(?:\s*,?\s*\uE000)+/g, CUT);
  // What is left is only a lead-in ("Call … with questions", "Send CVs to … today"): it goes whole.
  const words = sentence
    .replace(/\uE000/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length <= 4) return '';
  const dangling = DANGLING_BEFORE_CUT.exec(sentence);
  if (dangling) {
    // A short lead-in says nothing without what followed it; a longer sentence keeps its words.
    const lead = sentence.slice(0, dangling.index);
    if (lead.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= 8) return '';
    return closeCuts(`${lead.replace(/[\s,;:–-]+$/, '')}${/[.!?]\s*$/.test(sentence) ? '.' : ''}`);
  }
  return sentence
    .replace(/(?:\s*[,;/|>]\s*)?\uE000(?:\s*[,;/|>&]?\s*\uE000)*(\s*[,;/|>])?/g, (_m, after?: string) => (after ? after.trim() : ''))
    .replace(/^\s*[,;/|>:–-]\s*/, '')
    .replace(/\s*[,;/|>:–-]\s*$/, '')
    .replace(/\s+([.,;:!?)])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

function scrubSentence(sentence: string, names: readonly string[], note: Note): { text: string; namedClient: boolean } {
  let s = sentence;
  let namedClient = false;
  const cut = (pattern: RegExp, category: RedactionCategory, replacement = '') => {
    s = s.replace(pattern, (m: string) => {
      note(category, m);
      return replacement;
    });
  };
  // An address inside parentheses takes the parentheses with it: "office (410 N Wells St, …)".
  s = s.replace(/\s*\((?=\s*\d{1,6}\s+(?:[NSEW]\.?\s+)?[A-Z])([^()]*)\)/gu, (m: string, inner: string) => {
    if (!new RegExp(STREET.source, 'u').test(inner)) return m;
    note('identifying-detail', inner);
    return '';
  });
  // "HQ at 77 Summer Street, Boston" → "HQ at Boston": the street goes with the comma after it.
  s = s.replace(new RegExp(`(${STREET.source})(?:,\\s*(?=[A-Z]))?`, 'gu'), (_m: string, street: string) => {
    note('identifying-detail', street);
    return '';
  });
  cut(POSTCODE, 'identifying-detail');
  cut(UNIT, 'identifying-detail');
  cut(CODENAME, 'identifying-detail', 'the project');
  s = s.replace(URL, (m: string) => {
    const host = m.toLowerCase().replace(/[^a-z0-9]/g, '');
    const ofClient = names.some((n) => host.includes(n.toLowerCase().replace(/[^a-z0-9]/g, '')));
    if (ofClient) note('client-name', m);
    return ofClient ? '' : m;
  });
  for (const name of names) {
    s = s.replace(namePattern(name), (m: string, offset: number) => {
      note('client-name', m.replace(/['’]s$/, ''));
      namedClient = true;
      const possessive = /['’]s$/.test(m);
      const before = s.slice(0, offset);
      // "a Lakeshore Health Partners hospital", "its subsidiary Harlow Aerospace Castings": the name just goes.
      if (/\b(?:a|an|the|its|subsidiary|brand|division)\s*$/i.test(before)) return possessive ? 'its' : '';
      const start = !before.trim() || /[.!?:]\s*$/.test(before);
      return `${start ? 'Our' : 'our'} client${possessive ? '’s' : ''}`;
    });
  }
  // "Our client, Fenwick & Hale Insurance, is …" → "Our client is …".
  const text = tidyLine(
    s
      .replace(/\b(our client)(?:,\s*our client)+,?/gi, '$1')
      .replace(/\b(our client)(?:\s*\(\s*(?:consumer )?brand[:\s]*\s*our client\s*\))/gi, '$1'),
  );
  return { text, namedClient };
}
