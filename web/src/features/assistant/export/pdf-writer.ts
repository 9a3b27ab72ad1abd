import type { ExportDocument } from './document-model';

/**
 * A small PDF writer for text documents (PDF 1.4, ISO 32000-1): Helvetica and Helvetica-Bold from
 * the standard 14 fonts (no embedding), WinAnsiEncoding, US Letter pages, headings, paragraphs and
 * bullets wrapped to the page width, new pages as the text needs. Content streams are left
 * uncompressed and every byte above 126 is written as an octal escape, so the file is ASCII and
 * its cross-reference offsets are character counts.
 */

export const PDF_MIME_TYPE = 'application/pdf';

/**
 * Advance widths (1/1000 em) of the printable ASCII characters 32 to 126, from Adobe's
 * Helvetica and Helvetica-Bold font metrics (the Core 14 AFM files).
 */
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
/** Beyond ASCII (accented letters, quotes, dashes), a wide average: lines wrap a little early rather than overflow. */
const OTHER_WIDTH = 600;

/** WinAnsiEncoding's bytes 0x80 to 0x9F (PDF 32000-1, Annex D.2); 0xA0 to 0xFF are Latin-1's. */
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
const BULLET = 0x95;

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

type Font = 'regular' | 'bold';
const FONT_NAMES: Readonly<Record<Font, string>> = { regular: 'F1', bold: 'F2' };

function widthOf(bytes: readonly number[], font: Font, size: number): number {
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const byte of bytes) units += byte >= 32 && byte <= 126 ? table[byte - 32] : byte === BULLET ? 350 : OTHER_WIDTH;
  return (units * size) / 1000;
}

/** Bytes as a PDF literal string: parentheses and backslashes escaped, everything outside ASCII's printables in octal. */
function pdfString(bytes: readonly number[]): string {
  let out = '(';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** `text` broken into lines at most `width` wide (words longer than a line are cut). */
export function wrapText(text: string, font: Font, size: number, width: number): number[][] {
  const lines: number[][] = [];
  let line: number[] = [];
  const space = winAnsi(' ');
  for (const word of text.split(/\s+/).filter(Boolean).map(winAnsi)) {
    const candidate = line.length ? [...line, ...space, ...word] : word;
    if (widthOf(candidate, font, size) <= width) {
      line = candidate;
      continue;
    }
    if (line.length) lines.push(line);
    line = [];
    let rest = word;
    while (widthOf(rest, font, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && widthOf(rest.slice(0, cut), font, size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line.length) lines.push(line);
  return lines;
}

// US Letter in points, one-inch margins.
const PAGE = { width: 612, height: 792, margin: 72 } as const;
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BULLET_INDENT = 16;

const STYLES = {
  title: { font: 'bold', size: 20, leading: 26, before: 0, after: 4 },
  subtitle: { font: 'regular', size: 12, leading: 16, before: 0, after: 10 },
  heading: { font: 'bold', size: 14, leading: 18, before: 14, after: 4 },
  body: { font: 'regular', size: 11, leading: 15, before: 0, after: 6 },
  bullet: { font: 'regular', size: 11, leading: 15, before: 0, after: 2 },
} as const satisfies Record<string, { font: Font; size: number; leading: number; before: number; after: number }>;
type Style = keyof typeof STYLES;

/** Lays the document out on pages: each page's content stream operators. */
function layOut(doc: ExportDocument): string[] {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const newPage = () => {
    pages.push([]);
    y = PAGE.height - PAGE.margin;
  };
  const show = (bytes: readonly number[], font: Font, size: number, x: number) =>
    pages[pages.length - 1].push(`BT /${FONT_NAMES[font]} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(bytes)} Tj ET`);

  /** A block of lines; `keepWith` more points must fit under it on the same page (a heading with its first line). */
  const block = (text: string, styleName: Style, options: { bullet?: boolean; keepWith?: number } = {}) => {
    const style = STYLES[styleName];
    const indent = options.bullet ? BULLET_INDENT : 0;
    const lines = wrapText(text, style.font, style.size, TEXT_WIDTH - indent);
    const atTop = y === PAGE.height - PAGE.margin;
    if (!atTop) y -= style.before;
    lines.forEach((line, index) => {
      const needed = style.leading + (index === 0 ? (options.keepWith ?? 0) : 0);
      if (y - needed < PAGE.margin) newPage();
      y -= style.leading;
      if (options.bullet && index === 0) show([BULLET], style.font, style.size, PAGE.margin + 4);
      show(line, style.font, style.size, PAGE.margin + indent);
    });
    y -= style.after;
  };

  block(doc.title, 'title');
  if (doc.subtitle) block(doc.subtitle, 'subtitle');
  for (const section of doc.sections) {
    block(section.heading, 'heading', { keepWith: STYLES.body.leading * 2 });
    for (const content of section.blocks) {
      if (content.kind === 'paragraph') block(content.text, 'body');
      else for (const item of content.items) block(item, 'bullet', { bullet: true });
    }
  }
  return pages.map((operators) => operators.join('\n'));
}

/** An info-dictionary text string (PDFDocEncoding matches WinAnsi on the characters used here). */
function infoString(text: string): string {
  return pdfString(winAnsi(text));
}

/** The PDF file of `doc`. */
export function writePdf(doc: ExportDocument, at = new Date()): Uint8Array {
  const pages = layOut(doc);
  // Objects: 1 catalog, 2 page tree, 3 and 4 the fonts, 5 the info, then a page and its content per page.
  const pageIds = pages.map((_, index) => 6 + index * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${infoString(doc.title)} /Producer (TalentPilot) /CreationDate (D:${at
      .toISOString()
      .replace(/[-:T]/g, '')
      .slice(0, 14)}Z) >>`,
  ];
  pages.forEach((content, index) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index] + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });

  let file = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  const bytes = new Uint8Array(file.length);
  for (let index = 0; index < file.length; index++) bytes[index] = file.charCodeAt(index);
  return bytes;
}
