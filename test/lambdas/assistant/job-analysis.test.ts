import { DESCRIPTION_REQUIRED_MESSAGE } from '../../../lambdas/assistant/assistant-jobs';
import { JOB_MESSAGES } from '../../../lambdas/assistant/store/jobs-repository';
import { ASSISTANT_LIMITS, assistantResultSchema, type AssistantResult, type Job } from '../../../lambdas/shared/contracts/assistant';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { BACKEND_JOB } from './support/assistant-fixtures';
import { assistantHandlers } from './support/assistant-handlers';
import { call, startAssistantServices, type AssistantServices } from './support/assistant-services';

/**
 * The capabilities that read a job: must-haves proposed from a description, sourcing search
 * strings and the external job description, from a saved job or a description given inline.
 */

let assistant: AssistantServices;
let handlers: ReturnType<typeof assistantHandlers>;
let logs: CapturedLogs;
let ownJob: Job;
let othersJob: Job;

beforeAll(async () => {
  assistant = await startAssistantServices();
  handlers = assistantHandlers(() => assistant.dependencies());
  await assistant.subscriber('analysis-ana');
  await assistant.subscriber('analysis-other');
  ownJob = (
    await call<{ job: Job }>(handlers['POST /assistant/jobs'], { resource: '/assistant/jobs', body: BACKEND_JOB, as: 'analysis-ana' })
  ).body.job;
  othersJob = (
    await call<{ job: Job }>(handlers['POST /assistant/jobs'], {
      resource: '/assistant/jobs',
      body: { ...BACKEND_JOB, title: 'Other recruiter’s job' },
      as: 'analysis-other',
    })
  ).body.job;
});
afterAll(() => assistant.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

type Route = 'POST /assistant/must-haves' | 'POST /assistant/sourcing-terms' | 'POST /assistant/job-description';
const ask = <C extends AssistantResult['capability']>(route: Route, body: unknown, as = 'analysis-ana') =>
  call<{ result: AssistantResult<C>; code?: string; message?: string; fields?: Record<string, string> }>(handlers[route], {
    resource: route.split(' ')[1],
    body,
    as,
  });

/** The answer is the stored result: the history's newest entry for the caller. */
async function expectStored(result: AssistantResult, as = 'analysis-ana') {
  const [newest] = await assistant.dependencies().results.list(as);
  expect(newest).toEqual(result);
}

describe('POST /assistant/must-haves', () => {
  it('proposes must-haves and nice-to-haves from a description, says which engine answered, and keeps the result in the history', async () => {
    const answer = await ask<'must-haves'>('POST /assistant/must-haves', {
      title: BACKEND_JOB.title,
      description: BACKEND_JOB.description,
    });

    expect(answer.status).toBe(200);
    const result = assistantResultSchema('must-haves').parse(answer.body.result);
    expect(result).toMatchObject({
      capability: 'must-haves',
      jobId: null,
      label: 'Senior Backend Engineer',
      engine: { kind: 'deterministic', model: null, note: null },
    });
    expect(result.output.mustHaves.length).toBeGreaterThan(0);
    await expectStored(answer.body.result);
  });

  it.each([
    ['no description', {}, 'description'],
    ['a blank description', { description: '  ' }, 'description'],
    ['an oversize description', { description: 'x'.repeat(ASSISTANT_LIMITS.documentMaxChars + 1) }, 'description'],
    ['an oversize title', { title: 't'.repeat(ASSISTANT_LIMITS.titleMaxChars + 1), description: 'Build APIs.' }, 'title'],
  ])('refuses %s (400 naming the field), storing nothing', async (_case, body, field) => {
    const before = await assistant.itemsOf('analysis-ana');

    const answer = await ask('POST /assistant/must-haves', body);

    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields ?? {})).toEqual([field]);
    expect(await assistant.itemsOf('analysis-ana')).toEqual(before);
  });
});

describe('POST /assistant/sourcing-terms', () => {
  it('builds search strings from a saved job: its first must-haves in every string, the others named in a note', async () => {
    const answer = await ask<'sourcing-terms'>('POST /assistant/sourcing-terms', { jobId: ownJob.id, exclusions: ['recruiter'] });

    expect(answer.status).toBe(200);
    const result = assistantResultSchema('sourcing-terms').parse(answer.body.result);
    expect(result).toMatchObject({ jobId: ownJob.id, label: ownJob.title });
    expect(result.output.searches.map((search) => search.target).sort()).toEqual([
      'google-xray',
      'job-board',
      'linkedin-recruiter',
      'linkedin-recruiter-title',
    ]);
    expect(result.output.exclusions).toContain('recruiter');
    // The job-titles string holds titles only; every keyword string names the first must-have, and
    // a must-have beyond the four AND-ed concepts (Kubernetes here) is named in a note instead.
    const first = result.output.mustHaveGroups[0].terms[0].toLowerCase();
    for (const search of result.output.searches.filter((s) => s.target !== 'linkedin-recruiter-title'))
      expect(search.query.toLowerCase()).toContain(first);
    expect(result.output.notes.find((n) => n.startsWith('The strings AND at most 4 concepts'))).toContain('Kubernetes');
    await expectStored(answer.body.result);
  });

  it('works from a description given inline, with no saved job', async () => {
    const answer = await ask<'sourcing-terms'>('POST /assistant/sourcing-terms', {
      title: 'ICU Nurse',
      description: 'ICU registered nurse. Requires BLS and ACLS certification and 2+ years of ICU experience.',
      location: 'Denver, CO',
    });

    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ jobId: null, label: 'ICU Nurse' });
  });

  it('refuses a request with neither a saved job nor a description (400)', async () => {
    const answer = await ask('POST /assistant/sourcing-terms', { title: 'Nurse' });

    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'description_required', fields: { description: DESCRIPTION_REQUIRED_MESSAGE } },
    });
  });

  it('answers 404 for another user’s job (and for an unknown one), storing nothing and leaving their data as it was', async () => {
    const theirs = await assistant.itemsOf('analysis-other');
    const mine = await assistant.itemsOf('analysis-ana');

    for (const jobId of [othersJob.id, 'no-such-job']) {
      expect(await ask('POST /assistant/sourcing-terms', { jobId })).toMatchObject({
        status: 404,
        body: { code: 'job_not_found', message: JOB_MESSAGES.notFound },
      });
    }
    expect(await assistant.itemsOf('analysis-other')).toEqual(theirs);
    expect(await assistant.itemsOf('analysis-ana')).toEqual(mine);
  });

  it.each([
    ['too many exclusions', { jobId: 'x', exclusions: Array.from({ length: 26 }, (_, index) => `word${index}`) }, 'exclusions'],
    ['an oversize location', { description: 'Build APIs.', location: 'l'.repeat(121) }, 'location'],
    ['a job id with a key separator', { jobId: 'job#1' }, 'jobId'],
  ])('refuses %s (400 naming the field)', async (_case, body, field) => {
    const answer = await ask('POST /assistant/sourcing-terms', body);

    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty([field]);
  });
});

describe('POST /assistant/job-description', () => {
  it('writes a publishable description of a saved job without the client’s name, rates or contacts, and says what it removed', async () => {
    const answer = await ask<'job-description'>('POST /assistant/job-description', {
      jobId: ownJob.id,
      clientNames: ['Northwind Payments'],
    });

    expect(answer.status).toBe(200);
    const result = assistantResultSchema('job-description').parse(answer.body.result);
    expect(result.jobId).toBe(ownJob.id);
    for (const sensitive of ['Northwind', '$95', '28%', 'dana.li@', '206-555-0100']) expect(result.output.text).not.toContain(sensitive);
    expect(result.output.removed.length).toBeGreaterThan(0);
    await expectStored(answer.body.result);
  });

  it('refuses a request with neither a saved job nor a description (400), and too many client names (400)', async () => {
    expect(await ask('POST /assistant/job-description', { clientNames: ['Acme'] })).toMatchObject({
      status: 400,
      body: { code: 'description_required' },
    });
    const tooMany = await ask('POST /assistant/job-description', {
      description: 'Build APIs.',
      clientNames: Array.from({ length: 11 }, (_, index) => `Client ${index}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toHaveProperty(['clientNames']);
  });

  it('answers 404 for another user’s job', async () => {
    expect(await ask('POST /assistant/job-description', { jobId: othersJob.id })).toMatchObject({
      status: 404,
      body: { code: 'job_not_found' },
    });
  });
});
