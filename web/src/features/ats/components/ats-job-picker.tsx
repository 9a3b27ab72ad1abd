import { Link } from 'react-router-dom';
import { FieldFrame } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { jobOptionLabel, type AtsJobs } from '../use-ats-jobs';

/**
 * Choose a synced ATS job. Each option says how many of its applications are still in process.
 * `name` is the request's field (`jobId` for a prediction) so the server's complaint finds it.
 */
export function AtsJobPicker({
  jobs,
  value,
  onChange,
  name,
  error,
  hint,
}: {
  readonly jobs: AtsJobs;
  readonly value: string;
  readonly onChange: (jobId: string) => void;
  readonly name: string;
  readonly error?: string;
  readonly hint?: string;
}) {
  return (
    <FieldFrame label="ATS job" hint={hint} error={error}>
      {(control) => (
        <select {...control} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose a synced job</option>
          {jobs.jobs.map((job) => (
            <option key={job.id} value={job.id}>
              {jobOptionLabel(job)}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * Why there is nothing to pick from the ATS yet, with the way to the ATS settings on /account:
 * no ATS connected, or connected but nothing synced.
 */
export function AtsSetupNote({ state, what }: { readonly state: 'not-connected' | 'nothing-synced'; readonly what: string }) {
  return state === 'not-connected' ? (
    <p className="ats-note">
      Connect your ATS to {what}. <Link to={paths.account}>Connect your ATS in your account</Link>
    </p>
  ) : (
    <p className="ats-note">
      Nothing is synced from your ATS yet: sync it to {what}. <Link to={paths.account}>Sync your ATS in your account</Link>
    </p>
  );
}
