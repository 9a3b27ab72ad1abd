import {
  CROCKFORD_BASE32,
  generateRegistrationCode,
  GENERATED_CODE_BITS,
} from '../../../../lambdas/shared/registration-codes/registration-code-generator';
import { REGISTRATION_CODE_PATTERN } from '../../../../lambdas/shared/registration-codes/registration-code-rules';

describe('generated registration codes', () => {
  it('carry at least 80 bits of randomness', () => {
    expect(GENERATED_CODE_BITS).toBeGreaterThanOrEqual(80);
  });

  it('are 16 Crockford base32 symbols in groups of four, the shape people may type', () => {
    for (let run = 0; run < 200; run += 1) {
      const code = generateRegistrationCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect(code).toMatch(REGISTRATION_CODE_PATTERN);
    }
  });

  it('never repeat in practice, and use every symbol of the alphabet', () => {
    const codes = Array.from({ length: 2000 }, () => generateRegistrationCode());
    expect(new Set(codes).size).toBe(codes.length);
    const symbols = new Set(codes.join('').replace(/-/g, ''));
    expect([...symbols].sort().join('')).toBe(CROCKFORD_BASE32);
  });

  it('draws each symbol from the random source it is given', () => {
    let next = 0;
    expect(generateRegistrationCode(() => next++ % 32)).toBe('0123-4567-89AB-CDEF');
  });
});
