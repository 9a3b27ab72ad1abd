import { BENCH_FUZZ_RUNS } from '../security/support/fuzz-config';
import { GRAPHQL_ENTRY_POINTS } from '../security/support/fuzz-graphql';
import { REST_ENTRY_POINTS } from '../security/support/fuzz-rest';
import { runFuzz, type FuzzResult } from '../security/support/fuzz-runner';
import { TRIGGER_ENTRY_POINTS } from '../security/support/fuzz-triggers';
import { startSecurityRuntime as startMatrixRuntime } from '../security/support/authz-runtime';
import { runTwoFirmFuzz, seedTwoFirms } from '../security/support/two-firms';
import { productMix, runLoad } from '../security/support/load';
import { startSecurityRuntime } from '../security/support/security-runtime';
import { benchPlansCache } from './plans-cache';
import type { BenchFigure, BenchSection } from './section';

/**
 * The reliability part of `npm run bench`: the security tests' fuzzers at bench strength (10,000
 * runs per entry point, each entry point capped in time so the bench stays bounded) and the load
 * generator at 200 requests/s for 60 s, both against the local runtime on free ports. The same
 * code as `npm test`'s fast variants (test/security), with other counts.
 *
 * Standalone: `node --import tsx test/bench/reliability.ts` prints the section as JSON (last line).
 * Environment: RELIABILITY_FUZZ_RUNS (10000), RELIABILITY_FUZZ_SECONDS per entry point (30),
 * RELIABILITY_LOAD_RATE (200), RELIABILITY_LOAD_SECONDS (60), RELIABILITY_TWO_FIRMS_SECONDS (120,
 * the two-firm fuzz's cap; it makes RELIABILITY_FUZZ_RUNS calls at most).
 */

export interface ReliabilityOptions {
  readonly fuzzRuns?: number;
  /** Time cap per entry point; its runs so far count, and the figure says it was capped. */
  readonly fuzzSecondsPerEntryPoint?: number;
  readonly loadRate?: number;
  readonly loadSeconds?: number;
}

function fromEnvironment(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const ENTRY_POINTS = [...REST_ENTRY_POINTS, ...GRAPHQL_ENTRY_POINTS, ...TRIGGER_ENTRY_POINTS];

function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function fuzzFigures(results: readonly FuzzResult[], wanted: number, capSeconds: number): BenchFigure[] {
  const failures = results.filter((result) => result.failed);
  const totalRuns = results.reduce((sum, result) => sum + result.runs, 0);
  const short = results.filter((result) => result.runs < wanted && !result.failed);
  const fuzzMs = results.reduce((sum, result) => sum + result.durationMs, 0);
  // What all runs would take at the rates measured here.
  const fullMinutes = results.reduce((sum, result) => sum + (result.durationMs / Math.max(1, result.runs)) * wanted, 0) / 60_000;
  const slowest = [...results].sort((a, b) => b.durationMs / Math.max(1, b.runs) - a.durationMs / Math.max(1, a.runs))[0];
  return [
    {
      name: `Fuzzing: failing entry points (${results.length} REST routes, GraphQL fields and Cognito triggers)`,
      value: `${failures.length} (${thousands(totalRuns)} hostile inputs in ${(fuzzMs / 60_000).toFixed(1)} min)`,
      budget: '0',
      pass: failures.length === 0,
      note: failures.length > 0 ? failures.map((failure) => failure.report).join('\n\n').slice(0, 4000) : undefined,
    },
    {
      name: 'Fuzzing: runs per entry point',
      value: short.length === 0 ? `${thousands(wanted)} on each` : `${thousands(Math.min(...results.map((result) => result.runs)))} to ${thousands(Math.max(...results.map((result) => result.runs)))} (${short.length} of ${results.length} stopped at the ${capSeconds} s cap)`,
      budget: `${thousands(wanted)} each`,
      pass: short.length === 0,
      note:
        short.length === 0
          ? undefined
          : `Each entry point is capped at ${capSeconds} s so the bench stays bounded on 2 shared cores; ${thousands(wanted)} runs on every entry point would take about ${fullMinutes.toFixed(0)} min here (slowest: ${slowest.entryPoint}, ${(slowest.durationMs / Math.max(1, slowest.runs)).toFixed(0)} ms per run, as each run also snapshots and compares the tables it may write). RELIABILITY_FUZZ_SECONDS raises the cap.`,
    },
  ];
}

/** The two-firm fuzz (issue 18) on its own runtime: the authorization matrix's, where owners subscribe with a card. */
async function twoFirmFigure(calls: number, capSeconds: number): Promise<BenchFigure> {
  const api = await startMatrixRuntime({ assistantRateLimitPerMinute: 100_000 });
  try {
    const result = await runTwoFirmFuzz(await seedTwoFirms(api), calls, { timeLimitMs: capSeconds * 1000 });
    const capped = result.stoppedAtTimeLimit ? `, stopped at the ${capSeconds} s cap` : '';
    return {
      name: "Two-firm fuzz: calls where one firm reached the other's data, the removed member got in, or a 5xx (issue 18)",
      value: `${result.failed ? 'at least 1' : '0'} (${thousands(result.calls)} calls, ${thousands(result.crossFirmCalls)} with the other firm's ids, in ${(result.durationMs / 60_000).toFixed(1)} min${capped})`,
      budget: '0',
      pass: !result.failed,
      note: result.report,
    };
  } finally {
    await api.stop();
  }
}

export async function benchReliability(options: ReliabilityOptions = {}): Promise<BenchSection> {
  const fuzzRuns = options.fuzzRuns ?? fromEnvironment('RELIABILITY_FUZZ_RUNS', BENCH_FUZZ_RUNS);
  const capSeconds = options.fuzzSecondsPerEntryPoint ?? fromEnvironment('RELIABILITY_FUZZ_SECONDS', 30);
  const rate = options.loadRate ?? fromEnvironment('RELIABILITY_LOAD_RATE', 200);
  const seconds = options.loadSeconds ?? fromEnvironment('RELIABILITY_LOAD_SECONDS', 60);
  // Tens of thousands of requests: the handlers' per-request info lines would only slow the machine.
  process.env.LOG_LEVEL ??= 'warn';

  // First, on its own runtime: one runtime at a time on the 2 shared cores.
  const twoFirms = await twoFirmFigure(fuzzRuns, fromEnvironment('RELIABILITY_TWO_FIRMS_SECONDS', 120));
  const rt = await startSecurityRuntime();
  try {
    const results: FuzzResult[] = [];
    for (const entry of ENTRY_POINTS) results.push(await runFuzz(rt, entry, fuzzRuns, { timeLimitMs: capSeconds * 1000 }));
    const load = await runLoad(productMix(rt), { ratePerSecond: rate, durationMs: seconds * 1000 });

    const loadFigures: BenchFigure[] = [
      {
        name: `Load: errors at ${rate} requests/s for ${seconds} s (plans, getUserByEmail, user subscriptions, createContact)`,
        value: `${load.errors} of ${thousands(load.requests)}`,
        budget: '0',
        pass: load.errors === 0,
        note: [
          load.errorSamples.length > 0 ? `Errors: ${load.errorSamples.join('; ')}.` : '',
          // What limits the figures here, so a bad tail is read for what it is.
          'Open loop from the bench process, which also hosts dynalite, the REST adapter and the AppSync runner; each local Lambda function runs up to 6 containers of one invocation each (local/lambda/host.ts) and further invocations wait for a free one, so on a busy machine the p95 grows first.',
        ]
          .filter(Boolean)
          .join(' '),
      },
      { name: 'Load: achieved rate', value: `${load.achievedRatePerSecond} requests/s`, budget: `${rate} requests/s`, pass: load.achievedRatePerSecond >= rate * 0.95 },
      ...Object.entries(load.byKind).map(([kind, figures]) => ({
        name: `Load p95: ${kind}`,
        value: `${figures.p95Ms} ms (p50 ${figures.p50Ms} ms, max ${figures.maxMs} ms, ${thousands(figures.requests)} requests)`,
        budget: '',
        pass: null,
      })),
    ];
    const plansCache = await benchPlansCache();
    return {
      id: 'reliability',
      title: 'Reliability: fuzzing and load on the local runtime',
      figures: [...fuzzFigures(results, fuzzRuns, capSeconds), twoFirms, ...loadFigures, plansCache],
      details: { fuzz: { runsWanted: fuzzRuns, capSecondsPerEntryPoint: capSeconds, entryPoints: results }, load },
    };
  } finally {
    await rt.stop();
  }
}

if (require.main === module) {
  benchReliability().then(
    (section) => {
      process.stdout.write(`${JSON.stringify(section)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
