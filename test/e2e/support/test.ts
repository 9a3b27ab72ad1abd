import { test as base } from '@playwright/test';
import { RUNTIME_START_TIMEOUT_MS, waitForLocalRuntime } from './runtime-process';

export { expect, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * Playwright's `test` for the browser tests: each worker waits for the local runtime before its
 * first test (runtime-process.ts starts it without waiting). Specs import Playwright from here, never
 * from '@playwright/test' (the `e2e-specs-wait-for-runtime` zone of eslint-rules/import-boundaries.mjs).
 */
export const test = base.extend<object, { localRuntime: void }>({
  localRuntime: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: it has none.
    async ({}, use) => {
      await waitForLocalRuntime();
      await use();
    },
    { scope: 'worker', auto: true, timeout: RUNTIME_START_TIMEOUT_MS },
  ],
});
