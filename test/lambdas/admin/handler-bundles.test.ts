import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { bundleAsDeployed, handlerBudgetBytes } from '../support/deployed-bundle';

/**
 * Each admin handler stays within the 150 kB budget, bundled as deployed (PRODUCT_FUNCTION_BUNDLING,
 * `@aws-sdk/*` left to the runtime). The console serves six actions from one function: it must
 * not pull in the billing client or the assistant on the way.
 */
describe('admin handler bundles', () => {
  const adminRoutes = REST_ROUTES.filter((route) => route.auth === 'admin');

  it.each(adminRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s is within the budget',
    async (_name, route) => {
      const { bytes, inputs } = await bundleAsDeployed(route.entry);

      expect(bytes).toBeLessThan(handlerBudgetBytes(route.entry));
      expect(inputs.filter((input) => /lambdas\/(assistant|subscription)\/|recurly/i.test(input))).toEqual([]);
    },
  );
});
