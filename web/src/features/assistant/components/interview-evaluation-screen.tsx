import { useRef } from 'react';
import { useDraft } from '../../../lib/drafts';
import { Link } from 'react-router-dom';
import type { AssistantResult } from '@contracts/assistant';
import { FieldFrame } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import type { AssistantApi } from '../api/assistant-api';
import { definedErrors, formatWhen, scoreLabel, textError } from '../format';
import { cycle, loadAnswerSamples } from '../samples';
import { LIMITS, screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobs } from '../use-jobs';
import { useQuestionSets, useResults } from '../use-results';
import { CapabilityForm } from './capability-form';
import { InputField, TextAreaField } from './fields';
import { JobPicker, SampleButton } from './job-picker';

const SCREEN = screenOf('interview-evaluation');

/** The overall score and summary, then each answer's score with the rubric points it covered (and the words that show it) and those it missed. */
export function EvaluationView({ result }: { readonly result: AssistantResult<'interview-evaluation'> }) {
  const { output } = result;
  return (
    <>
      <p className="evaluation-overall">
        <span className="evaluation-overall__score">{Math.round(output.overall)}</span> of 100 overall for {output.candidateName}
      </p>
      <p>{output.summary}</p>
      <ol className="score-list">
        {output.scores.map((score) => (
          <li key={score.questionId} className="score-list__item">
            <p className="score-list__question">{score.question}</p>
            <p className="score-list__score">
              Score: <strong>{scoreLabel(score.score)}</strong>
              {score.meetsRequirement === null
                ? null
                : score.meetsRequirement
                  ? ' · meets the must-have'
                  : ' · does not meet the must-have'}
            </p>
            {score.covered.length > 0 ? (
              <>
                <p className="score-list__title">Covered, with the evidence:</p>
                <ul className="evidence-list">
                  {score.covered.map((point) => (
                    <li key={point.point}>
                      <span className="evidence-list__item">{point.point}</span>
                      <q className="evidence-list__evidence">{point.evidence}</q>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {score.missing.length > 0 ? (
              <>
                <p className="score-list__title">Not covered:</p>
                <ul>
                  {score.missing.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * Interview answer evaluation: pick a saved job and one of its sets of screening questions, write
 * the candidate's answers, and get each scored against its rubric with the evidence.
 */
export function InterviewEvaluationScreen({ api }: { readonly api: AssistantApi }) {
  const jobs = useJobs(api);
  const results = useResults(api, 'interview-evaluation');
  const form = useAssistantForm();
  const [jobId, setJobId] = useDraft(`${SCREEN.capability}:job-id`, '');
  const sets = useQuestionSets(api, jobId);
  // The set chosen in the list; the newest until one is chosen.
  const [chosenSetId, setChosenSetId] = useDraft(`${SCREEN.capability}:question-set`, '');
  const [candidateName, setCandidateName] = useDraft(`${SCREEN.capability}:candidate-name`, '');
  const [answers, setAnswers] = useDraft<Readonly<Record<string, string>>>(`${SCREEN.capability}:answers`, {});
  const sampleCounter = useRef(0);

  const setsOfJob = sets.status === 'ready' ? sets.results : [];
  const chosen = setsOfJob.find((set) => set.id === chosenSetId) ?? setsOfJob[0];
  const setId = chosen?.id ?? '';
  const questions = chosen?.output.questions ?? [];

  const errors = definedErrors({
    jobId: jobId ? undefined : 'Please choose a job.',
    screeningResultId: !jobId || chosen ? undefined : 'Please choose a set of screening questions.',
    candidateName: textError('Candidate name', candidateName, LIMITS.candidateNameMaxChars),
    ...Object.fromEntries(
      questions.map((question, index) => [
        `answers.${index}.answer`,
        textError('Answer', answers[question.id] ?? '', LIMITS.answerMaxChars, false),
      ]),
    ),
    answers:
      chosen && questions.every((question) => !(answers[question.id] ?? '').trim()) ? 'Please answer at least one question.' : undefined,
  });
  const errorOf = (name: string) => form.errorOf(errors, name);

  const chooseJob = (id: string) => {
    setJobId(id);
    setChosenSetId('');
    setAnswers({});
    form.reset();
  };

  const fillSample = async () => {
    const sample = cycle(await loadAnswerSamples(), sampleCounter);
    setCandidateName(sample.candidateName);
    setAnswers(Object.fromEntries(questions.map((question) => [question.id, sample.answerFor(question.requirement)])));
    form.reset();
    return sample.candidateName;
  };

  return (
    <CapabilityForm
      screen={SCREEN}
      form={form}
      results={results}
      errors={errors}
      shownFields={['jobId', 'screeningResultId', 'candidateName', 'answers', ...questions.map((_, index) => `answers.${index}.answer`)]}
      submitLabel="Evaluate the answers"
      busyLabel="Evaluating…"
      heading={(result) => `Evaluation of ${result.label}`}
      renderResult={(result) => <EvaluationView result={result} />}
      onSubmit={() =>
        api.evaluateAnswers({
          jobId,
          screeningResultId: setId,
          candidateName: candidateName.trim(),
          answers: questions.map((question) => ({ questionId: question.id, answer: (answers[question.id] ?? '').trim() })),
        })
      }
    >
      <JobPicker jobs={jobs} value={jobId} onChange={chooseJob} error={errorOf('jobId')} />
      {sets.status === 'loading' ? <Spinner label="Loading the job’s screening questions…" /> : null}
      {sets.status === 'error' ? <p className="field__error">{sets.error}</p> : null}
      {sets.status === 'ready' && sets.results.length === 0 ? (
        <p className="assistant-note">
          This job has no screening questions yet. <Link to={paths.servicesScreeningQuestions}>Generate them first</Link>, then come back to
          evaluate answers.
        </p>
      ) : null}
      {sets.status === 'ready' && sets.results.length > 0 ? (
        <FieldFrame label="Screening questions" error={errorOf('screeningResultId')} hint="The set the candidate answered.">
          {(control) => (
            <select {...control} name="screeningResultId" value={setId} onChange={(event) => setChosenSetId(event.target.value)}>
              {sets.results.map((set) => (
                <option key={set.id} value={set.id}>
                  {`${set.output.questions.length} questions · ${formatWhen(set.createdAt)}`}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      ) : null}
      {chosen ? (
        <>
          <SampleButton fill={fillSample} label="Try sample answers" />
          <InputField
            label="Candidate name"
            name="candidateName"
            value={candidateName}
            error={errorOf('candidateName')}
            onChange={(value) => {
              setCandidateName(value);
              form.changed('candidateName');
            }}
          />
          <fieldset className="answers" aria-describedby={errorOf('answers') ? 'answers-error' : undefined}>
            <legend className="requirement-list__legend">The candidate’s answers</legend>
            {questions.map((question, index) => (
              <TextAreaField
                key={question.id}
                label={`${index + 1}. ${question.question}`}
                name={`answers.${index}.answer`}
                optional
                rows={4}
                value={answers[question.id] ?? ''}
                error={errorOf(`answers.${index}.answer`)}
                onChange={(value) => {
                  setAnswers((before) => ({ ...before, [question.id]: value }));
                  form.changed(`answers.${index}.answer`);
                  form.changed('answers');
                }}
              />
            ))}
            {errorOf('answers') ? (
              <p className="field__error" id="answers-error">
                {errorOf('answers')}
              </p>
            ) : null}
          </fieldset>
        </>
      ) : null}
    </CapabilityForm>
  );
}
