// `npm test`: every check, each its own step, run two cores' worth at a time. ESLint and
// Prettier are single-threaded, so two of them run side by side; jest and the browser tests each
// take the machine to themselves (run together, the load made Lambda containers miss their 10 s
// load limit and cognito-local drop connections). A step's output is printed when it ends, never
// interleaved: all of it when it failed, its closing lines when it passed; a line every minute
// says what still runs. A failure stops the rest, and the closing table gives each step's time.
//
// `node test/run-suite.mjs --only jest,e2e` runs some steps; `--list` names them.
import { spawn } from 'node:child_process';

/** Cores this suite assumes (the development machine and CI have 2). */
const CORES = 2;

/** A passed step shows its summary (jest's and Playwright's totals), not every line. */
const PASSED_STEP_LINES = 8;

/**
 * The steps. `cores`: how many it keeps busy; `after`: steps it needs. Declared in the order they
 * start when cores allow: the type check first, so a type error fails in seconds. The static
 * checks then fill the two cores evenly (about 6 + 21 s on one, 3 + 2 + 14 + 15 s on the other), so
 * the tests start as soon as both are done: ESLint, the longest, starts when the type check ends,
 * and the web build and synth go before Prettier on the other core.
 */
const STEPS = [
  // TypeScript 7's native compiler (test/support/bin/tsc.mjs says why not the `typescript` package).
  { name: 'typecheck', command: 'node test/support/bin/tsc.mjs -p tsconfig.json', cores: 1 },
  { name: 'typecheck:web', command: 'node test/support/bin/tsc.mjs -p web/tsconfig.json', cores: 1 },
  { name: 'build:web', command: 'vite build --config web/vite.config.ts --logLevel warn', cores: 1 },
  // The web build is the previous step: synth skips cdk.json's own build of it. test/support/bin/npx
  // runs the installed esbuild for each handler bundle without starting npm's CLI each time.
  {
    name: 'synth',
    command: 'PATH="$PWD/test/support/bin:$PATH" cdk synth -c stage=prod --quiet --build true',
    cores: 1,
    after: ['build:web'],
  },
  // package.json's lint:eslint: ESLint on node with the test processes' V8 flags (test/support/bin/tuned.mjs).
  { name: 'eslint', command: 'npm run -s lint:eslint', cores: 1 },
  // package.json's format:check: Prettier's newer command line (18 CPU-s instead of 31 on a clean
  // clone), tuned the same way.
  { name: 'prettier', command: 'npm run -s format:check', cores: 1 },
  { name: 'jest', command: 'jest', cores: 2 },
  { name: 'e2e', command: 'node test/e2e/require-chromium.js && playwright test', cores: 2, after: ['build:web'] },
];

function parseArguments(argv) {
  if (argv.includes('--list')) {
    for (const step of STEPS) console.log(`${step.name.padEnd(14)} ${step.command}`);
    process.exit(0);
  }
  const only = argv.indexOf('--only');
  if (only === -1) return STEPS;
  const names = (argv[only + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !STEPS.some((step) => step.name === name));
  if (names.length === 0 || unknown.length > 0) {
    console.error(
      `--only takes step names separated by commas (${STEPS.map((step) => step.name).join(', ')})${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
    );
    process.exit(2);
  }
  // A chosen step's prerequisites run too (the browser tests need the web build).
  const chosen = new Set(names);
  for (const step of STEPS) if (chosen.has(step.name)) for (const need of step.after ?? []) chosen.add(need);
  return STEPS.filter((step) => chosen.has(step.name));
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function runStep(step) {
  const startedAt = Date.now();
  // Local binaries first, as npm scripts have them; a process group, so a stop ends the whole tree.
  const child = spawn(step.command, {
    shell: true,
    detached: true,
    env: { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({ step, ok: code === 0, code: code ?? signal, ms: Date.now() - startedAt, output: Buffer.concat(output) }),
    );
  });
  return { child, done };
}

async function main() {
  const steps = parseArguments(process.argv.slice(2));
  const suiteStart = Date.now();
  const waiting = [...steps];
  const running = new Map();
  const finished = new Map();
  let failure;

  const startable = () =>
    waiting.filter((step) => {
      const busy = [...running.values()].reduce((sum, run) => sum + run.step.cores, 0);
      const ready = (step.after ?? []).every((need) => finished.get(need)?.ok || !steps.some((s) => s.name === need));
      return ready && (busy === 0 || busy + step.cores <= CORES);
    });

  const stopAll = () => {
    for (const run of running.values()) {
      try {
        process.kill(-run.child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  process.on('SIGINT', () => {
    stopAll();
    process.exit(130);
  });

  while ((waiting.length > 0 || running.size > 0) && !failure) {
    // One at a time: each start changes how many cores are free.
    for (let step = startable()[0]; step; step = startable()[0]) {
      waiting.splice(waiting.indexOf(step), 1);
      console.log(`▶ ${step.name}: ${step.command}`);
      running.set(step.name, { step, startedAt: Date.now(), ...runStep(step) });
    }
    const heartbeat = setInterval(() => {
      const names = [...running.values()].map((run) => `${run.step.name} (${seconds(Date.now() - run.startedAt)})`);
      console.log(`… still running: ${names.join(', ')}`);
    }, 60_000);
    const result = await Promise.race([...running.values()].map((run) => run.done));
    clearInterval(heartbeat);
    running.delete(result.step.name);
    finished.set(result.step.name, result);
    const lines = result.output.toString().trimEnd().split('\n');
    const shown = result.ok ? lines.slice(-PASSED_STEP_LINES) : lines;
    if (shown.join('').trim()) console.log(shown.join('\n'));
    console.log(
      `${result.ok ? '✔' : '✘'} ${result.step.name} ${result.ok ? 'passed' : `failed (exit ${result.code})`} in ${seconds(result.ms)}\n`,
    );
    if (!result.ok) failure = result;
  }
  if (failure) {
    stopAll();
    for (const run of running.values()) console.log(`■ ${run.step.name} stopped: ${failure.step.name} failed`);
  }

  console.log('Step            time');
  for (const step of steps) {
    const result = finished.get(step.name);
    console.log(`${step.name.padEnd(15)} ${result ? `${seconds(result.ms).padStart(5)}${result.ok ? '' : '  failed'}` : '    -'}`);
  }
  console.log(`${'npm test'.padEnd(15)} ${seconds(Date.now() - suiteStart).padStart(5)} (wall clock; steps overlap two at a time)`);
  process.exit(failure ? 1 : 0);
}

main();
