import { createDeleteJobHandler, createUpdateJobHandler } from '../../../../lambdas/assistant/change-job';
import { createDraftScreeningQuestionsHandler } from '../../../../lambdas/assistant/draft-screening-questions';
import { createEvaluateAnswersHandler } from '../../../../lambdas/assistant/evaluate-answers';
import { createListJobsHandler } from '../../../../lambdas/assistant/list-jobs';
import { createListResultsHandler } from '../../../../lambdas/assistant/list-results';
import { createDeleteResultHandler } from '../../../../lambdas/assistant/delete-result';
import { createShareResultHandler } from '../../../../lambdas/assistant/share-result';
import { createProposeMustHavesHandler } from '../../../../lambdas/assistant/propose-must-haves';
import { createRecommendBestFitHandler } from '../../../../lambdas/assistant/recommend-best-fit';
import { createSaveJobHandler } from '../../../../lambdas/assistant/save-job';
import { createBuildSourcingTermsHandler } from '../../../../lambdas/assistant/build-sourcing-terms';
import { createSummarizeCandidateHandler } from '../../../../lambdas/assistant/summarize-candidate';
import { createWriteJobDescriptionHandler } from '../../../../lambdas/assistant/write-job-description';
import type { ApiGatewayHandler } from '../../../../lambdas/shared/http/handler';
import { BACKEND_CANDIDATES, BACKEND_JOB } from './assistant-fixtures';
import { HANDLER_OPTIONS, type AssistantCall, type EveryAssistantDependency } from './assistant-services';

/** The assistant's REST routes, as `lib/definitions/rest-routes.ts` names them. */
export const ASSISTANT_ROUTES = [
  'GET /assistant/jobs',
  'POST /assistant/jobs',
  'POST /assistant/must-haves',
  'POST /assistant/sourcing-terms',
  'POST /assistant/job-description',
  'POST /assistant/screening-questions',
  'POST /assistant/evaluations',
  'POST /assistant/best-fit',
  'POST /assistant/candidate-summary',
  'GET /assistant/results',
  'POST /assistant/results/share',
  'POST /assistant/results/delete',
  // Last: the delete takes the job the routes above work on.
  'PATCH /assistant/jobs/{id}',
  'DELETE /assistant/jobs/{id}',
] as const;
export type AssistantRoute = (typeof ASSISTANT_ROUTES)[number];

/** Every assistant route's handler, built on the given dependencies. */
export function assistantHandlers(deps: () => EveryAssistantDependency): Record<AssistantRoute, ApiGatewayHandler> {
  return {
    'GET /assistant/jobs': createListJobsHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/jobs': createSaveJobHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/must-haves': createProposeMustHavesHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/sourcing-terms': createBuildSourcingTermsHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/job-description': createWriteJobDescriptionHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/screening-questions': createDraftScreeningQuestionsHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/evaluations': createEvaluateAnswersHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/best-fit': createRecommendBestFitHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/candidate-summary': createSummarizeCandidateHandler(deps, HANDLER_OPTIONS),
    'GET /assistant/results': createListResultsHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/results/share': createShareResultHandler(deps, HANDLER_OPTIONS),
    'POST /assistant/results/delete': createDeleteResultHandler(deps, HANDLER_OPTIONS),
    'PATCH /assistant/jobs/{id}': createUpdateJobHandler(deps, HANDLER_OPTIONS),
    'DELETE /assistant/jobs/{id}': createDeleteJobHandler(deps, HANDLER_OPTIONS),
  };
}

/** A valid request of each route (ids of the caller's own job, screening result and a result to delete where needed). */
export function validRequest(
  route: AssistantRoute,
  ids: { jobId: string; screeningResultId: string; questionId: string; resultId: string },
): Omit<AssistantCall, 'as'> {
  const [method, resource] = route.split(' ') as [NonNullable<AssistantCall['method']>, string];
  const body: Record<AssistantRoute, unknown> = {
    'GET /assistant/jobs': undefined,
    'POST /assistant/jobs': BACKEND_JOB,
    'POST /assistant/must-haves': { title: BACKEND_JOB.title, description: BACKEND_JOB.description },
    'POST /assistant/sourcing-terms': { jobId: ids.jobId },
    'POST /assistant/job-description': { jobId: ids.jobId, clientNames: ['Northwind Payments'] },
    'POST /assistant/screening-questions': { jobId: ids.jobId },
    'POST /assistant/evaluations': {
      jobId: ids.jobId,
      screeningResultId: ids.screeningResultId,
      candidateName: 'Priya Raman',
      answers: [{ questionId: ids.questionId, answer: 'Eight years on AWS.' }],
    },
    'POST /assistant/best-fit': { jobId: ids.jobId, candidates: BACKEND_CANDIDATES.slice(0, 2) },
    'POST /assistant/candidate-summary': { profile: BACKEND_CANDIDATES[0].profile },
    'GET /assistant/results': undefined,
    'POST /assistant/results/share': { resultId: ids.resultId, shared: true },
    'POST /assistant/results/delete': { resultId: ids.resultId },
    'PATCH /assistant/jobs/{id}': { archived: false },
    'DELETE /assistant/jobs/{id}': undefined,
  };
  return {
    method,
    resource,
    body: body[route],
    query: route === 'GET /assistant/results' ? { capability: 'best-fit' } : undefined,
    pathParameters: resource.includes('{id}') ? { id: ids.jobId } : undefined,
  };
}
