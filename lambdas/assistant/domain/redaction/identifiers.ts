import type { IdentifierKind } from '../../../shared/contracts/assistant';
import { passesIbanCheck, passesLuhn } from './checksums';

/**
 * Direct identifiers found by their shape (and checksum where one exists): e-mail addresses, phone
 * numbers in national and international formats, US social security numbers, payment cards (Luhn),
 * IBANs (mod 97), IP addresses, street addresses and post boxes, and links and handles. Each is
 * returned as a span, so the caller cuts the identifier and keeps the rest of the sentence.
 * Person names need context and live in ./person-names.
 */

export interface IdentifierSpan {
  readonly kind: IdentifierKind;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/**
 * "jane (at) example (dot) com", written so scrapers miss it: people still read it. Matched from the
 * start of its run only (a start inside "...." or "----" would rescan the run: seconds a request).
 */
const SPELLED_EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+(?:\s*(?:\(dot\)|\[dot\]|\(period\)|\[period\])\s*[\p{L}\p{N}_%+-]+)*\s*(?:\(at\)|\[at\]|\{at\}|\s+at\s+(?=[\p{L}\p{N}-]+\s*(?:\(|\[)?(?:dot|period)))\s*[\p{L}\p{N}-]+(?:\s*(?:\(dot\)|\[dot\]|\(period\)|\[period\]|\s+dot\s+|\.)\s*[\p{L}\p{N}-]+)+/giu;

const IBAN = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}(?![\p{L}\p{N}])/gu;
const CARD = /(?<![\p{N}.,$€£-])\d(?:[ -]?\d){11,18}(?![\p{N}])/gu;
const SSN = /(?<![\p{N}.,$€£-])\d{3}([-. ]?)\d{2}\1\d{4}(?![\p{N}])|(?<![\p{N}.,$€£-])\d{3}-?\d{2}-?\d{4}(?![\p{N}])/gu;
const IPV4 = /(?<![\p{N}.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\/\d{1,2})?(?!\p{N})/gu;
const IPV6 = /(?<![\p{L}\p{N}:])(?:[0-9a-f]{0,4}:){2,7}(?:[0-9a-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?:\/\d{1,3})?(?![\p{L}\p{N}:])/giu;
/** Digit groups a phone number is written in: "+44 (0)20 7123 4567", "(415) 555-0132", "0490 75 40 81". */
const PHONE =
  /(?<![\p{L}\p{N}$€£#%.:/-])(?:(?:\+|00)\d{1,3}(?:[ .-]|-\s)?)?(?:\(\d{1,5}\)[ .-]?)?\d{1,11}(?:(?:[ .-]|[ .-]?\(\d{1,5}\)[ .-]?)\d{1,11}){0,6}(?:\s?(?:[xX]|[Ee]xt\.?|[Ee]xtension)\s?\d{1,5})?(?![\p{Ll}\p{N}%]|[.,]\d)/gu;
const URL = /(?:https?:\/\/|www\.)[^\s)<>"'|]+/gi;
const BARE_DOMAIN =
  /(?<![\p{L}\p{N}@./-])(?:[a-z0-9-]+\.)+(?:com|org|net|io|co|us|uk|de|fr|it|es|nl|be|ch|at|dk|se|no|fi|pl|cz|hu|pt|br|ca|au|in|il|jp|cn|ru|info|biz|dev|app|site|online|tech|me|edu|gov)(?:\/[^\s)<>"']*)?(?![\p{L}\p{N}])/gu;
const HANDLE = /(?<![\p{L}\p{N}@._-])@[A-Za-z][A-Za-z0-9_]{1,29}(?![\p{L}\p{N}@_])/gu;

const STREET_WORD =
  'St|Street|Str|Ave|Avenue|Av|Rd|Road|Blvd|Boulevard|Boul|Dr|Drive|Ln|Lane|Way|Pkwy|Parkway|Pl|Place|Ct|Court|Courts|Hwy|Highway|Sq|Square|Ter|Terrace|Cir|Circle|Plaza|Pike|Trail|Close|Crescent|Row|Gardens|Grove|Mews|Walk|Bypass|Union|Rapids|Hills?|Green|Loop|Alley|Ridge|Run|Crossing|Expressway|Freeway|Junction|Forges?|Meadows?|Estates?|Villages?|Vista|Springs?|Heights|Harbou?r|Landing|Manor|Mills?|Orchard|Pass|Plains|Ranch|Shores?|Spur|Turnpike|Valley|Viaduct|Wells?|Isle|Keys?|Knolls?|Locks?|Lodge|Ports?|Radial|Squares|Stravenue|Summit|Throughway|Trafficway|Tunnel|Underpass|Unions|Ville|Fords?|Falls|Ferry|Flats?|Glens?|Groves|Haven|Creek|Crest|Cove|Corners?|Causeway|Burgs?|Brooks?|Branch|Bluffs?|Bottom|Bend|Canyon|Cape|Centers?|Cliffs?|Common|Dale|Dam|Divide|Estate|Extension|Field|Fields|Forest|Fort|Garden|Gateway|Lakes?|Lights?|Mount|Mountain|Neck|Oval|Overpass|Path|Points?|Prairie|Shoal|Skyway|Station|Stream|Track|Trace|View|Views|Walks|Ways';
/** Street names that end in their type ("Pohlstrasse", "Snellmaninkatu", "Nybyvägen"), as written across Europe. */
const STREET_ENDING =
  '(?:strasse|straße|str\\.|gasse|weg|vej|vägen|gatan|gata|gate|laan|straat|katu|tie|kuja|tér|út|utca|ulica|gade|stræti|stræde|braut|vegur|veien|plein|allee|platz|damm|ufer|park|torget|torg|bakken|brekka|gränd|steig|markt|centret)';
const STREET_PREFIX =
  'C/|Rua|Rúa|Rue|Via|Viale|Vicolo|Piazza|Piazzetta|Calle|Avenida|Avda\\.?|Av\\.?|Boul\\.?|ul\\.|Ulica|Praça|Largo|Travessa|Carrer|Paseo|Camino|Chemin|Allée|Quai|Strada|Corso|Plac|Aleja|Al\\.';
const NAME_WORD = "(?:\\p{N}+\\p{L}*|\\p{Lu}[\\p{L}'’.-]*)";
const UNIT = String.raw`(?:[Aa]pt|APT|[Aa]partment|[Ss]uite|STE|[Ss]te|[Uu]nit|[Ff]lat|[Rr]oom|Rm|[Ff]loor|Fl|Bldg|[Bb]uilding|[Bb]ox)\.?\s*#?\s*\d{1,6}[A-Z]?\b`;
const STREETS = new RegExp(
  [
    // "1317 Kimberly Way", "77 N. Summer Street"
    String.raw`(?<![\d,.$€£])\b\d{1,6}[A-Z]?[ \t]+(?:[NSEW]\.?[ \t]+)?(?:${NAME_WORD}[ \t]+){0,4}(?:${STREET_WORD})\b\.?`,
    // "Pohlstrasse 9", "Snellmaninkatu 55", "Erzsébet tér 19."
    String.raw`(?:\b\d{1,6}[ \t]+)?(?<![\p{L}])\p{Lu}[\p{L}'’-]*${STREET_ENDING}(?:[ \t]+\d{1,5}[A-Za-z]?\b\.?)`,
    String.raw`(?:\b\d{1,6}[ \t]+)?[\p{Lu}][\p{L}'’-]{0,60}(?:[ \t]+\p{Ll}[\p{L}'’-]{0,60})?[ \t]+(?:tér|út|útja|utca|u\.|vej|gade|gate|katu|tie|tee|[Ss]trasse|[Ss]traße|[Gg]asse|[Ww]eg|[Aa]llee|[Pp]latz|laan|straat)[ \t]+\d{1,5}\b\.?`,
    // "Rua Igreja 25", "29 Rue de Tanger", "ul. Zakrzowska 92", "770 26 rue des Lilas" (a building number, then the house number)
    String.raw`\b\d{1,6}(?:[ \t]+\d{1,6})?(?:[ \t]*(?:bis|ter))?,?[ \t]+(?:rue|rua|rúa|viale|calle|avenida|chemin|allée|impasse|quai|praça|piazza|carrer|strada)[ \t]+(?:(?:de|da|do|dos|das|del|della|di|la|le|du|des|e|l['’])[ \t]*|${NAME_WORD}[ \t]+|\p{Ll}[\p{L}'’-]*[ \t]+){0,5}(?:\d{1,5}[A-Za-z]?\b|${NAME_WORD}|\p{Ll}[\p{L}'’-]*)`,
    String.raw`(?:\b\d{1,6}[ \t]+){0,2}(?<![\p{L}])(?:${STREET_PREFIX})[ \t]+(?:(?:de|da|do|dos|das|del|della|di|la|le|du|des|e)[ \t]+|${NAME_WORD}[ \t]+){0,5}(?:\d{1,5}[A-Za-z]?\b|${NAME_WORD})`,
    // Any capitalised name and a house number after a house number before it: "040 Snellmaninkatu 55", "5850 Jana Nerudy 894"
    String.raw`\b\d{1,6}[ \t]+(?:\p{Lu}\p{Ll}[\p{L}'’.-]*[ \t]+){1,3}\d{1,5}\b(?![ \t]*(?:%|years?|yrs?|hours?|hrs?|days?|weeks?|months?|miles?|lbs?|pounds?))`,
    // A street named without a number: "shows on Tarsicio Isle Street", "the corner of … and Herceg Gateway St."
    // The capital is checked before the look back, which would otherwise rescan a run of spaces at each of its positions.
    String.raw`(?=\p{Lu})(?<=\b(?:on|and|corner of)[ \t]+)(?:\p{Lu}[\p{L}'’-]*[ \t]+){1,3}(?:Street|St\.)(?![\p{L}])`,
    // Post boxes: "P.O. Box 186", "PSC 3294, Box 9168", "APO AA 61487", "USNS Bergman"
    String.raw`\b[Pp]\.?[ \t]?[Oo]\.?[ \t]+[Bb]ox[ \t]+\d{1,6}\b|\b(?:PSC|Unit|CMR)[ \t]+\d{3,5},?[ \t]+Box[ \t]+\d{1,5}\b|\b[AFDafd][Pp][Oo][ \t]+[Aa][AEPaep][ \t]+\d{5}\b|\b(?:USN[SV]|USS|USCGC)[ \t]+${NAME_WORD}`,
    String.raw`\b[Tt]he corner of[ \t]+[^,.;:!?]{3,80}?[ \t]+and[ \t]+(?:${NAME_WORD}[ \t]*){1,3}`,
    UNIT,
  ].join('|'),
  'gu',
);
/** After a street: more of the same address, "Apt. 236, Ribeirão, Portugal 30971". */
const ADDRESS_TAIL = new RegExp(
  String.raw`^(?:[ \t,>?|]*(?:${UNIT}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|\d{3,6}(?:-\d{4})?\b|(?!(?:Mobile|Phone|Tel|Desk|Fax|Office|Email|E-mail|Website|Cell|Work|Home|Name|I|We|The|Our|Please|Call)\b)\p{Lu}[\p{L}'’.-]*(?:[ \t]+\((?:\p{Lu}[\p{L}]*[ \t]*)+\))?))+`,
  'u',
);
/** A line that continues an address: a unit, a town, a country, a postcode ("Apt. 902", "Nuuk", "Greenland 96817"). */
const ADDRESS_LINE = new RegExp(
  String.raw`^\n(?:[ \t]*\n)?[ \t>?|]*(?:${UNIT}|\p{Lu}[\p{L}'’.-]*,?[ \t]*(?:(?:\p{Lu}[\p{L}'’.-]*|\((?:\p{Lu}[\p{L}'’.-]*[ \t]*)+\)|de|del|da|di|la|le|van|von|sur|am|an|nad|upon),?[ \t]*){0,4}(?:[A-Z]{2}[ \t]+)?(?:\d{3,6}(?:-\d{4})?)?|\d{3,6}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2})[ \t]*(?=\n|$)`,
  'u',
);
/** "lives at", "my address is", "send it to" introduce an address with a house number. */
const ADDRESS_CUE =
  /\b(?:lives? (?:at|on|in)|(?:new |billing |home |mailing |street )?address(?: is)?(?: to)?\s*[:：]?|moved to|sen[dt] (?:it |this |them |a new one |the card )?to|located at|drops? you off at|arrived at|is at|ship(?:ped)? to|mail(?:ed)? to)\s+/giu;

function spans(text: string, pattern: RegExp, kind: IdentifierKind, valid: (m: string) => boolean = () => true): IdentifierSpan[] {
  const found: IdentifierSpan[] = [];
  for (const m of text.matchAll(pattern)) {
    if (!m[0].trim() || !valid(m[0])) continue;
    found.push({ kind, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, text: m[0] });
  }
  return found;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

function isPhone(candidate: string): boolean {
  const digits = digitsOf(candidate.replace(/\s?(?:x|ext\.?|extension)\s?\d+$/i, ''));
  if (digits.length < 7 || digits.length > 15) return false;
  const groups = candidate.split(/[^\d]+/).filter(Boolean);
  // An unbroken number is a phone only at a plausible length ("13812345678"), not a reference or an amount.
  if (groups.length === 1 && !/^\+/.test(candidate) && (digits.length < 10 || digits.length > 13)) return false;
  if (/^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/.test(candidate)) return false;
  if (/^(?:19|20)\d\d\s?[-–]\s?(?:19|20)\d\d$/.test(candidate)) return false;
  return true;
}

function isIpv6(candidate: string): boolean {
  const colons = (candidate.match(/:/g) ?? []).length;
  return /[0-9a-f]/i.test(candidate) && (candidate.includes('::') || colons >= 5) && !/:{3}/.test(candidate);
}

/** The IBAN inside a match, trailing groups dropped until the checksum holds ("FR14 2004 … 606 AND" keeps its IBAN). */
function ibanSpans(text: string): IdentifierSpan[] {
  const found: IdentifierSpan[] = [];
  for (const m of text.matchAll(IBAN)) {
    let value = m[0];
    while (value.replace(/ /g, '').length >= 15) {
      if (passesIbanCheck(value.replace(/ /g, ''))) {
        found.push({ kind: 'iban', start: m.index ?? 0, end: (m.index ?? 0) + value.length, text: value });
        break;
      }
      value = value.replace(/\s*[A-Z0-9]$/, '');
    }
  }
  return found;
}

/** Street addresses, with the unit, town, country and postcode that follow them on the same line. */
function addressSpans(text: string): IdentifierSpan[] {
  const found: IdentifierSpan[] = [];
  const extend = (start: number, end: number) => {
    const tail = ADDRESS_TAIL.exec(text.slice(end));
    let stop = tail ? end + tail[0].length : end;
    // The next lines belong to it when they are address lines and one of them holds a number (a unit or postcode).
    let at = stop;
    for (let lines = 0; lines < 4; lines += 1) {
      const line = ADDRESS_LINE.exec(text.slice(at));
      if (!line) break;
      at += line[0].length;
      if (/\d/.test(line[0])) stop = at;
    }
    found.push({ kind: 'street-address', start, end: stop, text: text.slice(start, stop) });
  };
  for (const m of text.matchAll(STREETS)) extend(m.index ?? 0, (m.index ?? 0) + m[0].length);
  // Text written all in lowercase ("meet me at 2407 tawastintie 6"): its streets are read with each word capitalised.
  if (!/\p{Lu}/u.test(text)) {
    const capitalised = text.replace(/(?<![\p{L}'’])\p{Ll}/gu, (c) => (c.toUpperCase().length === 1 ? c.toUpperCase() : c));
    for (const m of capitalised.matchAll(STREETS)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      const tail = ADDRESS_TAIL.exec(capitalised.slice(end));
      found.push({
        kind: 'street-address',
        start,
        end: end + (tail?.[0].length ?? 0),
        text: text.slice(start, end + (tail?.[0].length ?? 0)),
      });
    }
  }
  for (const m of text.matchAll(ADDRESS_CUE)) {
    const start = (m.index ?? 0) + m[0].length;
    const rest = /^[^.;!?\n]*?(?=[.;!?](?:\s|$)|\n|$|\s+(?:for|last|and I|but|because|please)\b)/u.exec(text.slice(start))?.[0] ?? '';
    if (/\d/.test(rest) && rest.length <= 120) found.push({ kind: 'street-address', start, end: start + rest.length, text: rest });
  }
  return found;
}

/** Every identifier in `text` found by its shape, longest first where two overlap. */
export function identifiersIn(text: string): IdentifierSpan[] {
  const all = [
    ...spans(text, EMAIL, 'email'),
    ...spans(text, SPELLED_EMAIL, 'email', (m) => /\((?:at|dot|period)\)|\[(?:at|dot)\]|\bat\b/i.test(m)),
    ...ibanSpans(text),
    ...spans(text, CARD, 'payment-card', (m) => passesLuhn(digitsOf(m)) && digitsOf(m).length >= 12 && !/^(\d)\1+$/.test(digitsOf(m))),
    ...spans(text, SSN, 'ssn', (m) => !/^(?:000|666)/.test(digitsOf(m))),
    ...spans(text, IPV4, 'ip-address'),
    ...spans(text, IPV6, 'ip-address', isIpv6),
    ...spans(text, URL, 'link-or-handle'),
    ...spans(text, BARE_DOMAIN, 'link-or-handle'),
    ...spans(text, HANDLE, 'link-or-handle'),
    ...spans(text, PHONE, 'phone', isPhone),
    ...addressSpans(text),
  ];
  return withoutOverlaps(all);
}

/** Earlier and longer spans win; a span inside one already taken is dropped, one that straddles it is merged. */
export function withoutOverlaps(all: readonly IdentifierSpan[]): IdentifierSpan[] {
  const sorted = [...all].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: IdentifierSpan[] = [];
  for (const span of sorted) {
    const last = kept[kept.length - 1];
    if (last && span.start < last.end) {
      // Digits that run into a street ("76556 29 Rue de Tanger") are its numbers, not a phone.
      const kind = last.kind === 'phone' && span.kind === 'street-address' ? span.kind : last.kind;
      if (span.end > last.end)
        kept[kept.length - 1] = { ...last, kind, end: span.end, text: last.text + span.text.slice(last.end - span.start) };
      continue;
    }
    kept.push(span);
  }
  return kept;
}
