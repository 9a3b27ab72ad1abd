import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { E2E_DATA_DIR, E2E_PORTS, E2E_RUNTIME_LOG } from '../../../playwright.config';
import { PORT_ENV, type PortName } from '../../../local/ports';

/**
 * The local runtime the browser tests run against, `npm start`'s own (`local/start.ts --reset`) on
 * the browser tests' ports and data folder.
 *
 * Started by Playwright's global setup without waiting for it: Playwright loads the test files
 * (Babel on a clean clone: about 3 CPU-s) and starts its workers while the runtime starts, and each
 * worker waits for it before its first test (`waitForLocalRuntime`, the `localRuntime` fixture of
 * ./test.ts). Playwright's `webServer` waited first, with polls up to a second apart, and only
 * then loaded the files: the two cores were a third idle for the step's first seconds.
 */

/** `config.json` answers 200 once the runtime is ready (503 while it starts). */
const READY_URL = `http://127.0.0.1:${E2E_PORTS.web}/config.json`;
/** Written when the runtime ends before the tests are done: its exit code or signal. */
const EXITED_FILE = path.join(path.dirname(E2E_RUNTIME_LOG), 'local-runtime.exited');
/** How long a worker waits for the runtime to be ready (the `webServer` timeout it replaces). */
export const RUNTIME_START_TIMEOUT_MS = 120_000;
/** How long the runtime gets to stop on SIGTERM before it is killed. */
const STOP_GRACE_MS = 10_000;

async function answers(url: string): Promise<number | undefined> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return undefined;
  }
}

/** Playwright's global setup: starts the runtime and returns the teardown that stops it. */
export default async function startLocalRuntime(): Promise<() => Promise<void>> {
  if ((await answers(READY_URL)) !== undefined) {
    throw new Error(
      `${READY_URL} already answers: something runs on the browser tests' ports. Stop it, or move the ports with E2E_PORT_BASE.`,
    );
  }
  mkdirSync(path.dirname(E2E_RUNTIME_LOG), { recursive: true });
  rmSync(EXITED_FILE, { force: true });
  // Everything the runtime prints goes to the log (runtime-log-reporter.ts prints it under a failure).
  const log = openSync(E2E_RUNTIME_LOG, 'w');
  const runtime = spawn(path.resolve('node_modules/.bin/tsx'), ['local/start.ts', '--reset'], {
    // Its own process group, so the teardown stops tsx and the runtime under it together.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      LOCAL_DATA_DIR: E2E_DATA_DIR,
      ...Object.fromEntries(Object.entries(E2E_PORTS).map(([name, port]) => [PORT_ENV[name as PortName], String(port)])),
    },
  });
  closeSync(log);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-runtime.pid!, name);
    } catch {
      // Already gone.
    }
  };
  // Should Playwright end without its teardown (an error, a closed pipe), the runtime goes with it.
  const killWithRunner = () => signal('SIGKILL');
  process.on('exit', killWithRunner);
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    runtime.on('exit', (code, exitSignal) => {
      if (!stopping) writeFileSync(EXITED_FILE, `${code ?? exitSignal}`);
      process.off('exit', killWithRunner);
      resolve();
    });
  });
  return async () => {
    stopping = true;
    if (runtime.exitCode !== null || runtime.signalCode !== null) return;
    signal('SIGTERM');
    const killer = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  };
}

/** Resolves once the runtime serves; fails at once, with where its log is, if it ended instead. */
export async function waitForLocalRuntime(): Promise<void> {
  const deadline = Date.now() + RUNTIME_START_TIMEOUT_MS;
  const where = path.relative(process.cwd(), E2E_RUNTIME_LOG);
  for (;;) {
    if (existsSync(EXITED_FILE)) {
      throw new Error(`The local runtime ended (${readFileSync(EXITED_FILE, 'utf8')}) before it was ready: see ${where}.`);
    }
    if ((await answers(READY_URL)) === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`The local runtime was not ready within ${RUNTIME_START_TIMEOUT_MS / 1000} s: see ${where}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
