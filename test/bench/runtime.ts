/**
 * Bench section "runtime": `npm start` time to ready, cold (empty build cache and data: Lambda
 * and resolver bundles, resolver lint, cognito-local, the seed) and warm, as a person runs it;
 * then the whole `npm test` as a child process (skipped with --skip-test-suite). The runtime
 * uses free ports, so a running `npm start` or the browser tests are not disturbed.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchOptions } from './bench';
import type { BenchFigure, BenchSection } from './section';
import { round } from './stats';

const ROOT = path.resolve(__dirname, '..', '..');
const READY_BUDGET_SECONDS = 15;

/** Runs `npm start`'s entry on free ports; resolves once it prints "Ready", with the seconds it took. */
function startRuntime(dataDir: string): Promise<{ seconds: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const ports = ['web', 'rest', 'graphql', 'dynamodb', 'cognito', 'lambda'].flatMap((name) => [`--${name}-port`, '0']);
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts', '--quiet', '--no-web-build', '--data-dir', dataDir, ...ports], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/^Ready in /m.test(output)) return;
      child.stdout.off('data', onData);
      const seconds = (performance.now() - started) / 1000;
      const stop = () =>
        new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      resolve({ seconds, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the local runtime exited (${code}) before it was ready:\n${output}`)));
  });
}

/** Runs `npm test`; its wall time and exit code. */
function runTestSuite(): Promise<{ seconds: number; exitCode: number | null }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { cwd: ROOT, stdio: 'inherit' });
    child.once('exit', (exitCode) => resolve({ seconds: round((performance.now() - started) / 1000), exitCode }));
  });
}

export async function benchRuntime(options: BenchOptions): Promise<BenchSection> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'talentpilot-bench-runtime-'));
  try {
    if (!fs.existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) {
      throw new Error('web/dist is missing: run `npm run build:web` first (npm start serves it).');
    }
    console.log('Starting the local runtime cold (empty data and build cache)…');
    // The build cache is the checkout's own (.local/build): npm start has no flag to move it.
    fs.rmSync(path.join(ROOT, '.local', 'build'), { recursive: true, force: true });
    const cold = await startRuntime(path.join(scratch, 'data'));
    await cold.stop();
    console.log('Starting it warm…');
    const warm = await startRuntime(path.join(scratch, 'data'));
    await warm.stop();

    // Absolute times on a shared 2-core machine: say how busy it was when one is over budget.
    const load = `The machine's 1-minute load average was ${round(os.loadavg()[0], 1)} on ${os.cpus().length} cores: other work shared the CPU.`;
    const readyFigure = (name: string, seconds: number): BenchFigure => ({
      name,
      value: `${round(seconds, 2)} s`,
      budget: `at most ${READY_BUDGET_SECONDS} s`,
      pass: seconds <= READY_BUDGET_SECONDS,
      ...(seconds > READY_BUDGET_SECONDS ? { note: load } : {}),
    });
    const figures: BenchFigure[] = [readyFigure('`npm start` ready, cold', cold.seconds), readyFigure('`npm start` ready, warm', warm.seconds)];
    let testSuite: { seconds: number; exitCode: number | null } | 'skipped' = 'skipped';
    if (options.skipTestSuite) {
      figures.push({ name: 'Whole `npm test`', value: 'not measured (--skip-test-suite)', budget: '', pass: null });
    } else {
      console.log('Running the whole npm test…');
      testSuite = await runTestSuite();
      figures.push({
        name: 'Whole `npm test`',
        value: `${testSuite.seconds} s (${testSuite.exitCode === 0 ? 'passed' : `FAILED, exit ${testSuite.exitCode}`})`,
        budget: '',
        pass: null,
        note: 'Wall time of every step: type checks, lint, jest, web build, browser tests, cdk synth. No budget in the issue.',
      });
    }
    return {
      id: 'runtime',
      title: 'Runtime: npm start and npm test',
      figures,
      details: { readySeconds: { cold: round(cold.seconds, 2), warm: round(warm.seconds, 2) }, testSuite },
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
