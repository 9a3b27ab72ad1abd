/**
 * A small seeded pseudo-random generator (mulberry32) so that splits, shuffles and synthetic
 * histories are reproducible: the same seed always gives the same sequence. Not for secrets.
 */

/** A function returning numbers in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

/** A generator seeded with any integer (or a string, hashed to one). */
export function seededRandom(seed: number | string): Random {
  let state = typeof seed === 'string' ? hashString(seed) : Math.trunc(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit number for a string seed. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A shuffled copy (Fisher–Yates); the input is left as it was. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
