import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { SourceMap } from 'node:module';
import * as path from 'node:path';
import { REPO_ROOT } from '../paths';
import { writeFileAtomic } from '../files';
import type { AppSyncCodeBundle } from './resolver-bundles';

/**
 * Lints every resolver bundle — the code AppSync would receive — with
 * `@aws-appsync/eslint-plugin`'s recommended rules (type-aware). Node runs code the APPSYNC_JS
 * runtime rejects (try/catch, `++`, classes, async, recursion, ...): this makes it fail locally
 * too. Clean bundles are remembered by hash so a warm start skips ESLint entirely.
 */

/** AppSync's limit on the code of one resolver. */
export const APPSYNC_CODE_SIZE_LIMIT = 32 * 1024;

export interface ResolverLintProblem {
  readonly resolver: string;
  /** `path:line:column` in the resolver's sources (via the bundle's source map), else in the bundle. */
  readonly location: string;
  readonly ruleId: string;
  readonly message: string;
}

interface LintCache {
  clean: string[];
}

function toolVersions(): string {
  const version = (name: string) =>
    (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  return ['eslint', '@aws-appsync/eslint-plugin', 'typescript'].map((name) => `${name}@${version(name)}`).join(',');
}

function bundleHash(bundle: AppSyncCodeBundle, tools: string): string {
  return createHash('sha256').update(tools).update('\0').update(bundle.deployCode).digest('hex');
}

function readCache(file: string): LintCache {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as LintCache;
    return Array.isArray(parsed.clean) ? parsed : { clean: [] };
  } catch {
    return { clean: [] };
  }
}

function display(file: string): string {
  const relative = path.relative(REPO_ROOT, file);
  return relative.startsWith('..') ? file : relative;
}

/** Maps a bundle position back to the resolver's own source file through the inline source map. */
function sourceLocation(bundle: AppSyncCodeBundle, line: number, column: number): string {
  const fallback = `${display(bundle.deployFile)}:${line}:${column}`;
  const match = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(bundle.deployCode);
  if (!match) return fallback;
  try {
    const map = new SourceMap(JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')));
    const entry = map.findEntry(line - 1, Math.max(0, column - 1)) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry.originalSource || entry.originalLine === undefined) return fallback;
    const original = path.resolve(process.cwd(), entry.originalSource);
    return `${display(original)}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1} (bundle ${fallback})`;
  } catch {
    return fallback;
  }
}

/**
 * The declarations a lint program reads from installed packages (TypeScript's lib, the
 * `@aws-appsync/utils` types), parsed once per process: every program reads the same files, and
 * parsing them was most of a program's cost after the first (0.2-0.4 CPU-s each).
 */
const installedDeclarations = new Map<string, import('typescript').SourceFile | undefined>();

export async function lintResolverBundles(bundles: readonly AppSyncCodeBundle[], buildDir: string): Promise<ResolverLintProblem[]> {
  const problems: ResolverLintProblem[] = [];
  for (const bundle of bundles) {
    const size = Buffer.byteLength(bundle.deployCode);
    if (size > APPSYNC_CODE_SIZE_LIMIT) {
      problems.push({
        resolver: bundle.name,
        location: display(bundle.deployFile),
        ruleId: 'appsync/code-size',
        message: `The bundle is ${size} bytes; AppSync accepts at most ${APPSYNC_CODE_SIZE_LIMIT}.`,
      });
    }
  }

  const cacheFile = path.join(buildDir, 'resolvers', 'lint-cache.json');
  const tools = toolVersions();
  const cache = readCache(cacheFile);
  const pending = bundles.filter((bundle) => !cache.clean.includes(bundleHash(bundle, tools)));
  if (pending.length === 0) return problems;

  // Loaded only on a cache miss: TypeScript and ESLint take most of a cold start's lint time.
  const [{ ESLint }, ts] = await Promise.all([import('eslint'), import('typescript')]);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const appsync = require('@aws-appsync/eslint-plugin') as {
    configs: { recommended: Record<string, unknown> & { languageOptions: object } };
  };
  const files = pending.map((bundle) => path.resolve(bundle.deployFile));
  // Types of `@aws-appsync/utils` for the type-aware rules, wherever the build folder is.
  const utilsTypes = require.resolve('@aws-appsync/utils/lib/index.d.ts');
  const options: import('typescript').CompilerOptions = {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2020.d.ts'],
    types: [],
    paths: { '@aws-appsync/utils': [utilsTypes] },
  };
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!fileName.includes(`${path.sep}node_modules${path.sep}`)) return readSourceFile(fileName, languageVersion, ...rest);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!installedDeclarations.has(key)) installedDeclarations.set(key, readSourceFile(fileName, languageVersion, ...rest));
    return installedDeclarations.get(key);
  };
  const program = ts.createProgram(files, options, host);
  const eslint = new ESLint({
    // ESLint ignores files outside its cwd: lint from the bundles' own folder.
    cwd: path.dirname(files[0]),
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      {
        ...appsync.configs.recommended,
        files: ['**/*.js'],
        languageOptions: { ...appsync.configs.recommended.languageOptions, parserOptions: { programs: [program] } },
      },
    ],
  });
  const results = await eslint.lintFiles(files);
  const failed = new Set<string>();
  for (const result of results) {
    const bundle = pending.find((candidate) => path.resolve(candidate.deployFile) === path.resolve(result.filePath));
    if (!bundle) continue;
    for (const message of result.messages) {
      failed.add(bundle.name);
      problems.push({
        resolver: bundle.name,
        location: message.line ? sourceLocation(bundle, message.line, message.column) : display(bundle.deployFile),
        ruleId: message.ruleId ?? 'parse-error',
        message: message.message,
      });
    }
  }
  const clean = pending.filter((bundle) => !failed.has(bundle.name)).map((bundle) => bundleHash(bundle, tools));
  if (clean.length > 0) {
    writeFileAtomic(cacheFile, JSON.stringify({ clean: [...new Set([...cache.clean, ...clean])].slice(-200) }, null, 2));
  }
  return problems;
}

/** The message `start.ts` prints when a resolver would be rejected by AppSync. */
export function formatLintProblems(problems: readonly ResolverLintProblem[]): string {
  const lines = problems.map((problem) => `  ${problem.location}  ${problem.ruleId}: ${problem.message}`);
  const resolvers = [...new Set(problems.map((problem) => problem.resolver))].join(', ');
  return `AppSync would reject resolver code (${resolvers}); fix it before starting:\n${lines.join('\n')}`;
}
