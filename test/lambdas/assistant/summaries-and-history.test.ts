import {
  ASSISTANT_LIMITS,
  assistantResultSchema,
  RESULTS_SEARCH_MAX_CHARS,
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
      [{ q: 'x'.repeat(RESULTS_SEARCH_MAX_CHARS + 1) }, 'q'],
      [{ before: 'result#1' }, 'before'],
      [{ limit: '0' }, 'limit'],
      [{ limit: String(ASSISTANT_LIMITS.historyMax + 1) }, 'limit'],
      [{ limit: '2.5' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
    ] as const) {
      const answer = await history(query);
      expect([answer.status, Object.keys(answer.body.fields ?? {})]).toEqual([400, [field]]);
    }
  });
});

describe('searching and paging the results, and deleting one', () => {
  const summarizeAs = async (as: string, candidateName: string, profile = BACKEND_CANDIDATES[0].profile) =>
    (await summarize({ candidateName, profile }, as)).body.result;
  const remove = (body: unknown, as = 'history-pages') =>
    call<{ deleted?: { resultId: string }; code?: string; fields?: Record<string, string> }>(handlers['POST /assistant/results/delete'], {
      resource: '/assistant/results/delete',
      body,
      as,
    });

  beforeAll(async () => {
    await assistant.subscriber('history-pages');
  });

  it('finds results by words of their label or text, whatever the case and accents, and pages through them newest first', async () => {
    const made = [];
    for (const name of ['Zoë Quartermain', 'Ada Quartermain', 'Bo Lindqvist', 'Cy Quartermain'])
      made.push(await summarizeAs('history-pages', name));
    const [zoe, ada, , cy] = made;

    const found = await history({ q: 'QUARTERMAIN', limit: '2' }, 'history-pages');
    expect(found.status).toBe(200);
    expect(found.body.results.map((result) => result.id)).toEqual([cy.id, ada.id]);
    expect(found.body.nextCursor).toBe(ada.id);
    const next = await history({ q: 'QUARTERMAIN', limit: '2', before: found.body.nextCursor! }, 'history-pages');
    expect(next.body).toEqual({ results: [zoe], nextCursor: null });
    // Accents and case do not matter; every word must be there.
    expect((await history({ q: 'zoe quartermain' }, 'history-pages')).body.results.map((result) => result.id)).toEqual([zoe.id]);
    expect((await history({ q: 'zoe lindqvist' }, 'history-pages')).body.results).toEqual([]);
    // The text counts, not only the label: every summary of this resume mentions its skills.
    expect((await history({ q: cy.output.skills[0] }, 'history-pages')).body.results).toHaveLength(4);
    // Another user's results are never searched.
    expect((await history({ q: 'quartermain' }, 'history-ana')).body.results).toEqual([]);
  });

  it('pages without a search: the whole history in pages that follow each other', async () => {
    const all = (await history(undefined, 'history-pages')).body;
    expect(all.nextCursor).toBeNull();
    const paged = [];
    let before: string | null | undefined;
    do {
      const page = await history({ limit: '3', ...(before ? { before } : {}) }, 'history-pages');
      expect(page.body.results.length).toBeLessThanOrEqual(3);
      paged.push(...page.body.results);
      before = page.body.nextCursor;
    } while (before);
    expect(paged.map((result) => result.id)).toEqual(all.results.map((result) => result.id));
  });

  it('deletes one of the caller’s results; another user’s id, a deleted one or an unknown one is not found (404)', async () => {
    const doomed = await summarizeAs('history-pages', 'Dee Leted');
    const othersResult = await summarizeAs('history-other', 'Not Yours');

    expect(await remove({ resultId: othersResult.id })).toMatchObject({ status: 404, body: { code: 'result_not_found' } });
    expect((await history({ q: 'not yours' }, 'history-other')).body.results.map((result) => result.id)).toEqual([othersResult.id]);

    expect(await remove({ resultId: doomed.id })).toMatchObject({ status: 200, body: { deleted: { resultId: doomed.id } } });
    expect((await history(undefined, 'history-pages')).body.results.map((result) => result.id)).not.toContain(doomed.id);
    expect(await remove({ resultId: doomed.id })).toMatchObject({ status: 404, body: { code: 'result_not_found' } });
  });

  it('refuses a missing or malformed result id, or anything else in the body (400 naming it)', async () => {
    for (const [body, field] of [
      [{}, 'resultId'],
      [{ resultId: 'result#x' }, 'resultId'],
      [{ resultId: 7 }, 'resultId'],
    ] as const) {
      const answer = await remove(body);
      expect([answer.status, Object.keys(answer.body.fields ?? {})]).toEqual([400, [field]]);
    }
    expect((await remove({ resultId: 'abc', userId: 'history-other' })).status).toBe(400);
  });
});
