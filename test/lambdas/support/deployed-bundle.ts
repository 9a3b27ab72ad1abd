import { build } from 'esbuild';
import * as path from 'node:path';
import { PRODUCT_FUNCTION_BUNDLING } from '../../../lib/constructs/product-function';

/** The 150 kB each handler bundle must stay under (issue 5's budget). */
export const HANDLER_BUDGET_BYTES = 150 * 1024;

/**
 * Handlers over the budget for now, each with a ceiling it must stay under and the reason (see
 * docs/decisions.md, "Handler bundles over budget"): an entry is a debt to pay back, not a new
 * budget. None is owed now: the assistant's went when the skills dictionary and the person-name
 * lists became data files beside the handlers (`dataFiles`), the three billing handlers' when they
 * stopped bundling the Recurly client's ~250 generated operations (billing/recurly-client.ts), and
 * three capability handlers' (issue 18's activity recorder and result sharing) when they stopped
 * bundling the workspace's job and result operations and the team's writes (assistant-dependencies.ts
 * `CapabilityDependencies`, organizations-repository.ts `createFirmLookups`).
 */
const OVER_BUDGET_CEILINGS: Readonly<Record<string, number>> = {};

/** The size a handler's bundle must stay under: the budget, or its recorded ceiling. */
export function handlerBudgetBytes(entry: string): number {
  return OVER_BUDGET_CEILINGS[entry] ?? HANDLER_BUDGET_BYTES;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface DeployedBundle {
  readonly bytes: number;
  /** The minified code. */
  readonly code: string;
  /** The source files bundled, relative to the repository root. */
  readonly inputs: readonly string[];
}

/**
 * Bundles already made in this test file, by entry: routes that share a function share an entry,
 * and a test file asks for one handler in several tests, so esbuild runs once per entry.
 */
const bundles = new Map<string, Promise<DeployedBundle>>();

/**
 * A handler bundled in memory as deployed: PRODUCT_FUNCTION_BUNDLING's options, `@aws-sdk/*` left
 * to the Lambda runtime. `entry` is relative to the repository root (a route's `entry`).
 */
export function bundleAsDeployed(entry: string): Promise<DeployedBundle> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = bundleWithEsbuild(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

async function bundleWithEsbuild(entry: string): Promise<DeployedBundle> {
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
  const output = result.outputFiles[0];
  return { bytes: output.contents.byteLength, code: output.text, inputs: Object.keys(result.metafile.inputs) };
}
