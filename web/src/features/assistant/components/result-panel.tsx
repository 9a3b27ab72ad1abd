import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { AssistantCapability, AssistantResult } from '@contracts/assistant';
import { Spinner } from '../../../components/ui/spinner';
import { engineLabel, formatWhen } from '../format';
import type { Results } from '../use-results';
import { DeleteResultButton, useResultDeletion } from './result-deletion';
import { authorLine, ShareResultButton, useResultSharing } from './result-sharing';

/** Which engine produced a result, and its note (e.g. why the offline engine answered). */
export function EngineNote({ result }: { readonly result: AssistantResult }) {
  return (
    <div className="engine-note">
      <p>
        <strong>{engineLabel(result.engine)}</strong> · {formatWhen(result.createdAt)}
      </p>
      {result.engine.note ? <p className="engine-note__note">{result.engine.note}</p> : null}
    </div>
  );
}

/**
 * A result on show: its heading takes focus when a result appears (after a submit or a pick from
 * the history), so keyboard and screen-reader users land on it; then who produced it, then the
 * capability's own rendering.
 */
export function ResultPanel({
  result,
  heading,
  children,
}: {
  readonly result: AssistantResult;
  readonly heading: string;
  readonly children: ReactNode;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [result.id]);
  return (
    <section className="card assistant-result" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="assistant-result__heading">
        {heading}
      </h2>
      <EngineNote result={result} />
      {authorLine(result) ? <p className="engine-note__note">{authorLine(result)}</p> : null}
      {children}
    </section>
  );
}

/**
 * The user's recent results of one capability, beside the screen's form: picking one shows it,
 * and each can be deleted after a confirmation, as on the hub.
 */
export function HistoryPanel<C extends AssistantCapability>({ results }: { readonly results: Results<C> }) {
  const id = useId();
  const { history, shown } = results;
  // The Delete button that opened the dialog is gone afterwards: the panel's heading takes focus.
  const deletion = useResultDeletion(results.remove, () => document.getElementById(id)?.focus());
  const sharing = useResultSharing(results.share);
  return (
    <section className="card assistant-history" aria-labelledby={id}>
      <h2 id={id} className="assistant-history__heading" tabIndex={-1}>
        Your recent results
      </h2>
      <p role="status" className="assistant-history__status">
        {sharing.announcement || deletion.announcement}
      </p>
      {history.status === 'loading' ? <Spinner label="Loading your recent results…" /> : null}
      {history.status === 'error' ? (
        <div>
          <p>{history.error}</p>
          <button type="button" className="button button--secondary button--small" onClick={results.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {history.status === 'ready' && history.results.length === 0 ? (
        <p className="assistant-history__empty">Nothing yet: what you produce here is kept and listed here.</p>
      ) : null}
      {history.status === 'ready' && history.results.length > 0 ? (
        <ul className="assistant-history__list">
          {history.results.map((result) => (
            <li key={result.id} className="assistant-history__entry">
              <button
                type="button"
                className="assistant-history__item"
                aria-current={shown?.id === result.id ? 'true' : undefined}
                onClick={() => results.show(result)}
              >
                <span className="assistant-history__label">{result.label}</span>
                <span className="assistant-history__when">{formatWhen(result.createdAt)}</span>
              </button>
              <ShareResultButton result={result} busy={sharing.busyId === result.id} onClick={() => void sharing.toggle(result)} />
              <DeleteResultButton result={result} onClick={() => deletion.ask(result)} />
            </li>
          ))}
        </ul>
      ) : null}
      {deletion.dialog}
    </section>
  );
}
