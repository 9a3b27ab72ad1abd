/**
 * Lighthouse (12.8, node API) mobile performance scores: the default mobile config (simulated
 * slow 4G and a 4x slower CPU), Debian's Chromium, one browser for every run. Each route is
 * measured RUNS times and the median score counts (Lighthouse's own advice against variance).
 * For a score below 100 it names the audits that cost points, so the report says why.
 */
import { median } from './stats';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The bench's CDN stand-in (web-serve.ts) serves HTTP/2 over TLS with a throwaway self-signed certificate.
  '--ignore-certificate-errors',
];
const RUNS = 3;

export interface RouteScore {
  readonly route: string;
  /** Median of the runs, 0-100. */
  readonly score: number;
  readonly runs: readonly number[];
  /** Metric values of the median run, e.g. `{ 'largest-contentful-paint': '1.2 s' }`. */
  readonly metrics: Readonly<Record<string, string>>;
  /** Audits of the median run that cost points or flag savings, with their display value. */
  readonly findings: readonly string[];
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  scoreDisplayMode?: string;
  details?: { type?: string; overallSavingsMs?: number; items?: { score?: number; node?: { selector?: string } }[] };
}
interface Lhr {
  categories: { performance: { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] } };
  audits: Record<string, Audit>;
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

function findings(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories.performance.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    if (audit.score < 0.9) out.push(`${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  // Which element moved: the layout-shift audit names it.
  for (const item of lhr.audits['layout-shifts']?.details?.items ?? []) {
    if (item.node?.selector) out.push(`layout shift ${Number(item.score ?? 0).toFixed(3)} by \`${item.node.selector}\``);
  }
  return out;
}

/** Scores every route of `baseUrl` (e.g. `https://127.0.0.1:1234`). */
export async function lighthouseScores(baseUrl: string, routes: readonly string[]): Promise<RouteScore[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const scores: RouteScore[] = [];
    for (const route of routes) {
      const runs: { score: number; lhr: Lhr }[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const result = await lighthouse(`${baseUrl}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const lhr = result?.lhr as unknown as Lhr | undefined;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
        runs.push({ score: Math.round((lhr.categories.performance.score ?? 0) * 100), lhr });
      }
      const score = median(runs.map((r) => r.score));
      const middle = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
      const metrics: Record<string, string> = {};
      for (const id of METRICS) metrics[id] = middle.lhr.audits[id]?.displayValue ?? '';
      scores.push({ route, score, runs: runs.map((r) => r.score), metrics, findings: findings(middle.lhr) });
      console.log(`  ${route}: ${score} (${runs.map((r) => r.score).join(', ')})`);
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
