import { useId, useState } from 'react';
import type { AtsCandidateView, AtsJobView } from '@contracts/ats';
import { Combobox, optionMatches, type ComboboxOption } from '../../../components/ui/combobox';
import { readableMessage } from '../../../lib/notify';
import type { AtsApi } from '../api/ats-api';
import { useAtsJobs } from '../use-ats-jobs';
import { AtsJobPicker, AtsSetupNote } from './ats-job-picker';
import './ats.css';

/** What the import hands to the screen: the ATS job and its candidates (one, when picking one). */
export interface AtsImport {
  readonly job: AtsJobView;
  readonly candidates: readonly AtsCandidateView[];
}

const CHOOSE_JOB = 'Choose an ATS job.';
const CHOOSE_CANDIDATE = 'Choose a candidate.';
const CHOOSE_SOME = 'Choose at least one candidate.';

/** A candidate as the pickers offer it: the name, then the headline and whether they are in the pipeline. */
function candidateOption(candidate: AtsCandidateView): ComboboxOption {
  const detail = [candidate.headline, candidate.inPipeline ? 'in the pipeline' : 'past applicant'].filter(Boolean).join(' · ');
  return { id: candidate.id, label: candidate.name, detail };
}

/**
 * "Add candidates from your ATS" on an assistant screen: pick a synced ATS job, load its
 * candidates (`GET /ats/candidates?jobId=`) and hand them to the screen, which fills its fields
 * and says what it did (`onImport` answers the status to show). `many` (best fit) lists them with
 * a search and check boxes, the job's pipeline (active applications) checked, at most `max`;
 * `one` (candidate summary) offers them in a searchable combobox. With no ATS connected, or nothing synced, it
 * is a note with the way to the ATS settings; for a user without a subscription it is nothing.
 * Its controls are named apart from the screen's request fields (`atsJobId`, `atsCandidateId`).
 */
export function AtsCandidateImport({
  api,
  mode,
  onImport,
  max = Infinity,
}: {
  readonly api: Pick<AtsApi, 'getConnection' | 'listJobs' | 'listCandidates'>;
  readonly mode: 'many' | 'one';
  readonly onImport: (imported: AtsImport) => string;
  /** How many `many` may add at once (a ranking's limit). */
  readonly max?: number;
}) {
  const jobs = useAtsJobs(api);
  const [jobId, setJobId] = useState('');
  const [jobError, setJobError] = useState<string | undefined>();
  const [loaded, setLoaded] = useState<AtsImport | null>(null);
  const [candidateId, setCandidateId] = useState('');
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [candidateError, setCandidateError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { state } = jobs;
  const legend = mode === 'many' ? 'Add candidates from your ATS' : 'Add a candidate from your ATS';

  if (state.status === 'not-connected') {
    if (state.subscriptionRequired) return null;
    return <AtsSetupNote state="not-connected" what={mode === 'many' ? 'add candidates from it' : 'add a candidate from it'} />;
  }
  if (state.status === 'ready' && state.jobs.length === 0)
    return <AtsSetupNote state="nothing-synced" what={mode === 'many' ? 'add candidates from it' : 'add a candidate from it'} />;

  const load = () => {
    if (!jobId) {
      setJobError(CHOOSE_JOB);
      return;
    }
    const job = jobs.find(jobId);
    if (!job || busy) return;
    setBusy(true);
    setStatus('');
    setProblem(null);
    api
      .listCandidates(jobId)
      .then((candidates) => {
        if (candidates.length === 0) {
          setStatus(`No candidates are synced for ${job.title} yet.`);
          return;
        }
        setLoaded({ job, candidates });
        setCandidateId('');
        const count = candidates.length === 1 ? '1 candidate' : `${candidates.length} candidates`;
        if (mode === 'one') {
          setStatus(`${count} of ${job.title}: choose one.`);
          return;
        }
        // The job's pipeline now, as far as the ranking takes.
        const pipeline = candidates.filter((candidate) => candidate.inPipeline).slice(0, max);
        setChecked(new Set(pipeline.map((candidate) => candidate.id)));
        setStatus(
          `${count} of ${job.title}; ${pipeline.length === 0 ? 'none is in the pipeline now: check those to add.' : `the ${pipeline.length} in the pipeline are checked.`}`,
        );
      })
      .catch((error: unknown) => {
        console.error(error);
        setProblem(readableMessage(error, 'The candidates could not be loaded from your ATS. Please try again.'));
      })
      .finally(() => setBusy(false));
  };

  const addChecked = () => {
    if (!loaded) return;
    const chosen = loaded.candidates.filter((candidate) => checked.has(candidate.id));
    if (chosen.length === 0) {
      setCandidateError(CHOOSE_SOME);
      return;
    }
    setStatus(onImport({ job: loaded.job, candidates: chosen }));
  };

  const pickCandidate = () => {
    const candidate = loaded?.candidates.find((item) => item.id === candidateId);
    if (!loaded || !candidate) {
      setCandidateError(CHOOSE_CANDIDATE);
      return;
    }
    setStatus(onImport({ job: loaded.job, candidates: [candidate] }));
  };

  return (
    <fieldset className="ats-import">
      <legend className="ats-import__legend">{legend}</legend>
      {state.status === 'loading' ? <p className="ats-note">Loading your ATS jobs…</p> : null}
      {state.status === 'error' ? (
        <>
          <p className="ats-note">{state.error}</p>
          <button type="button" className="button button--secondary button--small" onClick={jobs.retry}>
            Load my ATS jobs again
          </button>
        </>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <AtsJobPicker
            jobs={jobs}
            name="atsJobId"
            value={jobId}
            error={jobError}
            hint={`Synced from ${state.connection.label}.`}
            onChange={(value) => {
              setJobId(value);
              setJobError(undefined);
              setLoaded(null);
              setCandidateId('');
              setCandidateError(undefined);
            }}
          />
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={load}>
            {busy ? 'Loading candidates…' : 'Load candidates'}
          </button>
          {mode === 'one' && loaded ? (
            <>
              <Combobox
                label="ATS candidate"
                name="atsCandidateId"
                options={loaded.candidates.map(candidateOption)}
                value={candidateId}
                error={candidateError}
                onChange={(id) => {
                  setCandidateId(id);
                  setCandidateError(undefined);
                }}
              />
              <button type="button" className="button button--secondary button--small" onClick={pickCandidate}>
                Use this candidate
              </button>
            </>
          ) : null}
          {mode === 'many' && loaded ? (
            <CandidateChecklist
              candidates={loaded.candidates}
              checked={checked}
              max={max}
              error={candidateError}
              onChange={(next) => {
                setChecked(next);
                setCandidateError(undefined);
              }}
              onAdd={addChecked}
            />
          ) : null}
        </>
      ) : null}
      <p role="status" className="ats-import__status">
        {status}
      </p>
      {problem ? (
        <p role="alert" className="ats-alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The loaded candidates to add to a ranking: a search that narrows the list (the checks stay) and
 * a check box each, at most `max` checked.
 */
function CandidateChecklist({
  candidates,
  checked,
  max,
  error,
  onChange,
  onAdd,
}: {
  readonly candidates: readonly AtsCandidateView[];
  readonly checked: ReadonlySet<string>;
  readonly max: number;
  readonly error?: string;
  readonly onChange: (checked: ReadonlySet<string>) => void;
  readonly onAdd: () => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const shown = candidates.filter((candidate) => optionMatches(candidateOption(candidate), query));
  const full = checked.size >= max;
  const toggle = (candidateId: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(candidateId);
    else next.delete(candidateId);
    onChange(next);
  };
  return (
    <div className="ats-checklist">
      <label className="field__label" htmlFor={`${id}-search`}>
        Search the candidates
      </label>
      <input
        id={`${id}-search`}
        type="search"
        name="atsCandidateSearch"
        autoComplete="off"
        aria-describedby={`${id}-count`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p id={`${id}-count`} className="field__hint" aria-live="polite">
        {shown.length} of {candidates.length} shown · {checked.size} checked
        {Number.isFinite(max) ? ` (a ranking takes at most ${max})` : ''}
      </p>
      <fieldset className="ats-checklist__group" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="visually-hidden">Candidates to add</legend>
        <ul className="ats-checklist__list">
          {shown.map((candidate) => {
            const option = candidateOption(candidate);
            const on = checked.has(candidate.id);
            return (
              <li key={candidate.id}>
                <label className="ats-checklist__item">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && full}
                    onChange={(event) => toggle(candidate.id, event.target.checked)}
                  />
                  <span>
                    <span className="ats-checklist__name">{option.label}</span>
                    <span className="ats-checklist__detail">{option.detail}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <button type="button" className="button button--secondary button--small" onClick={onAdd}>
        {checked.size === 1 ? 'Add the checked candidate' : `Add the ${checked.size} checked candidates`}
      </button>
    </div>
  );
}
