import { regExpFullMatch } from '../domain/contact-rules';
import { validateProfileInput } from '../domain/profile-rules';
import { PHONE_NEEDS_COUNTRY_CODE_MESSAGE, toE164 } from './phone-number';

/**
 * The details of a person who joins (invitation sign-up, admin invitation): the profile rules of
 * `domain/profile-rules.ts` plus what the identity service needs (a phone number in E.164).
 * Pure: the pre-sign-up trigger, the admin contract and the web app share it.
 */

export interface PersonDetailsInput {
  readonly firstName?: unknown;
  readonly lastName?: unknown;
  readonly companyName?: unknown;
  readonly phoneNumber?: unknown;
}

/** Trimmed details; `phoneNumber` in E.164, absent when none was given. */
export interface PersonDetails {
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName: string;
  readonly phoneNumber?: string;
}

export type PersonDetailsField = 'firstName' | 'lastName' | 'companyName' | 'phoneNumber';

export type PersonDetailsResult =
  | { readonly ok: true; readonly details: PersonDetails }
  | { readonly ok: false; readonly errors: Readonly<Partial<Record<PersonDetailsField, string>>> };

/**
 * Checks and normalises a person's details. First name, last name and company are required;
 * the phone number is optional, and when given must carry its country code.
 */
export function checkPersonDetails(input: PersonDetailsInput): PersonDetailsResult {
  const phoneGiven =
    typeof input.phoneNumber === 'string' ? input.phoneNumber.trim() !== '' : input.phoneNumber !== undefined && input.phoneNumber !== null;
  const errors: Partial<Record<PersonDetailsField, string>> = {};
  const problems = validateProfileInput(
    {
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      companyName: input.companyName ?? '',
      ...(phoneGiven ? { phoneNumber: input.phoneNumber } : {}),
    },
    regExpFullMatch,
    { mode: 'all' },
  );
  for (const problem of problems) {
    if (problem.field !== 'profileRole') errors[problem.field] ??= problem.message;
  }
  let phoneNumber: string | undefined;
  if (phoneGiven && !errors.phoneNumber) {
    phoneNumber = toE164(String(input.phoneNumber));
    if (!phoneNumber) errors.phoneNumber = PHONE_NEEDS_COUNTRY_CODE_MESSAGE;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    details: {
      firstName: String(input.firstName).trim(),
      lastName: String(input.lastName).trim(),
      companyName: String(input.companyName).trim(),
      ...(phoneNumber ? { phoneNumber } : {}),
    },
  };
}
