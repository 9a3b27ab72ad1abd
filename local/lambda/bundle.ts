import { build, version as esbuildVersion, type BuildOptions } from 'esbuild';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
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
    const options: BuildOptions = {
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
    };
    writeFileAtomic(file, await bundledText(options));
    for (const dataFile of dataFiles)
      writeFileAtomic(path.join(path.dirname(file), path.basename(dataFile)), fs.readFileSync(path.resolve(REPO_ROOT, dataFile), 'utf8'));
    return { functionId, entry, file };
  } catch (error) {
    throw new LocalRuntimeError(`The Lambda handler ${entry} does not build: ${(error as Error).message}`);
  }
}

/**
 * Bundles already made from the same sources, shared by every local runtime of this checkout.
 *
 * Why: every start of the local runtime bundles all ~35 handlers (about 6 CPU-seconds of esbuild),
 * and the tests start it some thirty times; `npm start` restarts pay it too. A bundle is reused
 * only when esbuild would make the same one: same options and output name, same esbuild, same
 * tsconfig.json and installed packages, every file esbuild read (its metafile inputs) unchanged,
 * and no file added or removed beside them (a new file could change what an import resolves to).
 * Anything else bundles again. Entries live in the system's temporary directory.
 */
const BUNDLE_CACHE_DIR = path.join(os.tmpdir(), 'talentpilot-lambda-bundles');
const BUNDLE_CACHE_VERSION = 1;

interface CachedBundle {
  readonly version: number;
  /** Content hash of every file esbuild read, by absolute path. */
  readonly inputs: Readonly<Record<string, string>>;
  /** File names of every folder holding one of the repository's inputs. */
  readonly folders: string;
  /** The folder the bundle was made for: its inline source map names the sources relative to it. */
  readonly outDir: string;
  readonly text: string;
}

/** Content hashes by path, size and modification time: a file read for many bundles is hashed once. */
const fileHashes = new Map<string, string>();

function hashOf(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
    let hash = fileHashes.get(key);
    if (hash === undefined) {
      hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      fileHashes.set(key, hash);
    }
    return hash;
  } catch {
    return undefined;
  }
}

/** The names in each repository folder (outside node_modules) that holds one of `inputs`. */
function folderListing(inputs: readonly string[]): string {
  const folders = [
    ...new Set(inputs.filter((input) => !input.includes(`${path.sep}node_modules${path.sep}`)).map((input) => path.dirname(input))),
  ].sort();
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(folders.map((folder) => [folder, fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []])))
    .digest('hex');
}

function cacheFileFor(options: BuildOptions): string {
  // Where the bundle goes is not part of the key: only its source map's paths depend on it (see relocated).
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify({ options: { ...options, outfile: path.basename(options.outfile!) }, esbuildVersion, cwd: process.cwd() }))
    .update(`\0${hashOf(path.join(REPO_ROOT, 'tsconfig.json')) ?? ''}`)
    .update(`\0${hashOf(path.join(REPO_ROOT, 'node_modules', '.package-lock.json')) ?? ''}`)
    .digest('hex');
  return path.join(BUNDLE_CACHE_DIR, `${key}.json`);
}

function readCached(file: string): CachedBundle | undefined {
  try {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as CachedBundle;
    if (cached.version !== BUNDLE_CACHE_VERSION) return undefined;
    const inputs = Object.keys(cached.inputs);
    if (inputs.some((input) => hashOf(input) !== cached.inputs[input])) return undefined;
    return folderListing(inputs) === cached.folders ? cached : undefined;
  } catch {
    return undefined;
  }
}

const INLINE_SOURCE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * A cached bundle's code for `outDir`: its inline source map's source paths made relative to that
 * folder, written as esbuild writes them (so the result is what esbuild would have made there).
 * Undefined when the map is not in the expected shape: then the bundle is built afresh.
 */
function relocated(cached: CachedBundle, outDir: string): string | undefined {
  if (cached.outDir === outDir) return cached.text;
  const match = INLINE_SOURCE_MAP.exec(cached.text);
  if (!match) return undefined;
  const json = Buffer.from(match[1], 'base64').toString('utf8');
  const { sources } = JSON.parse(json) as { sources: string[] };
  const asEsbuildWrites = (paths: readonly string[]) => `"sources": [${paths.map((source) => JSON.stringify(source)).join(', ')}]`;
  const before = asEsbuildWrites(sources);
  if (!json.includes(before)) return undefined;
  const moved = sources.map((source) => path.relative(outDir, path.resolve(cached.outDir, source)).split(path.sep).join('/'));
  const encoded = Buffer.from(json.replace(before, () => asEsbuildWrites(moved))).toString('base64');
  return `${cached.text.slice(0, match.index)}//# sourceMappingURL=data:application/json;base64,${encoded}\n`;
}

/** The bundle's code: from the cache when its sources are unchanged, else built (and cached). */
async function bundledText(options: BuildOptions): Promise<string> {
  const outDir = path.dirname(options.outfile!);
  const cacheFile = cacheFileFor(options);
  const cached = readCached(cacheFile);
  const reused = cached && relocated(cached, outDir);
  if (reused !== undefined) return reused;
  const result = await build({ ...options, metafile: true });
  const text = result.outputFiles![0].text;
  const inputs = Object.keys(result.metafile!.inputs).map((input) => path.resolve(input));
  const hashes = Object.fromEntries(inputs.map((input) => [input, hashOf(input) ?? '']));
  const entry: CachedBundle = { version: BUNDLE_CACHE_VERSION, inputs: hashes, folders: folderListing(inputs), outDir, text };
  writeFileAtomic(cacheFile, JSON.stringify(entry));
  return text;
}
