import { exportDocumentOf, type ExportableResult } from './document-model';
import { DOCX_MIME_TYPE, writeDocx } from './docx-writer';
import { documentHtml, documentPlainText } from './email-text';
import { PDF_MIME_TYPE, writePdf } from './pdf-writer';
import { saveFile } from '../../../lib/save-file';

/**
 * The exports of a result, loaded only when one is asked for (export-actions.tsx imports this
 * module lazily), so the writers stay out of every route's first load.
 */

export type DownloadFormat = 'pdf' | 'docx';

const WRITERS: Readonly<Record<DownloadFormat, { readonly write: typeof writePdf; readonly type: string }>> = {
  pdf: { write: writePdf, type: PDF_MIME_TYPE },
  docx: { write: writeDocx, type: DOCX_MIME_TYPE },
};

/** Saves the result's document as a file through the browser's download. */
export function downloadResult(result: ExportableResult, format: DownloadFormat): string {
  const doc = exportDocumentOf(result);
  const { write, type } = WRITERS[format];
  const bytes = write(doc);
  const fileName = `${doc.fileName}.${format}`;
  saveFile(new Blob([bytes.buffer as ArrayBuffer], { type }), fileName);
  return fileName;
}

export type CopyOutcome = 'formatted' | 'plain' | 'unavailable';

/**
 * Copies the result's document for an e-mail: HTML and plain text together (a ClipboardItem),
 * so a mail editor pastes headings and lists; plain text alone where the browser cannot write
 * HTML to the clipboard.
 */
export async function copyResultForEmail(result: ExportableResult): Promise<CopyOutcome> {
  const doc = exportDocumentOf(result);
  const plain = documentPlainText(doc);
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard) return 'unavailable';
  if (typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function') {
    try {
      await clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([documentHtml(doc)], { type: 'text/html' }),
          'text/plain': new Blob([plain], { type: 'text/plain' }),
        }),
      ]);
      return 'formatted';
    } catch (error) {
      console.error(error);
    }
  }
  if (typeof clipboard.writeText !== 'function') return 'unavailable';
  try {
    await clipboard.writeText(plain);
    return 'plain';
  } catch (error) {
    console.error(error);
    return 'unavailable';
  }
}
