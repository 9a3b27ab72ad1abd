import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LocalRuntimeError } from '../errors';
import { writeFileAtomic } from '../files';
import { REPO_ROOT } from '../paths';

/**
 * Bundles a Lambda handler file the way the ProductFunction construct deploys it: esbuild, cjs,
 * Node 20 syntax, inline source maps, the AWS SDK v3 left to the runtime (`@aws-sdk/*` external),
 * and the route's data files copied beside the bundle.
 */

export interface LambdaBundle {
  /** Construct id of the function (file name of the bundle). */
  readonly functionId: string;
  /** Handler source, relative to the repository root. */
  readonly entry: string;
  /** The bundle: `<buildDir>/lambdas/<functionId>.js`. */
  readonly file: string;
}

export async function bundleLambda(
  functionId: string,
  entry: string,
  buildDir: string,
  dataFiles: readonly string[] = [],
): Promise<LambdaBundle> {
  const file = path.join(buildDir, 'lambdas', `${functionId}.js`);
  try {
    const result = await build({
      entryPoints: [path.resolve(REPO_ROOT, entry)],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcesContent: false,
      outfile: file,
      external: ['@aws-sdk/*'],
      logLevel: 'silent',
    });
    writeFileAtomic(file, result.outputFiles[0].text);
    for (const dataFile of dataFiles)
      writeFileAtomic(path.join(path.dirname(file), path.basename(dataFile)), fs.readFileSync(path.resolve(REPO_ROOT, dataFile), 'utf8'));
    return { functionId, entry, file };
  } catch (error) {
    throw new LocalRuntimeError(`The Lambda handler ${entry} does not build: ${(error as Error).message}`);
  }
}
