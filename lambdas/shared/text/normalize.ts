/**
 * Text normalisation the deterministic engine's capabilities share: sentences, sections, words and
 * stems. Pure and linear in the input: every function accepts any string (a 20,000-character
 * document, a lone emoji, only whitespace) and never throws.
 */

/** A heading line and the content lines under it (bullet markers stripped, blank lines dropped). */
export interface TextSection {
  /** The heading as written, without a trailing colon or markdown `#`; `null` before the first heading. */
  readonly heading: string | null;
  readonly lines: string[];
}

const BULLET = /^\s*(?:[-*•·▪‣◦●○■□➢➤>]+|\d{1,2}[.)](?=\s)|[a-z][.)](?=\s))\s*/u;

/** Words that commonly start a section in job descriptions and resumes, matched when a line is just that. */
const HEADING_WORDS =
  /^(?:about(?: (?:the|this|us|you|our client|the (?:role|company|team|client|position)))?|overview|summary|profile|(?:the )?role|position|(?:key )?responsibilities|duties|what you(?:'|’)ll do|what you will do|your (?:role|day|responsibilities|impact)|requirements|(?:minimum |basic |essential |preferred |desired |job )?(?:requirements|qualifications|skills)|must[- ]haves?|nice[- ]to[- ]haves?|(?:bonus|bonus points|desirable|preferred|pluses|a plus)|what you(?:'|’)ll bring|what you bring|who you are|you have|you are|experience|education|certifications?|licen[cs]es?(?: (?:and|&) certifications?)?|skills|benefits|perks|compensation|what we offer|what(?:'|’)s on offer|location|internal(?: notes?)?|notes?|company information|client|contact|hiring manager|languages?|employment|work history|professional experience|projects|references)$/i;

/** Removes a leading bullet marker ("-", "•", "1.", "a)") from a line. */
export function stripBullet(line: string): string {
  return line.replace(BULLET, '').trim();
}

/** Whether a trimmed line reads as a section heading rather than content. */
export function isHeading(line: string): boolean {
  const text = line.trim();
  if (!text || text.length > 60) return false;
  if (/^#{1,6}\s+\S/.test(text)) return true;
  const bold = /^\*\*([^*]+)\*\*:?$/.exec(text);
  if (!bold && BULLET.test(text)) return false;
  const bare = (bold ? bold[1] : text).replace(/[:：]\s*$/, '').trim();
  if (!bare || /[.!?;,]$/.test(bare)) return false;
  const words = bare.split(/\s+/).length;
  if (HEADING_WORDS.test(bare) || bold) return true;
  // "Internal notes – do not share", "Requirements - must have": a heading with a qualifier.
  const qualified = /^(.+?)\s+[–—-]\s+\S.*$/.exec(bare);
  if (qualified && words <= 8 && (HEADING_WORDS.test(qualified[1]) || /^confidential$/i.test(qualified[1]))) return true;
  if (/[:：]$/.test(text) && words <= 7) return true;
  // SHOUTED short lines ("ABOUT THE ROLE") are headings too; a lone acronym ("BLS") is content.
  return words >= 2 && words <= 6 && /\p{Lu}/u.test(bare) && bare === bare.toUpperCase() && /\p{L}{3}/u.test(bare);
}

function headingText(line: string): string {
  return line
    .trim()
    .replace(/^#{1,6}\s+/, '')
    .replace(/^\*\*([^*]+)\*\*:?$/, '$1')
    .replace(/[:：]\s*$/, '')
    .trim();
}

/**
 * Splits a document into sections under their headings. A heading is a short line that is a known
 * heading ("Requirements", "What you'll do"), ends with a colon, is a markdown heading or is all
 * capitals; "Requirements: Java, SQL" on one line gives the heading and the content line. Content
 * lines come without bullet markers; text before the first heading has heading `null`.
 */
export function splitSections(text: string): TextSection[] {
  const sections: TextSection[] = [];
  let current: TextSection = { heading: null, lines: [] };
  for (const raw of String(text ?? '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const inline = /^([A-Za-z][A-Za-z' ’/&-]{2,40}):\s+(\S.*)$/.exec(stripBullet(line));
    if (isHeading(line)) {
      if (current.heading !== null || current.lines.length) sections.push(current);
      current = { heading: headingText(line), lines: [] };
    } else if (inline && HEADING_WORDS.test(inline[1].trim())) {
      if (current.heading !== null || current.lines.length) sections.push(current);
      current = { heading: inline[1].trim(), lines: [inline[2].trim()] };
    } else {
      const content = stripBullet(line);
      if (content) current.lines.push(content);
    }
  }
  if (current.heading !== null || current.lines.length) sections.push(current);
  return sections;
}

/** Abbreviations whose dot does not end a sentence. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'inc',
  'ltd',
  'co',
  'corp',
  'llc',
  'st',
  'dr',
  'mr',
  'mrs',
  'ms',
  'jr',
  'sr',
  'no',
  'approx',
  'dept',
  'ave',
  'blvd',
  'rd',
  'ste',
  'u.s',
  'u.k',
  'b.s',
  'm.s',
  'b.sc',
  'm.sc',
  'ph.d',
  'mba',
  'min',
  'max',
  'yrs',
  'hr',
  'mo',
  'ext',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/**
 * Splits text into sentences: every line on its own (bullets are sentences), and within a line at
 * ".", "!" or "?" followed by a space and a capital, digit or quote. Abbreviations ("e.g.", "Inc.",
 * "Sr.") and dotted names ("Node.js", "3.5") do not end a sentence. Bullet markers are stripped.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const raw of String(text ?? '').split(/\r\n|\r|\n/)) {
    const line = stripBullet(raw);
    if (!line) continue;
    let start = 0;
    // Only the first mark of a run starts a boundary ("...." is one), so a long run is read once.
    const boundary = /(?<![.!?])[.!?]+["'”’)]*\s+(?=["'“‘(]?[\p{Lu}\p{N}])/gu;
    for (let m = boundary.exec(line); m; m = boundary.exec(line)) {
      const before = line.slice(Math.max(start, m.index - 40), m.index);
      const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? '';
      if (m[0].startsWith('.') && m[0].trim() === '.' && (ABBREVIATIONS.has(lastWord.replace(/\.$/, '')) || /^\p{L}$/u.test(lastWord)))
        continue;
      const sentence = line.slice(start, m.index + m[0].trimEnd().length).trim();
      if (sentence) sentences.push(sentence);
      start = m.index + m[0].length;
    }
    const rest = line.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences;
}

/**
 * Lower-case words: letters and digits, keeping the marks that make a technical name ("c++", "c#",
 * "node.js", "ci/cd" splits into "ci" and "cd"). Apostrophes inside a word are kept ("don't").
 */
export function tokenize(text: string): string[] {
  const written = String(text ?? '');
  const known = TOKENS.get(written);
  // A copy, since callers may change the array they get.
  if (known) return [...known];
  const tokens = (written.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*(?:\+\+|#)?/gu) ?? []).map((w) => w.replace(/’/g, "'"));
  remember(TOKENS, written, tokens);
  return [...tokens];
}

/**
 * Texts already split into words and into key words: ranking 20 resumes reads each requirement
 * once per resume, and each resume line again for every field. Each cleared whole when full
 * (bounded memory), like {@link STEMS}.
 */
const TEXTS_LIMIT = 5_000;
const TOKENS = new Map<string, readonly string[]>();
const KEYWORDS = new Map<string, readonly string[]>();

function remember(cache: Map<string, readonly string[]>, text: string, words: readonly string[]): void {
  if (cache.size >= TEXTS_LIMIT) cache.clear();
  cache.set(text, words);
}

const VOWEL = /[aeiouy]/;

/**
 * A light English stemmer (plural, -ing, -ed, -ment, -ation, -ization, final -e), enough for
 * "managed", "manages", "managing", "management" and "manage" to meet at "manag", and "automation"
 * and "automated" at "automat". Words of four letters or fewer, and technical names, stay as they are.
 */
export function stem(word: string): string {
  const written = String(word ?? '');
  const known = STEMS.get(written);
  if (known !== undefined) return known;
  const stemmed = stemOf(written);
  if (STEMS.size >= STEMS_LIMIT) STEMS.clear();
  STEMS.set(written, stemmed);
  return stemmed;
}

/** Words already stemmed: a ranking stems the same few thousand words again and again. Cleared whole when full (bounded memory). */
const STEMS_LIMIT = 50_000;
const STEMS = new Map<string, string>();

function stemOf(written: string): string {
  let w = written.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 4 || /[^a-z]/.test(w)) return w;
  // British spellings meet American ones: "optimised" and "optimized".
  if (w.length > 6) w = w.replace(/is(e|ed|es|ing|ation|ations)$/, 'iz$1');
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 5) w = `${w.slice(0, -3)}y`;
  else if (/(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is|ys)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ization') || w.endsWith('isation')) w = `${w.slice(0, -7)}ize`;
  else if (w.endsWith('ation') && w.length > 7) w = `${w.slice(0, -5)}ate`;
  else if (w.endsWith('ment') && w.length > 7) w = w.slice(0, -4);
  else if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));
  if (w.endsWith('ise')) w = `${w.slice(0, -3)}ize`;
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-kmnp-rtv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** Words too common in job and resume text to say anything about a requirement. */
export const STOPWORDS = new Set(
  (
    'a an and or the of to in on at for with by from as is are be been being was were will would shall should can could may might must ' +
    'this that these those it its our your their his her we you they he she i me my us them who whom which what when where why how ' +
    'not no nor than then so such very too also just only any all each every both either neither some more most other into onto over under ' +
    'about above after before between through during within without per via up out off again further once here there ' +
    'have has had having do does did doing etc e.g i.e incl including include includes plus'
  ).split(' '),
);

/** Words that frame a requirement without being its substance ("strong", "experience", "years"). */
export const FILLER_WORDS = new Set(
  (
    'experience experienced years year yrs minimum least required requirement requirements must essential preferred desirable desired ' +
    'nice ideally ideal bonus strong solid good great excellent proven demonstrated knowledge understanding familiarity familiar ability able ' +
    'skills skill skilled proficiency proficient working hands-on hands background track record exposure level plus advantage advantageous ' +
    'candidate candidates role position job someone person team using use used'
  ).split(' '),
);

/** The stems of a text's content words (no stopwords, no filler), in order, without repeats. */
export function keywords(text: string): string[] {
  const written = String(text ?? '');
  const known = KEYWORDS.get(written);
  if (known) return [...known];
  const seen = new Set<string>();
  for (const token of tokenize(written)) {
    if (STOPWORDS.has(token) || FILLER_WORDS.has(token) || /^\d+$/.test(token)) continue;
    seen.add(stem(token));
  }
  remember(KEYWORDS, written, [...seen]);
  return [...seen];
}

/** Collapses runs of whitespace to one space and trims. */
export function squash(text: string): string {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
