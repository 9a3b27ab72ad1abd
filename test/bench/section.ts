/**
 * The shape every part of `npm run bench` reports in, so one runner can write one table a person
 * reads (bench/report.md) and one file scripts read (bench/report.json).
 */

/** One measured figure with its budget. `pass` is null where a figure has no budget. */
export interface BenchFigure {
  /** What was measured, e.g. "Home route JavaScript vs bare React + router, gzip". */
  readonly name: string;
  /** The figure as a person reads it, e.g. "1.08x (119.2 kB vs 110.4 kB)". */
  readonly value: string;
  /** The budget as a person reads it, e.g. "at most 1.15x"; empty where none. */
  readonly budget: string;
  readonly pass: boolean | null;
  /** Why a figure is outside its budget and what follows, or how it was measured. */
  readonly note?: string;
}

/** One part of the benchmark: its figures, plus raw numbers for scripts. */
export interface BenchSection {
  readonly id: string;
  readonly title: string;
  readonly figures: readonly BenchFigure[];
  readonly details?: Record<string, unknown>;
}
