import { within } from '@testing-library/react';
import type {
  AtsCandidateView,
  AtsConnectionResponse,
  AtsConnectionView,
  AtsJobView,
  AtsOption,
  AtsSkippedReasonView,
  AtsSyncResponse,
  AtsSyncView,
  AtsTestResponse,
  ConnectAtsRequest,
  PlacementEvaluationView,
  PredictPlacementsResponse,
} from '@contracts/ats';
import type { CompleteBullhornAuthorizationRequest, StartBullhornAuthorizationRequest } from '@contracts/ats-bullhorn';
import type { AtsApi } from '../../../web/src/features/ats/api/ats-api';

/** Where the fake API sends the browser to sign in to Bullhorn. */
export const BULLHORN_AUTHORIZE_URL = 'https://auth.bullhornstaffing.com/oauth/authorize?client_id=c&state=s';
import { RestApiError } from '../../../web/src/lib/rest-client';

/** The ATSs as the settings form offers them. */
export function atsOptions(): AtsOption[] {
  return [
    {
      atsname: 'greenhouse',
      label: 'Greenhouse',
      apikeytype: 'basic',
      keyLabel: 'Harvest API key',
      secondLabel: null,
      help: 'In Greenhouse: Configure → Dev Center → API Credential Management, a Harvest key with read access.',
      available: true,
    },
    {
      atsname: 'lever',
      label: 'Lever',
      apikeytype: 'basic',
      keyLabel: 'Lever API key',
      secondLabel: null,
      help: 'In Lever: Settings → Integrations and API → API credentials.',
      available: true,
    },
    {
      atsname: 'workable',
      label: 'Workable',
      apikeytype: 'bearer',
      keyLabel: 'Workable API access token',
      secondLabel: 'Workable subdomain',
      help: 'In Workable: Settings → Integrations → Access token, with the read scopes.',
      available: true,
    },
    {
      atsname: 'crelate',
      label: 'Crelate',
      apikeytype: 'api-key',
      keyLabel: 'Crelate API key',
      secondLabel: null,
      help: 'In Crelate: Settings → API Access.',
      available: true,
    },
    {
      atsname: 'bullhorn',
      label: 'Bullhorn',
      apikeytype: 'oauth2',
      keyLabel: 'OAuth client id',
      secondLabel: 'OAuth client secret',
      help: 'Bullhorn support issues your firm an OAuth client id and secret.',
      available: true,
    },
  ];
}

/** A sync that never ran. */
export function idleSync(overrides: Partial<AtsSyncView> = {}): AtsSyncView {
  return {
    state: 'idle',
    startedAt: null,
    finishedAt: null,
    lastCompleteAt: null,
    resumeAt: null,
    message: null,
    counts: {
      jobs: { read: 0, stored: 0, skipped: 0 },
      candidates: { read: 0, stored: 0, skipped: 0 },
      applications: { read: 0, stored: 0, skipped: 0 },
    },
    skippedReasons: [],
    notices: [],
    stored: { jobs: 0, candidates: 0, applications: 0, placements: 0 },
    ...overrides,
  };
}

/** A sync in `state` having read and stored `jobs` jobs, ten candidates and applications per job, a tenth of them placed. */
export function syncWith(state: AtsSyncView['state'], jobs: number, overrides: Partial<AtsSyncView> = {}): AtsSyncView {
  const counts = {
    jobs: { read: jobs, stored: jobs, skipped: 0 },
    candidates: { read: jobs * 10, stored: jobs * 10, skipped: 0 },
    applications: { read: jobs * 10, stored: jobs * 10, skipped: 0 },
  };
  return idleSync({
    state,
    startedAt: '2026-11-24T14:00:00.000Z',
    counts,
    stored: { jobs, candidates: jobs * 10, applications: jobs * 10, placements: jobs },
    ...overrides,
  });
}

/** The sync having skipped records for `reasons` (all of them listed), as the server counts them. */
export function withSkipped(sync: AtsSyncView, reasons: readonly AtsSkippedReasonView[]): AtsSyncView {
  const skipped = (resource: AtsSkippedReasonView['resource']) =>
    reasons.filter((entry) => entry.resource === resource).reduce((sum, entry) => sum + entry.count, 0);
  return {
    ...sync,
    counts: {
      jobs: { ...sync.counts.jobs, skipped: skipped('jobs') },
      candidates: { ...sync.counts.candidates, skipped: skipped('candidates') },
      applications: { ...sync.counts.applications, skipped: skipped('applications') },
    },
    skippedReasons: reasons,
  };
}

/** A connected Greenhouse account, with the key masked as every answer shows it. */
export function greenhouseConnection(overrides: Partial<AtsConnectionView> = {}): AtsConnectionView {
  return {
    atsname: 'greenhouse',
    label: 'Greenhouse',
    apikeytype: 'basic',
    apikey1: '••••1234',
    apikey2: null,
    accountName: 'Northbridge Staffing',
    connectedAt: '2026-11-20T09:30:00.000Z',
    lastTestedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

export function atsJob(overrides: Partial<AtsJobView> = {}): AtsJobView {
  return {
    id: 'gh-4001',
    title: 'Senior Backend Engineer',
    status: 'open',
    location: 'Berlin',
    department: 'Engineering',
    description: 'Build payment services in TypeScript on AWS. Must have: TypeScript, Node.js.',
    updatedAt: '2026-11-23T10:00:00.000Z',
    activeApplications: 3,
    placements: 4,
    ...overrides,
  };
}

export function atsCandidate(index: number, overrides: Partial<AtsCandidateView> = {}): AtsCandidateView {
  return {
    id: `gh-c-${index}`,
    name: `Candidate ${String.fromCharCode(64 + ((index - 1) % 26) + 1)}${index > 26 ? index : ''}`,
    headline: 'Backend engineer',
    location: 'Berlin',
    profile: `Backend engineer number ${index}: TypeScript and Node.js on AWS.`,
    inPipeline: true,
    ...overrides,
  };
}

export function evaluation(overrides: Partial<PlacementEvaluationView> = {}): PlacementEvaluationView {
  return {
    method: 'held-out',
    trainingSize: 160,
    heldOutSize: 40,
    accuracy: 0.82,
    baselineAccuracy: 0.57,
    precision: 0.7,
    recall: 0.64,
    summary: 'Correct on 33 of 40 past applications it did not learn from (82%); always guessing ‘not placed’ would be 57%.',
    ...overrides,
  };
}

/** A trained prediction for `job` with two ranked applications. */
export function trainedPrediction(job: AtsJobView = atsJob()): PredictPlacementsResponse {
  return {
    job,
    prediction: {
      status: 'trained',
      evaluation: evaluation(),
      trainedAt: '2026-11-24T14:10:00.000Z',
      predictions: [
        {
          applicationId: 'app-1',
          candidateId: 'gh-c-1',
          candidateName: 'Priya Raman',
          probability: 71.6,
          stage: 'Final interview',
          reasons: [
            { label: 'Must-haves met', explanation: 'Meets 4 of 5 must-haves (80%)', direction: 'raises' },
            { label: 'Time in process', explanation: '41 days since applying', direction: 'lowers' },
          ],
        },
        {
          applicationId: 'app-2',
          candidateId: 'gh-c-2',
          candidateName: 'Tomás Ortega',
          probability: 18.2,
          stage: 'Phone screen',
          reasons: [{ label: 'Location match', explanation: 'Lives in another country', direction: 'lowers' }],
        },
      ],
    },
  };
}

type Mocked<T> = { [K in keyof T]: jest.Mock };

/**
 * An in-memory ATS integration behind the REST calls, as the handlers answer them: `options`,
 * the saved `connection` (masked) and `sync`; `jobs`, `candidates` by job and `predictions` by
 * job. `syncAnswers` are the answers of the next sync calls, in order (with `skippedOnSync` and
 * `noticesOnSync`); `failNext` makes the next calls of a method fail with the given errors, in
 * order. Every call is a jest mock.
 */
export class FakeAts {
  options: AtsOption[] = atsOptions();
  connection: AtsConnectionView | null = null;
  sync: AtsSyncView = idleSync();
  jobs: AtsJobView[] = [];
  candidates: Record<string, AtsCandidateView[]> = {};
  predictions: Record<string, PredictPlacementsResponse> = {};
  syncAnswers: AtsSyncResponse['outcome'][] = [];
  /** What every following sync call answers as skipped. */
  skippedOnSync: AtsSkippedReasonView[] = [];
  /** The features every following sync call answers it had to do without. */
  noticesOnSync: string[] = [];
  testAnswer: AtsTestResponse = {
    ok: true,
    accountName: 'Northbridge Staffing',
    message: 'Greenhouse answered: the connection works.',
    testedAt: '2026-11-24T15:00:00.000Z',
  };
  /** Every request the connect call received (to check that keys never come back). */
  readonly connected: ConnectAtsRequest[] = [];
  /** Every Bullhorn sign-in started, and every callback posted. */
  readonly bullhornStarts: StartBullhornAuthorizationRequest[] = [];
  readonly bullhornCallbacks: CompleteBullhornAuthorizationRequest[] = [];
  private readonly failures: Partial<Record<keyof AtsApi, unknown[]>> = {};

  failNext(method: keyof AtsApi, ...errors: unknown[]): void {
    (this.failures[method] ??= []).push(...errors);
  }

  private fail(method: keyof AtsApi): void {
    const queue = this.failures[method];
    if (queue && queue.length > 0) throw queue.shift();
  }

  private view(): AtsConnectionResponse {
    return { connection: this.connection, sync: this.sync, options: this.options };
  }

  api(): AtsApi & Mocked<AtsApi> {
    return {
      getConnection: jest.fn(async () => {
        this.fail('getConnection');
        return this.view();
      }),
      connect: jest.fn(async (request: ConnectAtsRequest) => {
        this.fail('connect');
        this.connected.push(request);
        const option = this.options.find((candidate) => candidate.atsname === request.atsname);
        if (!option)
          throw new RestApiError(400, 'VALIDATION', 'Some fields are missing or invalid.', { atsname: 'Choose the ATS to connect.' });
        const key = request.apikey1.startsWith('••••') ? (this.connection?.apikey1 ?? '••••') : `••••${request.apikey1.slice(-4)}`;
        this.connection = {
          atsname: option.atsname,
          label: option.label,
          apikeytype: request.apikeytype,
          apikey1: key,
          apikey2: request.apikey2 ? '••••' : null,
          accountName: 'Northbridge Staffing',
          connectedAt: '2026-11-24T15:00:00.000Z',
          lastTestedAt: '2026-11-24T15:00:00.000Z',
        };
        return this.view();
      }),
      testConnection: jest.fn(async () => {
        this.fail('testConnection');
        return this.testAnswer;
      }),
      disconnect: jest.fn(async () => {
        this.fail('disconnect');
        this.connection = null;
        return this.view();
      }),
      sync: jest.fn(async () => {
        this.fail('sync');
        const outcome = this.syncAnswers.shift() ?? 'complete';
        const jobs = this.sync.counts.jobs.read + 5;
        const answered = syncWith(outcome === 'complete' ? 'complete' : outcome, jobs, {
          lastCompleteAt: outcome === 'complete' ? '2026-11-24T15:05:00.000Z' : this.sync.lastCompleteAt,
          resumeAt: outcome === 'paused' ? '2026-11-24T15:20:00.000Z' : null,
          message:
            outcome === 'failed'
              ? 'Greenhouse refused the key: check that it is a Harvest key with read access, then connect again.'
              : outcome === 'paused'
                ? 'Greenhouse asked us to slow down.'
                : null,
        });
        this.sync = { ...withSkipped(answered, this.skippedOnSync), notices: [...this.noticesOnSync] };
        return { outcome, sync: this.sync };
      }),
      listJobs: jest.fn(async () => {
        this.fail('listJobs');
        return [...this.jobs];
      }),
      listCandidates: jest.fn(async (jobId: string) => {
        this.fail('listCandidates');
        return [...(this.candidates[jobId] ?? [])];
      }),
      predict: jest.fn(async (jobId: string) => {
        this.fail('predict');
        const answer = this.predictions[jobId];
        if (!answer)
          throw new RestApiError(404, 'NOT_FOUND', 'We could not find that ATS job.', { jobId: 'We could not find that ATS job.' });
        return answer;
      }),
      startBullhorn: jest.fn(async (request: StartBullhornAuthorizationRequest) => {
        this.fail('startBullhorn');
        this.bullhornStarts.push(request);
        return { authorizeUrl: BULLHORN_AUTHORIZE_URL, expiresAt: '2026-11-24T15:10:00.000Z' };
      }),
      completeBullhorn: jest.fn(async (request: CompleteBullhornAuthorizationRequest) => {
        this.fail('completeBullhorn');
        this.bullhornCallbacks.push(request);
        this.connection = {
          atsname: 'bullhorn',
          label: 'Bullhorn',
          apikeytype: 'oauth2',
          apikey1: '••••6250',
          apikey2: '••••6250',
          accountName: null,
          connectedAt: '2026-11-24T15:00:00.000Z',
          lastTestedAt: '2026-11-24T15:00:00.000Z',
        };
        return this.view();
      }),
    } as AtsApi & Mocked<AtsApi>;
  }
}

/** The facts of a part of the ATS settings (a connection, a sync) as term → description. */
export function atsFacts(region: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(region)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}
