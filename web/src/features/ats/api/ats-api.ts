import type {
  AtsCandidatesResponse,
  AtsCandidateView,
  AtsConnectionResponse,
  AtsJobsResponse,
  AtsJobView,
  AtsSyncCountView,
  AtsSyncResourceView,
  AtsSyncResponse,
  AtsSyncView,
  AtsTestResponse,
  ConnectAtsRequest,
  PredictPlacementsResponse,
} from '@contracts/ats';
import type {
  CompleteBullhornAuthorizationRequest,
  StartBullhornAuthorizationRequest,
  StartBullhornAuthorizationResponse,
} from '@contracts/ats-bullhorn';
import { FALLBACK_ERROR_MESSAGE } from '../../../config/constants';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient } from '../../../lib/rest-client';

/**
 * The read-only ATS integration's calls on the REST API (lambdas/shared/contracts/ats.ts). Every
 * call needs the signed-in user's token and a live subscription (403 `subscription_required`);
 * every implementation rejects with a {@link RestApiError} whose message is for people and whose
 * `fields` name the request's invalid fields (`atsname`, `apikey1`, …). The app uses
 * {@link createRestAtsApi}; tests pass a fake through the app's ports.
 */
export interface AtsApi {
  /** `GET /ats/connection`: the saved connection (masked), the sync status and the ATSs on offer. */
  getConnection(): Promise<AtsConnectionResponse>;
  /** `POST /ats/connection`: tests the credentials with a harmless read, then saves them. */
  connect(request: ConnectAtsRequest): Promise<AtsConnectionResponse>;
  /** `POST /ats/connection/test`: tries the saved connection. */
  testConnection(): Promise<AtsTestResponse>;
  /** `POST /ats/connection/remove`: forgets the connection and its keys. */
  disconnect(): Promise<AtsConnectionResponse>;
  /** `POST /ats/sync`: one sync call (call again while the outcome is `partial`). */
  sync(): Promise<AtsSyncResponse>;
  /** `GET /ats/jobs`: the synced jobs, most recently updated first. */
  listJobs(): Promise<AtsJobView[]>;
  /** `GET /ats/candidates?jobId=`: the synced candidates who applied to a job. */
  listCandidates(jobId: string): Promise<AtsCandidateView[]>;
  /** `POST /ats/predict`: the job's active applications ranked by their chance of a placement. */
  predict(jobId: string): Promise<PredictPlacementsResponse>;
  /** `POST /ats/bullhorn/authorize`: starts the Bullhorn sign-in; the browser goes to `authorizeUrl` next. */
  startBullhorn(request: StartBullhornAuthorizationRequest): Promise<StartBullhornAuthorizationResponse>;
  /** `POST /ats/bullhorn/callback`: what Bullhorn's redirect brought back; connected when it answers. */
  completeBullhorn(request: CompleteBullhornAuthorizationRequest): Promise<AtsConnectionResponse>;
}

/** The code of the 403 a user without a live subscription gets from every ATS route. */
export const SUBSCRIPTION_REQUIRED = 'subscription_required';

/** Whether a failed call means the user has no live subscription. */
export function isSubscriptionRequired(error: unknown): boolean {
  return error instanceof RestApiError && error.status === 403 && error.code.toLowerCase() === SUBSCRIPTION_REQUIRED;
}

/** An answer that is not the contract's shape (a proxy's page, a wrong deployment). */
function malformed(what: string, payload: unknown): RestApiError {
  return new RestApiError(200, 'MALFORMED_RESPONSE', FALLBACK_ERROR_MESSAGE, {}, { what, payload });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/*
 * Answers are checked for their outline only (the contract's types describe the rest): the zod
 * schemas would bring zod into the pages, as for the assistant's and the billing pages.
 */

function isSync(value: unknown): value is Record<string, unknown> {
  return isObject(value) && typeof value.state === 'string' && isObject(value.counts) && isObject(value.stored);
}

/**
 * The sync view, with what an API deployed before skipped records were counted leaves out (each
 * count's `skipped`, `skippedReasons`) read as nothing skipped, and one deployed before notices
 * (`notices`) as none: only text, each once.
 */
function readSync(value: Record<string, unknown>): AtsSyncView {
  const sync = value as unknown as AtsSyncView;
  const counts = sync.counts as Partial<Record<AtsSyncResourceView, Partial<AtsSyncCountView>>>;
  const count = (resource: AtsSyncResourceView): AtsSyncCountView => ({
    read: counts[resource]?.read ?? 0,
    stored: counts[resource]?.stored ?? 0,
    skipped: counts[resource]?.skipped ?? 0,
  });
  return {
    ...sync,
    counts: { jobs: count('jobs'), candidates: count('candidates'), applications: count('applications') },
    skippedReasons: Array.isArray(sync.skippedReasons) ? sync.skippedReasons : [],
    notices: Array.isArray(sync.notices) ? [...new Set(sync.notices.filter((notice) => typeof notice === 'string' && notice !== ''))] : [],
  };
}

function readConnection(payload: unknown): AtsConnectionResponse {
  if (
    !isObject(payload) ||
    !(payload.connection === null || isObject(payload.connection)) ||
    !isSync(payload.sync) ||
    !Array.isArray(payload.options)
  )
    throw malformed('connection', payload);
  return { ...(payload as unknown as AtsConnectionResponse), sync: readSync(payload.sync) };
}

function isJob(value: unknown): value is AtsJobView {
  return isObject(value) && typeof value.id === 'string' && typeof value.title === 'string';
}

function isCandidate(value: unknown): value is AtsCandidateView {
  return isObject(value) && typeof value.id === 'string' && typeof value.name === 'string' && typeof value.profile === 'string';
}

/** The ATS API over the app's REST client (or `client`, in tests). */
export function createRestAtsApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): AtsApi {
  return {
    getConnection: async () => readConnection(await client.get<unknown>('ats/connection')),
    connect: async (request) => readConnection(await client.post<unknown>('ats/connection', request)),
    async testConnection() {
      const payload = await client.request<unknown>('POST', 'ats/connection/test');
      if (!isObject(payload) || typeof payload.ok !== 'boolean' || typeof payload.message !== 'string') throw malformed('test', payload);
      return payload as unknown as AtsTestResponse;
    },
    disconnect: async () => readConnection(await client.request<unknown>('POST', 'ats/connection/remove')),
    async sync() {
      const payload = await client.request<unknown>('POST', 'ats/sync');
      if (!isObject(payload) || typeof payload.outcome !== 'string' || !isSync(payload.sync)) throw malformed('sync', payload);
      return { ...(payload as unknown as AtsSyncResponse), sync: readSync(payload.sync) };
    },
    async listJobs() {
      const payload = await client.get<unknown>('ats/jobs');
      if (!isObject(payload) || !Array.isArray(payload.jobs)) throw malformed('jobs', payload);
      return (payload as unknown as AtsJobsResponse).jobs.filter(isJob);
    },
    async listCandidates(jobId) {
      const payload = await client.get<unknown>('ats/candidates', { query: { jobId } });
      if (!isObject(payload) || !Array.isArray(payload.candidates)) throw malformed('candidates', payload);
      return (payload as unknown as AtsCandidatesResponse).candidates.filter(isCandidate);
    },
    async predict(jobId) {
      const payload = await client.post<unknown>('ats/predict', { jobId });
      if (!isObject(payload) || !isJob(payload.job) || !isObject(payload.prediction) || typeof payload.prediction.status !== 'string')
        throw malformed('prediction', payload);
      return payload as unknown as PredictPlacementsResponse;
    },
    async startBullhorn(request) {
      const payload = await client.post<unknown>('ats/bullhorn/authorize', request);
      if (!isObject(payload) || typeof payload.authorizeUrl !== 'string' || !/^https?:\/\//.test(payload.authorizeUrl))
        throw malformed('bullhorn authorize', payload);
      return payload as unknown as StartBullhornAuthorizationResponse;
    },
    completeBullhorn: async (request) => readConnection(await client.post<unknown>('ats/bullhorn/callback', request)),
  };
}
