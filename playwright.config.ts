import { defineConfig, devices } from '@playwright/test';
import * as path from 'node:path';
import { DEFAULT_PORTS, type PortName } from './local/ports';

/**
 * Browser tests: Debian's Chromium against the local runtime that `npm start` runs, started here
 * on its own ports and data folder so it never touches a developer's `.local/`.
 */
export const E2E_DATA_DIR = path.resolve(__dirname, 'test-results', 'local-runtime');
/**
 * Everything the runtime prints (a line per request, the Lambdas' JSON logs, cognito-local's calls:
 * about 10,000 lines a run): kept in this file rather than the test output, and printed under a
 * test that fails (test/e2e/support/runtime-log-reporter.ts).
 */
export const E2E_RUNTIME_LOG = path.resolve(__dirname, 'test-results', 'local-runtime.log');
/**
 * The runtime's ports for the browser tests: the local runtime's ports in their order, from 5280 on
 * (`E2E_PORT_BASE` moves them, so two checkouts can run their browser tests side by side).
 */
const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 5280);
export const E2E_PORTS = Object.fromEntries(
  (Object.keys(DEFAULT_PORTS) as PortName[]).map((name, index) => [name, E2E_PORT_BASE + index]),
) as Record<PortName, number>;

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink and V8 as Debian's
 * chromium without the desktop browser's GPU process and compositor, which took over half the
 * browser tests' CPU time on this 2-core machine (docs/decisions.md, "Test suite").
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Files side by side, each test in a file in order: every test works as its own freshly invited
  // person (or the seeded admin, read-only), so files share the runtime without sharing data.
  fullyParallel: false,
  // Three files at a time: with two, the 2 cores were a quarter idle while tests waited on polls and
  // the runtime's answers. Twelve whole runs alternated on a busy machine: 3 workers 221 s wall on
  // average against 259 s, the same CPU (271 against 278 CPU-s), every run passed
  // (docs/decisions.md, "the browser step's third worker").
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./test/e2e/support/runtime-log-reporter.ts']],
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORTS.web}`,
    // No trace: recording one for every test cost a third of the step's CPU. A failure keeps its
    // screenshot and Playwright's error context; `npm run test:e2e -- --trace on` records traces.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
        },
      },
    },
  ],
  // The local runtime, started without waiting: Playwright loads the test files and starts its
  // workers meanwhile, and each worker waits for it (test/e2e/support/runtime-process.ts). Its
  // output goes to E2E_RUNTIME_LOG.
  globalSetup: './test/e2e/support/runtime-process.ts',
});
