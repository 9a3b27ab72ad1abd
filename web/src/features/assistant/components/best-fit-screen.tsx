import { useEffect, useId, useRef } from 'react';
import { useDraft } from '../../../lib/drafts';
import type { AssistantResult } from '@contracts/assistant';
import type { AssistantApi } from '../api/assistant-api';
import { clip, type CandidateImporter, type ImportedCandidates } from '../candidate-import';
import { definedErrors, textError } from '../format';
import { loadCandidateSamples } from '../samples';
import { LIMITS, screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobDraft } from '../use-job-draft';
import { useJobs } from '../use-jobs';
import { useResults } from '../use-results';
import { CapabilityForm } from './capability-form';
import { InputField, TextAreaField } from './fields';
import { VerdictEvidence } from './verdict-evidence';
import { draftOf, JobFields, JobPicker, SampleButton } from './job-picker';

const SCREEN = screenOf('best-fit');

interface Candidate {
  readonly name: string;
  readonly profile: string;
}

const EMPTY_CANDIDATE: Candidate = { name: '', profile: '' };

/** The recommendation, then the ranking as a table: each candidate's score and the reasons. */
export function BestFitView({ result }: { readonly result: AssistantResult<'best-fit'> }) {
  const captionId = useId();
  const { output } = result;
  return (
    <>
      <p className="recommendation">{output.recommendation}</p>
      <div className="table-scroll table-scroll--cards" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="ranking table--list ranking--cards">
          <caption id={captionId}>Candidates ranked for {result.label}</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Candidate</th>
              <th scope="col">Score</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {output.ranking.map((candidate) => (
              <tr key={`${candidate.rank}-${candidate.name}`}>
                <td data-label="Rank">{candidate.rank}</td>
                <th scope="row">{candidate.name}</th>
                <td data-label="Score">
                  {Math.round(candidate.score)} of 100
                  {candidate.evaluationOverall === null ? null : (
                    <span className="ranking__detail">Interview: {Math.round(candidate.evaluationOverall)} of 100</span>
                  )}
                </td>
                <td data-label="Why">
                  <ul className="ranking__reasons">
                    {candidate.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                  {candidate.mustHavesMet.length > 0 ? (
                    <p className="ranking__detail">Must-haves met: {candidate.mustHavesMet.join(', ')}</p>
                  ) : null}
                  {candidate.mustHavesMissing.length > 0 ? (
                    <p className="ranking__detail">Missing: {candidate.mustHavesMissing.join(', ')}</p>
                  ) : null}
                  {candidate.niceToHavesMet.length > 0 ? (
                    <p className="ranking__detail">Nice-to-haves: {candidate.niceToHavesMet.join(', ')}</p>
                  ) : null}
                  <VerdictEvidence verdicts={candidate.mustHaveEvidence} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * Best-fit recommendation: candidates (name and resume) ranked for a saved or new job. With
 * `importCandidates` (the ATS import, composed in by the app) candidates can also be added from
 * elsewhere: they join the ones written here, up to the ranking's limit, and fill the new job's
 * fields when those are still empty.
 */
export function BestFitScreen({ api, importCandidates }: { readonly api: AssistantApi; readonly importCandidates?: CandidateImporter }) {
  const jobs = useJobs(api);
  const results = useResults(api, 'best-fit');
  const form = useAssistantForm();
  const job = useJobDraft(form, SCREEN.capability);
  const [candidates, setCandidates] = useDraft<readonly Candidate[]>(`${SCREEN.capability}:candidates`, [EMPTY_CANDIDATE]);
  const listRef = useRef<HTMLOListElement>(null);
  // The candidate whose name takes focus once an Add or a Remove has re-rendered the list.
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    focusIndex.current = null;
    if (index !== null) listRef.current?.querySelectorAll<HTMLInputElement>('input[name$=".name"]')[index]?.focus();
  }, [candidates.length]);

  const errors = definedErrors({
    ...job.errors({ titleRequired: true }),
    ...Object.fromEntries(
      candidates.flatMap((candidate, index) => [
        [`candidates.${index}.name`, textError('Candidate name', candidate.name, LIMITS.candidateNameMaxChars)],
        [`candidates.${index}.profile`, textError('Resume or profile', candidate.profile, LIMITS.documentMaxChars)],
      ]),
    ),
    candidates: candidates.length > LIMITS.candidatesMax ? `Give at most ${LIMITS.candidatesMax} candidates.` : undefined,
  });
  const errorOf = (name: string) => form.errorOf(errors, name);

  const change = (index: number, field: keyof Candidate, value: string) => {
    setCandidates((before) => before.map((candidate, at) => (at === index ? { ...candidate, [field]: value } : candidate)));
    form.changed(`candidates.${index}.${field}`);
  };

  const fillSample = async () => {
    const sample = await loadCandidateSamples(jobs.find(job.jobId));
    if (!job.jobId) job.setDraft(draftOf(sample.job));
    setCandidates(sample.candidates);
    form.reset();
    return job.jobId ? `${sample.candidates.length} candidates` : `${sample.job.title} and ${sample.candidates.length} candidates`;
  };

  const addImported = (imported: ImportedCandidates): string => {
    const filled = candidates.filter((candidate) => candidate.name.trim() || candidate.profile.trim());
    const key = (candidate: Candidate) => `${candidate.name.trim().toLowerCase()}\n${candidate.profile.trim()}`;
    const known = new Set(filled.map(key));
    const offered = imported.candidates.map((candidate) => ({
      name: clip(candidate.name, LIMITS.candidateNameMaxChars),
      profile: clip(candidate.profile, LIMITS.documentMaxChars),
    }));
    const usable = offered.filter((candidate) => candidate.name && candidate.profile && !known.has(key(candidate)));
    const room = Math.max(0, LIMITS.candidatesMax - filled.length);
    const added = usable.slice(0, room);
    const { title } = imported.job;
    if (added.length === 0)
      return room === 0
        ? `The list is full: a ranking takes at most ${LIMITS.candidatesMax} candidates.`
        : `No candidate of ${title} to add: they are on the list already or have no profile.`;
    setCandidates([...filled, ...added]);
    const fillJob = !job.jobId && !job.draft.description.trim() && Boolean(imported.job.description.trim());
    if (fillJob)
      job.setDraft({
        title: clip(title, LIMITS.titleMaxChars),
        location: clip(imported.job.location, LIMITS.locationMaxChars),
        companyInfo: job.draft.companyInfo,
        description: clip(imported.job.description, LIMITS.documentMaxChars),
      });
    form.reset();
    const count = added.length === 1 ? '1 candidate' : `${added.length} candidates`;
    const limited =
      usable.length > added.length ? ` (a ranking takes at most ${LIMITS.candidatesMax}; ${usable.length - added.length} left out)` : '';
    return `Added ${count} from ${title}${limited}${fillJob ? ', and the job’s title and description' : ''}.`;
  };

  return (
    <CapabilityForm
      screen={SCREEN}
      form={form}
      results={results}
      errors={errors}
      shownFields={[
        'jobId',
        'title',
        'location',
        'companyInfo',
        'description',
        'candidates',
        ...candidates.flatMap((_, index) => [`candidates.${index}.name`, `candidates.${index}.profile`]),
      ]}
      submitLabel="Rank the candidates"
      busyLabel="Ranking…"
      heading={(result) => `Best fit for ${result.label}`}
      renderResult={(result) => <BestFitView result={result} />}
      onSubmit={async () =>
        api.bestFit({
          jobId: await job.ensureSaved(api, jobs),
          candidates: candidates.map((candidate) => ({ name: candidate.name.trim(), profile: candidate.profile.trim() })),
        })
      }
    >
      <JobPicker
        jobs={jobs}
        value={job.jobId}
        onChange={job.choose}
        extra="A new job (saved with the ranking)"
        hint="Candidates are ranked on the job’s confirmed must-haves and on their interview evaluations for it."
      />
      {/* Not JobSource: this sample fills the candidates too, so it stays when a saved job is chosen. */}
      <SampleButton fill={fillSample} />
      {job.jobId ? null : <JobFields draft={job.draft} errorOf={errorOf} onChange={job.edit} />}
      {importCandidates?.(addImported)}
      <fieldset className="candidates">
        <legend className="requirement-list__legend">Candidates</legend>
        <ol ref={listRef} className="candidate-list">
          {candidates.map((candidate, index) => (
            <li key={index} className="candidate-list__item">
              <InputField
                label={`Candidate ${index + 1}: name`}
                name={`candidates.${index}.name`}
                value={candidate.name}
                error={errorOf(`candidates.${index}.name`)}
                onChange={(value) => change(index, 'name', value)}
              />
              <TextAreaField
                label={`Candidate ${index + 1}: resume or profile`}
                name={`candidates.${index}.profile`}
                rows={6}
                value={candidate.profile}
                error={errorOf(`candidates.${index}.profile`)}
                onChange={(value) => change(index, 'profile', value)}
              />
              {candidates.length > 1 ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => {
                    focusIndex.current = Math.min(index, candidates.length - 2);
                    setCandidates((before) => before.filter((_, at) => at !== index));
                  }}
                >
                  Remove candidate {index + 1}
                  {candidate.name.trim() ? <span className="visually-hidden">{`: ${candidate.name.trim()}`}</span> : null}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {errorOf('candidates') ? <p className="field__error">{errorOf('candidates')}</p> : null}
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={candidates.length >= LIMITS.candidatesMax}
          onClick={() => {
            focusIndex.current = candidates.length;
            setCandidates((before) => [...before, EMPTY_CANDIDATE]);
          }}
        >
          Add a candidate
        </button>
      </fieldset>
    </CapabilityForm>
  );
}
