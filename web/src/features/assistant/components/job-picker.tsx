import { useEffect, useState } from 'react';
import { FieldFrame } from '../../../components/ui/form-field';
import { LIMITS } from '../screens';
import { textError } from '../format';
import type { Jobs } from '../use-jobs';
import { InputField, TextAreaField } from './fields';

/** A job being written (a new one, or one pasted for a single use). */
export interface JobDraft {
  readonly title: string;
  readonly companyInfo: string;
  readonly description: string;
  readonly location: string;
}

export const EMPTY_DRAFT: JobDraft = { title: '', companyInfo: '', description: '', location: '' };

/** The draft fields of a saved job or a sample job (their other fields left behind). */
export function draftOf(job: JobDraft): JobDraft {
  return { title: job.title, companyInfo: job.companyInfo, description: job.description, location: job.location };
}

/** The client rules of a job draft (the contract's limits and messages), by field name. */
export function draftErrors(draft: JobDraft, { titleRequired }: { readonly titleRequired: boolean }): Record<string, string | undefined> {
  return {
    title: textError('Job title', draft.title, LIMITS.titleMaxChars, titleRequired),
    location: textError('Location', draft.location, LIMITS.locationMaxChars, false),
    companyInfo: textError('Company information', draft.companyInfo, LIMITS.companyInfoMaxChars, false),
    description: textError('Job description', draft.description, LIMITS.documentMaxChars),
  };
}

/** The draft's fields as a request sends them: blanks left out. */
export function draftRequest(draft: JobDraft) {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    title: optional(draft.title),
    companyInfo: optional(draft.companyInfo),
    description: optional(draft.description),
    location: optional(draft.location),
  };
}

/**
 * Choose a saved job, or the screen's other choice (`extra`: a new job, a pasted description, no
 * job). The control is named `jobId`, as the requests call it, so the server's complaint about the
 * job shows here.
 */
export function JobPicker({
  jobs,
  value,
  onChange,
  extra,
  error,
  hint,
}: {
  readonly jobs: Jobs;
  /** The chosen job's id, '' for the `extra` choice. */
  readonly value: string;
  readonly onChange: (jobId: string) => void;
  /** The label of the choice that is not a saved job; without it a saved job is required. */
  readonly extra?: string;
  readonly error?: string;
  readonly hint?: string;
}) {
  const { state } = jobs;
  const loading = state.status === 'loading';
  const [showArchived, setShowArchived] = useState(false);
  // A choice kept in a draft whose job has since been deleted falls back to the other choice.
  const gone = state.status === 'ready' && value !== '' && !jobs.find(value);
  useEffect(() => {
    if (gone) onChange('');
  }, [gone, onChange]);
  const label = (job: { readonly title: string; readonly location: string }) =>
    job.location ? `${job.title} · ${job.location}` : job.title;
  // An archived job stays listed while it is the choice (chosen before it was archived).
  const archivedShown = jobs.archived.filter((job) => showArchived || job.id === value);
  return (
    <div className="job-picker">
      <FieldFrame label="Job" hint={state.status === 'error' ? `${state.error} ${hint ?? ''}`.trim() : hint} error={error}>
        {(control) => (
          <select {...control} name="jobId" value={value} disabled={loading} onChange={(event) => onChange(event.target.value)}>
            {loading ? <option value={value}>Loading your jobs…</option> : null}
            {!loading && extra ? <option value="">{extra}</option> : null}
            {!loading && !extra ? <option value="">{jobs.jobs.length > 0 ? 'Choose a saved job' : 'No saved job yet'}</option> : null}
            {jobs.jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {label(job)}
              </option>
            ))}
            {archivedShown.length > 0 ? (
              <optgroup label="Archived jobs">
                {archivedShown.map((job) => (
                  <option key={job.id} value={job.id}>
                    {label(job)} (archived)
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        )}
      </FieldFrame>
      {jobs.archived.length > 0 ? (
        <label className="job-picker__archived">
          <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          Show archived jobs ({jobs.archived.length})
        </label>
      ) : null}
      {state.status === 'error' ? (
        <button type="button" className="button button--secondary button--small" onClick={jobs.retry}>
          Load my jobs again
        </button>
      ) : null}
    </div>
  );
}

/**
 * Fills a form from the shipped samples, loaded on first use (the sample text is never in the
 * app's entry). Each press takes the next sample; a status says which one was filled in.
 */
export function SampleButton({ fill, label = 'Try a sample' }: { readonly fill: () => Promise<string>; readonly label?: string }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const onClick = () => {
    setBusy(true);
    fill()
      .then((name) => setStatus(`Filled in the sample: ${name}.`))
      .catch((error: unknown) => {
        console.error(error);
        setStatus('The samples could not be loaded. Please try again.');
      })
      .finally(() => setBusy(false));
  };
  return (
    <div className="sample">
      <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onClick}>
        {busy ? 'Loading the sample…' : label}
      </button>
      <span role="status" className="sample__status">
        {status}
      </span>
    </div>
  );
}

/** A job's fields: title, location, the client's company information and the description. */
export function JobFields({
  draft,
  onChange,
  errorOf,
  titleOptional = false,
  withTitle = true,
}: {
  readonly draft: JobDraft;
  readonly onChange: (field: keyof JobDraft, value: string) => void;
  readonly errorOf: (name: string) => string | undefined;
  readonly titleOptional?: boolean;
  /** Without the title and location (a request that has neither). */
  readonly withTitle?: boolean;
}) {
  return (
    <>
      {withTitle ? (
        <div className="form__row">
          <InputField
            label="Job title"
            name="title"
            optional={titleOptional}
            value={draft.title}
            error={errorOf('title')}
            onChange={(value) => onChange('title', value)}
          />
          <InputField
            label="Location"
            name="location"
            optional
            value={draft.location}
            error={errorOf('location')}
            onChange={(value) => onChange('location', value)}
          />
        </div>
      ) : null}
      <TextAreaField
        label="Company information"
        name="companyInfo"
        optional
        rows={4}
        hint="The client’s company profile: what it does, its size and sector."
        value={draft.companyInfo}
        error={errorOf('companyInfo')}
        onChange={(value) => onChange('companyInfo', value)}
      />
      <TextAreaField
        label="Job description"
        name="description"
        rows={12}
        hint={`Paste the internal description as you have it, up to ${LIMITS.documentMaxChars.toLocaleString('en-US')} characters.`}
        value={draft.description}
        error={errorOf('description')}
        onChange={(value) => onChange('description', value)}
      />
    </>
  );
}
