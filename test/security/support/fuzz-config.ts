/**
 * How much fuzzing runs, decided in one place: `npm test` runs a fast variant, the bench
 * (test/bench/reliability.ts) passes its own count. `FUZZ_RUNS=2000 npx jest test/security` runs
 * more (random runs after each entry point's class cover; the two-firm fuzz's calls);
 * `FUZZ_SEED=<seed>` replays a reported failure, class cover included.
 */
import { MIN_CLOSED_APPLICATIONS } from '../../../lambdas/ats/prediction/evaluation';

/**
 * Calls of the two-firm fuzz in `npm test` (two-firms.test.ts): each run draws a fresh seed, so CI
 * covers new sequences every time; the bench makes {@link BENCH_FUZZ_RUNS}.
 */
export const DEFAULT_FUZZ_RUNS = 30;

/**
 * Random runs per entry point of hostile-input.test.ts in `npm test`, after its class cover
 * (fuzz-runner.ts `classCover`: a dozen or so inputs, drawn afresh every run, that send every
 * hostile class to every input; 30 plain random runs sent about 70% of those pairs).
 */
export const DEFAULT_RANDOM_RUNS = 2;

/**
 * Inputs drawn (not sent) per entry point to find its class cover (fuzz-runner.ts `classCover`):
 * the cover sends every `<input> <class>` pair these reach.
 */
export const CLASS_COVER_SAMPLES = 200;

/** Runs per entry point in the bench. */
export const BENCH_FUZZ_RUNS = 10_000;

/** Every call is bounded: a hang is a failure, never a stuck test. */
export const CALL_TIMEOUT_MS = 15_000;

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`Expected a positive whole number, got "${value}"`);
  return parsed;
}

/** `FUZZ_RUNS`, or {@link DEFAULT_FUZZ_RUNS}: the two-firm fuzz's calls. */
export function fuzzRuns(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env.FUZZ_RUNS) ?? DEFAULT_FUZZ_RUNS;
}

/** `FUZZ_RUNS`, or {@link DEFAULT_RANDOM_RUNS}: an entry point's random runs after its class cover. */
export function randomFuzzRuns(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env.FUZZ_RUNS) ?? DEFAULT_RANDOM_RUNS;
}

/** `FUZZ_SEED`, to replay a run fast-check reported; random when absent. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number | undefined {
  if (env.FUZZ_SEED === undefined || env.FUZZ_SEED.trim() === '') return undefined;
  const parsed = Number(env.FUZZ_SEED);
  if (!Number.isInteger(parsed)) throw new Error(`FUZZ_SEED must be an integer, got "${env.FUZZ_SEED}"`);
  return parsed;
}

/**
 * Closed applications in the security runtimes' fake ATS accounts: enough for placement prediction
 * to train (with its share of placements), few enough that reading or restoring every table around
 * each call stays quick (the demo's 240 made one fuzzed route take 40 s).
 */
export const SECURITY_DEMO_CLOSED_APPLICATIONS = 2 * MIN_CLOSED_APPLICATIONS;
