import { showText, writePdfFile } from '../../shared/pdf/pdf-file';

/**
 * The local billing's invoice layout (Recurly renders the real ones): one A4 page of
 * left-aligned text lines in Helvetica. The file format (objects, cross-reference table, text
 * encoding) is lambdas/shared/pdf's, which the web's exports share.
 */

export interface PdfLine {
  readonly text: string;
  /** Font size in points; 11 by default. */
  readonly size?: number;
}

const A4 = { width: 595, height: 842, margin: 56 } as const;
const DEFAULT_SIZE = 11;

/** The page's content stream: each line on its own baseline, leading 1.5 × its size. */
function contentStream(lines: readonly PdfLine[]): string {
  let y = A4.height - A4.margin;
  return lines
    .map((line) => {
      const size = line.size ?? DEFAULT_SIZE;
      y -= size * 1.5;
      return showText(line.text, 'regular', size, A4.margin, y);
    })
    .join('\n');
}

/** A one-page PDF with these lines, as bytes (starts with `%PDF-1.4`). */
export function writeMinimalPdf(lines: readonly PdfLine[], title: string): Uint8Array {
  return writePdfFile([{ width: A4.width, height: A4.height, content: contentStream(lines) }], { title, producer: 'local billing' });
}
