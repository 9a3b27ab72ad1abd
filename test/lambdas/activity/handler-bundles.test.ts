import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { bundleAsDeployed, handlerBudgetBytes } from '../support/deployed-bundle';

/**
 * The activity log's handler stays within the 150 kB budget, bundled as deployed. It reads the log,
 * the firm and the people: it must not pull in the billing client, the assistant or the ATS.
 */
describe('activity handler bundle', () => {
  const [route] = REST_ROUTES.filter((candidate) => candidate.entry === 'lambdas/activity/activity-routes.ts');

  it('is within the budget and carries no billing, assistant or ATS code', async () => {
    const { bytes, inputs } = await bundleAsDeployed(route!.entry);

    expect(bytes).toBeLessThan(handlerBudgetBytes(route!.entry));
    expect(inputs.filter((input) => /lambdas\/(assistant|subscription|ats)\/|recurly/i.test(input))).toEqual([]);
    expect(inputs).toContain('lambdas/shared/activity/activity-reader.ts');
  });
});
