/**
 * Numbers written as words in job and resume text ("five years", "twelve patients"), one owner for
 * every reader of "N years": a posting's years required, a resume's stated years, an answer's.
 */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
};

/** The number words as a regular-expression alternation ("one|two|…"), longest first so "fourteen" is not read as "four". */
export const NUMBER_WORD_PATTERN = Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** A number written in digits or as a word; NaN when it is neither. */
export function numberOf(word: string): number {
  const n = Number(word);
  return Number.isFinite(n) && word.trim() !== '' ? n : (NUMBER_WORDS[word.toLowerCase()] ?? NaN);
}
