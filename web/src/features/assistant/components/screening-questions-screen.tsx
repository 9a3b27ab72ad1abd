import type { AssistantResult, ScreeningQuestion } from '@contracts/assistant';
import type { AssistantApi } from '../api/assistant-api';
import { definedErrors } from '../format';
import { screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobDraft } from '../use-job-draft';
import { useJobs } from '../use-jobs';
import { useResults } from '../use-results';
import { CapabilityForm } from './capability-form';
import { CopyButton } from './copy-button';
import { JobSource } from './job-source';

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

/** Screening questions from a job's must-haves (a saved job, or a new one saved on the way). */
export function ScreeningQuestionsScreen({ api }: { readonly api: AssistantApi }) {
  const jobs = useJobs(api);
  const results = useResults(api, 'screening-questions');
  const form = useAssistantForm();
  const job = useJobDraft(form, SCREEN.capability);

  const errors = definedErrors(job.errors({ titleRequired: true }));
  const errorOf = (name: string) => form.errorOf(errors, name);

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
      onSubmit={async () => api.screeningQuestions({ jobId: await job.ensureSaved(api, jobs) })}
    >
      <JobSource
        jobs={jobs}
        job={job}
        errorOf={errorOf}
        extra="A new job (saved with the questions)"
        hint="The questions come from the job’s confirmed must-haves; confirm them first on Client must-haves."
      />
    </CapabilityForm>
  );
}
