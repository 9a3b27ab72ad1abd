import { REST_ROUTES } from '../../../../lib/definitions/rest-routes';
import { bundleAsDeployed, handlerBudgetBytes } from '../../support/deployed-bundle';

/**
 * Each ATS handler stays within the 150 kB budget, and only the handlers that seal or open keys
 * (`atsCredentials`) load the KMS client and the connectors: the others pay for neither on a cold
 * start. Starting Bullhorn's sign-in seals keys but asks only Bullhorn's `loginInfo`: no connectors. Bundled as deployed: PRODUCT_FUNCTION_BUNDLING, `@aws-sdk/*` left to the runtime.
 */

async function bundle(entry: string) {
  const { bytes, code } = await bundleAsDeployed(entry);
  return { bytes, kms: code.includes('@aws-sdk/client-kms'), connectors: code.includes('harvest.greenhouse.io') };
}

describe('ATS handler bundles', () => {
  const atsRoutes = REST_ROUTES.filter((route) => route.path.startsWith('/ats/'));

  it.each(atsRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s is within the budget, with the KMS client and connectors only if it needs them',
    async (_name, route) => {
      const { bytes, kms, connectors } = await bundle(route.entry);

      expect(bytes).toBeLessThan(handlerBudgetBytes(route.entry));
      const callsConnectors = route.atsCredentials === true && route.functionId !== 'AtsBullhornAuthorizeFunction';
      expect({ kms, connectors }).toEqual({ kms: route.atsCredentials === true, connectors: callsConnectors });
    },
  );
});
