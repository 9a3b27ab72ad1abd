/**
 * A minimal PDF writer for the local billing's invoices (Recurly renders the real ones): one A4
 * page of left-aligned text lines in Helvetica, PDF 1.4, with a correct cross-reference table so
 * any viewer opens it. No dependency: the format needs only five objects. Text is printable
 * ASCII (anything else becomes `?`), so every character is one byte and the offsets are string
 * lengths.
 */

export interface PdfLine {
  readonly text: string;
  /** Font size in points; 11 by default. */
  readonly size?: number;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const DEFAULT_SIZE = 11;

/** Printable ASCII with PDF string delimiters escaped; common typography mapped to ASCII first. */
export function pdfText(text: string): string {
  return text
    .replace(/[\u2012-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/([\\()])/g, '\\$1');
}

/** The page's content stream: each line on its own baseline, leading 1.5 × its size. */
function contentStream(lines: readonly PdfLine[]): string {
  let y = PAGE_HEIGHT - MARGIN;
  const operations = ['BT'];
  for (const line of lines) {
    const size = line.size ?? DEFAULT_SIZE;
    y -= size * 1.5;
    operations.push(`/F1 ${size} Tf`, `1 0 0 1 ${MARGIN} ${Math.round(y)} Tm`, `(${pdfText(line.text)}) Tj`);
  }
  operations.push('ET');
  return operations.join('\n');
}

/** A one-page PDF with these lines, as bytes (starts with `%PDF-1.4`). */
export function writeMinimalPdf(lines: readonly PdfLine[], title: string): Uint8Array {
  const stream = contentStream(lines);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (local billing) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = body.length;
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, newline.
  const entries = ['0000000000 65535 f \n', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)];
  body += `xref\n0 ${objects.length + 1}\n${entries.join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
