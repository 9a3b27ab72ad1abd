import { defineConfig, devices } from '@playwright/test';
import * as path from 'node:path';

/**
 * Browser tests: Debian's Chromium against the local runtime that `npm start` runs, started here
 * on its own ports and data folder so it never touches a developer's `.local/`.
 */
export const E2E_DATA_DIR = path.resolve(__dirname, 'test-results', 'local-runtime');
export const E2E_PORTS = {
  web: 5280,
  rest: 5281,
  graphql: 5282,
  dynamodb: 5283,
  cognito: 5284,
  lambda: 5285,
  // The ATS stand-ins (fake Greenhouse, Lever, Workable, Crelate): the demo keys are in endpoints.json's `ats`.
  greenhouse: 5286,
  lever: 5287,
  workable: 5288,
  crelate: 5289,
};

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink and V8 as Debian's
 * chromium without the desktop browser's GPU process and compositor, which took over half the
 * browser tests' CPU time on this 2-core machine (docs/decisions.md, "Test suite").
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Two files at a time, each test in a file in order: every test works as its own freshly invited
  // person (or the seeded admin, read-only), so files share the runtime without sharing data.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
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
  webServer: {
    command: 'node_modules/.bin/tsx local/start.ts --reset',
    url: `http://127.0.0.1:${E2E_PORTS.web}/config.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      LOCAL_DATA_DIR: E2E_DATA_DIR,
      LOCAL_WEB_PORT: String(E2E_PORTS.web),
      LOCAL_REST_PORT: String(E2E_PORTS.rest),
      LOCAL_GRAPHQL_PORT: String(E2E_PORTS.graphql),
      LOCAL_DYNAMODB_PORT: String(E2E_PORTS.dynamodb),
      LOCAL_COGNITO_PORT: String(E2E_PORTS.cognito),
      LOCAL_LAMBDA_PORT: String(E2E_PORTS.lambda),
      LOCAL_GREENHOUSE_PORT: String(E2E_PORTS.greenhouse),
      LOCAL_LEVER_PORT: String(E2E_PORTS.lever),
      LOCAL_WORKABLE_PORT: String(E2E_PORTS.workable),
      LOCAL_CRELATE_PORT: String(E2E_PORTS.crelate),
    },
  },
});
