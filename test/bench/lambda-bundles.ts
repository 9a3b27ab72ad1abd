/**
 * Builds Lambda handler bundles exactly as the ProductFunction construct deploys them
 * (`PRODUCT_FUNCTION_BUNDLING`, translated to the esbuild call NodejsFunction makes) and says what
 * fills each bundle (from esbuild's metafile).
 */
import { build, type Metafile } from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRODUCT_FUNCTION_BUNDLING } from '../../lib/constructs/product-function';

export interface BuiltBundle {
  readonly functionId: string;
  /** The handler bundle (`index.js`, as in the deployed asset; its source map sits beside it). */
  readonly file: string;
  readonly bytes: number;
  /** The largest contributors to the minified output, by package (or `(project)`). */
  readonly topPackages: readonly { readonly name: string; readonly kB: number }[];
  /** zod's locale files other than English in the output: `import { z } from 'zod'` keeps all of them. */
  readonly zodLocalesKB: number;
  /** The `@aws-sdk/*` packages the bundle leaves to the Lambda runtime (external), sorted. */
  readonly sdkPackages: readonly string[];
}

/** `node_modules/@scope/pkg/...` → `@scope/pkg`; project files → `(project)`. */
export function packageOf(inputPath: string): string {
  const parts = inputPath.split('node_modules/');
  if (parts.length < 2) return '(project)';
  const rest = parts[parts.length - 1].split('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** Output bytes by package, largest first. */
export function bytesByPackage(metafile: Metafile): { name: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input);
      totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/**
 * Bundles `entry` (absolute) into `<outDir>/<functionId>/index.js` with the deployed options, its
 * route's data files (repository paths) beside it as deployed.
 */
export async function bundleAsDeployed(functionId: string, entry: string, outDir: string, dataFiles: readonly string[] = []): Promise<BuiltBundle> {
  const options = PRODUCT_FUNCTION_BUNDLING;
  const file = path.join(outDir, functionId, 'index.js');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: options.format,
    target: options.target,
    minify: options.minify,
    sourcemap: options.sourceMap,
    sourcesContent: options.sourcesContent,
    tsconfig: options.tsconfig,
    define: options.define,
    // NodejsFunction leaves `@aws-sdk/*` to the runtime unless the SDK is bundled too.
    external: options.bundleAwsSDK ? [] : ['@aws-sdk/*'],
    outfile: file,
    metafile: true,
    logLevel: 'silent',
  });
  for (const dataFile of dataFiles) fs.copyFileSync(path.resolve(__dirname, '../..', dataFile), path.join(path.dirname(file), path.basename(dataFile)));
  let zodLocales = 0;
  const sdkPackages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) if (/node_modules\/zod\/.*\/locales\/(?!en\.)/.test(input)) zodLocales += bytesInOutput;
    for (const imported of output.imports) if (imported.external && imported.path.startsWith('@aws-sdk/')) sdkPackages.add(packageOf(`node_modules/${imported.path}`));
  }
  return {
    functionId,
    file,
    zodLocalesKB: Number((zodLocales / 1024).toFixed(1)),
    sdkPackages: [...sdkPackages].sort(),
    bytes: fs.statSync(file).size,
    topPackages: bytesByPackage(result.metafile)
      .slice(0, 5)
      .map(({ name, bytes }) => ({ name, kB: Number((bytes / 1024).toFixed(1)) })),
  };
}
