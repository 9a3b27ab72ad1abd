import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import type { AssistantApi } from '../api/assistant-api';
import { formatWhen } from '../format';
import { ASSISTANT_SCREENS } from '../screens';
import { useLatestResults } from '../use-results';

/** The user's latest results across capabilities, each a link to its screen showing it. */
export function RecentResults({ api }: { readonly api: AssistantApi }) {
  const id = useId();
  const state = useLatestResults(api);

  return (
    <section className="card recent-results" aria-labelledby={id}>
      <h2 id={id} className="service-list__title">
        Your recent results
      </h2>
      {state.status === 'loading' ? <Spinner label="Loading your recent results…" /> : null}
      {state.status === 'error' ? <p>{state.error}</p> : null}
      {state.status === 'ready' && state.results.length === 0 ? (
        <p>Nothing yet. Pick a service above; what it produces is kept here.</p>
      ) : null}
      {state.status === 'ready' && state.results.length > 0 ? (
        <ul className="recent-results__list">
          {state.results.map((result) => {
            const screen = ASSISTANT_SCREENS.find((candidate) => candidate.capability === result.capability);
            if (!screen) return null;
            return (
              <li key={result.id}>
                <Link to={`${screen.path}?result=${encodeURIComponent(result.id)}`}>
                  {screen.title}: {result.label}
                </Link>{' '}
                <span className="recent-results__when">{formatWhen(result.createdAt)}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
