/**
 * The User fields as `createUser` and `updateUser` accept them: which fields exist, which a user
 * may change on their own record, which may be removed, and the rules beyond the profile rules
 * (email, status, subscription fields). The ATS settings (`atsname`, `apikeytype`, `apikey1`,
 * `apikey2`) stay in the input type but are never written here: a value for one of them is refused
 * ({@link ATS_FIELDS_MESSAGE}), null or absent is nothing. APPSYNC_JS-safe: bundled into resolvers.
 */
import { util } from '@aws-appsync/utils';
import {
  ATS_FIELDS_MESSAGE,
  ATS_USER_FIELDS,
  SELF_EDITABLE_USER_FIELDS,
  SUBSCRIPTION_TBD,
  USER_FIELDS,
  USER_STATUSES,
} from '../../../lambdas/shared/contracts/user';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, EMAIL_PATTERN } from '../../../lambdas/shared/domain/patterns';
import { validateProfileInput } from '../../../lambdas/shared/domain/profile-rules';
import type { FieldProblem } from './validation';

const ATS_FIELDS: string[] = [...ATS_USER_FIELDS];

/**
 * The fields `createUser` and `updateUser` write: every field of their input but `id`, the
 * timestamps and the ATS settings (which only `POST /ats/connection` writes).
 */
export const USER_INPUT_FIELDS: string[] = USER_FIELDS.filter(
  (field) => field !== 'id' && field !== 'createdAt' && field !== 'updatedAt' && !ATS_FIELDS.includes(field),
);

/** Fields a record always has: an update may change them, never remove them (null is refused). */
const REQUIRED_FIELDS = ['firstName', 'lastName', 'email', 'companyName', 'status', 'subscriptionId'];

const REQUIRED_MESSAGES: Record<string, string> = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter an email address.',
  companyName: 'Please enter your company name.',
  status: `status cannot be removed; use one of: ${USER_STATUSES.join(', ')}.`,
  subscriptionId: `subscriptionId cannot be removed; use ${SUBSCRIPTION_TBD} for a user without a subscription.`,
};

/** A record id: the Cognito sub (a UUID) or another short, safe token. */
export const USER_ID_PATTERN = '[A-Za-z0-9][A-Za-z0-9_-]{0,63}';
/** A billing subscription id (or `SubscriptionTBD`). */
const SUBSCRIPTION_ID_PATTERN = '[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}';
const MAX_SUBSCRIPTIONS = 100;

/** A user input object as the resolvers read it. */
export type UserInput = Record<string, unknown>;

function given(input: UserInput, field: string): boolean {
  return input[field] !== undefined;
}

function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The fields of `input` (besides id) that a non-admin may not change on their own record. */
export function adminOnlyFieldsIn(input: UserInput): string[] {
  const selfEditable: string[] = [...SELF_EDITABLE_USER_FIELDS];
  return USER_INPUT_FIELDS.filter((field) => given(input, field) && !selfEditable.includes(field));
}

/** The email rule of the contact form: required, at most 254 characters, name@domain.tld. */
function emailProblem(email: unknown): FieldProblem | null {
  const value = trimmed(email);
  if (!value) {
    return { field: 'email', message: 'Please enter an email address.' };
  }
  if (value.length > EMAIL_MAX_LENGTH || !util.matches(EMAIL_PATTERN, value)) {
    return { field: 'email', message: EMAIL_MESSAGE };
  }
  return null;
}

/**
 * Checks a user input. `all` (createUser): every required field must be there. `present`
 * (updateUser): only the fields given are checked, and required fields may not be set to null.
 */
export function validateUserInput(input: UserInput, mode: 'all' | 'present'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const problem of validateProfileInput(input, util.matches, { mode })) {
    problems.push({ field: problem.field, message: problem.message });
  }
  if (mode === 'present') {
    for (const field of REQUIRED_FIELDS) {
      if (input[field] === null) {
        problems.push({ field, message: REQUIRED_MESSAGES[field] });
      }
    }
  }

  if (mode === 'all' || (given(input, 'email') && input.email !== null)) {
    const problem = emailProblem(input.email);
    if (problem) {
      problems.push(problem);
    }
  }

  const status = input.status;
  if (status !== undefined && status !== null && !USER_STATUSES.some((allowed) => allowed === status)) {
    problems.push({ field: 'status', message: `status must be one of: ${USER_STATUSES.join(', ')}.` });
  }

  const subscriptionId = input.subscriptionId;
  if (subscriptionId !== undefined && subscriptionId !== null && !util.matches(SUBSCRIPTION_ID_PATTERN, trimmed(subscriptionId))) {
    problems.push({
      field: 'subscriptionId',
      message: 'subscriptionId must be 1 to 128 letters, digits, dots, colons, dashes or underscores.',
    });
  }

  const subscriptions = input.subscriptions;
  if (Array.isArray(subscriptions)) {
    if (subscriptions.length > MAX_SUBSCRIPTIONS) {
      problems.push({ field: 'subscriptions', message: `subscriptions may hold at most ${MAX_SUBSCRIPTIONS} entries.` });
    } else if (!subscriptions.every((entry) => typeof entry === 'string' && util.matches(SUBSCRIPTION_ID_PATTERN, entry))) {
      problems.push({
        field: 'subscriptions',
        message: 'Each subscription must be 1 to 128 letters, digits, dots, colons, dashes or underscores.',
      });
    }
  }

  // ATS settings are saved (tested, keys encrypted) through POST /ats/connection only.
  for (const field of ATS_FIELDS) {
    if (input[field] !== undefined && input[field] !== null) {
      problems.push({ field, message: ATS_FIELDS_MESSAGE });
    }
  }
  return problems;
}

/**
 * The value to store for a field: strings trimmed, lists as given. `null` means "no value" (the
 * attribute is left out on create and removed on update): an optional field set to null or to
 * blank text.
 */
export function storedValue(input: UserInput, field: string): unknown {
  const value = input[field];
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'string') {
    const text = value.trim();
    return text ? text : null;
  }
  return value;
}
