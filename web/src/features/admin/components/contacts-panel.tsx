import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminContact, ContactStateFilter } from '@contracts/admin-console';
import { formatWhen } from '../../../lib/format-when';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminKeys, adminQueries } from '../admin-queries';
import type { AdminApi } from '../api/admin-api';
import { Empty, LoadError, LoadMore, loadedRows, SearchForm } from './console-parts';

const STATE_LABELS: Readonly<Record<ContactStateFilter, string>> = { open: 'Open', handled: 'Handled', all: 'All' };

/** "No open messages match “x”.", "No messages." */
function emptyText(state: ContactStateFilter, search: string): string {
  const which = state === 'all' ? 'messages' : `${STATE_LABELS[state].toLowerCase()} messages`;
  return search ? `No ${which} match “${search}”.` : `No ${which}.`;
}

function ContactCard({ contact, api }: { readonly contact: AdminContact; readonly api: AdminApi }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const handled = contact.handledAt !== null;
  const mutation = useMutation({
    mutationFn: () => api.setContactHandled({ id: contact.id, handled: !handled }),
    onSuccess: () => {
      notifySuccess(handled ? `The message from ${contact.name} is open again.` : `The message from ${contact.name} is marked handled.`);
      return queryClient.invalidateQueries({ queryKey: adminKeys.contacts });
    },
    onError: (error) => notifyError(error),
  });
  return (
    <article className="card admin-item" aria-labelledby={headingId}>
      <header className="admin-item__header">
        <h3 id={headingId}>{contact.name}</h3>
        <span className={`admin-badge admin-badge--${handled ? 'done' : 'open'}`}>{handled ? 'Handled' : 'Open'}</span>
      </header>
      <p className="admin-item__meta">
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
        {contact.phoneNumber ? <> · {contact.phoneNumber}</> : null} · received {formatWhen(contact.createdAt)}
        {contact.handledAt ? <> · handled {formatWhen(contact.handledAt)}</> : null}
      </p>
      <p className="admin-item__message">{contact.message}</p>
      <button type="button" className="button button--secondary" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        {handled ? 'Mark open' : 'Mark handled'}
        <span className="visually-hidden"> (message from {contact.name})</span>
      </button>
    </article>
  );
}

/** Contact messages: newest first, searched, open or handled, marked handled (and open again), a page at a time. */
export function ContactsPanel({ api }: { readonly api: AdminApi }) {
  const filterId = useId();
  const [search, setSearch] = useState('');
  const [state, setState] = useState<ContactStateFilter>('open');
  const query = useInfiniteQuery(adminQueries.contacts(api, { search: search || undefined, state }));
  const rows = loadedRows(query.data);
  return (
    <section aria-labelledby="admin-contacts">
      <h2 id="admin-contacts">Contact messages</h2>
      <div className="admin-toolbar">
        <SearchForm label="Search messages" initial={search} onSearch={setSearch} />
        <div className="admin-filter filters">
          <label htmlFor={filterId}>Show</label>
          <select id={filterId} value={state} onChange={(event) => setState(event.target.value as ContactStateFilter)}>
            {(Object.keys(STATE_LABELS) as ContactStateFilter[]).map((value) => (
              <option key={value} value={value}>
                {STATE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <p role="status">Loading messages…</p>
      ) : rows.length === 0 && !query.hasNextPage ? (
        <Empty>{emptyText(state, search)}</Empty>
      ) : (
        <>
          <div className="admin-list">
            {rows.map((contact) => (
              <ContactCard key={contact.id} contact={contact} api={api} />
            ))}
          </div>
          <LoadMore shown={rows.length} noun={['message', 'messages']} list={query} />
        </>
      )}
    </section>
  );
}
