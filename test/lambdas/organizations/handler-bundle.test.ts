import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { bundleAsDeployed, handlerBudgetBytes } from '../support/deployed-bundle';

/**
 * The team function (issue 18) stays within the 150 kB handler budget, bundled as deployed, and
 * carries no billing client, assistant, ATS or admin console on the way (it reuses the admin
 * handlers' user-pool factory only).
 */
describe('the team handler bundle', () => {
  const [team] = REST_ROUTES.filter((route) => route.functionId === 'OrganizationTeamFunction');

  it('is within the budget and holds only the team, the user pool and the tables', async () => {
    const { bytes, inputs } = await bundleAsDeployed(team.entry);

    expect(bytes).toBeLessThan(handlerBudgetBytes(team.entry));
    expect(inputs.filter((input) => /lambdas\/(assistant|subscription|ats)\/|recurly|admin-console/i.test(input))).toEqual([]);
  });
});
