import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PlacementEvaluationView, PlacementPredictionView, PredictPlacementsResponse } from '@contracts/ats';
import { SubmitButton } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { readableMessage } from '../../../lib/notify';
import { RestApiError } from '../../../lib/rest-client';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { isSubscriptionRequired, type AtsApi } from '../api/ats-api';
import { accuracySentence, count, formatWhen, percent } from '../format';
import { PLACEMENT_PREDICTION_SCREEN } from '../screens';
import { useAtsJobs } from '../use-ats-jobs';
import { AtsJobPicker, AtsSetupNote } from './ats-job-picker';
import { SubscriptionNote } from './subscription-note';
import './ats.css';

const CHOOSE_JOB_MESSAGE = 'Choose the job whose applications to rank.';

/** How well the model did, in words and numbers, with its other figures below. */
function EvaluationFigures({ evaluation }: { readonly evaluation: PlacementEvaluationView }) {
  const details = [
    `Learned from ${count(evaluation.trainingSize, 'past application')}.`,
    evaluation.precision === null ? null : `When it expects a placement, it is right ${percent(evaluation.precision)} of the time.`,
    `It found ${percent(evaluation.recall)} of the past placements it was tested on.`,
  ].filter((detail): detail is string => detail !== null);
  return (
    <>
      <p className="ats-accuracy">{accuracySentence(evaluation)}</p>
      <p className="ats-accuracy__detail">{details.join(' ')}</p>
    </>
  );
}

/** The reasons of one prediction, each saying whether it raises or lowers the chance (not by colour alone). */
function Reasons({ prediction }: { readonly prediction: PlacementPredictionView }) {
  if (prediction.reasons.length === 0) return <span>No single factor stands out.</span>;
  return (
    <ul className="ats-reasons">
      {prediction.reasons.map((reason) => (
        <li key={`${reason.direction}-${reason.label}`} className={`ats-reason ats-reason--${reason.direction}`}>
          <span className="ats-reason__direction">{reason.direction === 'raises' ? 'Raises' : 'Lowers'}:</span> {reason.label}
          <span className="ats-reason__explanation">{reason.explanation}</span>
        </li>
      ))}
    </ul>
  );
}

/** The job's active applications ranked by their chance: a table, one card per application on phones (640px and under). */
function Ranking({ title, predictions }: { readonly title: string; readonly predictions: readonly PlacementPredictionView[] }) {
  const captionId = useId();
  if (predictions.length === 0) return <p>This job has no applications in process to rank.</p>;
  return (
    <div className="ats-table-scroll table-scroll--cards" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="ats-ranking table--list ranking--cards">
        <caption id={captionId}>Active applications for {title}, most likely placement first</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Candidate</th>
            <th scope="col">Chance of placement</th>
            <th scope="col">Stage</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {predictions.map((prediction, index) => (
            <tr key={prediction.applicationId}>
              <td data-label="Rank">{index + 1}</td>
              <th scope="row">{prediction.candidateName}</th>
              <td data-label="Chance of placement" className="ats-chance">
                {Math.round(prediction.probability)}%
              </td>
              <td data-label="Stage">{prediction.stage || '—'}</td>
              <td data-label="Why">
                <Reasons prediction={prediction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A prediction's answer: the ranking with the model's accuracy, or why there is none. */
function PredictionResult({ answer }: { readonly answer: PredictPlacementsResponse }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [answer]);
  const { job, prediction } = answer;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="ats-result__heading">
        Placement prediction for {job.title}
      </h2>
      {prediction.status === 'trained' ? (
        <>
          <EvaluationFigures evaluation={prediction.evaluation} />
          <p className="ats-accuracy__detail">
            Trained {formatWhen(prediction.trainedAt)}. A chance is an estimate from your past placements, not a decision: the call stays
            yours.
          </p>
          <Ranking title={job.title} predictions={prediction.predictions} />
        </>
      ) : null}
      {prediction.status === 'insufficient-history' ? (
        <div className="ats-notice" role="status">
          <p>{prediction.message}</p>
          <p>
            Closed applications: {prediction.closedApplications} of the {prediction.required.closedApplications} needed. Placements:{' '}
            {prediction.placements} of the {prediction.required.placements} needed.
          </p>
        </div>
      ) : null}
      {prediction.status === 'weak-signal' ? (
        <div className="ats-notice" role="status">
          <p>{prediction.message}</p>
          <p>{accuracySentence(prediction.evaluation)}</p>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Placement prediction: choose a synced ATS job, then its active applications ranked by their
 * chance of a placement, learned from the recruiter's own past applications, with how often the
 * model was right on applications it did not learn from and the reasons of each chance.
 */
export function PlacementPredictionScreen({ api }: { readonly api: AtsApi }) {
  const jobs = useAtsJobs(api);
  const [jobId, setJobId] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<PredictPlacementsResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [subscriptionRequired, setSubscriptionRequired] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const rememberFocus = useFocusReturn(busy);
  // After a refusal, once its message shows: the job picker when it is about the job, else the message.
  const focusAfterRefusal = useRef<'job' | 'alert' | null>(null);
  const { state } = jobs;

  useEffect(() => {
    const target = focusAfterRefusal.current;
    focusAfterRefusal.current = null;
    if (target === 'job') formRef.current?.querySelector<HTMLInputElement>('[name="jobId"]')?.focus();
    else if (target === 'alert') alertRef.current?.focus();
  });

  const clientError = jobId ? undefined : CHOOSE_JOB_MESSAGE;
  const jobError = (attempted ? clientError : undefined) ?? fieldError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (clientError) {
      formRef.current?.querySelector<HTMLInputElement>('[name="jobId"]')?.focus();
      return;
    }
    if (busy) return;
    rememberFocus();
    setBusy(true);
    setProblem(null);
    setFieldError(undefined);
    api
      .predict(jobId)
      .then((result) => {
        setAnswer(result);
        setAttempted(false);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (isSubscriptionRequired(error)) return setSubscriptionRequired(true);
        const onJob = error instanceof RestApiError ? error.fields.jobId : undefined;
        setFieldError(onJob);
        setProblem(readableMessage(error, 'The prediction could not be made. Please try again.'));
        focusAfterRefusal.current = onJob ? 'job' : 'alert';
      })
      .finally(() => setBusy(false));
  };

  let body;
  if (subscriptionRequired || (state.status === 'not-connected' && state.subscriptionRequired))
    body = <SubscriptionNote>Placement prediction is part of every plan.</SubscriptionNote>;
  else if (state.status === 'loading') body = <Spinner label="Loading your ATS jobs…" />;
  else if (state.status === 'error')
    body = (
      <div className="ats-alert" role="alert">
        <p>{state.error}</p>
        <button type="button" className="button button--secondary button--small" onClick={jobs.retry}>
          Try again
        </button>
      </div>
    );
  else if (state.status === 'not-connected')
    body = <AtsSetupNote state="not-connected" what="predict placements from your past placements" />;
  else if (state.jobs.length === 0) body = <AtsSetupNote state="nothing-synced" what="predict placements on its jobs" />;
  else
    body = (
      <>
        <form
          ref={formRef}
          className="card form"
          noValidate
          aria-label="Predict placements"
          aria-busy={busy || undefined}
          onSubmit={onSubmit}
        >
          <p className="ats-block__lead">
            From {state.connection.label}
            {state.sync.lastCompleteAt ? `, last synced ${formatWhen(state.sync.lastCompleteAt)}` : ''}.
          </p>
          <AtsJobPicker
            jobs={jobs}
            name="jobId"
            value={jobId}
            error={jobError}
            hint="The model learns from your closed applications across all jobs, then ranks this job’s applications still in process."
            onChange={(value) => {
              setJobId(value);
              setFieldError(undefined);
            }}
          />
          {problem ? (
            <div ref={alertRef} tabIndex={-1} role="alert" className="ats-alert">
              <p>{problem}</p>
            </div>
          ) : null}
          <div className="form__actions">
            <SubmitButton busy={busy} busyLabel="Predicting…">
              Predict placements
            </SubmitButton>
          </div>
        </form>
        {answer ? <PredictionResult answer={answer} /> : null}
      </>
    );

  return (
    <div className="container page ats-screen">
      <div className="page__header">
        <p className="page__eyebrow">
          <Link to={paths.services}>Services</Link>
        </p>
        <h1>{PLACEMENT_PREDICTION_SCREEN.title}</h1>
        <p className="page__lead">{PLACEMENT_PREDICTION_SCREEN.summary}</p>
      </div>
      <div className="ats-screen__stack">{body}</div>
    </div>
  );
}
