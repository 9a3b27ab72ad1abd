/**
 * `npm run bench`: the speed and size figures the README quotes, measured on this machine and
 * written to reports/bench.md and reports/bench.json. Targets are reported, never asserted: a busy
 * machine must not turn a benchmark into a red build.
 *
 * - web build time, and the gzip size of the JavaScript the home route loads (measured in Chromium);
 * - local runtime ready time: cold (empty build cache and data) and warm, as `npm start` runs it;
 * - request latency through the local runtime: GET /subscription/plans and createContact.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { chromium } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(__dirname, '..', '..');
const REPORT_DIR = path.join(ROOT, 'reports');
const TARGETS = { readySeconds: 15, homeEntryGzipKb: 110 };

interface Endpoints {
  webUrl: string;
  restUrl: string;
  graphqlUrl: string;
  graphqlApiKey: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

function buildWeb(): number {
  const started = performance.now();
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'silent'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return (performance.now() - started) / 1000;
}

/** Starts `npm start`'s entry on free ports; resolves when it prints "Ready", with the seconds it took. */
function startRuntime(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ seconds: number; endpoints: Endpoints; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'local/start.ts', '--quiet', '--no-web-build', '--data-dir', dataDir, '--web-port', '0', '--rest-port', '0', '--graphql-port', '0', '--dynamodb-port', '0'],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/^Ready in /m.test(output)) return;
      child.stdout.off('data', onData);
      const seconds = (performance.now() - started) / 1000;
      const endpoints = JSON.parse(fs.readFileSync(path.join(dataDir, 'endpoints.json'), 'utf8')) as Endpoints;
      const stop = () =>
        new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      resolve({ seconds, endpoints, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the local runtime exited (${code}) before it was ready:\n${output}`)));
  });
}

async function homeRouteJavaScript(webUrl: string): Promise<{ files: { file: string; gzipKb: number }[]; entryGzipKb: number; totalGzipKb: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; body: Buffer }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.body() });
    });
    await page.goto(webUrl, { waitUntil: 'networkidle' });
    const files = scripts.map(({ url, body }) => ({ file: new URL(url).pathname, gzipKb: round(gzipSync(body, { level: 9 }).length / 1024, 2) }));
    const entry = files.find((f) => /\/assets\/index-[^/]+\.js$/.test(f.file));
    return {
      files,
      entryGzipKb: entry?.gzipKb ?? NaN,
      totalGzipKb: round(files.reduce((sum, f) => sum + f.gzipKb, 0), 2),
    };
  } finally {
    await browser.close();
  }
}

async function latency(label: string, count: number, call: () => Promise<Response>) {
  const timings: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label} answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { label, count, p50Ms: round(percentile(timings, 50), 2), p95Ms: round(percentile(timings, 95), 2), maxMs: round(timings[timings.length - 1], 2) };
}

async function main(): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'talentpilot-bench-'));
  try {
    console.log('Building the web app…');
    const webBuildSeconds = round(buildWeb(), 2);

    console.log('Starting the local runtime cold (empty data and build cache)…');
    const buildCache = path.join(ROOT, '.local', 'build');
    fs.rmSync(buildCache, { recursive: true, force: true });
    const cold = await startRuntime(path.join(scratch, 'data'));
    await cold.stop();
    console.log('Starting it warm…');
    const warm = await startRuntime(path.join(scratch, 'data'));

    console.log('Measuring the home route and request latency…');
    const home = await homeRouteJavaScript(warm.endpoints.webUrl);
    const plans = await latency('GET /subscription/plans', 200, () => fetch(`${warm.endpoints.restUrl}/subscription/plans`));
    const contact = await latency('createContact', 100, () =>
      fetch(warm.endpoints.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': warm.endpoints.graphqlApiKey },
        body: JSON.stringify({
          query: 'mutation ($input: CreateContactInput!) { createContact(input: $input) { id } }',
          variables: { input: { name: 'Bench Mark', email: 'bench@example.com', message: 'Benchmark message.' } },
        }),
      }),
    );
    await warm.stop();

    const report = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, memoryGiB: round(os.totalmem() / 2 ** 30), node: process.version },
      targets: TARGETS,
      webBuildSeconds,
      localRuntimeReadySeconds: { cold: round(cold.seconds, 2), warm: round(warm.seconds, 2) },
      homeRoute: home,
      latency: [plans, contact],
    };
    const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET');
    const markdown = [
      `# Benchmark report`,
      '',
      `Measured ${report.measuredAt} on ${report.machine.cpus} cores, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}.`,
      '',
      '| What | Figure | Target |',
      '|---|---|---|',
      `| Web build | ${webBuildSeconds} s | |`,
      `| Local runtime ready, cold | ${report.localRuntimeReadySeconds.cold} s | ${TARGETS.readySeconds} s (${verdict(cold.seconds <= TARGETS.readySeconds)}) |`,
      `| Local runtime ready, warm | ${report.localRuntimeReadySeconds.warm} s | ${TARGETS.readySeconds} s (${verdict(warm.seconds <= TARGETS.readySeconds)}) |`,
      `| Home route entry chunk, gzip | ${home.entryGzipKb} kB | ${TARGETS.homeEntryGzipKb} kB (${verdict(home.entryGzipKb <= TARGETS.homeEntryGzipKb)}) |`,
      `| Home route, all JavaScript, gzip | ${home.totalGzipKb} kB | |`,
      ...report.latency.map((l) => `| ${l.label} (${l.count} calls) | p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms | |`),
      '',
      '## JavaScript loaded by the home route',
      '',
      ...home.files.map((f) => `- \`${f.file}\`: ${f.gzipKb} kB gzip`),
      '',
    ].join('\n');
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(REPORT_DIR, 'bench.md'), markdown);
    console.log(`\n${markdown}\nWritten to reports/bench.md and reports/bench.json.`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
