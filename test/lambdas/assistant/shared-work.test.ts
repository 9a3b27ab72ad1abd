import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createJobsRepository } from '../../../lambdas/assistant/store/jobs-repository';
import type { AssistantResult, HistoryResponse, Job, JobView } from '../../../lambdas/shared/contracts/assistant';
import { newOrganization } from '../../../lambdas/shared/domain/organization-rules';
import { firmSeed, type FirmSeed } from '../../security/support/firm-seed';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { BACKEND_CANDIDATES, BACKEND_JOB } from './support/assistant-fixtures';
import { assistantHandlers } from './support/assistant-handlers';
import { call, startAssistantServices, type AssistantServices } from './support/assistant-services';

/**
 * Shared work (issue 18): a firm's jobs are everyone's in it, a member's results are theirs unless
 * shared, owners and admins keep the work of removed members, and nothing of one firm reaches
 * another. Two firms on dynalite, members joined through the organization rules (firm-seed.ts).
 */

let assistant: AssistantServices;
let handlers: ReturnType<typeof assistantHandlers>;
let seed: FirmSeed;
let logs: CapturedLogs;

/** Firm A: its owner, an admin, two recruiters (one later removed). Firm B: its owner. */
const A_OWNER = 'shared-a-owner';
const A_ADMIN = 'shared-a-admin';
const A_RECRUITER = 'shared-a-recruiter';
const A_LEAVER = 'shared-a-leaver';
const B_OWNER = 'shared-b-owner';

const person = (sub: string) => ({ sub, email: `${sub}@example.com` });

async function found(ownerId: string) {
  await assistant.services.organizations.createOrganization(
    newOrganization({ id: ownerId, name: `Firm of ${ownerId}`, seats: 1, ownerId, now: new Date() }),
  );
}

/** A job the firm A owner saved before firms existed: written by the repository under their own id. */
let legacyJob: Job;

beforeAll(async () => {
  assistant = await startAssistantServices();
  handlers = assistantHandlers(() => assistant.dependencies());
  seed = firmSeed(assistant.services.client, assistant.services.tableNames.organizations);
  await assistant.subscriber(A_OWNER);
  await assistant.subscriber(B_OWNER);
  await assistant.member(A_ADMIN, { firstName: 'Ada', lastName: 'Admin' });
  await assistant.member(A_RECRUITER, { firstName: 'Rui', lastName: 'Costa' });
  await assistant.member(A_LEAVER, { firstName: 'Lea', lastName: 'Moss' });
  const now = new Date().toISOString();
  legacyJob = await createJobsRepository({ client: assistant.services.client, tableName: assistant.services.tableNames.assistant }).create(
    A_OWNER,
    {
      id: 'legacy-job',
      title: 'Payroll Specialist',
      companyInfo: '',
      description: 'Payroll.',
      location: '',
      mustHaves: [],
      niceToHaves: [],
      createdAt: now,
      updatedAt: now,
    },
  );
  await found(A_OWNER);
  await found(B_OWNER);
  await seed.join(A_OWNER, person(A_ADMIN), 'admin');
  await seed.join(A_OWNER, person(A_RECRUITER), 'recruiter');
  await seed.join(A_OWNER, person(A_LEAVER), 'recruiter');
});
afterAll(() => assistant.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

type JobAnswer = { job: JobView; code?: string };
const saveJob = (body: unknown, as: string) => call<JobAnswer>(handlers['POST /assistant/jobs'], { resource: '/assistant/jobs', body, as });
const listJobs = (as: string) => call<{ jobs: JobView[] }>(handlers['GET /assistant/jobs'], { resource: '/assistant/jobs', as });
const renameJob = (id: string, title: string, as: string) =>
  call<JobAnswer>(handlers['PATCH /assistant/jobs/{id}'], {
    method: 'PATCH',
    resource: '/assistant/jobs/{id}',
    pathParameters: { id },
    body: { title },
    as,
  });
const deleteJob = (id: string, as: string) =>
  call<{ deleted?: string; code?: string }>(handlers['DELETE /assistant/jobs/{id}'], {
    method: 'DELETE',
    resource: '/assistant/jobs/{id}',
    pathParameters: { id },
    as,
  });
const screening = (jobId: string, as: string) =>
  call<{ result: AssistantResult; code?: string }>(handlers['POST /assistant/screening-questions'], {
    resource: '/assistant/screening-questions',
    body: { jobId },
    as,
  });
const share = (resultId: string, shared: unknown, as: string) =>
  call<{ result: AssistantResult; code?: string; fields?: Record<string, string> }>(handlers['POST /assistant/results/share'], {
    resource: '/assistant/results/share',
    body: { resultId, shared },
    as,
  });
const results = (as: string, query: Record<string, string> = {}) =>
  call<HistoryResponse>(handlers['GET /assistant/results'], { resource: '/assistant/results', query, as });
const firmView = (as: string) => results(as, { scope: 'firm' });
const idsOf = (answer: { body: HistoryResponse }) => answer.body.results.map((result) => result.id);

describe("the firm's jobs", () => {
  it("keeps listing the jobs an owner saved before firms existed: their user id is their firm's", async () => {
    expect((await listJobs(A_OWNER)).body.jobs.map((job) => job.id)).toContain(legacyJob.id);
    expect((await listJobs(A_RECRUITER)).body.jobs.map((job) => job.id)).toContain(legacyJob.id);
  });

  it('shows a job a recruiter saves to everyone in the firm, with who saved it, and to nobody in another firm', async () => {
    const saved = await saveJob({ ...BACKEND_JOB, title: 'Data Engineer (shared)' }, A_RECRUITER);
    expect(saved.status).toBe(201);
    expect(saved.body.job.createdBy).toEqual({ userId: A_RECRUITER, name: 'Rui Costa' });

    for (const member of [A_OWNER, A_ADMIN, A_LEAVER]) {
      const listed = (await listJobs(member)).body.jobs.find((job) => job.id === saved.body.job.id);
      expect(listed?.createdBy).toEqual({ userId: A_RECRUITER, name: 'Rui Costa' });
    }
    expect((await listJobs(B_OWNER)).body.jobs.map((job) => job.id)).not.toContain(saved.body.job.id);
    expect(await screening(saved.body.job.id, B_OWNER)).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
  });

  it("lets every member use a teammate's job, but only its creator, admins and the owner change or delete it", async () => {
    const { job } = (await saveJob({ ...BACKEND_JOB, title: 'Platform Engineer (owner)' }, A_OWNER)).body;

    expect((await screening(job.id, A_RECRUITER)).status).toBe(200);
    expect(await renameJob(job.id, 'Renamed by a recruiter', A_RECRUITER)).toMatchObject({
      status: 403,
      body: { code: 'job_change_forbidden' },
    });
    expect(await saveJob({ ...BACKEND_JOB, id: job.id, title: 'Replaced' }, A_RECRUITER)).toMatchObject({ status: 403 });
    expect(await deleteJob(job.id, A_RECRUITER)).toMatchObject({ status: 403 });
    // The old job, saved before firms existed, is its founder's.
    expect(await deleteJob(legacyJob.id, A_RECRUITER)).toMatchObject({ status: 403 });

    const renamed = await renameJob(job.id, 'Platform Engineer (admin)', A_ADMIN);
    expect(renamed).toMatchObject({ status: 200, body: { job: { title: 'Platform Engineer (admin)' } } });
    // Changing a job keeps who created it.
    expect(renamed.body.job.createdBy?.userId).toBe(A_OWNER);

    const own = (await saveJob({ ...BACKEND_JOB, title: 'Own job of a recruiter' }, A_RECRUITER)).body.job;
    // Each member's list says which jobs they may change, by the same rule the refusals follow.
    const mayChange = async (member: string) =>
      Object.fromEntries(
        (await listJobs(member)).body.jobs
          .filter((listed) => [job.id, own.id, legacyJob.id].includes(listed.id))
          .map((listed) => [listed.id, listed.mayChange]),
      );
    expect(await mayChange(A_RECRUITER)).toEqual({ [job.id]: false, [own.id]: true, [legacyJob.id]: false });
    expect(await mayChange(A_ADMIN)).toEqual({ [job.id]: true, [own.id]: true, [legacyJob.id]: true });
    expect(await mayChange(A_OWNER)).toEqual({ [job.id]: true, [own.id]: true, [legacyJob.id]: true });
    expect(await renameJob(own.id, 'Own job, renamed', A_RECRUITER)).toMatchObject({ status: 200, body: { job: { mayChange: true } } });
    expect(await deleteJob(own.id, A_ADMIN)).toMatchObject({ status: 200, body: { deleted: own.id } });
    expect(await deleteJob(job.id, B_OWNER)).toMatchObject({ status: 404 });
  });
});

describe("results: private unless shared, the removed members' work kept", () => {
  let jobId: string;
  beforeAll(async () => {
    jobId = (await saveJob({ ...BACKEND_JOB, title: 'Backend Engineer (results)' }, A_OWNER)).body.job.id;
  });

  it('keeps a result private until its author shares it; the firm then sees it with its author, until it is unshared', async () => {
    const made = (await screening(jobId, A_RECRUITER)).body.result;
    expect(idsOf(await firmView(A_ADMIN))).not.toContain(made.id);
    expect(idsOf(await results(A_ADMIN))).not.toContain(made.id);

    const shared = await share(made.id, true, A_RECRUITER);
    expect(shared.status).toBe(200);
    expect(shared.body.result.sharedAt).toEqual(expect.any(String));
    const mine = (await results(A_RECRUITER)).body.results.find((result) => result.id === made.id);
    expect(mine?.sharedAt).toBe(shared.body.result.sharedAt);

    for (const member of [A_OWNER, A_ADMIN, A_LEAVER]) {
      const seen = (await firmView(member)).body.results.find((result) => result.id === made.id);
      expect(seen).toMatchObject({ id: made.id, label: made.label, author: { userId: A_RECRUITER, name: 'Rui Costa', shared: true } });
    }
    // The firm's view keeps the history's filters.
    expect(idsOf(await results(A_ADMIN, { scope: 'firm', jobId }))).toContain(made.id);
    expect(idsOf(await results(A_ADMIN, { scope: 'firm', capability: 'best-fit' }))).not.toContain(made.id);
    expect(idsOf(await firmView(B_OWNER))).not.toContain(made.id);

    expect((await share(made.id, false, A_RECRUITER)).body.result.sharedAt).toBeUndefined();
    expect(idsOf(await firmView(A_ADMIN))).not.toContain(made.id);
  });

  it("refuses to share anyone else's result (404) and a request that is not a yes or no (400)", async () => {
    const made = (await screening(jobId, A_RECRUITER)).body.result;
    expect(await share(made.id, true, A_ADMIN)).toMatchObject({ status: 404, body: { code: 'result_not_found' } });
    expect(await share(made.id, true, B_OWNER)).toMatchObject({ status: 404, body: { code: 'result_not_found' } });
    expect(await share(made.id, 'yes', A_RECRUITER)).toMatchObject({ status: 400, body: { fields: { shared: expect.any(String) } } });
    expect(await share('not#an-id', true, A_RECRUITER)).toMatchObject({ status: 400 });
  });

  it('takes a shared result out of the firm view when its author deletes it', async () => {
    const made = (await screening(jobId, A_RECRUITER)).body.result;
    await share(made.id, true, A_RECRUITER);
    const deleted = await call(handlers['POST /assistant/results/delete'], {
      resource: '/assistant/results/delete',
      body: { resultId: made.id },
      as: A_RECRUITER,
    });
    expect(deleted.status).toBe(200);
    expect(idsOf(await firmView(A_OWNER))).not.toContain(made.id);
  });

  it("shows owners and admins (not recruiters) a removed member's work for the firm, and never their work for another firm", async () => {
    const privateWork = (await screening(jobId, A_LEAVER)).body.result;
    const sharedWork = (await screening(jobId, A_LEAVER)).body.result;
    await share(sharedWork.id, true, A_LEAVER);
    await seed.remove(A_OWNER, person(A_LEAVER));

    for (const manager of [A_OWNER, A_ADMIN]) {
      const view = (await firmView(manager)).body.results;
      expect(view.find((result) => result.id === privateWork.id)?.author).toEqual({
        userId: A_LEAVER,
        name: 'Lea Moss',
        shared: false,
        removed: true,
      });
      // Shared before the removal: listed once, as shared, and marked removed.
      expect(view.filter((result) => result.id === sharedWork.id).map((result) => result.author)).toEqual([
        { userId: A_LEAVER, name: 'Lea Moss', shared: true, removed: true },
      ]);
    }
    const recruiterView = idsOf(await firmView(A_RECRUITER));
    expect(recruiterView).not.toContain(privateWork.id);
    expect(recruiterView).toContain(sharedWork.id);

    // The removed member works for firm B now: that work is B's, never shown to A.
    await seed.join(B_OWNER, person(A_LEAVER), 'recruiter');
    const bJob = (await saveJob({ ...BACKEND_JOB, title: 'Firm B job' }, B_OWNER)).body.job;
    const forB = (await screening(bJob.id, A_LEAVER)).body.result;
    expect(forB.id).toEqual(expect.any(String));
    expect(idsOf(await firmView(A_OWNER))).not.toContain(forB.id);
    expect(idsOf(await firmView(B_OWNER))).not.toContain(privateWork.id);
    // And firm A's jobs are out of their reach.
    expect(await screening(jobId, A_LEAVER)).toMatchObject({ status: 404 });
  });
});

describe("the firm's activity log", () => {
  it('records jobs saved and deleted and results generated and shared, with ids and the job title, never candidate text', async () => {
    const { job } = (await saveJob({ ...BACKEND_JOB, title: 'Activity Engineer' }, A_RECRUITER)).body;
    const summary = await call<{ result: AssistantResult }>(handlers['POST /assistant/candidate-summary'], {
      resource: '/assistant/candidate-summary',
      body: { jobId: job.id, profile: BACKEND_CANDIDATES[0].profile },
      as: A_RECRUITER,
    });
    expect(summary.status).toBe(200);
    await share(summary.body.result.id, true, A_RECRUITER);
    await deleteJob(job.id, A_RECRUITER);

    const { Items = [] } = await assistant.services.client.send(new ScanCommand({ TableName: assistant.services.tableNames.activity }));
    const mine = Items.filter((item) => item.actorId === A_RECRUITER && item.organizationId === A_OWNER);
    const about = (action: string, id: string) => mine.find((item) => item.action === action && item.subject?.id === id);
    expect(about('job.saved', job.id)?.details).toEqual({ jobId: job.id, jobTitle: 'Activity Engineer' });
    expect(about('job.deleted', job.id)?.details).toEqual({ jobId: job.id, jobTitle: 'Activity Engineer' });
    expect(about('result.generated', summary.body.result.id)?.details).toEqual({
      capability: 'candidate-summary',
      jobId: job.id,
      jobTitle: 'Activity Engineer',
    });
    expect(about('result.shared', summary.body.result.id)?.details).toEqual({ capability: 'candidate-summary', jobId: job.id });

    // No line of the resume (nor of the summary made from it) reaches any entry.
    const everything = JSON.stringify(Items);
    const resumeLines = BACKEND_CANDIDATES[0].profile.split('\n').filter((line) => line.trim().length > 20);
    expect(resumeLines.length).toBeGreaterThan(0);
    for (const line of resumeLines) expect(everything).not.toContain(line.trim());
    expect(everything).not.toContain(BACKEND_CANDIDATES[0].name);
  });
});
