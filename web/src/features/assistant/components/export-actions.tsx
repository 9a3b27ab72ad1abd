import { useState } from 'react';
import type { ExportableResult } from '../export/document-model';
import { COPY_UNAVAILABLE_MESSAGE } from './copy-button';

export const COPIED_FORMATTED_MESSAGE = 'Copied with its formatting: paste it into your e-mail.';
export const COPIED_PLAIN_MESSAGE = 'Copied as plain text: this browser cannot copy formatting.';
export const EXPORT_FAILED_MESSAGE = 'The file could not be made. Please try again.';

/** The writers, loaded on the first export (not with the screen). */
const loadExports = () => import('../export/export-files');

/**
 * Exports of a client-facing result: a PDF and a Word document to download, and a copy for an
 * e-mail (formatted, with plain text beside it). Each button's accessible name says what it
 * exports; a status says what happened.
 */
export function ExportActions({ result, what }: { readonly result: ExportableResult; readonly what: string }) {
  const [status, setStatus] = useState<{ readonly text: string; readonly failed: boolean } | null>(null);

  const download = async (format: 'pdf' | 'docx') => {
    try {
      const { downloadResult } = await loadExports();
      setStatus({ text: `Downloaded ${downloadResult(result, format)}.`, failed: false });
    } catch (error) {
      console.error(error);
      setStatus({ text: EXPORT_FAILED_MESSAGE, failed: true });
    }
  };

  const copy = async () => {
    try {
      const { copyResultForEmail } = await loadExports();
      const outcome = await copyResultForEmail(result);
      setStatus(
        outcome === 'formatted'
          ? { text: COPIED_FORMATTED_MESSAGE, failed: false }
          : outcome === 'plain'
            ? { text: COPIED_PLAIN_MESSAGE, failed: false }
            : { text: COPY_UNAVAILABLE_MESSAGE, failed: true },
      );
    } catch (error) {
      console.error(error);
      setStatus({ text: COPY_UNAVAILABLE_MESSAGE, failed: true });
    }
  };

  return (
    <div className="export-actions" role="group" aria-label={`Export ${what}`}>
      <button type="button" className="button button--secondary button--small" onClick={() => void download('pdf')}>
        Download PDF<span className="visually-hidden"> of {what}</span>
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => void download('docx')}>
        Download Word<span className="visually-hidden"> document of {what}</span>
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
        Copy for e-mail<span className="visually-hidden"> ({what}, formatted)</span>
      </button>
      <span role="status" className={`copy__status${status?.failed ? ' copy__status--failed' : ''}`}>
        {status?.text ?? ''}
      </span>
    </div>
  );
}
