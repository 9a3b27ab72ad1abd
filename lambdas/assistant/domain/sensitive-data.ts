import type { ExternalJobDescriptionOutput, RedactionCategory } from '../../shared/contracts/assistant';
import { clientNamesIn, namePattern } from '../../shared/text/client-names';
import { INTERNAL_LINE, sectionRole } from '../../shared/text/job-sections';
import { isHeading, splitSentences, squash } from '../../shared/text/normalize';

/**
 * Capability 2's safety: what must not reach candidates, removed from a text with the reason.
 * Internal notes and "internal"/"confidential" sections go whole; sentences with rates, margins,
 * fees or salary figures, with e-mail addresses or phone numbers, or naming a confidential project
 * go whole; street addresses, postcodes, unit names, the client's links, the hiring manager's name
 * and the client's names (with their possessives) are cut out of the sentences that stay, the
 * client becoming "our client". Deterministic and conservative: when in doubt, a sentence goes.
 */

export type Removal = ExternalJobDescriptionOutput['removed'][number];

export interface ScrubContext {
  /** The client's names the recruiter listed. */
  readonly clientNames: readonly string[];
  readonly companyInfo: string;
}

const REASONS: Record<RedactionCategory, string> = {
  'client-name': 'The client’s name or brand tells candidates and competitors who is hiring before the client agrees to it.',
  'identifying-detail': 'An address, site or internal project name identifies the client as surely as its name.',
  'rate-or-margin': 'Bill rates, pay rates, margins, fees and salary figures are commercial terms between the agency and the client.',
  contact: 'The hiring manager’s name and contact details are for the recruiter; candidates apply through the agency.',
  'internal-note': 'A note for the recruiter or the agency, not for candidates.',
};

// Starts only where a word starts: otherwise every letter of a long word starts a scan to its end.
export const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
export const PHONE =
  /(?<![\p{L}\p{N}])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?:\s*(?:ext\.?|x|extension)\s*\d{1,5})?(?![\p{N}])|\+\d{2,3}(?:[\s.-]?\d{2,4}){3,4}(?![\p{N}])|(?<![\p{L}\p{N}])0\d{2,4}[\s.-]\d{3,4}[\s.-]?\d{3,4}(?![\p{N}])/gu;
const URL = /\b(?:https?:\/\/|www\.)[^\s)<>"]+/gi;
const MONEY =
  /(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|million|bn)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars)\b|\b\d{2,3}k\b|\b\d{2,4}(?:\.\d{2})?\s?(?:\/\s?(?:hr|hour|day)|per (?:hour|day)|an hour|a day)\b)/i;
// Words that make a money figure a commercial term ("a $2M budget" in a requirement is not one).
const RATE_WORDS =
  /\b(?:rates?|pay|paid|salary|salaries|compensation|comp|margin|markup|mark-up|fee|fees|commission|bill(?:ing)?|w-?2|1099|c2c|corp[- ]to[- ]corp|per (?:hour|day)|hourly|daily|an hour|a day|ote|base salary|conversion|spread|burden|ir35|day rate)\b|\/\s?(?:hr|hour|h|day|yr|year)\b/i;
const PERCENT_WITH_TERMS =
  /\b\d{1,3}(?:\.\d+)?\s?%[^.;]*\b(?:margin|markup|mark-up|fee|commission|spread)\b|\b(?:margin|markup|mark-up|fee|commission|spread)\b[^.;]*?\b\d{1,3}(?:\.\d+)?\s?%/i;
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
const PERSON =
  /\b(?:[Hh]iring [Mm]anager|[Mm]anager|[Cc]ontact|[Rr]each out to|[Aa]sk for|[Ss]peak (?:to|with)|[Ii]nterviewer|POC)\s*(?:is|[:：,–-])?\s*((?:(?:Dr|Mr|Ms|Mrs)\.?\s+)?[A-Z][\p{Ll}'’-]+(?:\s+[A-Z][\p{Ll}'’-]+){1,2})/gu;
const NOT_PERSON =
  /\b(?:Manager|Director|Engineer|Controller|Officer|President|Lead|Head|Team|Department|Nurse|Unit|Center|Centre|Office|Operations|Finance|Engineering|Sales|Human|Talent)\b/;

/** People named near contact data ("Hiring manager: Dana Whitfield") and e-mail local parts ("dana.whitfield@…"). */
function peopleIn(text: string): string[] {
  const people = new Set<string>();
  for (const m of text.matchAll(PERSON)) if (!NOT_PERSON.test(m[1])) people.add(m[1].replace(/^(?:Dr|Mr|Ms|Mrs)\.?\s+/, ''));
  for (const m of text.matchAll(EMAIL)) {
    const parts = m[0]
      .split('@')[0]
      .split(/[._-]/)
      .filter((p) => /^[a-z]{2,}$/i.test(p));
    if (parts.length === 2) people.add(parts.map((p) => p[0].toUpperCase() + p.slice(1).toLowerCase()).join(' '));
  }
  return [...people];
}

/** Whether a sentence states commercial terms: a money figure with a rate word, or a margin or fee percentage. */
export function statesCommercialTerms(sentence: string): boolean {
  return (MONEY.test(sentence) && RATE_WORDS.test(sentence)) || PERCENT_WITH_TERMS.test(sentence);
}

/** What a sentence that must go whole is about; `null` when it may stay. */
function wholeSentenceCategory(sentence: string): RedactionCategory | null {
  if (INTERNAL_SENTENCE.test(sentence)) return 'internal-note';
  if (statesCommercialTerms(sentence)) return 'rate-or-margin';
  if (new RegExp(EMAIL.source, 'u').test(sentence) || new RegExp(PHONE.source, 'u').test(sentence)) return 'contact';
  if ((new RegExp(CODENAME.source, 'u').test(sentence) || NAMED_PROJECT.test(sentence)) && CONFIDENTIAL.test(sentence))
    return 'identifying-detail';
  return null;
}

/** The category of a whole removed line of an internal section, by its content. */
function lineCategory(line: string): RedactionCategory {
  return wholeSentenceCategory(line.replace(INTERNAL_SENTENCE, '')) ?? 'internal-note';
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
  const note = (category: RedactionCategory, what: string) => {
    const value = squash(what).slice(0, 300);
    const key = `${category}:${value.toLowerCase()}`;
    if (!value || seen.has(key)) return;
    seen.add(key);
    removed.push({ category, text: value, reason: REASONS[category] });
  };
  const names = clientNamesIn(context?.clientNames ?? [], context?.companyInfo ?? '', source);
  const people = peopleIn(source);
  const out: string[] = [];
  let internalSection = false;

  for (const raw of source.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) {
      out.push('');
      continue;
    }
    const heading = isHeading(line) || /^[A-Za-z][\w '’/&–-]{2,60}[:：]$/.test(line);
    if (heading) {
      internalSection = sectionRole(line) === 'internal' || INTERNAL_LINE.test(line);
      if (internalSection) note('internal-note', line);
      else out.push(scrubSentence(line, names, people, note).text);
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
    for (const sentence of splitSentences(line.slice(bullet.length))) {
      const category = wholeSentenceCategory(sentence);
      if (category) {
        note(category, sentence);
        continue;
      }
      const scrubbed = scrubSentence(sentence, names, people, note);
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

type Note = (category: RedactionCategory, what: string) => void;

function scrubSentence(
  sentence: string,
  names: readonly string[],
  people: readonly string[],
  note: Note,
): { text: string; namedClient: boolean } {
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
  for (const person of people) cut(namePattern(person), 'contact');
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
