import {
  ATS_LIMITS,
  PredictPlacementsRequestSchema,
  type PlacementEvaluationView,
  type PlacementOutcomeView,
  type PredictPlacementsResponse,
} from '../../shared/contracts/ats';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../../shared/http/handler';
import type { Evaluation } from '../prediction/evaluation';
import { predictPlacements, trainPlacementModel } from '../prediction/placement-prediction';
import { lazily } from '../../shared/lazily';
import { atsDependenciesFromEnvironment, type AtsDependencies } from './ats-dependencies';
import { atsRoute } from './ats-route';
import { applicationCounts, jobView } from './ats-views';
import { findJob } from './ats-jobs';

/**
 * `POST /ats/predict` (subscribers): learns from the caller's synced history (closed
 * applications: hired or not) and ranks the job's active applications by their chance of a
 * placement, each with the reasons behind it and the stage it is in. The split of the history is
 * seeded by the user id, so the same history always gives the same figures. Too little history
 * and a model that does no better than guessing are 200 answers that say so; an unknown job: 404.
 */
export function createPredictPlacementsHandler(dependencies: () => AtsDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return atsRoute(
    {
      from: 'body',
      schema: PredictPlacementsRequestSchema,
      feature: 'placement-prediction',
      run: async ({ deps, connection, input }) => {
        const [jobs, candidates, applications] = await Promise.all([
          deps.store.listJobs(connection.id),
          deps.store.listCandidates(connection.id),
          deps.store.listApplications(connection.id),
        ]);
        const job = await findJob(deps, connection.id, input.jobId, jobs);
        const now = deps.now().toISOString();
        const training = trainPlacementModel({ jobs, candidates, applications, now, seed: connection.id });
        let prediction: PlacementOutcomeView;
        if (training.status === 'trained') {
          const stages = new Map(applications.map((application) => [application.id, application.stage]));
          const predictions = predictPlacements(training.model, { job, candidates, applications, now }).slice(0, ATS_LIMITS.predictionsMax);
          prediction = {
            status: 'trained',
            evaluation: evaluationView(training.evaluation),
            predictions: predictions.map((p) => ({
              applicationId: p.applicationId,
              candidateId: p.candidateId,
              candidateName: p.candidateName,
              probability: p.probability,
              stage: stages.get(p.applicationId) ?? '',
              reasons: p.reasons.map((reason) => ({ label: reason.label, explanation: reason.explanation, direction: reason.direction })),
            })),
            trainedAt: now,
          };
        } else if (training.status === 'weak-signal') {
          prediction = { status: 'weak-signal', message: training.message, evaluation: evaluationView(training.evaluation) };
        } else {
          const { message, closedApplications, placements, required } = training;
          prediction = { status: 'insufficient-history', message, closedApplications, placements, required: { ...required } };
        }
        const body: PredictPlacementsResponse = { job: jobView(job, applicationCounts(applications).get(job.id)), prediction };
        return { body };
      },
    },
    dependencies,
    options,
  );
}

function evaluationView(evaluation: Evaluation): PlacementEvaluationView {
  return {
    method: evaluation.method,
    trainingSize: evaluation.trainingSize,
    heldOutSize: evaluation.heldOutSize,
    accuracy: evaluation.accuracy,
    baselineAccuracy: evaluation.baselineAccuracy,
    precision: evaluation.precision,
    recall: evaluation.recall,
    summary: evaluation.summary,
  };
}

export const handler = createPredictPlacementsHandler(lazily(() => atsDependenciesFromEnvironment()));
