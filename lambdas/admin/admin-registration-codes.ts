import type { CreateRegistrationCodeRequest, GetRegistrationCodeRequest, RegistrationCodeStatus } from '../shared/contracts/admin';
import type { RegistrationCodeRecord } from '../shared/contracts/registration-code';
import type { AdminPage, AdminRegistrationCode } from '../shared/contracts/admin-console';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { generateRegistrationCode } from '../shared/registration-codes/registration-code-generator';
import {
  DEFAULT_REGISTRATION_CODE_MAX_USES,
  DEFAULT_REGISTRATION_CODE_VALID_DAYS,
  registrationCodeStanding,
} from '../shared/registration-codes/registration-code-rules';
import type { RegistrationCodesRepository } from '../shared/registration-codes/registration-codes-repository';
import { windowPage } from './console-window';

/**
 * Registration codes are data: an operator adds them (`npm run admin -- add-code …`) and asks how
 * one stands (`get-code`); the local runtime seeds one per beta group.
 */

export interface RegistrationCodeDependencies {
  readonly codes: RegistrationCodesRepository;
  readonly now?: () => Date;
  /** @default generateRegistrationCode (80 random bits) */
  readonly generate?: () => string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a code gets when its creator leaves the use limit or the expiry out (the admin console shows it). */
export const REGISTRATION_CODE_DEFAULTS = {
  maxUses: DEFAULT_REGISTRATION_CODE_MAX_USES,
  validDays: DEFAULT_REGISTRATION_CODE_VALID_DAYS,
} as const;

/**
 * Adds a code. Without an explicit code a random one is generated (80 bits); without a use limit
 * or expiry the defaults apply (25 sign-ups, 30 days); an expiry in the past is refused. A code is never overwritten: an existing
 * one is a ConflictError.
 */
export async function createRegistrationCode(
  deps: RegistrationCodeDependencies,
  input: CreateRegistrationCodeRequest,
): Promise<RegistrationCodeRecord> {
  const now = deps.now?.() ?? new Date();
  const timestamp = now.toISOString();
  if (input.expiresAt !== undefined && Date.parse(input.expiresAt) <= now.getTime()) {
    const message = 'The expiry must be in the future: a code that has expired admits nobody.';
    throw new ValidationError(message, { expiresAt: message });
  }
  const code = input.code ?? (deps.generate ?? generateRegistrationCode)();
  const record: RegistrationCodeRecord = {
    code,
    group: input.group,
    maxUses: input.maxUses ?? DEFAULT_REGISTRATION_CODE_MAX_USES,
    expiresAt: new Date(input.expiresAt ?? now.getTime() + DEFAULT_REGISTRATION_CODE_VALID_DAYS * DAY_MS).toISOString(),
    uses: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  if (!(await deps.codes.putIfAbsent(record)))
    throw new ConflictError(`The registration code ${code} exists already.`, { code: 'code_exists' });
  return record;
}

/**
 * How a code really stands, for an operator: whether it admits sign-ups, since when it has
 * expired, whether it is used up, or that there is no such code. People signing up only ever
 * read the one Unknown Registration Code message.
 */
export async function getRegistrationCode(
  deps: RegistrationCodeDependencies,
  input: GetRegistrationCodeRequest,
): Promise<RegistrationCodeStatus> {
  const now = deps.now?.() ?? new Date();
  const found = registrationCodeStanding(await deps.codes.get(input.code), now);
  if (found.standing === 'unknown')
    return { code: input.code, standing: 'unknown', summary: `There is no registration code ${input.code}.` };
  const { record } = found;
  const uses = record.maxUses === undefined ? `${record.uses} used, no limit` : `used ${record.uses} of ${record.maxUses}`;
  const expiry = record.expiresAt === undefined ? 'never expires' : `expires at ${record.expiresAt}`;
  const summary =
    found.standing === 'admits_sign_ups'
      ? `Admits sign-ups to ${record.group} (${uses}; ${expiry}).`
      : found.standing === 'expired'
        ? `Expired at ${record.expiresAt ?? 'an unreadable instant'}; admits nobody (${uses}).`
        : `Used up: ${uses}; admits nobody.`;
  return { ...record, standing: found.standing, summary };
}

/** A stored code with its standing at `now` (the rule that admits sign-ups decides it). */
export function withStanding(record: RegistrationCodeRecord, now: Date): AdminRegistrationCode {
  const found = registrationCodeStanding(record, now);
  // A stored record is never "unknown"; the guard keeps the type honest.
  return { ...record, standing: found.standing === 'unknown' ? 'expired' : found.standing };
}

const STANDING_ORDER = { admits_sign_ups: 0, used_up: 1, expired: 2 } as const;

/**
 * A page of the codes with their standing and uses, the ones admitting sign-ups first, then
 * newest first (within a window, console-window.ts).
 */
export async function listRegistrationCodes(
  deps: RegistrationCodeDependencies,
  cursor: string | undefined,
): Promise<AdminPage<AdminRegistrationCode>> {
  const now = deps.now?.() ?? new Date();
  return windowPage(cursor, {
    read: (window) => deps.codes.readWindow(window),
    rowOf: (record) => withStanding(record, now),
    order: (a, b) => STANDING_ORDER[a.standing] - STANDING_ORDER[b.standing] || b.createdAt.localeCompare(a.createdAt),
  });
}

/**
 * Ends a code now: nobody can sign up with it any more (people who signed up keep their
 * accounts). Expiring an expired code changes nothing. Unknown code: NotFoundError.
 */
export async function expireRegistrationCode(
  deps: RegistrationCodeDependencies,
  input: GetRegistrationCodeRequest,
): Promise<AdminRegistrationCode> {
  const now = deps.now?.() ?? new Date();
  const record = await deps.codes.expire(input.code, now);
  if (!record) throw new NotFoundError(`There is no registration code ${input.code}.`);
  return withStanding(record, now);
}
