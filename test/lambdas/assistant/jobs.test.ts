import { JOB_MESSAGES } from '../../../lambdas/assistant/store/jobs-repository';
import { ASSISTANT_LIMITS, JobSchema, JobViewSchema, type JobView } from '../../../lambdas/shared/contracts/assistant';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { BACKEND_JOB } from './support/assistant-fixtures';
import { storeJobs } from './store/store-fixtures';
import { assistantHandlers } from './support/assistant-handlers';
import { call, startAssistantServices, type AssistantServices } from './support/assistant-services';

/** `POST /assistant/jobs` and `GET /assistant/jobs`: a recruiter's saved jobs and their must-haves. */

let assistant: AssistantServices;
let handlers: ReturnType<typeof assistantHandlers>;
let logs: CapturedLogs;

beforeAll(async () => {
  assistant = await startAssistantServices();
  handlers = assistantHandlers(() => assistant.dependencies());
  for (const id of ['jobs-ana', 'jobs-ben', 'jobs-validation', 'jobs-full', 'jobs-same', 'jobs-tidy', 'jobs-gone'])
    await assistant.subscriber(id);
});
afterAll(() => assistant.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const save = (body: unknown, as: string) =>
  call<{ job: JobView; message?: string; code?: string; fields?: Record<string, string> }>(handlers['POST /assistant/jobs'], {
    resource: '/assistant/jobs',
    body,
    as,
  });
const update = (id: string, body: unknown, as: string) =>
  call<{ job: JobView; code?: string; fields?: Record<string, string> }>(handlers['PATCH /assistant/jobs/{id}'], {
    method: 'PATCH',
    resource: '/assistant/jobs/{id}',
    pathParameters: { id },
    body,
    as,
  });
const remove = (id: string, as: string) =>
  call<{ deleted?: string; code?: string; fields?: Record<string, string> }>(handlers['DELETE /assistant/jobs/{id}'], {
    method: 'DELETE',
    resource: '/assistant/jobs/{id}',
    pathParameters: { id },
    as,
  });
const list = (as: string) => call<{ jobs: JobView[] }>(handlers['GET /assistant/jobs'], { resource: '/assistant/jobs', as });

describe('saving and listing jobs', () => {
  it('saves a new job (201) with trimmed fields, each requirement kept once with its kind, and lists it', async () => {
    const answer = await save(
      { ...BACKEND_JOB, title: '  Senior Backend Engineer ', mustHaves: [...BACKEND_JOB.mustHaves, ' kubernetes '] },
      'jobs-ana',
    );

    expect(answer.status).toBe(201);
    const job = JobViewSchema.parse(answer.body.job);
    expect(job).toMatchObject({
      mayChange: true,
      title: 'Senior Backend Engineer',
      location: 'Seattle, WA',
      companyInfo: BACKEND_JOB.companyInfo,
    });
    expect(job.mustHaves.map((requirement) => requirement.text)).toEqual(BACKEND_JOB.mustHaves);
    expect(job.mustHaves.find((requirement) => requirement.text === '5+ years of backend development')?.kind).toBe('experience');
    expect(job.mustHaves.find((requirement) => requirement.text === 'Kubernetes')?.kind).toBe('skill');
    expect(job.createdAt).toBe(job.updatedAt);
    expect((await list('jobs-ana')).body.jobs).toEqual([job]);
  });

  it('replaces the caller’s own job by id (200), keeping its id and creation time, and lists it first', async () => {
    const first = (await save(BACKEND_JOB, 'jobs-ben')).body.job;
    const second = (await save({ ...BACKEND_JOB, title: 'Staff Engineer' }, 'jobs-ben')).body.job;

    const replaced = await save(
      { ...BACKEND_JOB, id: first.id, title: 'Principal Engineer', mustHaves: ['Go'], niceToHaves: [] },
      'jobs-ben',
    );

    expect(replaced.status).toBe(200);
    expect(replaced.body.job).toMatchObject({
      id: first.id,
      title: 'Principal Engineer',
      createdAt: first.createdAt,
      mustHaves: [{ text: 'Go', kind: 'skill' }],
      niceToHaves: [],
    });
    expect((await list('jobs-ben')).body.jobs.map((job) => job.id)).toEqual([first.id, second.id]);
  });

  it('answers 404 when replacing another user’s job, and that job stays exactly as it was', async () => {
    const victim = (await save(BACKEND_JOB, 'jobs-ana')).body.job;
    const before = await assistant.itemsOf('jobs-ana');

    const answer = await save({ ...BACKEND_JOB, id: victim.id, title: 'Hijacked' }, 'jobs-ben');

    expect(answer).toMatchObject({ status: 404, body: { code: 'job_not_found', message: JOB_MESSAGES.notFound } });
    expect(await assistant.itemsOf('jobs-ana')).toEqual(before);
    expect((await list('jobs-ben')).body.jobs.map((job) => job.id)).not.toContain(victim.id);
  });

  it.each([
    ['a missing title', { ...BACKEND_JOB, title: undefined }, 'title', 'Job title must be text.'],
    ['a blank title', { ...BACKEND_JOB, title: '   ' }, 'title', 'Please give the job title.'],
    ['a blank description', { ...BACKEND_JOB, description: '' }, 'description', 'Please give the job description.'],
    [
      'a description over the limit',
      { ...BACKEND_JOB, description: 'x'.repeat(ASSISTANT_LIMITS.documentMaxChars + 1) },
      'description',
      'Job description has at most 20,000 characters.',
    ],
    [
      'company information over the limit',
      { ...BACKEND_JOB, companyInfo: 'x'.repeat(ASSISTANT_LIMITS.companyInfoMaxChars + 1) },
      'companyInfo',
      'Company information has at most 5,000 characters.',
    ],
    [
      'too many must-haves',
      { ...BACKEND_JOB, mustHaves: Array.from({ length: 26 }, (_, index) => `Skill ${index}`) },
      'mustHaves',
      'Give at most 25 must-haves items.',
    ],
    [
      'a must-have over the limit',
      { ...BACKEND_JOB, mustHaves: ['x'.repeat(161)] },
      'mustHaves.0',
      'Must-haves has at most 160 characters.',
    ],
    ['must-haves that are not a list', { ...BACKEND_JOB, mustHaves: 'Python' }, 'mustHaves', 'Must-haves must be a list.'],
    ['an id that is not ours', { ...BACKEND_JOB, id: '../other#job' }, 'id', 'The id is not valid.'],
    ['an unknown field', { ...BACKEND_JOB, ownerId: 'someone-else' }, 'body', expect.any(String)],
  ])('refuses %s (400, naming the field) and stores nothing', async (_case, body, field, message) => {
    const answer = await save(body, 'jobs-validation');

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await assistant.itemsOf('jobs-validation')).toEqual([]);
  });

  it('refuses a body that is not JSON (400)', async () => {
    expect(await save('{"title": ', 'jobs-validation')).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
  });

  it(`refuses a job beyond the ${ASSISTANT_LIMITS.jobsMax} one account keeps (409) with a clear message`, async () => {
    await storeJobs(
      { client: assistant.services.client, tableName: assistant.services.tableNames.assistant },
      'jobs-full',
      Array.from({ length: ASSISTANT_LIMITS.jobsMax }, (_, index) =>
        JobSchema.parse({
          ...BACKEND_JOB,
          id: `full-${index}`,
          companyInfo: '',
          location: '',
          mustHaves: [],
          niceToHaves: [],
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        }),
      ),
    );

    const answer = await save({ ...BACKEND_JOB, title: 'One job too many' }, 'jobs-full');

    expect(answer).toMatchObject({ status: 409, body: { code: 'too_many_jobs', message: JOB_MESSAGES.tooMany } });
    expect((await list('jobs-full')).body.jobs).toHaveLength(ASSISTANT_LIMITS.jobsMax);
  });
});

describe('saving the same job again', () => {
  it('updates the job that reads the same (title and description, case and spacing ignored) instead of adding a copy', async () => {
    const first = await save(BACKEND_JOB, 'jobs-same');
    const again = await save(
      {
        ...BACKEND_JOB,
        title: `  ${BACKEND_JOB.title.toUpperCase()} `,
        description: BACKEND_JOB.description.replace(/ /g, '  '),
        mustHaves: ['Go'],
        niceToHaves: [],
      },
      'jobs-same',
    );

    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.job).toMatchObject({ id: first.body.job.id, mustHaves: [{ text: 'Go', kind: 'skill' }] });
    expect((await list('jobs-same')).body.jobs.map((job) => job.id)).toEqual([first.body.job.id]);
  });

  it('keeps the confirmed requirements when the new save gives none (a draft saved from another screen), and restores an archived job', async () => {
    const job = (await save({ ...BACKEND_JOB, title: 'Kept requirements' }, 'jobs-same')).body.job;
    await update(job.id, { archived: true }, 'jobs-same');

    const again = await save({ ...BACKEND_JOB, title: 'Kept requirements', mustHaves: [], niceToHaves: [], companyInfo: '' }, 'jobs-same');

    expect(again.status).toBe(200);
    expect(again.body.job).toMatchObject({ id: job.id, mustHaves: job.mustHaves, companyInfo: BACKEND_JOB.companyInfo, archived: false });
  });

  it('adds a new job when the description differs, and never matches another user’s job', async () => {
    const mine = (await save({ ...BACKEND_JOB, title: 'Distinct' }, 'jobs-same')).body.job;
    const changed = await save(
      { ...BACKEND_JOB, title: 'Distinct', description: `${BACKEND_JOB.description} Remote friendly.` },
      'jobs-same',
    );
    const theirs = await save({ ...BACKEND_JOB, title: 'Distinct' }, 'jobs-ben');

    expect([changed.status, theirs.status]).toEqual([201, 201]);
    expect(new Set([mine.id, changed.body.job.id, theirs.body.job.id]).size).toBe(3);
  });
});

describe('renaming, archiving and deleting a job', () => {
  it('renames a job (trimmed), archives and restores it, keeping everything else', async () => {
    const job = (await save({ ...BACKEND_JOB, title: 'Before rename' }, 'jobs-tidy')).body.job;

    const renamed = await update(job.id, { title: '  After rename ' }, 'jobs-tidy');
    const archived = await update(job.id, { archived: true }, 'jobs-tidy');
    const listed = (await list('jobs-tidy')).body.jobs.find((other) => other.id === job.id);
    const restored = await update(job.id, { archived: false }, 'jobs-tidy');

    expect(renamed).toMatchObject({ status: 200, body: { job: { id: job.id, title: 'After rename', mustHaves: job.mustHaves } } });
    expect(archived.body.job).toMatchObject({ title: 'After rename', archived: true, description: job.description });
    expect(listed?.archived).toBe(true);
    expect(restored.body.job.archived).toBe(false);
    expect(JobSchema.parse(restored.body.job).createdAt).toBe(job.createdAt);
  });

  it('keeps an archived job archived when it is saved by id', async () => {
    const job = (await save({ ...BACKEND_JOB, title: 'Archived then saved' }, 'jobs-tidy')).body.job;
    await update(job.id, { archived: true }, 'jobs-tidy');

    const saved = await save({ ...BACKEND_JOB, id: job.id, title: 'Archived then saved', mustHaves: ['Go'] }, 'jobs-tidy');

    expect(saved.body.job).toMatchObject({ id: job.id, archived: true, mustHaves: [{ text: 'Go', kind: 'skill' }] });
  });

  it('deletes a job: it is no longer listed, and deleting it again is 404', async () => {
    const job = (await save({ ...BACKEND_JOB, title: 'To delete' }, 'jobs-gone')).body.job;

    expect(await remove(job.id, 'jobs-gone')).toMatchObject({ status: 200, body: { deleted: job.id } });
    expect((await list('jobs-gone')).body.jobs.map((other) => other.id)).not.toContain(job.id);
    expect(await remove(job.id, 'jobs-gone')).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
  });

  it('answers 404 for another user’s job on rename, archive and delete, and that job stays exactly as it was', async () => {
    const victim = (await save({ ...BACKEND_JOB, title: 'Not yours' }, 'jobs-ana')).body.job;
    const before = await assistant.itemsOf('jobs-ana');

    expect(await update(victim.id, { title: 'Hijacked' }, 'jobs-gone')).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
    expect(await update(victim.id, { archived: true }, 'jobs-gone')).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
    expect(await remove(victim.id, 'jobs-gone')).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
    expect(await assistant.itemsOf('jobs-ana')).toEqual(before);
  });

  it.each([
    ['an empty change', 'some-job', {}, 'body', 'Give a new title or whether the job is archived.'],
    ['a blank title', 'some-job', { title: '  ' }, 'title', 'Please give the job title.'],
    ['an archived flag that is not a boolean', 'some-job', { archived: 'yes' }, 'archived', 'Archived must be true or false.'],
    ['an unknown field', 'some-job', { description: 'Replaced' }, 'body', expect.any(String)],
    ['an id that is not ours', '../other#job', { archived: true }, 'id', 'The id is not valid.'],
  ])('refuses a change with %s (400, naming the field)', async (_case, id, body, field, message) => {
    const answer = await update(id, body, 'jobs-validation');

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fields: { [field]: message } });
  });

  it('refuses to delete an id that is not ours (400)', async () => {
    expect(await remove('a#b', 'jobs-validation')).toMatchObject({ status: 400, body: { fields: { id: 'The id is not valid.' } } });
  });
});
