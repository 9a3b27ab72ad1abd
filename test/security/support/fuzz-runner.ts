import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { TABLES, type TableName } from '../../../lib/definitions/tables';
import type { HttpAnswer } from './answer-checks';
import { CLASS_COVER_SAMPLES, fuzzSeed } from './fuzz-config';
import { classesSentBy } from './hostile-values';
import type { SecurityRuntime } from './security-runtime';
import {
  changesBetween,
  describeChanges,
  restoreSnapshot,
  takeSnapshot,
  type ItemChange,
  type SnapshotTarget,
  type TableSnapshot,
} from './table-snapshot';

/**
 * Runs one entry point's property: for each generated input, the call must answer acceptably
 * (no 5xx, no hang, a readable refusal), a refused input must leave every table it could write
 * unchanged, and an accepted input must store exactly what the contract allows (then it is
 * undone, so every run starts from the seeded data). After the last run every table must equal
 * what it held before the first. Used by the jest tests and by the bench, with different counts.
 */

/** What one call gave: the answer, its problem (if any) and whether the input was accepted. */
export interface CallVerdict {
  readonly answer: HttpAnswer;
  /** Why the answer is unacceptable; undefined when it is fine. */
  readonly problem?: string;
  /** The API took the input (2xx, or GraphQL data without errors). */
  readonly accepted: boolean;
}

export interface FuzzEntryPoint<I> {
  /** `POST /subscription/cancel`, `Mutation.createContact`, `PreSignUp`… */
  readonly name: string;
  /** Tables a call may write when it accepts its input; [] for read-only entry points. */
  readonly writes: readonly TableName[];
  readonly input: fc.Arbitrary<I>;
  call(rt: SecurityRuntime, input: I): Promise<CallVerdict>;
  /**
   * For accepted inputs: why the stored changes are not what the contract allows (undefined
   * when they are). Without it, an accepted input must not store anything.
   */
  checkStored?(rt: SecurityRuntime, input: I, verdict: CallVerdict, changes: readonly ItemChange[]): string | undefined;
  /** Undoes what a call did outside the tables (e.g. a Cognito user it created); runs after every call. */
  cleanup?(rt: SecurityRuntime, input: I, verdict: CallVerdict): Promise<void>;
}

export interface FuzzResult {
  readonly entryPoint: string;
  readonly runs: number;
  /** `<input> <class>` pairs the class cover sent (each in the first runs). */
  readonly classPairs: number;
  /** Inputs the API accepted (the rest were refused). */
  readonly accepted: number;
  readonly failed: boolean;
  /** fast-check's report: seed, path, shrunk counterexample and the error. */
  readonly report?: string;
  readonly durationMs: number;
}

/** The runtime's tables with their key attributes. */
export function snapshotTarget(rt: Pick<SecurityRuntime, 'runtime'>): SnapshotTarget {
  const names = rt.runtime.endpoints.tables;
  const tables = Object.fromEntries(
    (Object.keys(TABLES) as TableName[]).map((table) => {
      const definition = TABLES[table] as { partitionKey: { name: string }; sortKey?: { name: string } };
      const key = [definition.partitionKey.name, ...(definition.sortKey ? [definition.sortKey.name] : [])];
      // The assistant's per-minute request counters count refused requests too: bookkeeping, not data.
      const ignore =
        table === 'assistant' ? (item: Record<string, AttributeValue>) => item.itemId?.S?.startsWith('rate#') === true : undefined;
      return [table, { name: names[table], key, ignore }];
    }),
  );
  return { dynalite: rt.runtime.dynaliteListener, tables };
}

function limitTo(snapshot: TableSnapshot, tables: readonly string[]): TableSnapshot {
  return { tables: Object.fromEntries(tables.map((table) => [table, snapshot.tables[table]])) };
}

async function runOnce<I>(
  rt: SecurityRuntime,
  target: SnapshotTarget,
  baseline: TableSnapshot,
  entry: FuzzEntryPoint<I>,
  input: I,
  counts: { accepted: number },
) {
  const verdict = await entry.call(rt, input);
  try {
    if (verdict.problem) throw new Error(verdict.problem);
    if (verdict.accepted) counts.accepted += 1;
    if (entry.writes.length === 0) return;
    const before = limitTo(baseline, entry.writes);
    const after = await takeSnapshot(target, entry.writes);
    const changes = changesBetween(before, after);
    try {
      if (!verdict.accepted && changes.length > 0) {
        throw new Error(`Refused with ${verdict.answer.status}, yet stored: ${describeChanges(changes)}`);
      }
      if (verdict.accepted) {
        const problem = entry.checkStored
          ? entry.checkStored(rt, input, verdict, changes)
          : changes.length > 0
            ? `Accepted and stored, where no input was expected to be accepted: ${describeChanges(changes)}`
            : undefined;
        if (problem) throw new Error(problem);
      }
    } finally {
      if (changes.length > 0) await restoreSnapshot(target, before, after);
    }
  } finally {
    await entry.cleanup?.(rt, input, verdict);
  }
}

/** Strings over 120 characters shortened, so a 1 MB counterexample still reads in one line. */
export function abbreviate(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' && item.length > 120
      ? `${item.slice(0, 60)}…(${item.length} characters, starting ${JSON.stringify(item.slice(0, 3))})`
      : item,
  );
}

function failureReport<I>(name: string, details: fc.RunDetails<[I]>, batchRuns: number): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return [
    `${name} failed after ${details.numRuns} run(s) of a batch; replay with FUZZ_SEED=${details.seed} FUZZ_RUNS=${batchRuns} (path ${details.counterexamplePath}).`,
    `Counterexample (shrunk ${details.numShrinks} times): ${abbreviate(details.counterexample?.[0])}`,
    `Problem: ${error.slice(0, 2000)}`,
  ].join('\n');
}

/** Runs per fast-check batch: the time limit is checked between batches, never inside a run. */
const BATCH_RUNS = 500;

/** A few inputs that together send every hostile class to every input of an entry point. */
export interface ClassCover<I> {
  readonly inputs: readonly I[];
  /** The `<input> <class>` pairs they send: every pair {@link CLASS_COVER_SAMPLES} samples reached. */
  readonly pairs: ReadonlySet<string>;
  /** The pairs each input sends, in the order of `inputs`. */
  readonly sent: readonly ReadonlySet<string>[];
}

/**
 * Draws `samples` inputs (generating costs microseconds, a call milliseconds), notes which class
 * each sends to which input (hostile-values.ts `classed`), and keeps the fewest that send them all:
 * greedily, the sample with the most pairs not yet sent, until none is left.
 */
export function classCover<I>(arbitrary: fc.Arbitrary<I>, seed: number, samples: number = CLASS_COVER_SAMPLES): ClassCover<I> {
  const drawn = Array.from({ length: samples }, (_unused, index) =>
    classesSentBy(() => fc.sample(arbitrary, { numRuns: 1, seed: seed + index })[0]),
  );
  const pairs = new Set(drawn.flatMap((sample) => [...sample.classes]));
  const unsent = new Set(pairs);
  const inputs: I[] = [];
  const sent: ReadonlySet<string>[] = [];
  while (unsent.size > 0) {
    let best = drawn[0];
    let bestNew = -1;
    for (const sample of drawn) {
      let fresh = 0;
      for (const pair of sample.classes) if (unsent.has(pair)) fresh += 1;
      if (fresh > bestNew) [best, bestNew] = [sample, fresh];
    }
    inputs.push(best.value);
    sent.push(best.classes);
    for (const pair of best.classes) unsent.delete(pair);
  }
  return { inputs, pairs, sent };
}

/**
 * Runs `entry` with its class cover ({@link classCover}: every hostile class to every input, about
 * ten inputs), then `numRuns` random inputs, or until `timeLimitMs` has passed (then `runs` says
 * how many ran); never throws for a property failure (see `failed` and `report`). Runs go in
 * batches of {@link BATCH_RUNS}, each with its own seed, so a time limit never abandons a run
 * half-way (its table changes would still be undone while the next entry point starts).
 */
export async function runFuzz<I>(
  rt: SecurityRuntime,
  entry: FuzzEntryPoint<I>,
  numRuns: number,
  options: { readonly timeLimitMs?: number } = {},
): Promise<FuzzResult> {
  const startedAt = Date.now();
  const deadline = startedAt + (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const target = snapshotTarget(rt);
  const baseline = await takeSnapshot(target);
  const counts = { accepted: 0 };
  const baseSeed = fuzzSeed() ?? Math.floor(Math.random() * 2 ** 31);
  const property = fc.asyncProperty(entry.input, (input) => runOnce(rt, target, baseline, entry, input, counts));
  // The cover's samples are drawn from a seed of their own, so a replay with FUZZ_SEED sends them again.
  const cover = classCover(entry.input, baseSeed - CLASS_COVER_SAMPLES);
  const wanted = cover.inputs.length + numRuns;
  let runs = 0;
  let report: string | undefined;
  for (let batch = 0; runs < wanted && Date.now() < deadline; batch += 1) {
    const size = Math.min(BATCH_RUNS, wanted - runs);
    // fast-check counts examples among numRuns: the first batch starts with the cover.
    const examples = batch === 0 ? cover.inputs.map((input) => [input] as [I]) : [];
    const details = await fc.check(property, {
      numRuns: Math.max(size, examples.length),
      examples,
      seed: baseSeed + batch,
      endOnFailure: false,
    });
    runs += details.numRuns;
    if (details.failed) {
      report = failureReport(entry.name, details, Math.max(1, size - examples.length));
      break;
    }
  }
  if (!report) {
    // Whatever the runs left behind (a read-only entry point that wrote, a table nobody listed).
    const leftovers = changesBetween(baseline, await takeSnapshot(target));
    if (leftovers.length > 0) report = `${entry.name}: after ${runs} runs the tables differ from before: ${describeChanges(leftovers)}`;
  }
  return {
    entryPoint: entry.name,
    runs,
    classPairs: cover.pairs.size,
    accepted: counts.accepted,
    failed: report !== undefined,
    report,
    durationMs: Date.now() - startedAt,
  };
}

/** For jest: runs the entry point and fails the test with fast-check's report. */
export async function expectNoFuzzFailure<I>(rt: SecurityRuntime, entry: FuzzEntryPoint<I>, numRuns: number): Promise<FuzzResult> {
  const result = await runFuzz(rt, entry, numRuns);
  if (result.failed) throw new Error(`${entry.name}\n${result.report}`);
  return result;
}
