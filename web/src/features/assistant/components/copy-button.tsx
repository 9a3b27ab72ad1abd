import { useEffect, useState } from 'react';

export const COPIED_MESSAGE = 'Copied';
export const COPY_UNAVAILABLE_MESSAGE = 'Copying is not available here: select the text and copy it with Ctrl+C (⌘C on a Mac).';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard. The visible label is "Copy"; the accessible name says what is
 * copied ("Copy LinkedIn Recruiter keywords"). A status next to it says "Copied", or, where the
 * browser has no clipboard access (an insecure origin, a denied permission), how to copy by hand.
 */
export function CopyButton({ text, what }: { readonly text: string; readonly what: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard?.writeText) {
      setState('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setState('copied'),
      (error: unknown) => {
        console.error(error);
        setState('failed');
      },
    );
  };

  return (
    <span className="copy">
      <button type="button" className="button button--secondary button--small" onClick={copy}>
        Copy<span className="visually-hidden"> {what}</span>
      </button>
      <span role="status" className={`copy__status copy__status--${state}`}>
        {state === 'copied' ? COPIED_MESSAGE : state === 'failed' ? COPY_UNAVAILABLE_MESSAGE : ''}
      </span>
    </span>
  );
}
