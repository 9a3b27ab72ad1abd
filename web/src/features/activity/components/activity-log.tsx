import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ActivityEntryView, ActivityMemberView } from '@contracts/activity';
import { ACTIVITY_ACTION_GROUPS, activityPersonName } from '@shared-domain/activity-sentences';
import { formatWhen } from '../../../lib/format-when';
import { notifyError, readableMessage } from '../../../lib/notify';
import { RestApiError } from '../../../lib/rest-client';
import { saveFile } from '../../../lib/save-file';
import { activityQuery } from '../activity-queries';
import type { ActivityApi, ActivityFilters } from '../api/activity-api';
import '../../../components/ui/form.css';
import './activity.css';

/** What a recruiter (or anyone the server refuses) reads instead of the log. */
export const NOT_FOR_RECRUITERS =
  'The activity log is for the owners and admins of your team. Ask one of them if you need to know who did what.';
export const NOT_IN_TEAM = 'You are not part of a team yet, so there is no activity to show.';
export const RANGE_PROBLEM = 'The start date is after the end date.';

/** The filters as the form holds them: a member's id, a group of actions, local calendar days. */
interface FormFilters {
  readonly actor: string;
  readonly group: string;
  readonly fromDay: string;
  readonly toDay: string;
}

const NO_FILTERS: FormFilters = { actor: '', group: '', fromDay: '', toDay: '' };

/** The API's filters: a day runs from the reader's local midnight to the last millisecond before the next. */
export function apiFilters(form: FormFilters): ActivityFilters {
  const group = ACTIVITY_ACTION_GROUPS.find((candidate) => candidate.id === form.group);
  return {
    ...(form.actor ? { actor: form.actor } : {}),
    ...(group ? { action: group.actions.join(',') } : {}),
    ...(form.fromDay ? { from: new Date(`${form.fromDay}T00:00:00`).toISOString() } : {}),
    ...(form.toDay ? { to: new Date(`${form.toDay}T23:59:59.999`).toISOString() } : {}),
  };
}

function isReversed(form: FormFilters): boolean {
  return Boolean(form.fromDay && form.toDay && form.fromDay > form.toDay);
}

function memberLabel(member: ActivityMemberView): string {
  return `${activityPersonName(member)}${member.state === 'removed' ? ' (removed)' : ''}`;
}

/** The server's refusal in the page's words, or `undefined` for any other failure. */
function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof RestApiError)) return undefined;
  if (error.status === 403 && error.code === 'activity_forbidden') return NOT_FOR_RECRUITERS;
  if (error.status === 404 && error.code === 'organization_not_found') return NOT_IN_TEAM;
  return undefined;
}

function Filters({
  form,
  members,
  onChange,
  rangeError,
}: {
  readonly form: FormFilters;
  readonly members: readonly ActivityMemberView[];
  readonly onChange: (form: FormFilters) => void;
  readonly rangeError: boolean;
}) {
  const id = useId();
  const set = (field: keyof FormFilters, value: string) => onChange({ ...form, [field]: value });
  return (
    <form className="activity-filters filters" aria-label="Filter the activity" onSubmit={(event) => event.preventDefault()}>
      <div className="activity-filters__field">
        <label htmlFor={`${id}-actor`}>Person</label>
        <select id={`${id}-actor`} value={form.actor} onChange={(event) => set('actor', event.target.value)}>
          <option value="">Everyone</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {memberLabel(member)}
            </option>
          ))}
        </select>
      </div>
      <div className="activity-filters__field">
        <label htmlFor={`${id}-group`}>Action type</label>
        <select id={`${id}-group`} value={form.group} onChange={(event) => set('group', event.target.value)}>
          <option value="">All actions</option>
          {ACTIVITY_ACTION_GROUPS.map((group) => (
            <option key={group.id} value={group.id}>
              {group.label}
            </option>
          ))}
        </select>
      </div>
      <div className="activity-filters__field">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={form.fromDay}
          max={form.toDay || undefined}
          aria-invalid={rangeError || undefined}
          aria-describedby={rangeError ? `${id}-range` : undefined}
          onChange={(event) => set('fromDay', event.target.value)}
        />
      </div>
      <div className="activity-filters__field">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={form.toDay}
          min={form.fromDay || undefined}
          onChange={(event) => set('toDay', event.target.value)}
        />
      </div>
      {rangeError ? (
        <p id={`${id}-range`} className="activity-filters__error" role="alert">
          {RANGE_PROBLEM}
        </p>
      ) : null}
      <button type="button" className="button button--secondary" onClick={() => onChange(NO_FILTERS)}>
        Clear filters
      </button>
    </form>
  );
}

function EntryRow({ entry }: { readonly entry: ActivityEntryView }) {
  return (
    <tr>
      <td data-label="When">
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
      </td>
      <td data-label="Who">{activityPersonName(entry.actor)}</td>
      <td data-label="What happened">{entry.sentence}</td>
    </tr>
  );
}

/**
 * The firm's activity log (owners and admins): who did what and when, newest first, filtered by
 * person, action type and dates, paged with "Load more", exported as CSV with the same filters.
 * Anyone the server refuses (a recruiter) reads why instead.
 */
export function ActivityLog({ api }: { readonly api: ActivityApi }) {
  const [form, setForm] = useState<FormFilters>(NO_FILTERS);
  // A reversed range keeps the last valid filters applied (the form says what is wrong).
  const [applied, setApplied] = useState<FormFilters>(NO_FILTERS);
  const [exporting, setExporting] = useState(false);
  const rangeError = isReversed(form);
  const change = (next: FormFilters) => {
    setForm(next);
    if (!isReversed(next)) setApplied(next);
  };
  const filters = apiFilters(applied);
  const query = useInfiniteQuery(activityQuery(api, filters));
  // Members come with each first page; while new filters load, the previous answer (and its list) stays.
  const members = query.data?.pages[0]?.members ?? [];
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await api.exportCsv(filters);
      saveFile(file.blob, file.fileName ?? 'activity.csv');
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const refusal = query.isError ? refusalOf(query.error) : undefined;
  return (
    <div className="container page activity">
      <div className="page__header">
        <p className="page__eyebrow">Team</p>
        <h1>Activity</h1>
        <p className="page__lead">
          Who invited, removed or changed whom, connected or synced the ATS, changed the subscription, or generated results.
        </p>
      </div>
      {refusal ? (
        <p className="activity-message" role="status">
          {refusal}
        </p>
      ) : (
        <>
          <div className="activity-toolbar">
            <Filters form={form} members={members} onChange={change} rangeError={rangeError} />
            <button type="button" className="button button--primary" disabled={exporting} onClick={() => void exportCsv()}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          </div>
          {query.isError ? (
            <div className="activity-message" role="alert">
              <p>{readableMessage(query.error)}</p>
              <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
                Try again
              </button>
            </div>
          ) : query.isPending ? (
            <p className="activity-message" role="status">
              Loading the activity…
            </p>
          ) : entries.length === 0 && !query.hasNextPage ? (
            <p className="activity-message">No activity matches these filters.</p>
          ) : (
            <table className="activity-table table--list">
              <caption className="visually-hidden">Team activity, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What happened</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <EntryRow key={entry.entryId} entry={entry} />
                ))}
              </tbody>
            </table>
          )}
          {query.isSuccess ? (
            <div className="activity-pager">
              <span aria-live="polite">
                {`Showing ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`}
                {query.hasNextPage ? '; there may be more.' : '.'}
              </span>
              {query.hasNextPage ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
