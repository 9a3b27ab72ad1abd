import type { RegistrationCodeRecord } from '../contracts/registration-code';
import { ValidationError } from '../errors';
import { UNKNOWN_REGISTRATION_CODE_TEXT } from './sign-up-contract';

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

/**
 * What the person reads. A refused code (unknown, expired, used up) gets ONE message, the spec's
 * Unknown Registration Code text, whatever the reason: different answers would tell someone
 * guessing codes which guesses exist. The reason is logged and kept on the error.
 */
const MESSAGES: Record<RegistrationCodeProblem, string> = {
  missing: 'Please enter your registration code.',
  unknown: UNKNOWN_REGISTRATION_CODE_TEXT,
  expired: UNKNOWN_REGISTRATION_CODE_TEXT,
  used_up: UNKNOWN_REGISTRATION_CODE_TEXT,
  mismatch: 'The registration codes given do not match.',
};

/** A registration code that does not admit a sign-up. `reason` says why (logged, and in tests; never shown). */
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

/** A new code admits this many sign-ups unless the operator says otherwise. */
export const DEFAULT_REGISTRATION_CODE_MAX_USES = 25;

/** A new code expires this many days after it is made unless the operator says otherwise. */
export const DEFAULT_REGISTRATION_CODE_VALID_DAYS = 30;

/** Where a stored code stands for an operator (`npm run admin -- get-code`). */
export type RegistrationCodeStanding =
  | { readonly standing: 'admits_sign_ups'; readonly record: RegistrationCodeRecord }
  | { readonly standing: 'expired'; readonly record: RegistrationCodeRecord }
  | { readonly standing: 'used_up'; readonly record: RegistrationCodeRecord }
  | { readonly standing: 'unknown' };

/**
 * The real standing of a code at `now`, by the very rule that admits sign-ups
 * ({@link checkRegistrationCode}): what a person signing up is never told.
 */
export function registrationCodeStanding(record: RegistrationCodeRecord | undefined, now: Date): RegistrationCodeStanding {
  if (!record) return { standing: 'unknown' };
  try {
    checkRegistrationCode(record, now);
    return { standing: 'admits_sign_ups', record };
  } catch (error) {
    if (error instanceof RegistrationCodeError && (error.reason === 'expired' || error.reason === 'used_up'))
      return { standing: error.reason, record };
    throw error;
  }
}
