import type { RegistrationCodeRecord } from '../../../../lambdas/shared/contracts/registration-code';
import {
  checkRegistrationCode,
  normalizeRegistrationCode,
  RegistrationCodeError,
  registrationCodeStanding,
  resolveRegistrationCode,
} from '../../../../lambdas/shared/registration-codes/registration-code-rules';

const NOW = new Date('2026-03-01T12:00:00Z');

function code(overrides: Partial<RegistrationCodeRecord> = {}): RegistrationCodeRecord {
  return {
    code: 'BETA-R1',
    group: 'Beta_Customer_R1',
    uses: 0,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof RegistrationCodeError ? error.reason : `unexpected ${String(error)}`;
  }
}

describe('registration code rules', () => {
  it('reads a typed code case- and whitespace-insensitively', () => {
    expect(normalizeRegistrationCode('  beta-r1 \n')).toBe('BETA-R1');
    expect(normalizeRegistrationCode('   ')).toBeUndefined();
    expect(normalizeRegistrationCode(42)).toBeUndefined();
  });

  it('takes one code from wherever it travelled, and refuses two different ones', () => {
    expect(resolveRegistrationCode(['beta-r1', undefined, ' BETA-R1 '])).toBe('BETA-R1');
    expect(resolveRegistrationCode([undefined, ''])).toBeUndefined();
    expect(reasonOf(() => resolveRegistrationCode(['BETA-R1', 'BETA-R2']))).toBe('mismatch');
  });

  it('admits a known code that has neither expired nor been used up', () => {
    expect(checkRegistrationCode(code({ maxUses: 3, uses: 2, expiresAt: '2026-03-02T00:00:00Z' }), NOW).group).toBe('Beta_Customer_R1');
    expect(checkRegistrationCode(code(), NOW).code).toBe('BETA-R1');
  });

  it('refuses an unknown code', () => {
    expect(reasonOf(() => checkRegistrationCode(undefined, NOW))).toBe('unknown');
  });

  it('refuses a code from its expiry instant on, and a code whose expiry cannot be read', () => {
    expect(reasonOf(() => checkRegistrationCode(code({ expiresAt: '2026-03-01T12:00:00Z' }), NOW))).toBe('expired');
    expect(reasonOf(() => checkRegistrationCode(code({ expiresAt: 'next week' }), NOW))).toBe('expired');
  });

  it('refuses a code whose uses reached its limit', () => {
    expect(reasonOf(() => checkRegistrationCode(code({ maxUses: 2, uses: 2 }), NOW))).toBe('used_up');
  });

  it.each(['unknown', 'expired', 'used_up'] as const)(
    "tells the person only the spec's Unknown Registration Code text for a %s code, keeping the reason on the error",
    (reason) => {
      const error = new RegistrationCodeError(reason);
      expect(error.message).toBe('You have provided an incorrect registration code. Please try again.');
      expect(error.code).toBe('registration_code_invalid');
      expect(error.fields).toEqual({ registrationCode: 'You have provided an incorrect registration code. Please try again.' });
      expect(error.reason).toBe(reason);
    },
  );

  it('tells an operator how a code really stands', () => {
    expect(registrationCodeStanding(undefined, NOW)).toEqual({ standing: 'unknown' });
    expect(registrationCodeStanding(code({ maxUses: 3, uses: 1 }), NOW).standing).toBe('admits_sign_ups');
    expect(registrationCodeStanding(code({ expiresAt: '2026-03-01T00:00:00Z' }), NOW).standing).toBe('expired');
    expect(registrationCodeStanding(code({ maxUses: 3, uses: 3 }), NOW).standing).toBe('used_up');
  });
});
