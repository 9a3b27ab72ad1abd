import { Link } from 'react-router-dom';
import { Combobox } from '../../../components/ui/combobox';
import { paths } from '../../../config/paths';
import { jobOptionLabel, type AtsJobs } from '../use-ats-jobs';

/**
 * Choose a synced ATS job, searchable (an ATS may hold hundreds). Each option says how many of its
 * applications are still in process. `name` is the request's field (`jobId` for a prediction) so
 * the server's complaint finds it.
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
    <Combobox
      label="ATS job"
      name={name}
      options={jobs.jobs.map((job) => ({ id: job.id, label: jobOptionLabel(job) }))}
      value={value}
      error={error}
      hint={hint}
      onChange={onChange}
    />
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
