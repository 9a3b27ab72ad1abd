import { candidateSummary } from '../../../../lambdas/assistant/domain/candidate-summary';
import type {
  AtsCandidatesResponse,
  AtsConnectionResponse,
  AtsJobsResponse,
  AtsSyncResponse,
  PredictPlacementsResponse,
} from '../../../../lambdas/shared/contracts/ats';
import { ATS_LIMITS } from '../../../../lambdas/shared/contracts/ats';
import { IDLE_STATUS, ZERO_COUNTS } from '../../../../lambdas/ats/sync/sync-store';
import { startFakeGreenhouse, type FakeGreenhouse } from '../../../../local/ats/fake-greenhouse';
import { greenhouseHistory } from '../../../../local/ats/greenhouse-history';
import type { SyntheticHistoryOptions } from '../../../../local/ats/synthetic-history';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import {
  GREENHOUSE_CLIENT,
  GREENHOUSE_KEY,
  GREENHOUSE_SECRET,
  call,
  startAtsRouteServices,
  type AtsRouteServices,
} from './support/ats-route-services';

/**
 * A recruiter syncs their Greenhouse (the fake one serving the synthetic history as the local
 * runtime's demo account does, local/ats/greenhouse-history.ts, with its planted signal:
 * candidates who meet more must-haves and live in the job's city are hired more often),
 * browses the synced jobs and candidates, and asks which active applicants are likely placements.
 */

const GREENHOUSE = greenhouseHistory({ seed: 11 });
const HISTORY = GREENHOUSE.history;
/** The Greenhouse ids of the history's three jobs, in its order. */
const JOBS = GREENHOUSE.data.jobs.map((job) => String(job.id));
const JOB = JOBS[0];
const PLACEMENTS = HISTORY.applications.filter((application) => application.status === 'hired').length;

let ats: AtsRouteServices;
let handlers: ReturnType<AtsRouteServices['handlers']>;
let logs: CapturedLogs;
const others: FakeGreenhouse[] = [];

beforeAll(async () => {
  ats = await startAtsRouteServices({ greenhouseData: GREENHOUSE.data });
  handlers = ats.handlers();
  await connected('recruiter');
  expect((await sync('recruiter')).body.outcome).toBe('complete');
});
afterAll(async () => {
  await Promise.all(others.map((server) => server.close()));
  await ats.stop();
});
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

async function connected(userId: string, which = handlers): Promise<void> {
  await ats.subscriber(userId);
  const answer = await call(which['POST /ats/connection'], {
    method: 'POST',
    resource: '/ats/connection',
    body: { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET },
    as: userId,
  });
  expect(answer.status).toBe(200);
}

const sync = (as: string, which = handlers) =>
  call<AtsSyncResponse>(which['POST /ats/sync'], { method: 'POST', resource: '/ats/sync', as });
const jobs = (as: string) => call<AtsJobsResponse>(handlers['GET /ats/jobs'], { method: 'GET', resource: '/ats/jobs', as });
const candidates = (as: string, query: Record<string, string>) =>
  call<AtsCandidatesResponse & { code?: string; fields?: Record<string, string> }>(handlers['GET /ats/candidates'], {
    method: 'GET',
    resource: '/ats/candidates',
    query,
    as,
  });
const predict = (as: string, body: unknown, which = handlers) =>
  call<PredictPlacementsResponse & { code?: string; fields?: Record<string, string> }>(which['POST /ats/predict'], {
    method: 'POST',
    resource: '/ats/predict',
    body,
    as,
  });

/** Handlers whose Greenhouse is another fake, serving the synthetic history of `options`. */
async function withOwnGreenhouse(options: SyntheticHistoryOptions) {
  const server = await startFakeGreenhouse({ ...GREENHOUSE_CLIENT, data: greenhouseHistory(options).data });
  others.push(server);
  return ats.handlers({ baseUrls: { greenhouse: server.url } });
}

describe('POST /ats/sync', () => {
  it('reads every job, candidate and application, and says what is stored', async () => {
    const answer = await call<AtsSyncResponse>(handlers['GET /ats/connection'], {
      method: 'GET',
      resource: '/ats/connection',
      as: 'recruiter',
    });

    expect(answer.body.sync).toMatchObject({
      state: 'complete',
      message: null,
      stored: { jobs: 3, candidates: HISTORY.candidates.length, applications: HISTORY.applications.length, placements: PLACEMENTS },
    });
    expect(answer.body.sync.lastCompleteAt).not.toBeNull();
  });

  it('stops on its time budget as partial and continues where it stopped on the next call', async () => {
    await connected('sync-partial');

    const first = await sync('sync-partial', ats.handlers({ syncBudgetMs: 0 }));
    const second = await sync('sync-partial');

    expect(first.body).toMatchObject({
      outcome: 'partial',
      sync: { state: 'partial', message: expect.stringMatching(/continues where it stopped/) },
    });
    expect(second.body).toMatchObject({
      outcome: 'complete',
      sync: { state: 'complete', stored: { jobs: 3, applications: HISTORY.applications.length } },
    });
  });

  it('pauses when Greenhouse asks to wait, with its Retry-After', async () => {
    await connected('sync-paused');
    ats.greenhouse.failNext({ kind: 'rate-limit', retryAfter: '20' });

    const answer = await sync('sync-paused');

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: 'paused', sync: { state: 'paused' } });
    expect(answer.body.sync.resumeAt).not.toBeNull();
    expect(answer.headers['Retry-After']).toBe('20');
  });

  it('says how many records of which kind the sync skipped and why, and keeps them when the next call continues it', async () => {
    await connected('sync-skipped');
    const skippedReasons = [
      { resource: 'candidates', reason: 'unreadable "Tags"', count: 2 },
      { resource: 'candidates', reason: 'no candidate id', count: 1 },
    ] as const;
    // An earlier call of this sync skipped three candidates, then spent its budget.
    await ats.dependencies().store.saveStatus('sync-skipped', {
      ...IDLE_STATUS,
      state: 'partial',
      syncId: 'sync-with-skips',
      startedAt: '2026-11-26T09:00:00.000Z',
      finishedAt: '2026-11-26T09:00:17.000Z',
      updatedAt: '2026-11-26T09:00:17.000Z',
      counts: { ...ZERO_COUNTS, candidates: { read: 40, stored: 40, skipped: 3 } },
      skippedReasons,
    });

    const shown = await call<AtsConnectionResponse>(handlers['GET /ats/connection'], {
      method: 'GET',
      resource: '/ats/connection',
      as: 'sync-skipped',
    });
    expect(shown.body.sync).toMatchObject({
      state: 'partial',
      counts: { jobs: { skipped: 0 }, candidates: { read: 40, stored: 40, skipped: 3 }, applications: { skipped: 0 } },
      skippedReasons,
    });

    const answer = await sync('sync-skipped');

    expect(answer.body).toMatchObject({ outcome: 'complete', sync: { state: 'complete' } });
    expect(answer.body.sync.counts.candidates.skipped).toBeGreaterThanOrEqual(3);
    expect(answer.body.sync.skippedReasons).toEqual(expect.arrayContaining([...skippedReasons]));
    for (const entry of answer.body.sync.skippedReasons) expect(Object.keys(entry).sort()).toEqual(['count', 'reason', 'resource']);
    const logged = logs.lines.find((line) => line.message === 'ATS sync call ended');
    expect(logged?.skippedReasons).toEqual(expect.arrayContaining([...skippedReasons]));
  });

  it('shows the features the sync had to do without, keeps them when the next call continues it, and logs how many', async () => {
    await connected('sync-notices');
    const notices = ['Lever did not let this API key read archive reasons, so rejected applications show no reason.'];
    // An earlier call of this sync had to do without a feature, then spent its budget.
    await ats.dependencies().store.saveStatus('sync-notices', {
      ...IDLE_STATUS,
      state: 'partial',
      syncId: 'sync-with-notices',
      startedAt: '2026-11-26T09:00:00.000Z',
      finishedAt: '2026-11-26T09:00:17.000Z',
      updatedAt: '2026-11-26T09:00:17.000Z',
      notices,
    });

    const shown = await call<AtsConnectionResponse>(handlers['GET /ats/connection'], {
      method: 'GET',
      resource: '/ats/connection',
      as: 'sync-notices',
    });
    expect(shown.body.sync).toMatchObject({ state: 'partial', notices });

    const answer = await sync('sync-notices');

    expect(answer.body).toMatchObject({ outcome: 'complete', sync: { state: 'complete', notices } });
    const logged = logs.lines.find((line) => line.message === 'ATS sync call ended');
    expect(logged?.notices).toBe(1);
  });

  it('shows nothing skipped for a sync that skipped nothing', async () => {
    const answer = await call<AtsConnectionResponse>(handlers['GET /ats/connection'], {
      method: 'GET',
      resource: '/ats/connection',
      as: 'recruiter',
    });

    expect(answer.body.sync.skippedReasons).toEqual([]);
    expect(answer.body.sync.notices).toEqual([]);
    expect(Object.values(answer.body.sync.counts).map((count) => count.skipped)).toEqual([0, 0, 0]);
  });

  it('answers 409 ats_not_connected when nothing is connected', async () => {
    await ats.subscriber('sync-none');
    expect(await sync('sync-none')).toMatchObject({ status: 409, body: { code: 'ats_not_connected' } });
  });
});

describe('GET /ats/jobs', () => {
  it("lists the synced jobs with each one's active applications and placements", async () => {
    const answer = await jobs('recruiter');

    expect(answer.status).toBe(200);
    expect(answer.body.jobs.map((job) => [job.id, job.title, job.location])).toEqual([
      [JOBS[0], 'Senior Backend Engineer', 'Austin, TX'],
      [JOBS[1], 'Staff Accountant', 'Denver, CO'],
      [JOBS[2], 'Registered Nurse - ICU', 'Chicago, IL'],
    ]);
    expect(answer.body.jobs.map((job) => job.activeApplications)).toEqual([8, 8, 8]);
    expect(answer.body.jobs.reduce((sum, job) => sum + job.placements, 0)).toBe(PLACEMENTS);
    expect(answer.body.jobs[0].description).toContain('Kubernetes');
  });

  it('lists nothing for a subscriber who has not synced', async () => {
    await ats.subscriber('jobs-none');
    expect(await jobs('jobs-none')).toMatchObject({ status: 200, body: { jobs: [] } });
  });
});

describe('GET /ats/candidates', () => {
  it("lists the job's candidates (at most the limit), without contact details", async () => {
    const answer = await candidates('recruiter', { jobId: JOB });

    expect(answer.status).toBe(200);
    expect(HISTORY.applications.filter((application) => application.jobId === 'job-1').length).toBeGreaterThan(ATS_LIMITS.candidatesMax);
    expect(answer.body.candidates).toHaveLength(ATS_LIMITS.candidatesMax);
    expect(Object.keys(answer.body.candidates[0]).sort()).toEqual(['headline', 'id', 'inPipeline', 'location', 'name', 'profile']);
    expect(answer.body.candidates[0]).toMatchObject({ name: expect.stringMatching(/^\S+ \S+/), location: expect.any(String) });
    expect(JSON.stringify(answer.body)).not.toMatch(/@example\.com|555-01\d\d|Main Street/);
  });

  it("lists the candidates in the job's pipeline first: every active applicant, then past ones", async () => {
    const answer = await candidates('recruiter', { jobId: JOB });
    // Greenhouse's own records: the job's applications still in process, and their candidates.
    const activeIds = new Set(
      GREENHOUSE.data.applications
        .filter((application) => String(application.job_id) === JOB && application.status === 'in_process')
        .map((application) => application.candidate_id),
    );
    const activeNames = new Set(
      GREENHOUSE.data.candidates
        .filter((candidate) => activeIds.has(candidate.id))
        .map((candidate) => `${String(candidate.first_name)} ${String(candidate.last_name)}`),
    );
    expect(activeNames.size).toBeGreaterThan(0);
    const names = answer.body.candidates.map((candidate) => candidate.name);
    expect(new Set(names.slice(0, activeNames.size))).toEqual(activeNames);
    // Each says whether it is in the pipeline: exactly the active applicants.
    expect(
      answer.body.candidates
        .filter((candidate) => candidate.inPipeline)
        .map((candidate) => candidate.name)
        .sort(),
    ).toEqual([...activeNames].sort());
  });

  it('hands each profile over as a resume reads, so a candidate summary names the current title', async () => {
    const [first] = (await candidates('recruiter', { jobId: JOB })).body.candidates;
    const [title, employer] = first.headline.split(' at ');
    expect(first.profile.split('\n').slice(0, 2)).toEqual([first.name, `${title} · ${employer}`]);
    const summary = candidateSummary({ candidateName: first.name, profile: first.profile, job: null });
    expect(summary.summary).toMatch(new RegExp(`^${first.name} is an? ${title}\\b`));
  });

  it.each([
    ['no job id', {}, 'jobId'],
    ['a job id with characters no ATS id has', { jobId: '../jobs' }, 'jobId'],
    ['an unknown parameter', { jobId: JOB, userId: 'someone-else' }, 'body'],
  ])('refuses %s (400, naming the field)', async (_case, query, field) => {
    const answer = await candidates('recruiter', query);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual(expect.any(String));
  });

  it('answers 404 ats_job_not_found for a job the caller does not have', async () => {
    expect(await candidates('recruiter', { jobId: '999999' })).toMatchObject({ status: 404, body: { code: 'ats_job_not_found' } });
  });
});

describe('POST /ats/predict', () => {
  it("ranks the job's active applications by their chance of a placement, with the figures behind the model", async () => {
    const answer = await predict('recruiter', { jobId: JOB });

    expect(answer.status).toBe(200);
    expect(answer.body.job).toMatchObject({ id: JOB, title: 'Senior Backend Engineer', activeApplications: 8 });
    const { prediction } = answer.body;
    if (prediction.status !== 'trained') throw new Error(`expected a trained model, got ${prediction.status}`);
    expect(prediction.evaluation.accuracy).toBeGreaterThan(prediction.evaluation.baselineAccuracy);
    expect(prediction.evaluation.summary).toMatch(/past applications it did not learn from/);
    expect(prediction.predictions).toHaveLength(8);
    const probabilities = prediction.predictions.map((p) => p.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
    for (const p of prediction.predictions) {
      expect(p.probability).toBeGreaterThanOrEqual(0);
      expect(p.probability).toBeLessThanOrEqual(100);
      expect(['Application Review', 'Phone Screen', 'Onsite Interview']).toContain(p.stage);
      expect(p.candidateName).toMatch(/^\S+ \S+/);
      expect(p.reasons.length).toBeGreaterThan(0);
      for (const reason of p.reasons) expect(Object.keys(reason).sort()).toEqual(['direction', 'explanation', 'label']);
    }
  });

  it('gives the same figures for the same history', async () => {
    const at = new Date('2026-07-01T00:00:00.000Z');
    const fixed = ats.handlers({ now: () => at });
    expect((await predict('recruiter', { jobId: JOB }, fixed)).body).toEqual((await predict('recruiter', { jobId: JOB }, fixed)).body);
  });

  it('says how much history is missing when there are too few closed applications (200)', async () => {
    const short = await withOwnGreenhouse({ seed: 3, closedApplications: 12, activeApplications: 3 });
    await connected('predict-short', short);
    await sync('predict-short', short);

    const answer = await predict('predict-short', { jobId: JOB }, short);

    expect(answer.status).toBe(200);
    expect(answer.body.prediction).toMatchObject({
      status: 'insufficient-history',
      closedApplications: 12,
      required: { closedApplications: 30, placements: 5 },
    });
    expect(answer.body.prediction.status === 'insufficient-history' && answer.body.prediction.message).toMatch(
      /needs at least 30 closed applications including 5 placements/,
    );
  });

  it('says the model is not reliable, without predictions, when outcomes ignore the candidates (200)', async () => {
    const noise = await withOwnGreenhouse({ seed: 11, signal: false });
    await connected('predict-noise', noise);
    await sync('predict-noise', noise);

    const answer = await predict('predict-noise', { jobId: JOB }, noise);

    expect(answer.status).toBe(200);
    expect(answer.body.prediction).toMatchObject({ status: 'weak-signal', message: expect.stringMatching(/^Not reliable yet/) });
    expect(answer.body.prediction).not.toHaveProperty('predictions');
  });

  it.each([
    ['no job id', {}, 'jobId'],
    ['a job id that is not text', { jobId: 42 }, 'jobId'],
    ['an unknown field', { jobId: JOB, seed: 1 }, 'body'],
  ])('refuses %s (400, naming the field)', async (_case, body, field) => {
    const answer = await predict('recruiter', body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual(expect.any(String));
  });

  it('answers 404 ats_job_not_found for a job the caller does not have', async () => {
    expect(await predict('recruiter', { jobId: '999999' })).toMatchObject({ status: 404, body: { code: 'ats_job_not_found' } });
  });
});
