/**
 * `20000` → `"20,000"`, as `toLocaleString('en-US')` writes it, without it: the first
 * `toLocaleString` call in a process loads ICU's locale data (~10 ms), which schemas built at
 * module load would add to every cold start.
 */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
