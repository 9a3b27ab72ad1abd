/** Unit and integration tests. Browser tests live in test/e2e and run under Playwright. */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// CDK's built-in CloudFormation validation (a WebAssembly engine, on by default since aws-cdk-lib
// 2.27x) reports its findings as warnings on stderr and changes nothing the tests read: templates,
// annotations and cdk-nag's findings are the same without it. It cost the template tests about
// two thirds of their CPU (engine start plus a pass per stack, in each test file that synthesizes
// and in the shared synthesis). The deployed app still gets it: `npm test`'s synth step runs
// `cdk synth` without this variable. Workers and the processes they start inherit it.
process.env.CDK_VALIDATION ??= 'false';

// A larger young generation for the workers and the processes they start. Every test file loads
// its module graph afresh (the SDK, zod, React, the product), and with V8's default 16 MB
// semi-space much of it outlived a scavenge only to be promoted and collected by the slower full
// collections (V8's collector was a ninth of a worker's busy time in a profile of the whole run).
// Whole jest runs alternated with and without it: 267 → 256, 306 → 255 and 278 → 273 CPU-s
// (docs/decisions.md, "jest's young generation"). A semi-space only grows while it is needed.
const YOUNG_GENERATION = '--max-semi-space-size=64';
if (!/--max-semi-space-size/.test(process.env.NODE_OPTIONS ?? '')) {
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, YOUNG_GENERATION].filter(Boolean).join(' ');
}

/** @type {import('jest').Config} */
module.exports = {
  // Three workers on the 2-core machine and CI: two left about a tenth of the cores idle while
  // tests waited on timers, sockets and the processes they start, and a third fills some of it.
  // Whole runs alternated in place: 130.8, 133.3 and 127.1 s against 138.0, 135.8 and 131.2 s with
  // two, for 4-5 % more CPU (each worker compiles its own modules). Jest's own default (a core
  // less than the machine has) where there are more cores.
  maxWorkers: Math.max(3, require('node:os').availableParallelism() - 1),
  // No test or hook lives on jest's 5 s default: on a busy 2-core machine starting dynalite, a
  // local server or the runtime takes longer. A hung test still fails, after a minute.
  testTimeout: 60_000,
  // A worker that has run a hundred files holds a heap of 0.5-2 GB. Freeing it took 0.4-4 s, past
  // jest's 500 ms for a worker to exit, so jest SIGTERMed workers that had nothing left open and
  // warned that they "failed to exit gracefully". Workers now skip that teardown
  // (test/support/quick-worker-exit.js), which about halves that; the margin is for a loaded machine.
  // A worker kept alive by a leaked handle is still force-exited and reported, after this long.
  workerGracefulExitTimeout: 5_000,
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.js',
  projects: [
    {
      displayName: 'backend',
      runtime: '<rootDir>/test/support/cached-compile-runtime.js',
      testEnvironment: '<rootDir>/test/support/backend-environment.js',
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/{lib,lambdas,graphql,local,bin,security,bench,eval,support,lint}/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': swc(false) },
    },
    {
      displayName: 'web',
      runtime: '<rootDir>/test/support/cached-compile-runtime.js',
      testEnvironment: '<rootDir>/test/web/support/environment.js',
      roots: ['<rootDir>/test/web'],
      testMatch: ['<rootDir>/test/web/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/web/support/setup.ts'],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/test/web/support/style-stub.js',
        // The web's aliases (`@contracts/*`, …): web/tsconfig.json's `paths`, which the build reads too.
        ...Object.fromEntries(
          Object.entries(require('./web/tsconfig.json').compilerOptions.paths).map(([alias, [target]]) => [
            `^${alias.replace('*', '(.*)')}$`,
            require('node:path').join('<rootDir>/web', target.replace('*', '$1')),
          ]),
        ),
      },
    },
  ],
};
