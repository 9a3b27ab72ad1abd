import { useId, useState, type ReactNode } from 'react';
import { JOB_CHANGE_RULE, type Job, type JobView } from '@contracts/assistant';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldFrame } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { readableMessage } from '../../../lib/notify';
import type { AssistantApi } from '../api/assistant-api';
import { formatWhen } from '../format';
import { LIMITS } from '../screens';
import { useJobs, type Jobs } from '../use-jobs';

/** What deleting a job does, said before it is done (docs/decisions.md, "A workspace that stays tidy"). */
export const DELETE_JOB_CONSEQUENCE =
  'The job and its must-haves are deleted for good. Its results stay in your recent results until you delete them there.';

type Editing = { readonly kind: 'rename' | 'delete'; readonly id: string } | null;

/**
 * The firm's saved jobs on the Services hub: rename, archive (hidden from the job pickers,
 * restored from the archived list) and delete after a confirmation that says what happens to
 * the job's results, offered on the jobs the caller may change (`mayChange`; a line says who may
 * change the others). Each change is announced in one status line.
 */
export function SavedJobs({ api }: { readonly api: AssistantApi }) {
  const id = useId();
  const jobs = useJobs(api);
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await work();
      setEditing(null);
      setStatus(done);
    } catch (error) {
      setStatus(readableMessage(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const deleting = editing?.kind === 'delete' ? jobs.find(editing.id) : undefined;

  const row = (job: JobView) => (
    <li key={job.id} className="saved-jobs__item">
      <div className="saved-jobs__summary">
        <span className="saved-jobs__title">{job.title}</span>
        {job.location ? <span className="saved-jobs__meta">{job.location}</span> : null}
        {job.createdBy ? <span className="saved-jobs__meta">Saved by {job.createdBy.name}</span> : null}
        <span className="saved-jobs__meta">Updated {formatWhen(job.updatedAt)}</span>
      </div>
      {editing?.id === job.id && editing.kind === 'rename' ? (
        <RenameForm
          job={job}
          busy={busy}
          onCancel={() => setEditing(null)}
          onSave={(title) => act(() => jobs.rename(job.id, title), `Renamed “${job.title}” to “${title}”.`)}
        />
      ) : job.mayChange ? (
        <div className="saved-jobs__actions">
          <JobAction onClick={() => setEditing({ kind: 'rename', id: job.id })} job={job}>
            Rename
          </JobAction>
          {job.archived ? (
            <JobAction
              job={job}
              disabled={busy}
              onClick={() => void act(() => jobs.archive(job.id, false), `Restored “${job.title}”: the job pickers offer it again.`)}
            >
              Restore
            </JobAction>
          ) : (
            <JobAction
              job={job}
              disabled={busy}
              onClick={() =>
                void act(
                  () => jobs.archive(job.id, true),
                  `Archived “${job.title}”: the job pickers no longer offer it. Show archived jobs to restore it.`,
                )
              }
            >
              Archive
            </JobAction>
          )}
          <JobAction job={job} onClick={() => setEditing({ kind: 'delete', id: job.id })}>
            Delete
          </JobAction>
        </div>
      ) : null}
    </li>
  );

  return (
    <section className="card saved-jobs" aria-labelledby={id}>
      <h2 id={id} className="service-list__title">
        Your saved jobs
      </h2>
      <JobsBody jobs={jobs}>
        {jobs.jobs.length === 0 ? (
          <p>No saved jobs. A job is saved when you confirm its must-haves or run a service on a new job.</p>
        ) : (
          <ul className="saved-jobs__list">{jobs.jobs.map(row)}</ul>
        )}
        {jobs.archived.length > 0 ? (
          <label className="saved-jobs__toggle">
            <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
            Show archived jobs ({jobs.archived.length})
          </label>
        ) : null}
        {showArchived && jobs.archived.length > 0 ? (
          <>
            <h3 className="saved-jobs__subheading">Archived jobs</h3>
            <ul className="saved-jobs__list">{jobs.archived.map(row)}</ul>
          </>
        ) : null}
        {[...jobs.jobs, ...(showArchived ? jobs.archived : [])].some((job) => !job.mayChange) ? (
          <p className="saved-jobs__rule">{JOB_CHANGE_RULE}</p>
        ) : null}
      </JobsBody>
      <p role="status" className="saved-jobs__status">
        {status}
      </p>
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          confirmLabel="Delete the job"
          busyLabel="Deleting…"
          cancelLabel="Keep the job"
          busy={busy}
          onCancel={() => setEditing(null)}
          onConfirm={() => void act(() => jobs.remove(deleting.id), `Deleted “${deleting.title}”.`)}
        >
          <p>{DELETE_JOB_CONSEQUENCE}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function JobsBody({ jobs, children }: { readonly jobs: Jobs; readonly children: ReactNode }) {
  if (jobs.state.status === 'loading') return <Spinner label="Loading your saved jobs…" />;
  if (jobs.state.status === 'error')
    return (
      <>
        <p>{jobs.state.error}</p>
        <button type="button" className="button button--secondary button--small" onClick={jobs.retry}>
          Load my jobs again
        </button>
      </>
    );
  return <>{children}</>;
}

/** A button named with its job ("Rename Senior Backend Engineer"), the job's title hidden from sight. */
function JobAction({
  job,
  onClick,
  disabled,
  children,
}: {
  readonly job: Job;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly children: string;
}) {
  return (
    <button type="button" className="button button--secondary button--small" disabled={disabled} onClick={onClick}>
      {children}
      <span className="visually-hidden"> {job.title}</span>
    </button>
  );
}

function RenameForm({
  job,
  busy,
  onSave,
  onCancel,
}: {
  readonly job: Job;
  readonly busy: boolean;
  readonly onSave: (title: string) => Promise<void>;
  readonly onCancel: () => void;
}) {
  const [title, setTitle] = useState(job.title);
  const [error, setError] = useState<string>();
  return (
    <form
      className="saved-jobs__rename"
      noValidate
      aria-label={`Rename ${job.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = title.trim();
        if (!trimmed) return setError('Please give the job title.');
        if (trimmed.length > LIMITS.titleMaxChars) return setError(`Job title has at most ${LIMITS.titleMaxChars} characters.`);
        setError(undefined);
        void onSave(trimmed);
      }}
    >
      <FieldFrame label="New title" error={error}>
        {(control) => (
          <input
            {...control}
            name="title"
            value={title}
            maxLength={LIMITS.titleMaxChars + 20}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </FieldFrame>
      <div className="saved-jobs__actions">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          Save the title
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
