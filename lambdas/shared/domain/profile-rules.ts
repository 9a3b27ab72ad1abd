/**
 * Validation rules for a person's profile (invitation sign-up, admin invitations, edit profile).
 * Shared by the web forms, the Lambda handlers and the `updateUser` AppSync resolver, so it keeps
 * to what APPSYNC_JS accepts (see contact-rules.ts): no classes, for-of only, no `++`, no throw,
 * patterns through an injected full-match function.
 */
import type { FullMatch } from './contact-rules';
import { PHONE_MAX_LENGTH, PHONE_MESSAGE, PHONE_PATTERN } from './patterns';

export type ProfileField = 'firstName' | 'lastName' | 'phoneNumber' | 'companyName' | 'profileRole';

export interface ProfileFieldError {
  field: ProfileField;
  message: string;
}

export interface ProfileInputFields {
  firstName?: unknown;
  lastName?: unknown;
  phoneNumber?: unknown;
  companyName?: unknown;
  profileRole?: unknown;
}

/** What a recruiter does; the spec does not list profileRole's values, this is our choice. */
export const PROFILE_ROLES = [
  'Recruiter',
  'Senior Recruiter',
  'Sourcer',
  'Recruiting Coordinator',
  'Recruiting Manager',
  'Account Manager',
  'Agency Owner',
  'Other',
] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

export const PROFILE_LIMITS = {
  firstName: 50,
  lastName: 50,
  phoneNumber: PHONE_MAX_LENGTH,
  companyName: 100,
} as const;

/** Letters (any script), spaces, apostrophes, hyphens and dots. */
const PERSON_NAME_PATTERN = "[\\p{L}\\p{M}][\\p{L}\\p{M} .'’-]*";
/** Company names allow digits and common business punctuation, but no markup. */
const COMPANY_PATTERN = '[^<>{}\\[\\]\\\\`$;\\u0000-\\u001F\\u007F-\\u009F]+';

function trimmed(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.trim();
}

export interface ProfileRuleOptions {
  /**
   * `all`: every required field must be present (sign-up, invitations).
   * `present`: only the fields given are checked (a partial update).
   */
  mode: 'all' | 'present';
}

function present(input: ProfileInputFields, field: ProfileField): boolean {
  return input[field] !== undefined && input[field] !== null;
}

/**
 * Checks profile fields. firstName, lastName and companyName are required in `all` mode and may
 * not be blanked in `present` mode; phoneNumber and profileRole are optional.
 */
export function validateProfileInput(input: ProfileInputFields, fullMatch: FullMatch, options: ProfileRuleOptions): ProfileFieldError[] {
  const errors: ProfileFieldError[] = [];
  const names: { field: ProfileField; label: string }[] = [
    { field: 'firstName', label: 'First name' },
    { field: 'lastName', label: 'Last name' },
  ];
  for (const { field, label } of names) {
    const value = trimmed(input[field]);
    if (options.mode === 'all' || present(input, field)) {
      if (!value) {
        errors.push({ field, message: `Please enter your ${label.toLowerCase()}.` });
      } else if (value.length > PROFILE_LIMITS.firstName) {
        errors.push({ field, message: `${label} must be at most ${PROFILE_LIMITS.firstName} characters.` });
      } else if (!fullMatch(PERSON_NAME_PATTERN, value)) {
        errors.push({ field, message: `${label} may contain letters, spaces, apostrophes, dots and hyphens only.` });
      }
    }
  }

  const companyName = trimmed(input.companyName);
  if (options.mode === 'all' || present(input, 'companyName')) {
    if (!companyName) {
      errors.push({ field: 'companyName', message: 'Please enter your company name.' });
    } else if (companyName.length > PROFILE_LIMITS.companyName) {
      errors.push({ field: 'companyName', message: `Company name must be at most ${PROFILE_LIMITS.companyName} characters.` });
    } else if (!fullMatch(COMPANY_PATTERN, companyName)) {
      errors.push({ field: 'companyName', message: 'Company name cannot contain symbols such as < > { } [ ] ; $.' });
    }
  }

  if (present(input, 'phoneNumber')) {
    const phoneNumber = trimmed(input.phoneNumber);
    if (phoneNumber === undefined) {
      errors.push({ field: 'phoneNumber', message: PHONE_MESSAGE });
    } else if (phoneNumber !== '') {
      if (phoneNumber.length > PROFILE_LIMITS.phoneNumber || !fullMatch(PHONE_PATTERN, phoneNumber)) {
        errors.push({ field: 'phoneNumber', message: PHONE_MESSAGE });
      }
    }
  }

  if (present(input, 'profileRole')) {
    const role = trimmed(input.profileRole);
    if (role !== '' && !PROFILE_ROLES.some((allowed) => allowed === role)) {
      errors.push({ field: 'profileRole', message: `Role must be one of: ${PROFILE_ROLES.join(', ')}.` });
    }
  }

  return errors;
}
