import { industryOf } from '../../../../lambdas/shared/text/industry';
import { SAMPLE_JOBS } from '../../../../lambdas/assistant/samples/sample-jobs';

describe("the client's industry", () => {
  it("is read from each sample's company information", () => {
    expect(SAMPLE_JOBS.map((job) => [job.id, industryOf(job.companyInfo)?.phrase])).toEqual([
      ['senior-backend-engineer', 'a fintech company'],
      ['icu-registered-nurse', 'a hospital'],
      ['senior-accountant', 'a manufacturing company'],
      ['logistics-coordinator', 'a logistics company'],
    ]);
  });

  it('falls back to the description, and is unknown rather than guessed', () => {
    expect(industryOf('', 'We are a SaaS start-up building a platform for dentists.')?.name).toBe('software');
    expect(industryOf('', 'Great team, great culture.')).toBeNull();
    expect(industryOf('', '')).toBeNull();
  });
});
