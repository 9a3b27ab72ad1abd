import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CAPABILITIES, type AssistantCapability } from '@contracts/assistant';
import { Spinner } from '../../../components/ui/spinner';
import '../../../components/ui/form.css';
import type { AssistantApi } from '../api/assistant-api';
import { formatWhen } from '../format';
import { ASSISTANT_SCREENS } from '../screens';
import { useJobs } from '../use-jobs';
import { useResultsSearch, type ResultsSearch } from '../use-results';
import { DeleteResultButton, resultName, useResultDeletion } from './result-deletion';
import { authorLine, ShareResultButton, useResultSharing } from './result-sharing';

const NO_SEARCH: ResultsSearch = { scope: 'mine', q: '', capability: '', jobId: '' };

const screenOf = (capability: AssistantCapability) => ASSISTANT_SCREENS.find((screen) => screen.capability === capability);

/**
 * The user's results across capabilities, newest first, each a link to its screen showing it:
 * searched by words (on the server, label and text), filtered by service and by job, a page at a
 * time, and each deletable after a confirmation.
 */
export function RecentResults({ api }: { readonly api: AssistantApi }) {
  const id = useId();
  const jobs = useJobs(api);
  const [words, setWords] = useState('');
  const [search, setSearch] = useState<ResultsSearch>(NO_SEARCH);
  const found = useResultsSearch(api, search);
  // The Delete button that opened the dialog is gone afterwards: the list's heading takes focus.
  const deletion = useResultDeletion(found.remove, () => document.getElementById(id)?.focus());
  const sharing = useResultSharing(found.share);
  const firmView = search.scope === 'firm';
  const filtered = search.q !== '' || search.capability !== '' || search.jobId !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch({ ...search, q: words.trim() });
  };

  return (
    <section className="card recent-results" aria-labelledby={id}>
      <h2 id={id} className="service-list__title" tabIndex={-1}>
        Your recent results
      </h2>
      <form className="results-search" role="search" aria-label="Search your results" onSubmit={submit}>
        <div className="field results-search__words">
          <label className="field__label" htmlFor={`${id}-q`}>
            Search
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={words}
            maxLength={200}
            placeholder="A candidate, a job title, a skill…"
            onChange={(event) => {
              setWords(event.target.value);
              // Clearing the box shows everything again without a submit.
              if (event.target.value === '' && search.q !== '') setSearch({ ...search, q: '' });
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-scope`}>
            Results
          </label>
          <select
            id={`${id}-scope`}
            value={search.scope}
            onChange={(event) => setSearch({ ...search, q: words.trim(), scope: event.target.value === 'firm' ? 'firm' : 'mine' })}
          >
            <option value="mine">Yours</option>
            <option value="firm">Shared with the firm</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-capability`}>
            Service
          </label>
          <select
            id={`${id}-capability`}
            value={search.capability}
            onChange={(event) => setSearch({ ...search, q: words.trim(), capability: event.target.value as AssistantCapability | '' })}
          >
            <option value="">All services</option>
            {CAPABILITIES.map((capability) => (
              <option key={capability} value={capability}>
                {screenOf(capability)?.title ?? capability}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-job`}>
            Job
          </label>
          <select
            id={`${id}-job`}
            value={search.jobId}
            onChange={(event) => setSearch({ ...search, q: words.trim(), jobId: event.target.value })}
          >
            <option value="">All jobs</option>
            {jobs.jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title}
              </option>
            ))}
          </select>
        </div>
        <div className="results-search__actions">
          <button type="submit" className="button button--secondary">
            Search
          </button>
          {filtered ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setWords('');
                setSearch({ ...NO_SEARCH, scope: search.scope });
              }}
            >
              Show all
            </button>
          ) : null}
        </div>
      </form>
      <p role="status" className="results-search__status">
        {sharing.announcement || deletion.announcement}
      </p>
      {found.state.status === 'loading' ? <Spinner label="Loading your results…" /> : null}
      {found.state.status === 'error' ? (
        <div>
          <p>{found.state.error}</p>
          <button type="button" className="button button--secondary button--small" onClick={found.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {found.state.status === 'ready' && found.state.results.length === 0 ? (
        <p>
          {filtered
            ? 'No results match. Try other words, or show all.'
            : firmView
              ? 'Nothing is shared with the firm yet. Share one of your results and your teammates see it here.'
              : 'Nothing yet. Pick a service above; what it produces is kept here.'}
        </p>
      ) : null}
      {found.state.status === 'ready' && found.state.results.length > 0 ? (
        <ul className="recent-results__list">
          {found.state.results.map((result) => {
            const screen = screenOf(result.capability);
            if (!screen) return null;
            const byline = authorLine(result);
            return (
              <li key={result.id} className="recent-results__item">
                <span>
                  <Link to={`${screen.path}?result=${encodeURIComponent(result.id)}${firmView ? '&scope=firm' : ''}`}>
                    {resultName(result)}
                  </Link>{' '}
                  <span className="recent-results__when">{formatWhen(result.createdAt)}</span>
                  {byline ? <span className="recent-results__when"> · {byline}</span> : null}
                </span>
                {firmView ? null : (
                  <span className="recent-results__actions">
                    <ShareResultButton result={result} busy={sharing.busyId === result.id} onClick={() => void sharing.toggle(result)} />
                    <DeleteResultButton result={result} onClick={() => deletion.ask(result)} />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {found.hasMore && found.state.status === 'ready' ? (
        <button type="button" className="button button--secondary button--small" onClick={found.more} disabled={found.loadingMore}>
          {found.loadingMore ? 'Loading…' : 'Show more results'}
        </button>
      ) : null}
      {deletion.dialog}
    </section>
  );
}
