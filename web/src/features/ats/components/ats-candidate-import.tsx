import { useState } from 'react';
import type { AtsCandidateView, AtsJobView } from '@contracts/ats';
import { FieldFrame } from '../../../components/ui/form-field';
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

/**
 * "Add candidates from your ATS" on an assistant screen: pick a synced ATS job, load its
 * candidates (`GET /ats/candidates?jobId=`) and hand them to the screen, which fills its fields
 * and says what it did (`onImport` answers the status to show). `many` adds them all (best fit);
 * `one` lists them to pick one (candidate summary). With no ATS connected, or nothing synced, it
 * is a note with the way to the ATS settings; for a user without a subscription it is nothing.
 * Its controls are named apart from the screen's request fields (`atsJobId`, `atsCandidateId`).
 */
export function AtsCandidateImport({
  api,
  mode,
  onImport,
}: {
  readonly api: Pick<AtsApi, 'getConnection' | 'listJobs' | 'listCandidates'>;
  readonly mode: 'many' | 'one';
  readonly onImport: (imported: AtsImport) => string;
}) {
  const jobs = useAtsJobs(api);
  const [jobId, setJobId] = useState('');
  const [jobError, setJobError] = useState<string | undefined>();
  const [loaded, setLoaded] = useState<AtsImport | null>(null);
  const [candidateId, setCandidateId] = useState('');
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
        if (mode === 'many') setStatus(onImport({ job, candidates }));
        else {
          setLoaded({ job, candidates });
          setCandidateId('');
          setStatus(`${candidates.length === 1 ? '1 candidate' : `${candidates.length} candidates`} of ${job.title}: choose one.`);
        }
      })
      .catch((error: unknown) => {
        console.error(error);
        setProblem(readableMessage(error, 'The candidates could not be loaded from your ATS. Please try again.'));
      })
      .finally(() => setBusy(false));
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
            {busy ? 'Loading candidates…' : mode === 'many' ? 'Add candidates from this job' : 'Load candidates'}
          </button>
          {mode === 'one' && loaded ? (
            <>
              <FieldFrame label="ATS candidate" error={candidateError}>
                {(control) => (
                  <select
                    {...control}
                    name="atsCandidateId"
                    value={candidateId}
                    onChange={(event) => {
                      setCandidateId(event.target.value);
                      setCandidateError(undefined);
                    }}
                  >
                    <option value="">Choose a candidate</option>
                    {loaded.candidates.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.headline ? `${candidate.name} · ${candidate.headline}` : candidate.name}
                      </option>
                    ))}
                  </select>
                )}
              </FieldFrame>
              <button type="button" className="button button--secondary button--small" onClick={pickCandidate}>
                Use this candidate
              </button>
            </>
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
