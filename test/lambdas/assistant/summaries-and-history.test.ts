import {
  ASSISTANT_LIMITS,
  assistantResultSchema,
  type AssistantResult,
  type HistoryResponse,
  type Job,
} from '../../../lambdas/shared/contracts/assistant';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { BACKEND_CANDIDATES, BACKEND_JOB } from './support/assistant-fixtures';
import { assistantHandlers } from './support/assistant-handlers';
import { call, startAssistantServices, type AssistantServices } from './support/assistant-services';

/** Candidate summaries, and the history of a user's recent results. */

let assistant: AssistantServices;
let handlers: ReturnType<typeof assistantHandlers>;
let logs: CapturedLogs;
let job: Job;
let othersJob: Job;

beforeAll(async () => {
  assistant = await startAssistantServices();
  handlers = assistantHandlers(() => assistant.dependencies());
  await assistant.subscriber('history-ana');
  await assistant.subscriber('history-other');
  job = (await call<{ job: Job }>(handlers['POST /assistant/jobs'], { resource: '/assistant/jobs', body: BACKEND_JOB, as: 'history-ana' }))
    .body.job;
  othersJob = (
    await call<{ job: Job }>(handlers['POST /assistant/jobs'], { resource: '/assistant/jobs', body: BACKEND_JOB, as: 'history-other' })
  ).body.job;
});
afterAll(() => assistant.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const summarize = (body: unknown, as = 'history-ana') =>
  call<{ result: AssistantResult<'candidate-summary'>; code?: string; fields?: Record<string, string> }>(
    handlers['POST /assistant/candidate-summary'],
    { resource: '/assistant/candidate-summary', body, as },
  );
const history = (query: Record<string, string> | undefined, as = 'history-ana') =>
  call<HistoryResponse & { code?: string; fields?: Record<string, string> }>(handlers['GET /assistant/results'], {
    resource: '/assistant/results',
    query,
    as,
  });

describe('POST /assistant/candidate-summary', () => {
  it('summarizes a resume for the client without its contact details, against a saved job when given', async () => {
    const [priya] = BACKEND_CANDIDATES;

    const answer = await summarize({ jobId: job.id, profile: priya.profile });

    expect(answer.status).toBe(200);
    const result = assistantResultSchema('candidate-summary').parse(answer.body.result);
    expect(result).toMatchObject({ jobId: job.id, label: `Priya Raman · ${job.title}`, output: { candidateName: 'Priya Raman' } });
    expect(result.output.fit).not.toBeNull();
    for (const contact of ['priya.raman@', '555-0147']) expect(result.output.text).not.toContain(contact);
  });

  it('summarizes without a job, under the name given', async () => {
    const answer = await summarize({ candidateName: 'P. Raman', profile: BACKEND_CANDIDATES[0].profile });

    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ jobId: null, output: { candidateName: 'P. Raman', fit: null } });
  });

  it('refuses a missing or oversize profile (400), and answers 404 for another user’s job', async () => {
    expect((await summarize({ candidateName: 'Nobody' })).body.fields).toHaveProperty(['profile']);
    expect((await summarize({ profile: 'p'.repeat(ASSISTANT_LIMITS.documentMaxChars + 1) })).body.fields).toHaveProperty(['profile']);
    expect(await summarize({ jobId: othersJob.id, profile: BACKEND_CANDIDATES[0].profile })).toMatchObject({
      status: 404,
      body: { code: 'job_not_found' },
    });
  });
});

describe('GET /assistant/results', () => {
  it('lists the caller’s results newest first, by capability or by job, and never another user’s', async () => {
    await summarize({ profile: BACKEND_CANDIDATES[1].profile }, 'history-other');
    const screening = await call<{ result: AssistantResult }>(handlers['POST /assistant/screening-questions'], {
      resource: '/assistant/screening-questions',
      body: { jobId: job.id },
      as: 'history-ana',
    });

    const all = await history(undefined);
    const summaries = await history({ capability: 'candidate-summary' });
    const forJob = await history({ jobId: job.id });

    expect(all.status).toBe(200);
    expect(all.body.results[0]).toEqual(screening.body.result);
    expect(all.body.results.map((result) => result.createdAt)).toEqual(
      [...all.body.results.map((result) => result.createdAt)].sort().reverse(),
    );
    expect(summaries.body.results.map((result) => result.capability)).toEqual(['candidate-summary', 'candidate-summary']);
    expect(forJob.body.results.map((result) => result.capability)).toEqual(['screening-questions', 'candidate-summary']);
    const others = (await history(undefined, 'history-other')).body.results;
    expect(others).toHaveLength(1);
    expect(all.body.results.map((result) => result.id)).not.toContain(others[0].id);
  });

  it('refuses an unknown capability, a malformed job id or an unknown parameter (400 naming it)', async () => {
    for (const [query, field] of [
      [{ capability: 'predict-placement' }, 'capability'],
      [{ jobId: 'a#b' }, 'jobId'],
      [{ userId: 'history-other' }, 'body'],
    ] as const) {
      const answer = await history(query);
      expect([answer.status, Object.keys(answer.body.fields ?? {})]).toEqual([400, [field]]);
    }
  });
});
