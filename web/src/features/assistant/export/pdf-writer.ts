import type { ExportDocument } from './document-model';
import { wrapText } from '@shared-pdf/helvetica-metrics';
import { showText, writePdfFile, type PdfFont } from '@shared-pdf/pdf-file';
import { WIN_ANSI_BULLET } from '@shared-pdf/win-ansi';

/**
 * The export's PDF layout for text documents: US Letter pages, headings, paragraphs and bullets
 * wrapped to the page width, new pages as the text needs. The file format (objects, fonts, text
 * encoding) is lambdas/shared/pdf's, which the local billing's invoices share.
 */

export { PDF_MIME_TYPE } from '@shared-pdf/pdf-file';

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
} as const satisfies Record<string, { font: PdfFont; size: number; leading: number; before: number; after: number }>;
type Style = keyof typeof STYLES;

/** Lays the document out on pages: each page's content stream operators. */
function layOut(doc: ExportDocument): string[] {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const newPage = () => {
    pages.push([]);
    y = PAGE.height - PAGE.margin;
  };
  const show = (bytes: readonly number[], font: PdfFont, size: number, x: number) =>
    pages[pages.length - 1].push(showText(bytes, font, size, x, y));

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
      if (options.bullet && index === 0) show([WIN_ANSI_BULLET], style.font, style.size, PAGE.margin + 4);
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

/** The PDF file of `doc`. */
export function writePdf(doc: ExportDocument, at = new Date()): Uint8Array {
  const pages = layOut(doc).map((content) => ({ width: PAGE.width, height: PAGE.height, content }));
  return writePdfFile(pages, { title: doc.title, producer: 'TalentPilot', createdAt: at });
}
