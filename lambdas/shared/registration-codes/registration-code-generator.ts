import { randomInt } from 'node:crypto';
import { REGISTRATION_CODE_PATTERN } from './registration-code-rules';

/**
 * New registration codes that nobody can guess: 16 symbols of Crockford's base32 (no I, L, O or
 * U, so nothing reads as another symbol), each drawn uniformly by `node:crypto`, i.e. 80 bits,
 * printed in groups of four (`7QXM-2D9K-VC4T-H8RB`). At 10 guesses a second, finding one live code
 * among a thousand takes longer than the universe is old.
 */

/** Crockford's base32 alphabet: https://www.crockford.com/base32.html */
export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Symbols in a generated code (5 bits each). */
export const GENERATED_CODE_SYMBOLS = 16;

/** Bits of randomness in a generated code. */
export const GENERATED_CODE_BITS = GENERATED_CODE_SYMBOLS * Math.log2(CROCKFORD_BASE32.length);

/** A fresh code; `randomIndex` is for tests only. */
export function generateRegistrationCode(randomIndex: (size: number) => number = randomInt): string {
  let symbols = '';
  for (let index = 0; index < GENERATED_CODE_SYMBOLS; index += 1) symbols += CROCKFORD_BASE32[randomIndex(CROCKFORD_BASE32.length)];
  const code = symbols.match(/.{4}/g)!.join('-');
  if (!REGISTRATION_CODE_PATTERN.test(code)) throw new Error('A generated registration code does not have the shape of a code.');
  return code;
}
