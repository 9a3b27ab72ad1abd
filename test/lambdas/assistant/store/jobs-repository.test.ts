import type { AssistantTableOptions } from '../../../../lambdas/assistant/store/assistant-items';
import { ASSISTANT_LIMITS } from '../../../../lambdas/shared/contracts/assistant';
import { createJobsRepository, JOB_MESSAGES, type JobsRepository } from '../../../../lambdas/assistant/store/jobs-repository';
import { startTables } from '../../shared/subscriptions/support';
import { job, storeJobs } from './store-fixtures';

let tables: Awaited<ReturnType<typeof startTables>>;
let table: AssistantTableOptions;
let jobs: JobsRepository;

beforeAll(async () => {
  tables = await startTables();
  table = { client: tables.client, tableName: tables.tableNames.assistant };
  jobs = createJobsRepository(table);
});
afterAll(() => tables.stop());

describe('JobsRepository', () => {
  it('lists a user’s jobs most recently updated first, and only theirs', async () => {
    await jobs.create('jobs-ana', job('older', { updatedAt: '2026-03-01T10:00:00.000Z' }));
    await jobs.create('jobs-ana', job('newer', { updatedAt: '2026-03-02T10:00:00.000Z' }));
    await jobs.create('jobs-ben', job('bens'));

    expect((await jobs.list('jobs-ana')).map((saved) => saved.id)).toEqual(['newer', 'older']);
    expect((await jobs.list('jobs-ben')).map((saved) => saved.id)).toEqual(['bens']);
    expect(await jobs.list('jobs-nobody')).toEqual([]);
  });

  it('gives back a job exactly as saved, without its table keys', async () => {
    const saved = job('exact', { niceToHaves: [] });
    await jobs.create('jobs-exact', saved);

    expect(await jobs.get('jobs-exact', 'exact')).toEqual(saved);
  });

  it('never shows one user’s job to another, even by its id', async () => {
    await jobs.create('jobs-owner', job('private-job'));

    expect(await jobs.get('jobs-intruder', 'private-job')).toBeUndefined();
  });

  it('replaces a job keeping when it was created; another user cannot replace it (404) and it stays as it was', async () => {
    await jobs.create('jobs-editor', job('edited'));

    const replaced = await jobs.replace(
      'jobs-editor',
      job('edited', { title: 'Lead Data Engineer', createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2026-03-05T10:00:00.000Z' }),
    );
    await expect(jobs.replace('jobs-intruder', job('edited', { title: 'Hijacked' }))).rejects.toMatchObject({
      name: 'NotFoundError',
      message: JOB_MESSAGES.notFound,
    });

    expect(replaced).toMatchObject({
      title: 'Lead Data Engineer',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-05T10:00:00.000Z',
    });
    expect(await jobs.get('jobs-editor', 'edited')).toEqual(replaced);
    expect(await jobs.get('jobs-intruder', 'edited')).toBeUndefined();
  });

  it(`refuses a user’s job number ${ASSISTANT_LIMITS.jobsMax + 1} with a clear conflict, and stores nothing`, async () => {
    const limit = ASSISTANT_LIMITS.jobsMax;
    await storeJobs(
      table,
      'jobs-full',
      Array.from({ length: limit - 1 }, (_, index) => job(`full-${index}`)),
    );
    // The last job within the limit is still created: the refusal starts exactly past it.
    await jobs.create('jobs-full', job(`full-${limit - 1}`));

    await expect(jobs.create('jobs-full', job('one-too-many'))).rejects.toMatchObject({
      name: 'ConflictError',
      code: 'too_many_jobs',
      message: JOB_MESSAGES.tooMany,
    });
    expect(await jobs.get('jobs-full', 'one-too-many')).toBeUndefined();
    expect(await jobs.list('jobs-full')).toHaveLength(ASSISTANT_LIMITS.jobsMax);
  });
});
