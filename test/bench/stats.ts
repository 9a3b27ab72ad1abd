/**
 * Small, pure statistics for the bench: percentiles, medians, ratios and the figure verdicts.
 * Kept apart from the measuring code so it can be unit-tested without a machine to measure.
 */

/** The p-th percentile (0-100) by nearest rank; NaN for no values. The input is not modified. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** The median (mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Rounds to `digits` decimals (a number, not a string: it goes into report.json). */
export function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

/** p50, p95 and max of a list of timings, rounded to 0.01. */
export function latencySummary(timingsMs: readonly number[]): { count: number; p50Ms: number; p95Ms: number; maxMs: number } {
  return {
    count: timingsMs.length,
    p50Ms: round(percentile(timingsMs, 50), 2),
    p95Ms: round(percentile(timingsMs, 95), 2),
    maxMs: round(Math.max(...timingsMs), 2),
  };
}

/** A ratio as the report shows it: "1.08x". */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

/** Bytes as kB with one decimal (1 kB = 1024 bytes, as Vite and the old report print them). */
export function kilobytes(bytes: number): number {
  return round(bytes / 1024, 1);
}
