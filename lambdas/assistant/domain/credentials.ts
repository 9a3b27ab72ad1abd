/**
 * The licences and certifications staffing firms screen on, by occupation, and how postings write
 * them ("Valid RN or LPN license in the state of Pennsylvania", "CDL-A", "EPA 608 Universal",
 * "Hold a State Journeyman Electrician Certification"). Each is found as a short, typed name so a
 * must-have reads "RN or LPN license (Pennsylvania)", never the sentence around it.
 */

export interface CredentialMention {
  /** The credential as a must-have names it: "Class A CDL", "BLS certification". */
  readonly name: string;
  /** Whether it is a licence (asked for its state, number and expiry) rather than a certificate. */
  readonly licence: boolean;
  /** Where the mention starts and ends in the searched text. */
  readonly start: number;
  readonly end: number;
}

const US_STATES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming'.split(
    '|',
  );
const STATE = `(?:${US_STATES.join('|')})(?:\\s+State)?`;

/** Words that make "X license" a licence rather than a certificate. */
const LICENCE = String.raw`[Ll]icen[cs](?:e|ed|ure)`;
const CERT = String.raw`(?:[Cc]ertif(?:ied|ication|icate)|[Cc]redential|[Rr]egistration)`;

interface CredentialPattern {
  readonly pattern: RegExp;
  /** The name, from the match (groups allowed). */
  readonly name: (m: RegExpExecArray) => string;
  readonly licence: boolean;
  /** Written bare ("BLS", "CNA"): only a must-have where the text is a requirement list or says so. */
  readonly bare?: boolean;
}

const nurse = (word: string) =>
  /^(?:rn|registered nurses?)$/i.test(word) ? 'RN' : /^(?:lpn|licensed practical nurses?)$/i.test(word) ? 'LPN' : word.toUpperCase();

/** Ordered: the first pattern that claims a span wins it (so "RN or LPN license" is one licence). */
const PATTERNS: readonly CredentialPattern[] = [
  {
    pattern: new RegExp(
      String.raw`\b(RN|LPN|LVN|registered nurse|licensed practical nurse)s?(?:\s*(?:or|and|\/)\s*(RN|LPN|LVN))?\s+(?:\(RN\)\s+)?(?:nursing\s+)?${LICENCE}`,
      'gi',
    ),
    name: (m) => `${[m[1], m[2]].filter(Boolean).map(nurse).join(' or ')} license`,
    licence: true,
  },
  { pattern: /\b(?:nursing|nurse) licen[cs](?:e|ure)\b/gi, name: () => 'Nursing license', licence: true },
  {
    pattern: /\b(?:class[- ]?a\s+(?:cdl|commercial driver'?s? licen[cs]e)|cdl[- ]?(?:class[- ])?a\b|a[- ]class cdl)/gi,
    name: () => 'Class A CDL',
    licence: true,
  },
  {
    pattern: /\b(?:class[- ]?b\s+(?:cdl|commercial driver'?s? licen[cs]e)|cdl[- ]?(?:class[- ])?b\b)/gi,
    name: () => 'Class B CDL',
    licence: true,
  },
  { pattern: /\b(?:cdl|commercial driver'?s? licen[cs]e)\b/gi, name: () => 'CDL', licence: true },
  { pattern: /\bdriver'?s?[’']?s?\s+licen[cs]e\b/gi, name: () => "Valid driver's license", licence: true },
  {
    pattern: new RegExp(String.raw`\bjourney(?:man|person)(?:\s+electrician)?(?:'s)?\s+(?:${LICENCE}|${CERT})`, 'gi'),
    name: () => 'Journeyman electrician license',
    licence: true,
  },
  {
    pattern: new RegExp(String.raw`\b(?:licensed|certified)\s+journey(?:man|person)(?:\s+electrician)?`, 'gi'),
    name: () => 'Journeyman electrician license',
    licence: true,
  },
  { pattern: /\bmaster electrician(?:'s)? licen[cs]e\b/gi, name: () => 'Master electrician license', licence: true },
  {
    pattern: /\bEPA\s*(?:section\s*)?608\b[^.;,]{0,20}?(?:universal)?|\bEPA certif\w*/gi,
    name: () => 'EPA 608 certification',
    licence: false,
  },
  {
    pattern: new RegExp(String.raw`\b(?:professional engineer(?:ing)?\s+(?:${LICENCE}|${CERT})|(?:P\.?E\.?)\s+${LICENCE})`, 'gi'),
    name: () => 'Professional Engineer license (PE)',
    licence: true,
  },
  { pattern: /\bcertified public accountant\b|\bCPA\b/g, name: () => 'CPA', licence: true, bare: true },
  {
    pattern: /\b(?:certified pharmacy technician|pharmacy technician (?:licen[cs](?:e|ure)|certification|registration)|CPhT|PTCB)\b/gi,
    name: () => 'Pharmacy technician license (CPhT)',
    licence: true,
  },
  {
    pattern: /\b(?:[Rr]espiratory [Cc]are [Pp]ractitioner|[Rr]espiratory [Tt]herapist) [Ll]icen[cs]e\b|\bRRT\b|\bCRT\b/g,
    name: () => 'Respiratory care practitioner license',
    licence: true,
  },
  {
    pattern: new RegExp(String.raw`\b(?:teach(?:er|ing)\s+(${LICENCE}|${CERT})|certified to teach)`, 'gi'),
    name: (m) => (/^licen/i.test(m[1] ?? '') ? 'Teaching license' : 'Teacher certification'),
    licence: true,
  },
  {
    pattern: /\bparalegal certifi\w*|\bcertified paralegal\b|\bAmerican Bar Association\b/gi,
    name: () => 'Paralegal certificate',
    licence: false,
  },
  {
    pattern: /\b(?:certified nursing assistant|certified nurse aide|nurs(?:e|ing) aide registry|CNA)\b/gi,
    name: () => 'CNA certification',
    licence: false,
    bare: true,
  },
  {
    pattern:
      /\b(?:certified medical assistant|CMA \(AAMA\)|RMA|certification in medical assisting|medical assist(?:ing|ant) certification)\b/gi,
    name: () => 'Medical assistant certification',
    licence: false,
  },
  { pattern: /\b(?:BLS|basic life support|CPR)\b/gi, name: () => 'BLS certification', licence: false, bare: true },
  {
    pattern: /\b(?:ACLS|advanced cardi(?:ovascular|ac) life support)\b/gi,
    name: () => 'ACLS certification',
    licence: false,
    bare: true,
  },
  { pattern: /\b(?:PALS|pediatric advanced life support)\b/gi, name: () => 'PALS certification', licence: false, bare: true },
  { pattern: /\b(?:NRP|neonatal resuscitation(?: program)?)\b/gi, name: () => 'NRP certification', licence: false, bare: true },
  { pattern: /\bCCRN\b/g, name: () => 'CCRN certification', licence: false, bare: true },
  { pattern: /\bTNCC\b/g, name: () => 'TNCC certification', licence: false, bare: true },
  { pattern: /\bNIHSS\b/g, name: () => 'NIHSS certification', licence: false, bare: true },
  { pattern: /\bforklift (?:certif\w*|licen[cs]e)|certified forklift\b/gi, name: () => 'Forklift certification', licence: false },
  { pattern: /\bOSHA[- ]?(10|30)\b/gi, name: (m) => `OSHA ${m[1]} certification`, licence: false },
  {
    pattern: /\bServSafe(?:\s+food handler'?s?(?:\s+(?:card|certif\w*|permit))?)?|\bfood handler'?s? (?:card|certif\w*|permit)/gi,
    name: () => 'Food handler certification',
    licence: false,
  },
  { pattern: /\bCompTIA\s+(A\+|Network\+|Security\+)/gi, name: (m) => `CompTIA ${m[1]}`, licence: false, bare: true },
  { pattern: /\bPMP\b/g, name: () => 'PMP certification', licence: false, bare: true },
  { pattern: /\bCPP\b|\bcertified payroll professional\b/gi, name: () => 'CPP certification', licence: false, bare: true },
  { pattern: /\b(?:secret|top secret|TS\/SCI)\s+(?:security\s+)?clearance\b/gi, name: () => 'Security clearance', licence: false },
  { pattern: /\bnotary(?: public)?(?: commission)?\b/gi, name: () => 'Notary public commission', licence: false, bare: true },
  { pattern: /\bphlebotomy certif\w*|\bcertified phlebotom\w*/gi, name: () => 'Phlebotomy certification', licence: false },
  { pattern: /\bASE certif\w*|\bASE[- ]certified\b/gi, name: () => 'ASE certification', licence: false },
  {
    pattern: /\bHAZMAT endorsement\b|\bhazmat\b(?= (?:and|or|\/) tanker| endorsement)/gi,
    name: () => 'Hazmat endorsement',
    licence: false,
  },
  { pattern: /\bTWIC\b/g, name: () => 'TWIC card', licence: false, bare: true },
  { pattern: /\bDOT (?:medical card|physical)\b/gi, name: () => 'DOT medical card', licence: false },
  { pattern: /\bCMA\b(?= \()/g, name: () => 'CMA certification', licence: false },
  // "Current certification as a Medical Assistant or LPN": the certificate the sentence names.
  {
    pattern: /\bcertifi(?:ed|cation) as an? ((?:[A-Z][\w-]*\s*(?:or\s+|and\s+)?){1,5})/g,
    name: (m) => `${m[1].trim()} certification`,
    licence: false,
  },
  // "Oregon Respiratory Care Practitioner License", "Kentucky ... registration": a state-issued licence not named above.
  {
    pattern: new RegExp(String.raw`\b(?:state\s+)?((?:[A-Z][\w&-]+\s+){1,4})${LICENCE}\b`, 'g'),
    name: (m) => `${m[1].trim()} license`,
    licence: true,
  },
];

/** Capitalised words that never name a licence ("Required Licenses", "Valid License", "Driver's License"). */
const NOT_A_NAME =
  /^(?:(?:Required|Valid|Current|Active|Relevant|Applicable|Appropriate|Any|All|Other|Professional|State|Business|Software|Open|Driver's|Drivers|Driver|Certifications?|Certification|And|Or|The|A|An|Must|Have|Hold|Maintain|Obtain|With|Of|In)\s*)+$/;

/** The state a licence is issued in, when the sentence names one ("in the state of Pennsylvania"). */
export function stateNamed(text: string): string | null {
  const m = new RegExp(`\\b(${US_STATES.join('|')})\\b`).exec(text);
  return m ? m[1] : null;
}

/**
 * The credentials a sentence names, in order, without overlaps. Bare acronyms ("BLS", "CNA") are
 * included only when `bare` is allowed (a requirement list or a sentence that requires them).
 */
export function findCredentials(text: string, options: { bare: boolean }): CredentialMention[] {
  const source = String(text ?? '');
  const found: CredentialMention[] = [];
  const taken: [number, number][] = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);
  for (const p of PATTERNS) {
    if (p.bare && !options.bare) {
      // A bare acronym still counts when written as a credential ("BLS certification", "CNA license").
      const near = new RegExp(p.pattern.source + String.raw`\s+(?:${CERT}|${LICENCE})`, p.pattern.flags);
      collect(near, p);
      continue;
    }
    collect(p.pattern, p);
  }
  return found.sort((a, b) => a.start - b.start);

  function collect(pattern: RegExp, p: CredentialPattern) {
    const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (let m = re.exec(source); m; m = re.exec(source)) {
      if (m[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      let name = p.name(m).replace(/\s+/g, ' ').trim();
      if (p === PATTERNS[PATTERNS.length - 1]) {
        const words = m[1].trim();
        if (NOT_A_NAME.test(words) || new RegExp(`^${STATE}$`).test(words)) continue;
        name = name.replace(new RegExp(`^(?:${STATE})\\s+`), '');
      }
      taken.push([start, end]);
      found.push({ name, licence: p.licence, start, end });
    }
  }
}

/** A credential the law requires of an occupation, so a recruiter screens on it even where the posting leaves it out. */
export interface ImpliedCredential {
  readonly name: string;
  readonly licence: boolean;
  /** Why it is required, for the recruiter to read as the item's evidence. */
  readonly reason: string;
}

/** EPA Section 608 certification: US law (Clean Air Act §608) requires it of anyone who services refrigeration or air conditioning. */
const EPA_608: ImpliedCredential = {
  name: 'EPA 608 certification',
  licence: false,
  reason: 'Required by US law (Clean Air Act section 608) to service refrigeration or air-conditioning equipment.',
};

/**
 * The credentials the law requires of the job a title names, in the trade the title or the posting's
 * opening describes ("Service Technician" at a refrigeration company), whether or not the posting
 * names them.
 */
export function impliedCredentials(title: string, opening: string): ImpliedCredential[] {
  const role = String(title ?? '');
  const technician = /\b(?:technicians?|techs?|mechanics?|installers?|apprentices?|servicers?)\b/i.test(role);
  return technician && /\b(?:hvac|refrigeration|air[- ]conditioning)\b/i.test(`${role}\n${String(opening ?? '')}`) ? [EPA_608] : [];
}
