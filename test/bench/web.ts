/**
 * Bench section "web": the JavaScript the home route loads (gzip, measured in Chromium on the
 * served build) against a bare React + react-router-dom app built in the same run; the largest
 * lazy chunk; Lighthouse's mobile performance score for every public route, against the built
 * app served by the local runtime behind a proxy that does what CloudFront does and the local
 * server does not: HTTP/2 over TLS, brotli or gzip (web-serve.ts). The bare app goes through the
 * same proxy. The app is built into a scratch folder, so web/dist (which the browser tests may
 * be serving) is left alone.
 */
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startLocalRuntime } from '../../local/runtime';
import { startWebServer } from '../../local/web/web-server';
import { buildBareApp } from './web-bare-app';
import { lighthouseScores, type RouteScore } from './web-lighthouse';
import { startCdnProxy } from './web-serve';
import type { BenchFigure, BenchSection } from './section';
import { formatRatio, kilobytes } from './stats';

const ROOT = path.resolve(__dirname, '..', '..');
const BUDGET_RATIO = 1.15;
/** Every route a signed-out visitor can open (web/src/config/paths.ts). */
export const PUBLIC_ROUTES = ['/', '/sign-in', '/invite-signup', '/success', '/sign-in-error', '/company', '/contact', '/products', '/privacy-policy', '/terms-condition'];

interface ScriptSize {
  readonly file: string;
  readonly gzipBytes: number;
}

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** Every script the page at `url` fetches until the network is idle, with its gzip -9 size. */
async function scriptsLoaded(url: string): Promise<ScriptSize[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    const pending: Promise<ScriptSize>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        pending.push(response.body().then((body) => ({ file: new URL(response.url()).pathname, gzipBytes: gzipSize(body) })));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return await Promise.all(pending);
  } finally {
    await browser.close();
  }
}

const total = (scripts: readonly ScriptSize[]) => scripts.reduce((sum, s) => sum + s.gzipBytes, 0);

function buildProduct(outDir: string): void {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'silent'],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

/** What to do about the causes seen so far (measured on this machine, see the bench report's follow-up). */
function followUp(score: RouteScore): string[] {
  const hints: string[] = [];
  if (score.findings.some((finding) => finding.startsWith('layout shift '))) {
    hints.push('something moves when the page code arrives (the shift above names it): reserve its place while the page loads, as `.app__main { min-height: 100vh }` does for the footer');
  }
  if (parseFloat(score.metrics['first-contentful-paint'] ?? '0') > 1.5) {
    hints.push('the first paint waits for the entry, the page chunk with its imports and the CSS (the bare app paints at 1.3 s from one script, no CSS): fewer, larger requests before the first render, less render-blocking CSS');
  }
  return hints;
}

/** How the app is served to Lighthouse, said once in the report (on the home route's figure). */
const SERVER_NOTE =
  'Served as CloudFront serves it: the local runtime\'s web server behind the bench\'s proxy (test/bench/web-serve.ts), HTTP/2 over TLS ' +
  'with a throwaway self-signed certificate made by openssl at start (Chromium runs with --ignore-certificate-errors), brotli or gzip as the browser asks. ' +
  'Over plain HTTP/1.1 Lighthouse\'s simulation queues the page\'s parallel chunk requests behind 6 connections, which production never does ' +
  '(before this proxy: / 96, /sign-in 92). The bare app goes through the same proxy. Lighthouse 12.8 default mobile config, median of 3 runs.';

function lighthouseFigure(score: RouteScore): BenchFigure {
  const home = score.route === '/';
  const pass = home ? score.score >= 100 : score.score >= 95;
  const metrics = Object.entries(score.metrics).map(([id, value]) => `${id} ${value}`).join(', ');
  const hints = followUp(score);
  const why = pass ? '' : `${metrics}. Audits that cost points: ${score.findings.join('; ') || 'none below 0.9'}.${hints.length ? ` Follow-up: ${hints.join('; ')}.` : ''}`;
  const note = [home ? SERVER_NOTE : '', why].filter(Boolean).join(' ');
  return {
    name: `Lighthouse mobile performance, ${score.route}`,
    value: `${score.score} (runs ${score.runs.join(', ')})`,
    budget: home ? '100' : 'at least 95',
    pass,
    ...(note ? { note } : {}),
  };
}

export async function benchWeb(): Promise<BenchSection> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'talentpilot-bench-web-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    console.log('Building the web app and the bare React + router app with the same Vite…');
    const productDist = path.join(scratch, 'product');
    buildProduct(productDist);
    const bareDist = await buildBareApp(path.join(scratch, 'bare'));

    const runtime = await startLocalRuntime({
      inMemory: true,
      ports: { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 },
      webDistDir: productDist,
      webBuild: 'never',
    });
    stops.push(() => runtime.stop());
    const bare = await startWebServer({ port: 0, distDir: bareDist, runtimeConfig: () => ({}) });
    stops.push(() => bare.stop());
    const webUrl = String(runtime.endpoints.webUrl);

    console.log('Measuring the JavaScript each home route loads in Chromium…');
    const productScripts = await scriptsLoaded(webUrl);
    const bareScripts = await scriptsLoaded(bare.url);
    const ratio = total(productScripts) / total(bareScripts);

    const entry = productScripts.find((s) => /\/assets\/index-[^/]+\.js$/.test(s.file))?.file;
    const chunks = fs
      .readdirSync(path.join(productDist, 'assets'))
      .filter((file) => file.endsWith('.js') && `/assets/${file}` !== entry)
      .map((file) => ({ file: `/assets/${file}`, gzipBytes: gzipSize(fs.readFileSync(path.join(productDist, 'assets', file))) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const largest = chunks[0];

    console.log(`Lighthouse on ${PUBLIC_ROUTES.length} public routes…`);
    const assets = (dist: string) => ['/', ...fs.readdirSync(path.join(dist, 'assets')).map((file) => `/assets/${file}`)];
    const proxy = await startCdnProxy(webUrl, assets(productDist));
    stops.push(() => proxy.stop());
    const scores = await lighthouseScores(proxy.url, PUBLIC_ROUTES);
    // The yardstick under the same server, proxy and Lighthouse: what a bare React app reaches.
    const bareProxy = await startCdnProxy(bare.url, assets(bareDist));
    stops.push(() => bareProxy.stop());
    const [bareScore] = await lighthouseScores(bareProxy.url, ['/']);

    const figures: BenchFigure[] = [
      {
        name: 'Home route JavaScript vs bare React + react-router-dom, gzip -9',
        value: `${formatRatio(ratio)} (${kilobytes(total(productScripts))} kB vs ${kilobytes(total(bareScripts))} kB)`,
        budget: `at most ${BUDGET_RATIO}x`,
        pass: ratio <= BUDGET_RATIO,
        note: `Every script Chromium fetches for / until the network is idle. Product: ${productScripts.map((s) => `${s.file.replace('/assets/', '')} ${kilobytes(s.gzipBytes)} kB`).join(', ')}; bare: ${bareScripts.length} file.${ratio > BUDGET_RATIO ? ' Beyond React, react-dom and react-router: the app shell in the entry (header, footer, router table, the runtime-config check) and the home page chunk; look at the largest files listed here first.' : ''}`,
      },
      {
        name: 'Largest lazy chunk, gzip -9',
        value: `${kilobytes(largest.gzipBytes)} kB (${largest.file})`,
        budget: '',
        pass: null,
        note: `${productScripts.some((s) => s.file === largest.file) ? 'Loaded by the home route.' : 'Not loaded by the home route.'} The issue sets no budget for it.`,
      },
      ...scores.map(lighthouseFigure),
      {
        name: 'Lighthouse mobile performance, bare React + react-router-dom app (contrast)',
        value: `${bareScore.score} (runs ${bareScore.runs.join(', ')})`,
        budget: '',
        pass: null,
        note: `${Object.entries(bareScore.metrics).map(([id, value]) => `${id} ${value}`).join(', ')}: one script, no CSS, no lazy chunks.`,
      },
    ];
    return {
      id: 'web',
      title: 'Web: JavaScript weight and Lighthouse',
      figures,
      details: {
        homeRoute: productScripts.map((s) => ({ file: s.file, gzipKB: kilobytes(s.gzipBytes) })),
        bareApp: bareScripts.map((s) => ({ file: s.file, gzipKB: kilobytes(s.gzipBytes) })),
        lazyChunks: chunks.slice(0, 10).map((s) => ({ file: s.file, gzipKB: kilobytes(s.gzipBytes) })),
        lighthouse: scores,
        bareLighthouse: bareScore,
      },
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
