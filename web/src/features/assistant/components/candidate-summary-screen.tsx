import { useRef } from 'react';
import { useDraft } from '../../../lib/drafts';
import type { AssistantResult } from '@contracts/assistant';
import type { AssistantApi } from '../api/assistant-api';
import { clip, type CandidateImporter, type ImportedCandidates } from '../candidate-import';
import { definedErrors, textError } from '../format';
import { cycle, loadAllCandidateSamples } from '../samples';
import { LIMITS, screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobs } from '../use-jobs';
import { useResults } from '../use-results';
import { CapabilityForm } from './capability-form';
import { CopyButton } from './copy-button';
import { ExportActions } from './export-actions';
import { InputField, TextAreaField } from './fields';
import { VerdictEvidence } from './verdict-evidence';
import { JobPicker, SampleButton } from './job-picker';

const SCREEN = screenOf('candidate-summary');

/** The headline and summary with a Copy button, the highlights and skills, and the fit against the job when one was given. */
export function CandidateSummaryView({ result }: { readonly result: AssistantResult<'candidate-summary'> }) {
  const { output } = result;
  return (
    <>
      <div className="copy-row">
        <CopyButton text={output.text} what="the candidate summary" />
      </div>
      <ExportActions result={result} what="the candidate summary" />
      <h3>{output.headline}</h3>
      <p>{output.summary}</p>
      {output.yearsOfExperience === null ? null : <p>Years of experience: {output.yearsOfExperience}</p>}
      {output.highlights.length > 0 ? (
        <>
          <h3>Highlights</h3>
          <ul>
            {output.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </>
      ) : null}
      {output.skills.length > 0 ? (
        <>
          <h3>Skills</h3>
          <p>{output.skills.join(' · ')}</p>
        </>
      ) : null}
      {output.fit ? (
        <>
          <h3>Against the job’s must-haves</h3>
          <p>Met: {output.fit.met.length > 0 ? output.fit.met.join(', ') : 'none'}</p>
          <p>Missing: {output.fit.missing.length > 0 ? output.fit.missing.join(', ') : 'none'}</p>
          <VerdictEvidence verdicts={output.fit.evidence} />
        </>
      ) : null}
    </>
  );
}

/**
 * Candidate summary: a client-ready summary of a resume, against a saved job when one is picked.
 * With `importCandidate` (the ATS import, composed in by the app) the name and profile can be
 * filled from elsewhere.
 */
export function CandidateSummaryScreen({
  api,
  importCandidate,
}: {
  readonly api: AssistantApi;
  readonly importCandidate?: CandidateImporter;
}) {
  const jobs = useJobs(api);
  const results = useResults(api, 'candidate-summary');
  const form = useAssistantForm();
  const [jobId, setJobId] = useDraft(`${SCREEN.capability}:job-id`, '');
  const [candidateName, setCandidateName] = useDraft(`${SCREEN.capability}:candidate-name`, '');
  const [profile, setProfile] = useDraft(`${SCREEN.capability}:profile`, '');
  const sampleCounter = useRef(0);

  const errors = definedErrors({
    candidateName: textError('Candidate name', candidateName, LIMITS.candidateNameMaxChars, false),
    profile: textError('Resume or profile', profile, LIMITS.documentMaxChars),
  });
  const errorOf = (name: string) => form.errorOf(errors, name);

  const fillSample = async () => {
    const sample = cycle(await loadAllCandidateSamples(), sampleCounter);
    setCandidateName(sample.name);
    setProfile(sample.profile);
    form.reset();
    return sample.name;
  };

  const fillImported = (imported: ImportedCandidates): string => {
    const [candidate] = imported.candidates;
    if (!candidate) return '';
    setCandidateName(clip(candidate.name, LIMITS.candidateNameMaxChars));
    setProfile(clip(candidate.profile, LIMITS.documentMaxChars));
    form.reset();
    return `Filled in ${candidate.name.trim()} from ${imported.job.title}.`;
  };

  return (
    <CapabilityForm
      screen={SCREEN}
      form={form}
      results={results}
      errors={errors}
      shownFields={['jobId', 'candidateName', 'profile']}
      submitLabel="Write the summary"
      busyLabel="Writing…"
      heading={(result) => `Summary of ${result.label}`}
      renderResult={(result) => <CandidateSummaryView result={result} />}
      onSubmit={() => {
        const name = candidateName.trim();
        return api.candidateSummary({ ...(jobId ? { jobId } : {}), ...(name ? { candidateName: name } : {}), profile: profile.trim() });
      }}
    >
      <JobPicker
        jobs={jobs}
        value={jobId}
        onChange={setJobId}
        extra="No job"
        hint="With a job, the summary says which of its must-haves the candidate meets."
      />
      {importCandidate?.(fillImported)}
      <SampleButton fill={fillSample} />
      <InputField
        label="Candidate name"
        name="candidateName"
        optional
        hint="Taken from the resume when left empty."
        value={candidateName}
        error={errorOf('candidateName')}
        onChange={(value) => {
          setCandidateName(value);
          form.changed('candidateName');
        }}
      />
      <TextAreaField
        label="Resume or profile"
        name="profile"
        rows={12}
        hint="Contact details are left out of the summary."
        value={profile}
        error={errorOf('profile')}
        onChange={(value) => {
          setProfile(value);
          form.changed('profile');
        }}
      />
    </CapabilityForm>
  );
}
