/**
 * The User fields as `createUser` and `updateUser` accept them: which fields exist, which a user
 * may change on their own record, which may be removed, and the rules beyond the profile rules
 * (email, status, subscription fields, ATS settings). APPSYNC_JS-safe: bundled into resolvers.
 */
import { util } from '@aws-appsync/utils';
import { SELF_EDITABLE_USER_FIELDS, SUBSCRIPTION_TBD, USER_FIELDS, USER_STATUSES } from '../../../lambdas/shared/contracts/user';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, EMAIL_PATTERN } from '../../../lambdas/shared/domain/patterns';
import { validateProfileInput } from '../../../lambdas/shared/domain/profile-rules';
import { isMaskedSecret, SECRET_MASK, SECRET_USER_FIELDS } from '../../../lambdas/shared/domain/secret-fields';
import type { FieldProblem } from './validation';

/** The fields of `CreateUserInput` / `UpdateUserInput` besides `id`: every stored field but the timestamps. */
export const USER_INPUT_FIELDS: string[] = USER_FIELDS.filter((field) => field !== 'id' && field !== 'createdAt' && field !== 'updatedAt');

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
/** Free text without control characters. */
const PLAIN_TEXT_PATTERN = '[^\\u0000-\\u001F\\u007F-\\u009F]*';
const TEXT_LIMITS: Record<string, number> = { atsname: 100, apikeytype: 50, apikey1: 512, apikey2: 512 };

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
    problems.push({ field: 'subscriptionId', message: 'subscriptionId must be 1 to 128 letters, digits, dots, colons, dashes or underscores.' });
  }

  const subscriptions = input.subscriptions;
  if (Array.isArray(subscriptions)) {
    if (subscriptions.length > MAX_SUBSCRIPTIONS) {
      problems.push({ field: 'subscriptions', message: `subscriptions may hold at most ${MAX_SUBSCRIPTIONS} entries.` });
    } else if (!subscriptions.every((entry) => typeof entry === 'string' && util.matches(SUBSCRIPTION_ID_PATTERN, entry))) {
      problems.push({ field: 'subscriptions', message: 'Each subscription must be 1 to 128 letters, digits, dots, colons, dashes or underscores.' });
    }
  }

  for (const field of Object.keys(TEXT_LIMITS)) {
    const value = input[field];
    if (typeof value === 'string') {
      const limit = TEXT_LIMITS[field];
      if (value.trim().length > limit) {
        problems.push({ field, message: `${field} must be at most ${limit} characters.` });
      } else if (!util.matches(PLAIN_TEXT_PATTERN, value)) {
        problems.push({ field, message: `${field} cannot contain control characters.` });
      }
    }
  }
  // createUser stores what it is given: a mask is not a key. (updateUser keeps the stored key instead.)
  if (mode === 'all') {
    for (const field of SECRET_USER_FIELDS) {
      if (isMaskedSecret(input[field])) {
        problems.push({ field, message: `${field} is a masked key (it starts with ${SECRET_MASK}): send the key itself, or leave it out.` });
      }
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
