import { winAnsi } from './win-ansi';

/**
 * The one owner of the PDF file format in this repository (the web's exports and the local
 * billing's invoices both write through it): PDF 1.4 (ISO 32000-1) with Helvetica and
 * Helvetica-Bold from the standard 14 fonts (no embedding) in WinAnsiEncoding. Content streams
 * are left uncompressed and every byte above 126 is written as an octal escape, so the file is
 * ASCII and its cross-reference offsets are character counts.
 */

export const PDF_MIME_TYPE = 'application/pdf';

export type PdfFont = 'regular' | 'bold';

/** The resource names of the two fonts every page can use. */
const FONT_NAMES: Readonly<Record<PdfFont, string>> = { regular: 'F1', bold: 'F2' };

/** A page: its size in points and its content stream's operators. */
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly content: string;
}

export interface PdfInfo {
  readonly title: string;
  readonly producer: string;
  readonly createdAt?: Date;
}

/** Bytes as a PDF literal string: parentheses and backslashes escaped, everything outside ASCII's printables in octal. */
export function pdfString(bytes: readonly number[]): string {
  let out = '(';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** The operators that show one line of text (WinAnsi bytes, or a string to encode) with its baseline at (x, y). */
export function showText(text: readonly number[] | string, font: PdfFont, size: number, x: number, y: number): string {
  const bytes = typeof text === 'string' ? winAnsi(text) : text;
  return `BT /${FONT_NAMES[font]} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(bytes)} Tj ET`;
}

/** A date as a PDF date string in UTC (`D:YYYYMMDDHHmmSSZ`). */
function pdfDate(at: Date): string {
  return `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** The PDF file of these pages, as bytes (starts with `%PDF-1.4`). */
export function writePdfFile(pages: readonly PdfPage[], info: PdfInfo): Uint8Array {
  // Objects: 1 catalog, 2 page tree, 3 and 4 the fonts, 5 the info, then a page and its content per page.
  const pageIds = pages.map((_, index) => 6 + index * 2);
  const creationDate = info.createdAt ? ` /CreationDate ${pdfString(winAnsi(pdfDate(info.createdAt)))}` : '';
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    // PDFDocEncoding matches WinAnsi on the characters an info string is likely to hold.
    `<< /Title ${pdfString(winAnsi(info.title))} /Producer ${pdfString(winAnsi(info.producer))}${creationDate} >>`,
  ];
  const fonts = Object.values(FONT_NAMES)
    .map((name, index) => `/${name} ${3 + index} 0 R`)
    .join(' ');
  pages.forEach((page, index) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << ${fonts} >> >> /Contents ${pageIds[index] + 1} 0 R >>`,
      `<< /Length ${page.content.length} >>\nstream\n${page.content}\nendstream`,
    );
  });

  let file = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = file.length;
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, newline.
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  const bytes = new Uint8Array(file.length);
  for (let index = 0; index < file.length; index++) bytes[index] = file.charCodeAt(index);
  return bytes;
}
