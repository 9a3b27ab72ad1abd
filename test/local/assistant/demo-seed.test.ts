import { SEED_DEMO_RECRUITER } from '../../../local/identity/seed';
import { DEMO_PLAN_CODE, seedAssistantDemo } from '../../../local/assistant/demo-seed';
import { createListJobsHandler } from '../../../lambdas/assistant/list-jobs';
import { SAMPLE_JOBS } from '../../../lambdas/assistant/samples/sample-jobs';
import type { Job } from '../../../lambdas/shared/contracts/assistant';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import { startAssistantServices, call, HANDLER_OPTIONS, type AssistantServices } from '../../lambdas/assistant/support/assistant-services';

/**
 * The assistant's part of the `npm start` seed, on dynalite with the real local billing: the demo
 * recruiter is subscribed as the Subscribe page would subscribe them and finds the sample jobs.
 */

let assistant: AssistantServices;
const recruiter = {
  sub: 'demo-sub-1',
  email: SEED_DEMO_RECRUITER.email,
  firstName: 'Dana',
  lastName: 'Reyes',
  companyName: 'Northbridge Staffing',
};

beforeAll(async () => {
  assistant = await startAssistantServices();
  await assistant.member(recruiter.sub, { email: recruiter.email });
});
afterAll(() => assistant.stop());

const seed = () =>
  seedAssistantDemo({
    dynamodb: assistant.services.client,
    tableNames: assistant.services.tableNames as never,
    billingStore: assistant.services.billingStore,
    productSlug: 'talentpilot',
    recruiter,
  });

describe('the assistant demo seed', () => {
  it('subscribes the demo recruiter to a trial through the local billing, and stores and links it as a real subscribe does', async () => {
    const result = await seed();

    expect(result).toMatchObject({ subscribed: true, jobsCreated: SAMPLE_JOBS.map((job) => job.id) });
    const [subscription] = await assistant.services.billing.listAccountSubscriptions(accountCode('talentpilot', recruiter.sub));
    expect(subscription).toMatchObject({
      id: result.subscriptionId,
      state: 'active',
      planCode: DEMO_PLAN_CODE,
      trialEndsAt: expect.any(String),
    });
    expect(await assistant.services.subscriptions.listByUserId(recruiter.sub)).toEqual([
      expect.objectContaining({ id: result.subscriptionId, state: 'active', userId: recruiter.sub }),
    ]);
    expect(await assistant.services.users.getById(recruiter.sub)).toMatchObject({
      subscriptionId: result.subscriptionId,
      subscriptions: [result.subscriptionId],
    });
  });

  it('gives the demo recruiter every sample job with its must-haves, which the assistant then shows them', async () => {
    const handler = createListJobsHandler(() => assistant.dependencies(), HANDLER_OPTIONS);

    const answer = await call<{ jobs: Job[] }>(handler, { resource: '/assistant/jobs', as: recruiter.sub });

    expect(answer.status).toBe(200);
    expect(answer.body.jobs.map((job) => job.id).sort()).toEqual(SAMPLE_JOBS.map((job) => job.id).sort());
    for (const sample of SAMPLE_JOBS) {
      const job = answer.body.jobs.find((candidate) => candidate.id === sample.id)!;
      expect(job).toMatchObject({ title: sample.title, description: sample.description, location: sample.location });
      expect(job.mustHaves.map((requirement) => requirement.text)).toEqual(sample.expectedMustHaves);
      expect(job.mustHaves.every((requirement) => requirement.kind !== undefined)).toBe(true);
    }
  });

  it('changes nothing when it runs again (every start runs it)', async () => {
    const before = [await assistant.itemsOf(recruiter.sub), await assistant.services.subscriptions.listByUserId(recruiter.sub)];

    const again = await seed();

    expect(again).toMatchObject({ subscribed: false, jobsCreated: [] });
    expect([await assistant.itemsOf(recruiter.sub), await assistant.services.subscriptions.listByUserId(recruiter.sub)]).toEqual(before);
  });
});
