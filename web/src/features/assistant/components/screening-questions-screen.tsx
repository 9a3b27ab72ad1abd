import { useRef, useState } from 'react';
import type { AssistantResult, ScreeningQuestion } from '../../../../../lambdas/shared/contracts/assistant';
import type { AssistantApi } from '../api/assistant-api';
import { definedErrors } from '../format';
import { cycle, loadJobSamples } from '../samples';
import { screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobs, type Jobs } from '../use-jobs';
import { useResults } from '../use-results';
import { CapabilityForm } from './capability-form';
import { CopyButton } from './copy-button';
import { draftErrors, EMPTY_DRAFT, JobFields, JobPicker, SampleButton, type JobDraft } from './job-picker';

const SCREEN = screenOf('screening-questions');

export const KIND_LABELS: Readonly<Record<ScreeningQuestion['kind'], string>> = {
  knockout: 'Knock-out',
  competency: 'Competency',
};

/** The questions as plain text, for pasting into a screening call's notes. */
export function questionsText(questions: readonly ScreeningQuestion[]): string {
  return questions
    .map((question, index) => [`${index + 1}. ${question.question}`, ...question.goodAnswer.map((point) => `   - ${point}`)].join('\n'))
    .join('\n\n');
}

/** Each question with its kind, the requirement it checks and what a good answer covers. */
export function ScreeningQuestionsView({ result }: { readonly result: AssistantResult<'screening-questions'> }) {
  const { questions } = result.output;
  if (questions.length === 0) return <p>No questions: the job has no must-haves or nice-to-haves to ask about.</p>;
  return (
    <>
      <div className="copy-row">
        <CopyButton text={questionsText(questions)} what="the screening questions" />
      </div>
      <ol className="question-list">
        {questions.map((question) => (
          <li key={question.id} className="question-list__item">
            <p className="question-list__question">{question.question}</p>
            <p className="question-list__meta">
              <span className="tag">{KIND_LABELS[question.kind] ?? question.kind}</span> Checks: {question.requirement}
            </p>
            <p className="question-list__rubric-title">A good answer covers:</p>
            <ul>
              {question.goodAnswer.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The job a request needs: the chosen saved job, or the draft saved now as a new job (with no
 * must-haves yet: the assistant derives them from the description). A new job becomes the
 * picker's choice.
 */
export async function ensureJob(api: AssistantApi, jobs: Jobs, jobId: string, draft: JobDraft, choose: (id: string) => void): Promise<string> {
  if (jobId) return jobId;
  const job = await api.saveJob({
    title: draft.title.trim(),
    companyInfo: draft.companyInfo.trim(),
    description: draft.description.trim(),
    location: draft.location.trim(),
    mustHaves: [],
    niceToHaves: [],
  });
  jobs.saved(job);
  choose(job.id);
  return job.id;
}

/** Screening questions from a job's must-haves (a saved job, or a new one saved on the way). */
export function ScreeningQuestionsScreen({ api }: { readonly api: AssistantApi }) {
  const jobs = useJobs(api);
  const results = useResults(api, 'screening-questions');
  const form = useAssistantForm();
  const [jobId, setJobId] = useState('');
  const [draft, setDraft] = useState<JobDraft>(EMPTY_DRAFT);
  const sampleCounter = useRef(0);

  const errors = definedErrors(jobId ? {} : draftErrors(draft, { titleRequired: true }));
  const errorOf = (name: string) => form.errorOf(errors, name);

  const fillSample = async () => {
    const sample = cycle(await loadJobSamples(), sampleCounter);
    setJobId('');
    form.reset();
    setDraft({ title: sample.title, companyInfo: sample.companyInfo, description: sample.description, location: sample.location });
    return sample.title;
  };

  return (
    <CapabilityForm
      screen={SCREEN}
      form={form}
      results={results}
      errors={errors}
      shownFields={['jobId', 'title', 'location', 'companyInfo', 'description']}
      submitLabel="Generate screening questions"
      busyLabel="Generating…"
      heading={(result) => `Screening questions for ${result.label}`}
      renderResult={(result) => <ScreeningQuestionsView result={result} />}
      onSubmit={async () => api.screeningQuestions({ jobId: await ensureJob(api, jobs, jobId, draft, setJobId) })}
    >
      <JobPicker
        jobs={jobs}
        value={jobId}
        onChange={(id) => {
          setJobId(id);
          form.reset();
        }}
        extra="A new job (saved with the questions)"
        hint="The questions come from the job’s confirmed must-haves; confirm them first on Client must-haves."
      />
      {jobId ? null : (
        <>
          <SampleButton fill={fillSample} />
          <JobFields
            draft={draft}
            errorOf={errorOf}
            onChange={(field, value) => {
              setDraft((before) => ({ ...before, [field]: value }));
              form.changed(field);
            }}
          />
        </>
      )}
    </CapabilityForm>
  );
}
