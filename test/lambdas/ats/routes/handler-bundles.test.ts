import { build } from 'esbuild';
import * as path from 'node:path';
import { PRODUCT_FUNCTION_BUNDLING } from '../../../../lib/constructs/product-function';
import { REST_ROUTES } from '../../../../lib/definitions/rest-routes';

/**
 * Each ATS handler stays within the 150 kB budget, and only the handlers that seal or open keys
 * (`atsCredentials`) load the KMS client and the connectors: the others pay for neither on a cold
 * start. Bundled as deployed: PRODUCT_FUNCTION_BUNDLING, `@aws-sdk/*` left to the runtime.
 */

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const BUDGET_BYTES = 150 * 1024;

async function bundle(entry: string) {
  const options = PRODUCT_FUNCTION_BUNDLING;
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: options.format,
    target: options.target,
    minify: options.minify,
    tsconfig: options.tsconfig,
    define: options.define,
    external: ['@aws-sdk/*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return {
    bytes: result.outputFiles[0].contents.byteLength,
    kms: code.includes('@aws-sdk/client-kms'),
    connectors: code.includes('harvest.greenhouse.io'),
  };
}

describe('ATS handler bundles', () => {
  const atsRoutes = REST_ROUTES.filter((route) => route.path.startsWith('/ats/'));

  it.each(atsRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s is within the budget, with the KMS client and connectors only if it needs them', async (_name, route) => {
    const { bytes, kms, connectors } = await bundle(route.entry);

    expect(bytes).toBeLessThan(BUDGET_BYTES);
    expect({ kms, connectors }).toEqual({ kms: route.atsCredentials === true, connectors: route.atsCredentials === true });
  });
});
