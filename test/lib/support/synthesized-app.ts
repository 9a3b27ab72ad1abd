import { Template } from 'aws-cdk-lib/assertions';
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { StageConfig } from '../../../lib/config';
import { APP_VARIANTS, type AppVariant } from './app-variants';

/**
 * The app as the template tests read it: each variant of app-variants.ts synthesized once per
 * state of the sources, shared by every test file and jest worker.
 *
 * Why a cache on disk, filled by a child process: jest gives each test file its own module
 * registry, so a module-level cache dies with the file, and each file that synthesized the app
 * paid again for loading aws-cdk-lib, starting CDK's CloudFormation validation engine (a
 * WebAssembly module, about 5 s) and validating (3 s or more): 10-25 s per file. One child process
 * (plain Node with tsx, as `npm start` runs) synthesizes the missing variants in a row, paying the
 * start-up once, exactly as before (`buildApp`: the `bin/app.ts` factory, cdk-nag included, so an
 * unacknowledged finding still fails the tests that read the variant), and writes the template
 * plus the facts the tests took from the construct tree (logical ids, tags, cdk-nag's findings and
 * CDK's annotations), in the system's temporary directory (outside the repository). Test files
 * read it with `Template.fromJSON`.
 *
 * Never stale: the cache key hashes the contents of every file a synthesis can read (lib/,
 * lambdas/, graphql/, this folder, cdk.json, tsconfig.json, package.json, the lock file and the
 * installed package tree), the repository path, the Node version and the CDK_* environment. One
 * value depends on the clock instead (the AppSync API key expires 365 days after synth), so an
 * entry older than MAX_AGE_MS is synthesized again.
 *
 * Safe in parallel: every file is written under a temporary name and renamed into place (atomic on
 * one file system), so a reader sees a whole file or none. A lock file lets one worker synthesize
 * while the others wait for its files; a lock whose process died is taken over. The lock only
 * saves work: two writers of one entry would each write a complete, fresh synthesis.
 */

/** What the child process writes for one variant (synthesize-variants.ts). */
export interface SynthesisRecord {
  readonly variant: AppVariant;
  readonly config: StageConfig;
  /** The stack's own settings, and every stack the app holds. */
  readonly stack: {
    readonly stackName: string;
    readonly region: string;
    readonly terminationProtection: boolean;
    readonly stacksInApp: readonly string[];
  };
  /** What the construct tree said (nag-problems.ts): cdk-nag problems, acknowledgements, CDK warnings and errors. */
  readonly checks: {
    readonly nagProblems: readonly string[];
    readonly acknowledgements: number;
    readonly warnings: readonly string[];
    readonly errors: readonly string[];
  };
  /** The stack's CloudFormation template. */
  readonly template: TemplateJson;
  /** Logical ids of the constructs the tests look up, by the construct's key (route `functionId`). */
  readonly logicalIds: {
    readonly restApiMethods: Readonly<Record<string, string>>;
    readonly restApiFunctions: Readonly<Record<string, string>>;
    readonly bedrockFunctions: Readonly<Record<string, string>>;
    readonly authTriggerFunctions: Readonly<Record<string, string>>;
  };
  /** Construct path (below the stack) of every template element, by logical id. */
  readonly constructPaths: Readonly<Record<string, string>>;
  /**
   * The stack's nested stacks by construct id (e.g. `MonitoringStack`): the logical id of the
   * `AWS::CloudFormation::Stack` resource that holds each, its own template (its references to
   * the parent arrive as parameters) and the construct paths below it.
   */
  readonly nestedStacks: Readonly<
    Record<
      string,
      {
        readonly logicalId: string;
        readonly template: TemplateJson;
        readonly constructPaths: Readonly<Record<string, string>>;
      }
    >
  >;
  /** Every `config.json` the cloud assembly holds (the website's runtime config asset). */
  readonly runtimeConfigFiles: readonly Record<string, unknown>[];
  /** Every taggable construct of the stack with the tags it renders. */
  readonly taggables: readonly { readonly path: string; readonly tags: Readonly<Record<string, string>> }[];
}

export interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly [attribute: string]: unknown;
}

export interface TemplateJson {
  readonly Resources: Readonly<Record<string, TemplateResource>>;
  readonly Parameters?: Readonly<Record<string, unknown>>;
  readonly Outputs?: Readonly<Record<string, unknown>>;
  readonly [section: string]: unknown;
}

export interface SynthesizedApp extends Omit<SynthesisRecord, 'template'> {
  /** The variant's template, for assertions. */
  readonly template: Template;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const CACHE_ROOT = path.join(os.tmpdir(), 'talentpilot-cdk-synth');
const MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** A lock held longer than this is abandoned, even by a live process (a hung or reused pid). */
const LOCK_STALE_MS = 5 * 60 * 1000;
const POLL_MS = 200;
const SYNTHESIZER = path.join(__dirname, 'synthesize-variants.ts');

/** Everything a synthesis can read: directories walked recursively, and single files. */
const SOURCE_DIRECTORIES = ['lib', 'lambdas', 'graphql', 'test/lib/support'];
const SOURCE_FILES = ['cdk.json', 'tsconfig.json', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json'];

function filesUnder(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(directory, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    });
}

let sourceFingerprint: string | undefined;

/** A hash of everything that decides what a synthesis produces (computed once per test file). */
export function fingerprint(): string {
  if (sourceFingerprint) return sourceFingerprint;
  const hash = crypto.createHash('sha256');
  const environment = Object.entries(process.env)
    .filter(([name]) => name.startsWith('CDK_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify({ REPO_ROOT, node: process.version, platform: process.platform, environment, APP_VARIANTS }));
  const files = [
    ...SOURCE_DIRECTORIES.flatMap((directory) => filesUnder(path.join(REPO_ROOT, directory))),
    ...SOURCE_FILES.map((file) => path.join(REPO_ROOT, file)),
  ];
  for (const file of files) {
    hash.update(`\0${path.relative(REPO_ROOT, file)}\0`);
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : 'missing');
  }
  sourceFingerprint = hash.digest('hex').slice(0, 32);
  return sourceFingerprint;
}

function entryDirectory(): string {
  return path.join(CACHE_ROOT, fingerprint());
}

function readFresh(file: string): SynthesisRecord | undefined {
  try {
    if (Date.now() - fs.statSync(file).mtimeMs > MAX_AGE_MS) return undefined;
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SynthesisRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock, or answers false (and clears a lock whose owner is gone, for the next try). */
function tryLock(lockFile: string): boolean {
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (!isAlive(owner) || Date.now() - fs.statSync(lockFile).mtimeMs > LOCK_STALE_MS) fs.rmSync(lockFile, { force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return false;
}

/** Runs the synthesizer for `variants` (in that order); rejects with its output if it fails. */
function synthesize(directory: string, variants: readonly AppVariant[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SYNTHESIZER, directory, ...variants], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`Synthesizing ${variants.join(', ')} failed (exit code ${code}):\n${output}`)),
    );
  });
}

/** Removes entries of other source states once they are too old to be served anyway. */
function pruneOldEntries(): void {
  for (const name of fs.readdirSync(CACHE_ROOT)) {
    const full = path.join(CACHE_ROOT, name);
    if (name !== fingerprint() && Date.now() - fs.statSync(full).mtimeMs > MAX_AGE_MS) fs.rmSync(full, { recursive: true, force: true });
  }
}

async function loadRecord(variant: AppVariant): Promise<SynthesisRecord> {
  const directory = entryDirectory();
  const file = path.join(directory, `${variant}.json`);
  const lockFile = `${directory}.lock`;
  fs.mkdirSync(directory, { recursive: true });
  for (;;) {
    const cached = readFresh(file);
    if (cached) return cached;
    if (tryLock(lockFile)) {
      try {
        // This variant first, then every other one a later test file will ask for.
        const missing = [variant, ...(Object.keys(APP_VARIANTS) as AppVariant[]).filter((other) => other !== variant)].filter(
          (name) => !readFresh(path.join(directory, `${name}.json`)),
        );
        await synthesize(directory, missing).catch((error: unknown) => {
          // Another variant may have failed: this file only needs its own.
          if (!readFresh(file)) throw error;
        });
        pruneOldEntries();
      } finally {
        fs.rmSync(lockFile, { force: true });
      }
      const built = readFresh(file);
      if (!built) throw new Error(`The synthesizer wrote no ${file}`);
      return built;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The synthesized app of a variant: from the cache, or synthesized now (then every variant is,
 * for the test files to come). Call it from a `beforeAll` with SYNTHESIS_TIMEOUT_MS.
 */
export async function synthesizedApp(variant: AppVariant): Promise<SynthesizedApp> {
  const record = await loadRecord(variant);
  return { ...record, template: Template.fromJSON(record.template) };
}

/** Time-out for a `beforeAll` that loads synthesized apps: a cold cache synthesizes every variant. */
export const SYNTHESIS_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * The template of a nested stack as its parent wires it: each parameter the parent passes (a
 * `Ref` or `Fn::GetAtt` of a parent resource, which CDK made from a cross-stack reference) put
 * in place of the nested template's `Ref` to that parameter, so assertions read
 * `{ Ref: 'RestApiAccessLogs…' }` as they would in one stack. Fails on an unknown nested stack.
 */
export function nestedTemplateJson(app: Pick<SynthesizedApp, 'variant' | 'template' | 'nestedStacks'>, id: string): TemplateJson {
  const nested = app.nestedStacks[id];
  if (!nested) throw new Error(`${app.variant} has no nested stack ${id}; it has ${Object.keys(app.nestedStacks).join(', ')}`);
  const holder = app.template.toJSON().Resources[nested.logicalId] as TemplateResource;
  const passed = (holder.Properties?.Parameters ?? {}) as Record<string, unknown>;
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (value === null || typeof value !== 'object') return value;
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && Object.keys(value).length === 1 && ref in passed) return passed[ref];
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inline(item)]));
  };
  return { ...nested.template, Resources: inline(nested.template.Resources) as TemplateJson['Resources'] };
}

/** The alarms, metric filters and dashboard of a stage (lib/stacks/monitoring-stack.ts), wired as nestedTemplateJson says. */
export function monitoringTemplate(app: SynthesizedApp): Template {
  return Template.fromJSON(nestedTemplateJson(app, 'MonitoringStack'));
}

/**
 * The template resource with this logical id, e.g. the method of a route:
 * `resourceOf(app, app.logicalIds.restApiMethods.GetPlansFunction)`. Fails on an unknown id.
 */
export function resourceOf(app: SynthesizedApp, logicalId: string | undefined) {
  const resource = logicalId === undefined ? undefined : app.template.toJSON().Resources[logicalId];
  if (!resource) throw new Error(`${app.variant} has no resource ${logicalId}`);
  return resource;
}
