/**
 * Text as the bytes of WinAnsiEncoding (PDF 32000-1, Annex D.2), the encoding of the standard 14
 * fonts the PDF writer uses: Latin-1 plus typography (quotes, dashes, bullet, euro sign).
 */

/** WinAnsiEncoding's bytes 0x80 to 0x9F; 0xA0 to 0xFF are Latin-1's. */
const WIN_ANSI_EXTRAS: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** The bullet character's byte. */
export const WIN_ANSI_BULLET = 0x95;

const encodable = (code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
const SPACES = /[\t\u2002-\u200a\u202f]/;

/** One character as WinAnsi bytes: itself, else its letters without accents ("ﬁ" as "fi"), else "?". */
function winAnsiBytes(char: string): number[] {
  const code = char.codePointAt(0) ?? 0x3f;
  if (encodable(code)) return [code];
  if (char in WIN_ANSI_EXTRAS) return [WIN_ANSI_EXTRAS[char]];
  if (SPACES.test(char)) return [0x20];
  const plain = [...char.normalize('NFKD').replace(/\p{M}+/gu, '')].map((c) => c.codePointAt(0) ?? 0);
  return plain.length > 0 && plain.every(encodable) ? plain : [0x3f];
}

/** `text` in WinAnsiEncoding (line breaks as spaces). */
export function winAnsi(text: string): number[] {
  return [...text.replace(/[\r\n]+/g, ' ')].flatMap(winAnsiBytes);
}
