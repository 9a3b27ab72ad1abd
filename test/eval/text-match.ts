/**
 * How the evaluation compares the assistant's words with a label: case, accents, punctuation
 * and spacing ignored, whole words only. A label names a concept by its accepted variants:
 * short key phrases ("class a cdl") or, between slashes, a pattern ("/\bcdl[- ]?a\b/").
 */

/** Lower case, accents and curly quotes folded, punctuation other than `+ # .` inside words spaced out. */
export function normalize(text: string): string {
  return text
    .replace(/(\p{Ll})\.(\p{Lu})/gu, '$1. $2') // sentences run together: "excel.Essential"
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}+#.']+/gu, ' ')
    .replace(/(^|\s)[.']+|[.']+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function isPattern(variant: string): boolean {
  return variant.length > 2 && variant.startsWith('/') && variant.endsWith('/');
}

/** Whether `variant` (a key phrase or a /pattern/) occurs in `text` as whole words. */
export function mentions(text: string, variant: string): boolean {
  if (isPattern(variant)) return new RegExp(variant.slice(1, -1), 'iu').test(text);
  const phrase = normalize(variant);
  if (!phrase) return false;
  return ` ${normalize(text)} `.includes(` ${phrase} `);
}

/** Whether a produced term names the concept: it mentions a variant, or is itself a whole-word part of one (two letters or more). */
export function termMatches(term: string, variants: readonly string[]): boolean {
  const t = normalize(term);
  if (!t) return false;
  return variants.some((v) => mentions(term, v) || (!isPattern(v) && t.length >= 2 && ` ${normalize(v)} `.includes(` ${t} `)));
}

/** Precision and recall of `produced` items against `gold` concepts under `matches`. */
export function precisionRecall<T>(
  produced: readonly T[],
  gold: readonly (readonly string[])[],
  matches: (item: T, variants: readonly string[]) => boolean,
): { precision: number | null; recall: number | null; unmatched: T[]; missed: (readonly string[])[] } {
  const unmatched = produced.filter((item) => !gold.some((g) => matches(item, g)));
  const missed = gold.filter((g) => !produced.some((item) => matches(item, g)));
  return {
    precision: produced.length ? (produced.length - unmatched.length) / produced.length : null,
    recall: gold.length ? (gold.length - missed.length) / gold.length : null,
    unmatched,
    missed,
  };
}
