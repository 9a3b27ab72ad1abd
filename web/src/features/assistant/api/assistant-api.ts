import type {
  AssistantCapability,
  AssistantResult,
  AssistantResultResponse,
  BestFitRequest,
  CandidateSummaryRequest,
  DeleteResultRequest,
  ShareResultRequest,
  ShareResultResponse,
  EvaluateAnswersRequest,
  ExternalJobDescriptionRequest,
  HistoryQuery,
  HistoryResponse,
  Job,
  JobView,
  ListJobsResponse,
  ProposeMustHavesRequest,
  SaveJobRequest,
  SaveJobResponse,
  ScreeningQuestionsRequest,
  SourcingTermsRequest,
  UpdateJobRequest,
} from '@contracts/assistant';
import { FALLBACK_ERROR_MESSAGE } from '../../../config/constants';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient } from '../../../lib/rest-client';

/**
 * The recruiting assistant's calls on the REST API (lambdas/shared/contracts/assistant.ts). Every
 * call needs the signed-in user's token; every implementation rejects with a
 * {@link RestApiError} whose message (the server's `ApiErrorBody.message`) is for people and
 * whose `fields` name the request's invalid fields by path (`description`, `candidates.1.profile`).
 * The app uses {@link createRestAssistantApi}; tests pass a fake through the app's ports.
 */
export interface AssistantApi {
  /** `GET /assistant/jobs`: the user's jobs, most recently updated first. */
  listJobs(): Promise<JobView[]>;
  /** `POST /assistant/jobs`: creates a job (no `id`) or replaces the job with that `id`. */
  saveJob(request: SaveJobRequest): Promise<JobView>;
  /** `PATCH /assistant/jobs/{id}`: renames the job, archives it or restores it. */
  updateJob(id: string, changes: UpdateJobRequest): Promise<JobView>;
  /** `DELETE /assistant/jobs/{id}`: deletes the job (its results stay in the history). */
  deleteJob(id: string): Promise<void>;
  proposeMustHaves(request: ProposeMustHavesRequest): Promise<AssistantResult<'must-haves'>>;
  sourcingTerms(request: SourcingTermsRequest): Promise<AssistantResult<'sourcing-terms'>>;
  jobDescription(request: ExternalJobDescriptionRequest): Promise<AssistantResult<'job-description'>>;
  screeningQuestions(request: ScreeningQuestionsRequest): Promise<AssistantResult<'screening-questions'>>;
  evaluateAnswers(request: EvaluateAnswersRequest): Promise<AssistantResult<'interview-evaluation'>>;
  bestFit(request: BestFitRequest): Promise<AssistantResult<'best-fit'>>;
  candidateSummary(request: CandidateSummaryRequest): Promise<AssistantResult<'candidate-summary'>>;
  /** `GET /assistant/results`: the user's recent results, newest first, optionally filtered. */
  history(query?: HistoryQuery): Promise<AssistantResult[]>;
  /** `GET /assistant/results` with a search and a cursor: one page, and where the next one starts. */
  resultsPage(query: HistoryQuery): Promise<ResultsPage>;
  /** `POST /assistant/results/delete`: removes one of the user's results. */
  deleteResult(resultId: string): Promise<void>;
  /** `POST /assistant/results/share`: shares one of the user's results with their firm (`shared`), or stops sharing it. */
  shareResult(resultId: string, shared: boolean): Promise<AssistantResult>;
}

/** One page of results (`GET /assistant/results`): `nextCursor` is the next page's `before`, `null` at the end. */
export interface ResultsPage {
  readonly results: AssistantResult[];
  readonly nextCursor: string | null;
}

/** The POST route of each capability (must-haves is proposed; saving a job is `jobs`). */
export const CAPABILITY_ROUTES: Readonly<Record<AssistantCapability, string>> = {
  'must-haves': 'assistant/must-haves',
  'sourcing-terms': 'assistant/sourcing-terms',
  'job-description': 'assistant/job-description',
  'screening-questions': 'assistant/screening-questions',
  'interview-evaluation': 'assistant/evaluations',
  'best-fit': 'assistant/best-fit',
  'candidate-summary': 'assistant/candidate-summary',
};

/** An answer that is not the contract's shape (a proxy's page, a wrong deployment). */
function malformed(what: string, payload: unknown): RestApiError {
  return new RestApiError(200, 'MALFORMED_RESPONSE', FALLBACK_ERROR_MESSAGE, {}, { what, payload });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/*
 * Answers are checked for their outline only (the contract's types describe the rest): the zod
 * schemas would bring zod into the assistant pages (as for the billing pages).
 */

function isResult(value: unknown, capability?: AssistantCapability): value is AssistantResult {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.capability === 'string' &&
    (capability === undefined || value.capability === capability) &&
    isObject(value.engine) &&
    isObject(value.output)
  );
}

function isJob(value: unknown): value is Job {
  return isObject(value) && typeof value.id === 'string' && Array.isArray(value.mustHaves) && Array.isArray(value.niceToHaves);
}

/**
 * The job as the caller may use it. A server that does not say (one deployed before `mayChange`)
 * leaves the buttons offered: it still refuses what the caller may not do.
 */
function jobView(job: Job & { readonly mayChange?: unknown }): JobView {
  return { ...job, mayChange: job.mayChange !== false };
}

function readResult<C extends AssistantCapability>(capability: C, payload: unknown): AssistantResult<C> {
  if (!isObject(payload) || !isResult(payload.result, capability)) throw malformed(capability, payload);
  return (payload as unknown as AssistantResultResponse<C>).result;
}

/** The assistant API over the app's REST client (or `client`, in tests). */
export function createRestAssistantApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): AssistantApi {
  const run = async <C extends AssistantCapability>(capability: C, request: unknown) =>
    readResult(capability, await client.post<unknown>(CAPABILITY_ROUTES[capability], request));
  const resultsPage = async (query: HistoryQuery): Promise<ResultsPage> => {
    const payload = await client.get<unknown>('assistant/results', {
      query: {
        scope: query.scope,
        capability: query.capability,
        jobId: query.jobId,
        q: query.q || undefined,
        before: query.before,
        limit: query.limit === undefined ? undefined : String(query.limit),
      },
    });
    if (!isObject(payload) || !Array.isArray(payload.results)) throw malformed('results', payload);
    const { results, nextCursor } = payload as unknown as HistoryResponse;
    return { results: results.filter((result) => isResult(result)), nextCursor: typeof nextCursor === 'string' ? nextCursor : null };
  };
  return {
    async listJobs() {
      const payload = await client.get<unknown>('assistant/jobs');
      if (!isObject(payload) || !Array.isArray(payload.jobs)) throw malformed('jobs', payload);
      return (payload as unknown as ListJobsResponse).jobs.filter(isJob).map(jobView);
    },
    async saveJob(request) {
      const payload = await client.post<unknown>('assistant/jobs', request);
      if (!isObject(payload) || !isJob(payload.job)) throw malformed('job', payload);
      return jobView((payload as unknown as SaveJobResponse).job);
    },
    async updateJob(id, changes) {
      const payload = await client.request<unknown>('PATCH', `assistant/jobs/${encodeURIComponent(id)}`, { body: changes });
      if (!isObject(payload) || !isJob(payload.job)) throw malformed('job', payload);
      return jobView((payload as unknown as SaveJobResponse).job);
    },
    async deleteJob(id) {
      await client.request<unknown>('DELETE', `assistant/jobs/${encodeURIComponent(id)}`);
    },
    proposeMustHaves: (request) => run('must-haves', request),
    sourcingTerms: (request) => run('sourcing-terms', request),
    jobDescription: (request) => run('job-description', request),
    screeningQuestions: (request) => run('screening-questions', request),
    evaluateAnswers: (request) => run('interview-evaluation', request),
    bestFit: (request) => run('best-fit', request),
    candidateSummary: (request) => run('candidate-summary', request),
    history: async (query = {}) => (await resultsPage(query)).results,
    resultsPage,
    async deleteResult(resultId) {
      const request: DeleteResultRequest = { resultId };
      await client.post<unknown>('assistant/results/delete', request);
    },
    async shareResult(resultId, shared) {
      const request: ShareResultRequest = { resultId, shared };
      const payload = await client.post<unknown>('assistant/results/share', request);
      if (!isObject(payload) || !isResult(payload.result)) throw malformed('result', payload);
      return (payload as unknown as ShareResultResponse).result;
    },
  };
}
