import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { readableMessage } from '../../../lib/notify';

/** The heading of the page a non-admin sees (also when the server refused the caller). */
export const NOT_ALLOWED_TITLE = 'Not allowed';

/** What a signed-in person who is not an administrator sees at /admin. */
export function NotAllowed() {
  return (
    <div className="container page message-page">
      <h1>{NOT_ALLOWED_TITLE}</h1>
      <p>The admin console is for administrators. If you should have access, ask an administrator to add you.</p>
      <p>
        <Link to={paths.account} className="button button--primary">
          Go to your account
        </Link>
      </p>
    </div>
  );
}

/** A list's search box: the search applies on submit, not on every key. */
export function SearchForm({
  label,
  initial,
  onSearch,
}: {
  readonly label: string;
  readonly initial: string;
  readonly onSearch: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="admin-search filters" role="search" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className="button button--secondary">
        Search
      </button>
    </form>
  );
}

/**
 * How many rows are shown and, while the server has more, a button that loads the next page
 * below them (the lists page by cursor: lambdas/admin/console-window.ts).
 */
export function LoadMore({
  shown,
  noun,
  list,
}: {
  readonly shown: number;
  readonly noun: readonly [string, string];
  readonly list: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
}) {
  const hasMore = list.hasNextPage;
  return (
    <div className="admin-pager">
      <span aria-live="polite">
        {shown === 0 ? `No ${noun[1]} found so far` : `Showing ${shown} ${shown === 1 ? noun[0] : noun[1]}`}
        {hasMore ? '; there may be more.' : '.'}
      </span>
      {hasMore ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : `Load more ${noun[1]}`}
        </button>
      ) : null}
    </div>
  );
}

/** A failed read (the server's message: a 403 says only administrators may), with a way to try again. */
export function LoadError({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) {
  return (
    <div className="admin-error" role="alert">
      <p>{readableMessage(error)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** An empty list's sentence. */
export function Empty({ children }: { readonly children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}

/** Every row of a list's loaded pages, in page order. */
export function loadedRows<T>(data: { readonly pages: readonly { readonly items: readonly T[] }[] } | undefined): readonly T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
