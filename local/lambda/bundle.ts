import { build, version as esbuildVersion, type BuildOptions } from 'esbuild';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LocalRuntimeError } from '../errors';
import { writeFileAtomic } from '../files';
import { REPO_ROOT } from '../paths';

/**
 * Bundles a Lambda handler file the way the ProductFunction construct deploys it: esbuild, cjs,
 * Node 20 syntax, inline source maps, the AWS SDK v3 left to the runtime (`@aws-sdk/*` external),
 * and the route's data files copied beside the bundle.
 *
 * A bundle whose every input file is unchanged since it was built is used as it is: the inputs
 * (esbuild's metafile) and their content hashes are kept beside it in `<functionId>.inputs.json`.
 * Building the forty-odd handlers took about 5 CPU-s of every start.
 */

export interface LambdaBundle {
  /** Construct id of the function (file name of the bundle). */
  readonly functionId: string;
  /** Handler source, relative to the repository root. */
  readonly entry: string;
  /** The bundle: `<buildDir>/lambdas/<functionId>.js`. */
  readonly file: string;
}

/** What a bundle was built from: the build's settings, the bundle's hash, and each input file's hash. */
interface BundleInputs {
  readonly settings: string;
  readonly bundle: string;
  readonly inputs: Readonly<Record<string, string>>;
}

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/** Content hashes of files, read again only when a file's size or modification time changed. */
const fileHashes = new Map<string, { readonly stamp: string; readonly hash: string }>();
function hashOfFile(file: string): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const known = fileHashes.get(file);
  if (known?.stamp === stamp) return known.hash;
  const hash = sha256(fs.readFileSync(file));
  fileHashes.set(file, { stamp, hash });
  return hash;
}

/** True when `file` was built from exactly these settings and inputs, and is still what was built. */
function isFresh(file: string, manifestFile: string, settings: string): boolean {
  let manifest: BundleInputs;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BundleInputs;
  } catch {
    return false;
  }
  if (manifest.settings !== settings || hashOfFile(file) !== manifest.bundle) return false;
  return Object.entries(manifest.inputs).every(([input, hash]) => hashOfFile(path.resolve(REPO_ROOT, input)) === hash);
}

export async function bundleLambda(
  functionId: string,
  entry: string,
  buildDir: string,
  dataFiles: readonly string[] = [],
): Promise<LambdaBundle> {
  const file = path.join(buildDir, 'lambdas', `${functionId}.js`);
  const manifestFile = path.join(buildDir, 'lambdas', `${functionId}.inputs.json`);
  const options: BuildOptions = {
    entryPoints: [path.resolve(REPO_ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    sourcesContent: false,
    outfile: file,
    external: ['@aws-sdk/*'],
    logLevel: 'silent',
    absWorkingDir: REPO_ROOT,
  };
  const settings = JSON.stringify({ esbuildVersion, options });
  try {
    if (!isFresh(file, manifestFile, settings)) {
      const result = await build({ ...options, write: false, metafile: true });
      const text = result.outputFiles[0].text;
      const inputs: Record<string, string> = {};
      for (const input of Object.keys(result.metafile.inputs)) {
        const hash = hashOfFile(path.resolve(REPO_ROOT, input));
        if (hash) inputs[input] = hash;
      }
      writeFileAtomic(file, text);
      // After the bundle: a manifest never vouches for a bundle that is not there yet.
      writeFileAtomic(manifestFile, JSON.stringify({ settings, bundle: sha256(text), inputs } satisfies BundleInputs));
    }
    for (const dataFile of dataFiles)
      writeFileAtomic(path.join(path.dirname(file), path.basename(dataFile)), fs.readFileSync(path.resolve(REPO_ROOT, dataFile), 'utf8'));
    return { functionId, entry, file };
  } catch (error) {
    throw new LocalRuntimeError(`The Lambda handler ${entry} does not build: ${(error as Error).message}`);
  }
}
