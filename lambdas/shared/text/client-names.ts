/**
 * The names a client goes by: those the recruiter lists, those its company information and the
 * requisition state ("Client: X", "X is a …", "brand: X", "part of X"), and their short forms
 * ("Brightledger" for "Brightledger Financial", "St. Brigid" for "St. Brigid Regional Medical
 * Center"), so a publishable description can leave every one of them out.
 */

/** Words that describe a company rather than name it; a short form stops before the first. */
const GENERIC = new Set(
  (
    'inc incorporated llc llp ltd limited corp corporation co company companies group holdings holding plc gmbh ag sa bv ' +
    'financial finance bank banking capital partners partnership health healthcare hospital hospitals medical center centre regional ' +
    'clinic clinics systems system solutions services technologies technology tech labs software digital global international ' +
    'industries industrial manufacturing precision components aerospace automotive castings logistics cold chain supply foods ' +
    'pharmaceuticals pharma energy consulting associates enterprises brands retail stores network networks insurance assurance mutual ' +
    'underwriting reinsurance trust foundation university college'
  ).split(' '),
);

/** Short forms too common to remove on sight. */
const COMMON_WORDS = new Set(
  (
    'american national general first united global new north south east west central pacific atlantic standard premier summit advanced ' +
    'best city state blue red green black white golden silver royal grand great little big modern smart bright next prime true'
  ).split(' '),
);

const NAME = `[A-Z][\\p{L}'’&.-]*(?:[ \\t]+(?:[A-Z][\\p{L}'’&.-]*|of|and|&|de|la)){0,5}`;
const FROM_TEXT: readonly RegExp[] = [
  // "Client: Harlow Precision Components, Inc." (spaces, not blank lines, before the label: each line
  // start would otherwise rescan every blank line after it)
  new RegExp(`^[ \\t]*(?:client|customer|employer|company|hiring company|account|end client)\\s*[:：–-]\\s*(${NAME})`, 'gimu'),
  // "Our client, Fenwick & Hale Insurance, is …", "on behalf of Acme"
  new RegExp(`\\b(?:[Oo]ur|[Tt]he) (?:client|customer),?\\s+(${NAME})|\\bon behalf of\\s+(${NAME})`, 'gu'),
  // "Requisition for St. Brigid Regional Medical Center"
  new RegExp(`\\b(?:requisition|req|opening|vacancy|role|position) (?:for|at|with)\\s+(${NAME})`, 'gu'),
  // "consumer brand: PayHarbor", "Its subsidiary Harlow Aerospace Castings", "part of Lakeshore Health Partners"
  new RegExp(
    `\\b(?:brand|subsidiary|division|parent company|sister company|part of|owned by|a subsidiary of)\\s*[:：]?\\s*(${NAME})`,
    'gu',
  ),
  // "Brightledger Financial is a Chicago fintech company"
  new RegExp(
    `(?:^|[.!?]\\s+)(${NAME})\\s+(?:is|are|was)\\s+(?:a|an|the|one of)\\s+(?:[\\p{L}\\d-]+\\s+){0,5}(?:company|manufacturer|provider|hospital|firm|bank|start-?up|organi[sz]ation|cent(?:er|re)|business|group|leader|retailer|insurer|agency|producer|maker|supplier|operator|network|system|chain|brand|fintech|platform|employer|institution)\\b`,
    'gmu',
  ),
];

/** Capitalised words that open sentences without naming anyone. */
const NOT_A_NAME =
  /^(?:this|that|it|its|our|we|you|they|the|there|here|each|every|a|an|what|who|which|location|role|position|job|team|unit|client|company|requisition)\b/i;

function tidy(name: string): string {
  return name
    .replace(/[\s,;:.–-]+$/, '')
    .replace(/\s+(?:is|are|was|for|at|with|and|of|the|a)$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The shorter names a client goes by: without its legal and descriptive words ("Harlow Precision
 * Components, Inc." → "Harlow"), and its first word when that is distinctive on its own
 * ("Northwind Analytics" → "Northwind").
 */
export function shortForms(name: string): string[] {
  const words = name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const first =
    words.length > 1 &&
    !/\.$/.test(words[0]) &&
    words[0].replace(/[^\p{L}]/gu, '').length >= 4 &&
    !COMMON_WORDS.has(words[0].toLowerCase()) &&
    !GENERIC.has(words[0].toLowerCase());
  return [...new Set([shortForm(name), first ? words[0] : null].filter((s): s is string => !!s))];
}

/** A client name without its legal and descriptive words: "Harlow Precision Components, Inc." → "Harlow". */
export function shortForm(name: string): string | null {
  const words = name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const word of words) {
    if (GENERIC.has(word.toLowerCase().replace(/[.,]/g, ''))) break;
    kept.push(word);
  }
  // No descriptive word ("Acme Robotics"): the first word, when it is distinctive enough alone.
  while (kept.length && /^(?:&|and|of|the)$/i.test(kept[kept.length - 1])) kept.pop();
  const short = kept.length === words.length ? (words.length > 1 && !/\.$/.test(words[0]) ? words[0] : '') : kept.join(' ');
  if (!short || short === words.join(' ') || short.replace(/[^\p{L}]/gu, '').length < 4) return null;
  return COMMON_WORDS.has(short.toLowerCase()) ? null : short;
}

/** Acronyms of regulators, standards and trades that own policies and guidelines without naming a client. */
const PUBLIC_ACRONYMS = new Set(
  (
    'OSHA HIPAA EEO EEOC FDA GMP ISO DOT FMCSA CMS ADA FMLA USDA EPA IRS GAAP IFRS SOX PCI NIST HACCP SQF BRC NFPA NEC ANSI ASME ' +
    'AWS CDC DEA DHS TSA FAA DOL OMB CFR FAR DFARS ITAR SOP SOPS PPE USA EU UK NYC HR QA QC IT ERP CRM AHA JCAHO TJC NHS CQC HSE ' +
    'FINRA SEC GDPR OFCCP NLRB ACA COBRA ERISA IATA ICAO FERPA NCLB IEP'
  ).split(' '),
);
/** "IRI policies", "ACME's staff": an acronym owning what only an employer has. */
const OWNER_ACRONYM =
  /\b([A-Z]{3,5})(?:['’]s)?\s+(?:policies|policy|procedures|guidelines|employees|staff|colleagues|values|mission|culture|headquarters|offices|leadership|premises)\b/g;

/** The initials of a name of three or more words: "International Republican Institute" → "IRI". */
export function acronymOf(name: string): string | null {
  const words = name
    .replace(/[,.]/g, ' ')
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w) && !/^(?:inc|llc|ltd|corp|co|plc)$/i.test(w));
  return words.length >= 3 && words.length <= 6 ? words.map((w) => w[0]).join('') : null;
}

/**
 * Every name of the client to remove, longest first (so "Brightledger Financial" goes before
 * "Brightledger"): the recruiter's list, the names the texts state, and their short forms.
 */
export function clientNamesIn(listed: readonly string[], companyInfo: string, description: string): string[] {
  const found = new Set<string>();
  const add = (raw: string) => {
    const name = tidy(raw);
    if (name.length < 2 || NOT_A_NAME.test(name) || name.split(' ').length > 6) return;
    found.add(name);
    for (const short of shortForms(name)) found.add(short);
    const acronym = acronymOf(name);
    if (acronym && !PUBLIC_ACRONYMS.has(acronym)) found.add(acronym);
  };
  for (const name of listed) add(String(name ?? ''));
  for (const [source, patterns] of [
    [String(companyInfo ?? ''), FROM_TEXT],
    [String(description ?? ''), FROM_TEXT.slice(0, 4)],
  ] as const) {
    for (const pattern of patterns) for (const m of source.slice(0, 20_000).matchAll(pattern)) add(m[1] ?? m[2] ?? '');
  }
  // A posting that hides its client ("our client, a … firm") still names it by an acronym that owns policies or staff.
  if (/\bour client\b/i.test(description ?? ''))
    for (const m of String(description).slice(0, 20_000).matchAll(OWNER_ACRONYM)) if (!PUBLIC_ACRONYMS.has(m[1])) found.add(m[1]);
  // Names the company information states as "X is a …" must look like a name, not a sentence start.
  return [...found].filter((n) => /\p{Lu}/u.test(n)).sort((a, b) => b.length - a.length);
}

/** A pattern matching a name as written, with its possessive, any spacing and optional dots ("St Brigid"). */
export function namePattern(name: string): RegExp {
  const words = name.trim().split(/\s+/);
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\\\./g, '\\.?')).join('[\\s-]+');
  // "Northwind Analytics Inc." takes its dot along.
  const dot = /^(?:inc|ltd|co|corp|llc|plc|gmbh|ag|sa|bv)$/i.test(words[words.length - 1] ?? '') ? '\\.?' : '';
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${dot}(?:['’]s)?(?![\\p{L}\\p{N}])`, 'giu');
}
