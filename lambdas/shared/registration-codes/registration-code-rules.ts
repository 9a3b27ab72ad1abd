import type { RegistrationCodeRecord } from '../contracts/registration-code';
import { ValidationError } from '../errors';

/**
 * The rules of registration codes, in plain TypeScript: how a typed code is normalised, and when a
 * stored code admits a sign-up. The pre-sign-up trigger checks a code with these rules; the
 * post-confirmation trigger counts a use (atomically, in the repository).
 */

/** What people may type, once normalised: letters, digits, `-` and `_`, 3 to 64 characters. */
export const REGISTRATION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,63}$/;

export type RegistrationCodeProblem =
  /** No code was given. */
  | 'missing'
  /** No such code (or not even the shape of one). */
  | 'unknown'
  /** Past its `expiresAt`. */
  | 'expired'
  /** `uses` reached `maxUses`. */
  | 'used_up'
  /** Two different codes came with one sign-up (attribute and client metadata disagree). */
  | 'mismatch';

const MESSAGES: Record<RegistrationCodeProblem, string> = {
  missing: 'Please enter your registration code.',
  unknown: 'This registration code is not valid.',
  expired: 'This registration code has expired.',
  used_up: 'This registration code has already been used as many times as it allows.',
  mismatch: 'The registration codes given do not match.',
};

/** A registration code that does not admit a sign-up. `reason` says why (logged, and in tests). */
export class RegistrationCodeError extends ValidationError {
  readonly reason: RegistrationCodeProblem;

  constructor(reason: RegistrationCodeProblem) {
    super(MESSAGES[reason], { registrationCode: MESSAGES[reason] }, { code: 'registration_code_invalid' });
    this.reason = reason;
  }
}

/** Trimmed and upper-cased; `undefined` when the value is not a string or is blank. */
export function normalizeRegistrationCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const normalised = value.trim().toUpperCase();
  return normalised === '' ? undefined : normalised;
}

/**
 * The one code that came with a request, from every place it may travel (user attribute, client
 * metadata, validation data). `undefined` when none was given; a {@link RegistrationCodeError}
 * (`mismatch`) when they disagree, so one code cannot be checked and another counted.
 */
export function resolveRegistrationCode(candidates: readonly unknown[]): string | undefined {
  const codes = new Set(candidates.map(normalizeRegistrationCode).filter((code): code is string => code !== undefined));
  if (codes.size > 1) throw new RegistrationCodeError('mismatch');
  return codes.values().next().value;
}

/** Whether a normalised code has the shape of a code at all (anything else is unknown). */
export function isWellFormedRegistrationCode(code: string): boolean {
  return REGISTRATION_CODE_PATTERN.test(code);
}

/**
 * Whether the stored code admits one more sign-up at `now`: known, not expired (an unreadable
 * `expiresAt` counts as expired: fail closed), not used up. Returns the record, or throws a
 * {@link RegistrationCodeError}.
 */
export function checkRegistrationCode(record: RegistrationCodeRecord | undefined, now: Date): RegistrationCodeRecord {
  if (!record) throw new RegistrationCodeError('unknown');
  if (record.expiresAt !== undefined) {
    const expiresAt = Date.parse(record.expiresAt);
    if (Number.isNaN(expiresAt) || now.getTime() >= expiresAt) throw new RegistrationCodeError('expired');
  }
  if (isUsedUp(record)) throw new RegistrationCodeError('used_up');
  return record;
}

/** Whether the code's use limit is reached. */
export function isUsedUp(record: Pick<RegistrationCodeRecord, 'uses' | 'maxUses'>): boolean {
  return record.maxUses !== undefined && record.uses >= record.maxUses;
}
