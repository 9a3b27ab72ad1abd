import { identifiersIn, type IdentifierSpan } from './identifiers';
import { personNameLists, plainName } from './person-names-file';

/**
 * Names of people (contacts, hiring managers, candidates) in a text. A name is taken when its
 * context says it is one: a title ("Ms. Okafor"), a cue ("Hiring manager:", "Contact", "My name is",
 * "Regards,"), a known given name followed by a capitalised surname ("Maria J. Lindqvist"), the
 * parts of an e-mail address's local part that also appear as words, or a list of names where one
 * is known. Each surname found is then removed wherever it appears on its own too.
 */

/** A capitalised name word, of at most about 80 letters (unbounded, a run of capitals is rescanned from each). */
const CAP = "(?:\\p{Lu}[\\p{Ll}\\p{Lu}'’-]{0,40}\\p{Ll}[\\p{Ll}'’-]{0,40}|\\p{Lu}[\\p{Ll}'’]*-\\p{Lu}[\\p{Ll}'’]+|\\p{Lu}'\\p{Lu}\\p{Ll}+)";
const PARTICLE = '(?:van der|van den|van de|van|von|de la|de|da|das|dos|del|della|di|du|le|la|ter|ten|al|el|bin|ibn)';
const INITIAL = '\\p{Lu}\\.?';
/**
 * An address's local part ("jane.doe" of jane.doe@…), whole: the look back stops a match from
 * starting inside a run, where each start would rescan the run (a 20,000-letter word took 2 s).
 */
const EMAIL_LOCAL_PART = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+(?=@)/gu;
/** A given name, an optional initial and one or two surnames; the surnames looked at, so each word is tried as a given name. */
const FULL_NAME = new RegExp(
  `(?<![\\p{L}\\p{N}])(${CAP})(?=((?:[ \\t]+${INITIAL})?(?:[ \\t]+(?:${PARTICLE}[ \\t]+)?(?:${CAP})){1,2})(?![\\p{L}\\p{N}]))`,
  'gu',
);
const TITLE = new RegExp(
  `(?<![\\p{L}])(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sr|Sra|Herr|Frau|Mme|Mlle|Madame|Monsieur|Sig|Signora)\\.?[ \\t]+((?:${CAP})(?:[ \\t]+(?:${INITIAL}[ \\t]+)?(?:${PARTICLE}[ \\t]+)?(?:${CAP})){0,2})`,
  'gu',
);
const CUE = new RegExp(
  `(?:\\b(?:[Mm]y name is|[Nn]ame(?: is|:|：)|[Cc]alled|[Cc]ontact(?: person)?(?: is|:)?|[Hh]iring [Mm]anager(?: is|:)?|[Rr]ecruiter(?: is|:)?|[Rr]each out to|[Aa]sk for|[Ss]peak (?:to|with)|[Hh]osted by|[Dd]irected [Bb]y:?|[Ii]nterviewer(?: is|:)?|POC:?|[Aa]ttn:?|[Aa]ttention:?|[Rr]eports to|[Ss]upervisor(?: is|:)?|[Gg]uardian|[Uu]ser:|[Ss]aid)|(?<=\\bto|\\bby|\\bwith))[ \\t]+(${CAP}(?:[ \\t]+(?:${INITIAL}[ \\t]+)?(?:${PARTICLE}[ \\t]+)?(?:${CAP})){0,2})`,
  'gu',
);
/** "Faina D. Yefremova": a capitalised word, an initial and a capitalised word name a person whatever the given name. */
const WITH_INITIAL = new RegExp(
  `(?<![\\p{L}\\p{N}])(${CAP})[ \\t]+\\p{Lu}\\.?[ \\t]+((?:${PARTICLE}[ \\t]+)?${CAP})(?![\\p{L}\\p{N}])`,
  'gu',
);
/** Words before an initial that make it a label, not a middle name ("Class A Driver", "Schedule C"). */
const NOT_BEFORE_INITIAL =
  /^(?:Class|Part|Schedule|Vitamin|Type|Level|Grade|Tier|Section|Phase|Plan|Option|Group|Building|Unit|Hall|Wing|Team|Shift|Floor|Zone|Area|Block|Exhibit|Form|Appendix|Category|Step|Plant|Site|Gate|Dock|Line|Hepatitis|Model|Series|Size|Room|Suite|Lot|Route|Pod|Bay|Cell|Station)$/;
/** Surname endings that only names have: Icelandic, Nordic, Slavic, Baltic, Greek, Georgian and Armenian patronymics and family names. */
const SURNAME_ENDING =
  /^\p{Lu}\p{Ll}{2,}(?:dóttir|dottir|sson|ová|ovà|ović|ovic|evic|ević|ić|enko|chuk|czuk|wicz|owski|owska|ewski|ewska|inski|inska|yński|yńska|ński|ńska|ski|(?<!a)ska|cki|cka|czyk|czak|ishvili|adze|poulos|opoulou|idis|akis|yan|iani|escu|aitis|ienė|ytė|auskas)$/u;
/** Cues before a person's name in what people write ("I'm Lena Marsh", "add Omar Haddad as", "assistant to …"). */
const SOFT_CUE = new RegExp(
  `(?:\\bI['’]m|\\bI am|\\b[Aa]dd|\\b[Aa]ssistant to|\\b[Pp]roducer|\\b[Ss]ongwriter|\\b[Ff]ounders?:|\\b[Nn]ame\\?|\\b[Nn]ame['’]s|\\b[Ll]ast name\\??|\\b[Ff]irst name\\??|\\b[Ss]pouse|\\b[Pp]artner['’]s name|\\b[Bb]eneficiary|\\b[Rr]eferred by|\\b[Ss]ubmitted by|\\b[Pp]repared by|\\b[Aa]pproved by|\\b[Ww]ritten by|\\b[Ss]igned,?)[ \\t]+(${CAP}(?:[ \\t]+(?:${INITIAL}[ \\t]+)?(?:${PARTICLE}[ \\t]+)?(?:${CAP})){1,2})`,
  'gu',
);
/** "Kónya, Becker and Vasquez": a list of single capitalised words, names when one of them is. */
/** A sign-off, the name after it on the same line or the next: "Regards,\nDana Whitfield". */
const SIGN_OFF = new RegExp(
  `\\b(?:[Rr]egards|[Ss]incerely|[Tt]hanks|[Tt]hank you|[Cc]heers|[Bb]est|[Ww]arm(?:ly| regards))[,!.]?[ \\t]*\\n?[ \\t]*(${CAP}(?:[ \\t]+(?:${INITIAL}[ \\t]+)?(?:${PARTICLE}[ \\t]+)?(?:${CAP})){0,2})`,
  'gu',
);
const NAME_LIST = new RegExp(`(${CAP})((?:,\\s*(?:${CAP}))+),?[ \\t]+(?:and|&)[ \\t]+(${CAP})`, 'gu');

/** A name written in any case ("my name is borna jerković"): a word, an optional initial, a second word. */
const ANY_CASE = "[\\p{L}][\\p{L}'’-]*";
const ANY_NAME = `${ANY_CASE}(?:[ \\t]+(?:\\p{L}\\.?[ \\t]+)?(?:${PARTICLE}[ \\t]+)?${ANY_CASE})?`;
/** Cues after which the next words are a name whatever their case: "call me višeslav", "maiden name is nyberg", "Ms. Quinzia". */
const STRONG_CUE = new RegExp(
  `\\b(?:my name is|name['’]s|call me|calls me|named (?:him|her|them)|(?:last|first|maiden|full|middle|sur) ?name(?: is)?\\??|(?:mr|mrs|ms|mx|dr)\\.?)[ \\t]+(${ANY_NAME})`,
  'giu',
);
/** Words that end a name taken after a strong cue ("borna jerković but …"). */
const NOT_IN_NAME =
  /^(?:but|and|or|is|was|are|from|the|a|an|i|to|in|at|on|of|not|please|so|who|which|that|if|when|because|with|for|by|as|my|your|his|her|their|our|has|had|have|will|can|it|this|there|here|yes|no|ok|okay|everyone|team|all|sir|madam)$/i;
/** A name of one to three words of the given shape, an initial or a particle between them. */
const nameOf = (word: string, initial: string) => `${word}(?:[ \\t]+(?:${initial}[ \\t]+)?(?:${PARTICLE}[ \\t]+)?(?:${word})){0,2}`;
/** Nouns that take a person's name after them ("my kid Selma", "tennis player Hülya Bouwmeester", "commenter Odette Aubé"). */
const roleBefore = (name: string) =>
  new RegExp(
    `\\b(?:kid|son|daughter|wife|husband|brother|sister|mother|father|cousin|uncle|aunt|friend|colleague|co-?worker|neighbou?r|boss|player|commenter|singer|songwriter|writer|author|actor|actress|artist|musician|guitarist|drummer|poet|novelist|journalist|reporter|ex-\\p{Lu}[\\p{L}-]*|tribute to|not by|[Ff]ollow up with|[Hh]eard|[Gg]ender of|[Ww]hy is|[Mm]aybe it['’]s under|change it to|stop by)[ \\t]+(${name})`,
    'gu',
  );
/** What only a person does after their name: "Gerth had given", "Walker began writing", "Zak shouted at", "X is from Y". */
const personVerb = (name: string) =>
  new RegExp(
    `(?:^|[.!?"”:]\\s+|\\n|\\b(?:but|and|while|when|because)[ \\t]+)(${name})[ \\t]+(?:(?:just |always |never |also )?(?:said|says|shouted|yelled|whispered|told|asked|replied|wrote|began|started writing|had given|gave|flew|was born|lives|lived|married|retired|listed (?:his|her|their)|is (?:very )?(?:reliable|from|impulsive|the CEO|a good)|was from|was influenced|will be (?:talking|speaking|presenting)|has to get|speaks|spoke|joined us|called me|emailed|texted))\\b`,
    'gmu',
  );
const ROLE_BEFORE = roleBefore(nameOf(CAP, INITIAL));
const PERSON_VERB = personVerb(nameOf(CAP, INITIAL));
/** The same cues in text written all in lowercase ("the true gender of lempi", "selma is from …"). */
const LOWER = "\\p{Ll}[\\p{Ll}'’-]+";
const ROLE_BEFORE_LOWER = roleBefore(nameOf(LOWER, '\\p{Ll}\\.?'));
const PERSON_VERB_LOWER = personVerb(nameOf(LOWER, '\\p{Ll}\\.?'));
/** Speech verbs before a name at the end of a clause: "says Joly.", "said Gladys to Logan". */
const SAYS = new RegExp(
  `\\b(?:says|said|asked|replied|wrote|added)[ \\t]+(${CAP}(?:[ \\t]+(?:${PARTICLE}[ \\t]+)?${CAP})?)(?=[ \\t]*(?:[.,!?;]|$|[ \\t]+(?:to|in|at|on|about|after|before|when|while|as|of|from)[ \\t]))`,
  'gmu',
);
/** Someone addressed: "Danial, can I please …", "Don't go to town, Mark!", "Remember me, Mary?". */
const VOCATIVE = new RegExp(
  `\\b(?:Hi|Hello|Hey|Dear)[ \\t]+(${CAP})|(?:^|[.!?"”]\\s+|\\n)(${CAP}),[ \\t]+(?:can|could|would|will|please|I|I['’]m|do|did|are|have|thank|thanks|you|remember|listen|look|wait)\\b|,[ \\t]+(${CAP})[!?](?=\\s|$)`,
  'gmu',
);
/** Things people make or give, after their name: "the Jensen novel", "a Homero Portillo concert", "Alina's kid". */
const WORK_AFTER = new RegExp(
  `(${CAP}(?:[ \\t]+(?:${INITIAL}[ \\t]+)?(?:${PARTICLE}[ \\t]+)?${CAP}){0,2})(?:[ \\t]+(?:novel|concert|biography|memoir|songbook)|['’]s[ \\t]+(?:kid|kids|daughter|son|wife|husband|killers?|murderers?|family|children|widow|funeral|songs?|album|lyrics|verses|poems|novels))\\b`,
  'gu',
);
/** Two capitalised words said to be people: "Marrero and Murphy were precision engineers". */
const PAIR_WERE = new RegExp(`(?:^|[.!?]\\s+)(${CAP})[ \\t]+(?:and|&)[ \\t]+(${CAP})[ \\t]+were\\b`, 'gmu');
/** A list of names after a cue: "our 3 founders: Kónya, Becker and Vasquez", "they had 6: leonti, terrence …". */
const LIST_CUE = new RegExp(
  `\\b(?:founders?|co-?founders|partners|children|kids|sons|daughters|siblings|they had \\d+|named)[ \\t]*:?[ \\t]+((?:${ANY_CASE},[ \\t]*){1,8}${ANY_CASE},?[ \\t]+(?:and|&)[ \\t]+${ANY_CASE})`,
  'giu',
);
/** Speakers in a dialogue: lines opening with a name and a colon, two or more of them. */
const SPEAKER = new RegExp(`^[ \\t>]*(${CAP})[ \\t]*:[ \\t]*(?=["“]|\\p{Lu})`, 'gmu');
/** The answer to a question asking for a name: "What's the name on the account? User: Vilma Holm", a "name:" line. */
const NAME_ANSWER = new RegExp(
  `(?:\\bname\\b[^?\\n]{0,40}\\?[ \\t]*(?:\\n[ \\t]*)?(?:\\p{L}+[ \\t]*:[ \\t]*)?|^[ \\t>*-]*(?:full |contact )?name[ \\t]*[:：][ \\t]*)(${ANY_NAME})`,
  'gimu',
);
/** Someone described between commas before their words: "Hijacinta Godina, the Technical writer, said". */
const APPOSITIVE = new RegExp(
  `(?:^|[.!?]\\s+|\\n)(${nameOf(CAP, INITIAL)}),[ \\t]+(?:the|our|a|an|their)[ \\t]+[\\p{L} -]{2,40},[ \\t]+(?:said|says|told|added|explained|wrote|noted)\\b`,
  'gu',
);
/** Someone of an organisation given a role: "Cleopatra Mordvinova from Acme is the keynote speaker". */
const ORG_ROLE = new RegExp(
  `(?:^|[.!?]\\s+|\\n)(${CAP}[ \\t]+${CAP})[ \\t]+(?:of|from|at)[ \\t]+[^.,;\\n]{2,50}?[ \\t]+(?:is|was|will be)[ \\t]+(?:the|our|a|an|this year['’]s)[ \\t]+(?:[\\p{L}-]+[ \\t]+){0,3}?(?:CEO|CFO|CTO|COO|founder|president|chair(?:man|woman|person)?|speaker|director|head|winner|owner|author|host)\\b`,
  'gu',
);
/** People listed after a cue: "CEOs …, including Vidica Zakoč of Fernandez Inc., Bridgewater's Parker Suknović and …". */
const PEOPLE_LIST =
  /\b(?:CEOs|executives|leaders|founders|speakers|people|honou?rees|nominees|winners|managers|directors|guests|panelists|authors|artists)\b[^.\n]*?\b(?:including|such as|among them|like)[ \t]+([^\n]+?)(?:\.(?:\s|$)|$)/gu;
const PERSON_OF = new RegExp(`^(${CAP}[ \\t]+${CAP})[ \\t]+of[ \\t]|['’]s[ \\t]+(${CAP}[ \\t]+${CAP})$`, 'u');

/** Words that follow a given name in an organisation, a place or a role, never a surname. */
const NOT_A_NAME =
  /^(?:Hospital|Medical|Health|Healthcare|Center|Centre|Clinic|University|College|School|Academy|County|City|Street|Avenue|Road|Way|Drive|Lane|Court|Park|Hall|House|Foundation|Institute|Group|Inc|LLC|Ltd|Corp|Company|Co|Partners|Associates|Services|Systems|Solutions|Technologies|Bank|Church|Memorial|Regional|Community|Valley|Lake|River|Mountain|Hill|Heights|Manager|Director|Engineer|Nurse|Supervisor|Coordinator|Specialist|Assistant|Technician|Operator|Driver|Analyst|Officer|Lead|Team|Department|Unit|Office|Operations|Finance|Sales|Human|Resources|Talent|The|And|Or|For|With|Our|We|You|Your|This|That|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Day|Week|Shift|Care|Home|Program|Programme|Bonus|Assistance|Referral|Plan|Insurance|Discount|Engineering|Manufacturing|Logistics|Construction|Staffing|Technology|Technologies|Labs?|Industries|Consulting|Foods?|Media|Capital|Insurance|Pharmacy|Dental|Energy|Electric|Motors|Holdings|Enterprises|Global|International|Location|Locations|Employees?|Diem|Benefits|Pay|Salary|Requirements|Responsibilities|Qualifications|Summary|Overview|Position|Job|Role|Schedule|Hours|Senior|Junior|Staff|Station|Building|Plaza|Square|Place|Road|Boulevard|Airport|Hotel|Restaurant|Store|Market|Mall|Plant|Warehouse|Campus)$/;
/** A given name that names a place or an institution when these come just before it ("St. Joseph", "Fort Wayne"). */
const PLACE_BEFORE = /(?:\b(?:St|Saint|San|Santa|Santo|São|Fort|Ft|Mount|Mt|Lake|Port|New|North|South|East|West|Glen|Upper|Lower)\.?\s+)$/u;

export interface KnownPeople {
  /** Full names as written, longest first. */
  readonly fullNames: readonly string[];
  /** Single words that name a person wherever they stand capitalised. */
  readonly words: ReadonlySet<string>;
  /** The full names as one pattern, built once per text rather than once per line. */
  readonly fullNamePattern: RegExp | null;
}

/** Capitalised words that open sentences or name things, never a person, beside NOT_A_NAME. */
const COMMON_CAPITALISED =
  /^(?:I|He|She|It|They|We|You|His|Her|Its|Their|Our|My|Your|Who|What|When|Where|Why|How|Which|There|Here|Then|So|But|If|As|All|Some|Any|Each|Every|No|Yes|Please|Also|However|Additionally|Today|Now|Candidates?|Applicants?|Everyone|Someone|Nobody|Management|Staff|Customers?|Clients?|Patients?|Residents?|Students?|Employees?|Drivers?|Nurses?|Workers?|Members?|Users?|Bot|Note|Remember|Welcome|Hello|Hi|Dear|Thanks|Sorry|Congratulations|Email|Phone|Address|Salary|Apply)$/;
/** Words that make a line a company, not a person. */
const COMPANY_WORD =
  /\b(?:inc|llc|ltd|plc|corp|co|gmbh|group|company|corporation|limited|partners|associates|services|solutions|systems|technologies|consulting|hospital|clinic|university|college|school|bank|institute|foundation|department|office|suite|apt|unit|box)\b\.?/i;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isGiven = (word: string) => personNameLists().given.has(plainName(word));
const isUnambiguousGiven = (word: string) => isGiven(word) && !personNameLists().ambiguousGiven.has(plainName(word));
/** A word shaped like a surname ("Steinarsdóttir", "Kowalczyk") or a common one of its country ("Nowak", "Souza"). */
const isSurname = (word: string) =>
  (SURNAME_ENDING.test(word) || personNameLists().surnames.has(plainName(word))) && !NOT_A_NAME.test(word);
const wordsOf = (name: string) => name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w) && !/^\p{Lu}\.?$/u.test(w));

/** A line naming a country, with a postcode or a region at most: "Spain", ">Tunisia 56004", "Cyprus (Greek) 13429". */
function isCountryLine(line: string): boolean {
  const words = line
    .replace(/^[ \t>?*|-]+/, '')
    .replace(/\([^)]*\)|[\d,.-]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
  return personNameLists().countries.has(words);
}

/** The people named in a whole text: their full names and the words that name them. */
export function peopleNamedIn(text: string): KnownPeople {
  const fullNames = new Set<string>();
  const words = new Set<string>();
  const addName = (written: string) => {
    // "Alice Goldberg's Cautionary Tales": the name ends at its possessive.
    const name = written.replace(/['’]s(?![\p{L}])[\s\S]*$/u, '');
    const parts = wordsOf(name).filter((w) => !NOT_A_NAME.test(w));
    if (!parts.length) return;
    fullNames.add(name.trim());
    for (const p of parts) words.add(p);
  };
  for (const m of text.matchAll(TITLE)) addName(m[1]);
  for (const m of text.matchAll(CUE)) {
    const parts = wordsOf(m[1]);
    // "said Maurice", "to Nikolaj Petrussen": a bare preposition is a cue only when a known given name follows.
    const weak = /^(?:\s*(?:to|by|with|[Ss]aid|[Uu]ser:))/.test(m[0]) || /(?:to|by|with)$/.test(text.slice(0, m.index ?? 0));
    if (weak && !isGiven(parts[0] ?? '')) continue;
    if (parts.some((p) => NOT_A_NAME.test(p))) continue;
    addName(m[1]);
  }
  for (const m of text.matchAll(WITH_INITIAL)) {
    if (NOT_BEFORE_INITIAL.test(m[1]) || NOT_A_NAME.test(m[1]) || wordsOf(m[2]).some((w) => NOT_A_NAME.test(w))) continue;
    addName(m[0]);
  }
  for (const m of text.matchAll(SOFT_CUE)) if (!wordsOf(m[1]).some((p) => NOT_A_NAME.test(p))) addName(m[1]);
  for (const m of text.matchAll(SIGN_OFF)) if (!wordsOf(m[1]).some((p) => NOT_A_NAME.test(p))) addName(m[1]);
  for (const m of text.matchAll(FULL_NAME)) {
    const given = m[1];
    const rest = wordsOf(m[2]);
    // "Rebeca Souza": a known given name, or a known surname after a word that could be one.
    const named =
      isGiven(given) || (isSurname(rest[0]?.replace(/['’]s$/, '') ?? '') && !NOT_A_NAME.test(given) && !COMMON_CAPITALISED.test(given));
    if (!named || PLACE_BEFORE.test(text.slice(0, m.index ?? 0))) continue;
    if (rest.some((w) => NOT_A_NAME.test(w))) continue;
    addName(m[1] + m[2]);
  }
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{Ll}'’-]+(?![\p{L}\p{N}])/gu)) {
    if (isUnambiguousGiven(m[0]) && !PLACE_BEFORE.test(text.slice(0, m.index ?? 0))) words.add(m[0]);
    else if (isSurname(m[0])) words.add(m[0]);
  }
  // A capitalised word just before a surname-shaped word is its given name ("Ástríður Steinarsdóttir").
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(${CAP})[ \\t]+(${CAP})(?![\\p{L}\\p{N}])`, 'gu'))) {
    if (
      isSurname(m[2]) &&
      !NOT_A_NAME.test(m[1]) &&
      !COMMON_CAPITALISED.test(m[1]) &&
      !/^(?:The|A|An|In|At|On|Of|For|And|Mr|Ms|Dr)$/.test(m[1])
    )
      addName(m[0]);
  }
  // E-mail local parts: "dana.whitfield@", "SzaszJanka@": the parts that also stand in the text as words.
  for (const m of text.matchAll(EMAIL_LOCAL_PART)) {
    const parts = m[0]
      .split(/[._\-+\d]+|(?<=\p{Ll})(?=\p{Lu})/u)
      .filter((p) => p.length >= 3)
      .map((p) => p[0].toUpperCase() + p.slice(1).toLowerCase());
    if (parts.length < 2 && !(parts.length === 1 && isGiven(parts[0]))) continue;
    for (const p of parts) if (new RegExp(`(?<![\\p{L}])${p}(?![\\p{L}])`, 'u').test(text) && !NOT_A_NAME.test(p)) words.add(p);
  }
  for (const m of text.matchAll(NAME_LIST)) {
    const list = [m[1], ...m[2].split(',').map((s) => s.trim()), m[3]].filter(Boolean);
    if (list.some((w) => words.has(w) || isUnambiguousGiven(w)) && !list.some((w) => NOT_A_NAME.test(w)))
      for (const w of list) words.add(w);
  }
  const addAnyCase = (name: string) => {
    const kept: string[] = [];
    const capitalised = /^\p{Lu}/u.test(name);
    for (const w of name.split(/[ \t]+/)) {
      if (NOT_IN_NAME.test(w) || NOT_A_NAME.test(w)) break;
      // "Dr. Burnett takes …": after a capitalised name, a lowercase word ends it (particles aside).
      if (capitalised && kept.length && /^\p{Ll}{3,}/u.test(w) && !/^(?:van|von|der|den|del|della|dos|das)$/.test(w)) break;
      kept.push(w);
    }
    while (kept.length && /^(?:\p{L}\.?|van|von|de|da|del|di|du|le|la|ter|ten)$/iu.test(kept[kept.length - 1]) && kept.length > 1)
      kept.pop();
    const named = kept.join(' ');
    if (!/\p{L}{2}/u.test(named)) return;
    fullNames.add(named);
    for (const w of kept) if (w.length > 1 && !/\.$/.test(w)) words.add(w.replace(/['’]s$/, ''));
  };
  const notAName = (name: string) => wordsOf(name).some((w) => NOT_A_NAME.test(w) || COMMON_CAPITALISED.test(w));
  const knownPart = (name: string) =>
    name.split(/[ \t]+/).some((w) => isGiven(w) || isSurname(w) || isSurname(w[0]?.toUpperCase() + w.slice(1)));
  for (const m of text.matchAll(STRONG_CUE)) addAnyCase(m[1].replace(/['’]s$/, ''));
  for (const m of text.matchAll(NAME_ANSWER)) if (!notAName(m[1])) addAnyCase(m[1].replace(/['’]s$/, ''));
  for (const pattern of [APPOSITIVE, ORG_ROLE]) for (const m of text.matchAll(pattern)) if (!notAName(m[1])) addName(m[1]);
  for (const m of text.matchAll(PEOPLE_LIST))
    for (const item of m[1].split(/,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+/)) {
      const person = PERSON_OF.exec(item.trim());
      const name = person?.[1] ?? person?.[2];
      if (name && !notAName(name) && !COMPANY_WORD.test(name)) addName(name);
    }
  // All-lowercase text ("the true gender of lempi"): the same cues, the first two words after them.
  if (!/\p{Lu}/u.test(text))
    for (const pattern of [ROLE_BEFORE_LOWER, PERSON_VERB_LOWER])
      for (const m of text.matchAll(pattern))
        addAnyCase(
          m[1]
            .split(/[ \t]+/)
            .slice(0, /^\p{L}\.?$/u.test(m[1].split(/[ \t]+/)[1] ?? '') ? 3 : 2)
            .join(' '),
        );
  for (const pattern of [ROLE_BEFORE, PERSON_VERB, SAYS, WORK_AFTER])
    for (const m of text.matchAll(pattern)) if (!notAName(m[1])) addName(m[1].replace(/['’]s$/, ''));
  for (const m of text.matchAll(VOCATIVE)) {
    const name = m[1] ?? m[2] ?? m[3];
    if (!notAName(name) && !/ly$/.test(name)) addName(name);
  }
  for (const m of text.matchAll(PAIR_WERE)) if (!notAName(m[1]) && !notAName(m[2])) [m[1], m[2]].forEach(addName);
  for (const m of text.matchAll(LIST_CUE)) for (const w of m[1].split(/,\s*|\s+(?:and|&)\s+/i)) addAnyCase(w.trim());
  // Dialogue: two or more lines open with a capitalised word and a colon, one of them a known given name.
  const speakers = [...text.matchAll(SPEAKER)].map((m) => m[1]).filter((w) => !NOT_A_NAME.test(w) && !COMMON_CAPITALISED.test(w));
  if (speakers.length >= 2 && speakers.some((w) => isGiven(w) || words.has(w))) for (const w of speakers) words.add(w);
  // One speaker quoted on two lines or more: 'Zuzana: "Who are you?"'.
  const quoted = [...text.matchAll(new RegExp(`^[ \\t>]*(${CAP})[ \\t]*:[ \\t]*["“]`, 'gmu'))].map((m) => m[1]);
  for (const w of quoted) if (quoted.filter((q) => q === w).length >= 2 && !NOT_A_NAME.test(w) && !COMMON_CAPITALISED.test(w)) words.add(w);
  // The name line of a postal address: two to four name words on the line above the street (a company line may sit between).
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i += 1) {
    const head =
      /^[ \t>?*|-]*(?:(?:name|billing address|mailing address|address|to|attn)[ \t]*[:：][ \t]*)?([^\d:：,;!?@/()]+?)[ \t]*$/i.exec(
        lines[i],
      );
    const candidate = head?.[1] ?? '';
    const parts = candidate.split(/[ \t]+/);
    if (parts.length < 2 || parts.length > 4 || COMPANY_WORD.test(candidate) || notAName(candidate)) continue;
    if (!parts.every((w) => /^(?:\p{Lu}[\p{L}'’.-]*|\p{Ll}[\p{L}'’.-]*)$/u.test(w))) continue;
    const below = lines.slice(i + 1, i + 5).join('\n');
    const opensLine = (start: number) => /(?:^|\n)[ \t>?*|-]*(?:\d{1,6}[ \t]+)?$/.test(below.slice(0, start));
    const street = identifiersIn(below).some(
      (span) => span.kind === 'street-address' && opensLine(span.start) && below.slice(0, span.start).split('\n').length <= 3,
    );
    // No street, but a town and a country below a name someone could bear: "Maha Cazares\n\nChiclana\nSpain".
    const country = () =>
      knownPart(candidate) &&
      below
        .split('\n')
        .slice(0, 4)
        .some((line) => isCountryLine(line));
    if (street || country()) addAnyCase(candidate);
  }
  // E-mail local parts that spell a name written in the text: "leonemazzi@" for "leone mazzi".
  const locals = new Set([...text.matchAll(EMAIL_LOCAL_PART)].map((m) => plainName(m[0]).replace(/[^a-z]/g, '')));
  if (locals.size) {
    for (const m of text.matchAll(new RegExp(`(?<![\\p{L}])${ANY_CASE}(?:[ \\t]+(?:\\p{L}\\.?(?![\\p{L}])|${ANY_CASE})){1,2}`, 'gu'))) {
      const spelled = plainName(m[0]).replace(/[^a-z]/g, '');
      if (spelled.length >= 6 && locals.has(spelled)) addAnyCase(m[0]);
    }
  }
  const sorted = [...fullNames].sort((a, b) => b.length - a.length);
  const fullNamePattern = sorted.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu')
    : null;
  return { fullNames: sorted, words, fullNamePattern };
}

/** Where the known people are named in `text` (one sentence or line of the text they came from). */
export function personNameSpans(text: string, people: KnownPeople): IdentifierSpan[] {
  const found: IdentifierSpan[] = [];
  const lowercaseOnly = !/\p{Lu}/u.test(text);
  const add = (start: number, end: number) => found.push({ kind: 'person-name', start, end, text: text.slice(start, end) });
  if (people.fullNamePattern) for (const m of text.matchAll(people.fullNamePattern)) add(m.index ?? 0, (m.index ?? 0) + m[0].length);
  // "Maria J. Lindqvist" joined into one span, then single name words.
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])[\p{L}'’-]+(?![\p{L}\p{N}])/gu)) {
    // "Jennifer's daughter": the name without its possessive.
    const word = m[0].replace(/['’]s$/, '');
    const start = m.index ?? 0;
    const known = people.words.has(word) || (lowercaseOnly && isUnambiguousGiven(word));
    if (!known || PLACE_BEFORE.test(text.slice(0, start))) continue;
    add(start, start + word.length);
  }
  // In all-lowercase text a given name takes the word after it as the surname ("emidio lombardo").
  if (lowercaseOnly) {
    // Each word is tried as the given name ("the frank freud version"): the surname is looked at, not consumed.
    for (const m of text.matchAll(/(?<![\p{L}])([\p{Ll}]+)(?=((?:\s+\p{Ll}\.?)?\s+[\p{Ll}'’-]{3,})(?![\p{L}]))/gu)) {
      if (isGiven(m[1]) && !/^(?:and|the|was|is|has|had|who|for|from|with|said|lives|will|can)$/.test(m[2].trim()))
        add(m.index ?? 0, (m.index ?? 0) + m[1].length + m[2].length);
    }
  }
  // Initials between two parts of a name go with it: "Szabina J Gelencsér".
  return found.map((s) => s);
}
