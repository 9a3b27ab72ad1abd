import type { Jobs } from '../use-jobs';
import type { JobDraftState } from '../use-job-draft';
import { JobFields, JobPicker, SampleButton } from './job-picker';

/**
 * Where a request's job comes from: a saved job from the picker or, with none picked, the job's
 * fields written here, with "Try a sample" to fill them in.
 */
export function JobSource({
  jobs,
  job,
  errorOf,
  extra,
  hint,
  fillSample = async () => (await job.fillWithSample()).title,
  titleOptional,
  withTitle,
}: {
  readonly jobs: Jobs;
  readonly job: JobDraftState;
  readonly errorOf: (name: string) => string | undefined;
  /** The picker's choice for writing the job here, e.g. "Paste a description (not saved)". */
  readonly extra: string;
  readonly hint?: string;
  /** What "Try a sample" does, resolving the name it reports; by default the next sample job fills the fields. */
  readonly fillSample?: () => Promise<string>;
  readonly titleOptional?: boolean;
  /** Without the title and location (a request that has neither). */
  readonly withTitle?: boolean;
}) {
  return (
    <>
      <JobPicker jobs={jobs} value={job.jobId} onChange={job.choose} extra={extra} hint={hint} />
      {job.jobId ? null : (
        <>
          <SampleButton fill={fillSample} />
          <JobFields draft={job.draft} titleOptional={titleOptional} withTitle={withTitle} errorOf={errorOf} onChange={job.edit} />
        </>
      )}
    </>
  );
}
