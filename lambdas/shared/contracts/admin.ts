import * as z from '../zod';
import { BETA_CUSTOMER_GROUPS } from '../domain/groups';
import { EMAIL_MAX_LENGTH } from '../domain/patterns';
import { REGISTRATION_CODE_PATTERN } from '../registration-codes/registration-code-rules';
import { checkPersonDetails } from '../users/person-details';
import type { RegistrationCodeRecord } from './registration-code';
import { ATS_FIELDS_MESSAGE } from './user';

/**
 * Requests and answers of the admin REST calls (SPEC 7): `POST /admin/user/create`,
 * `POST /admin/user/remove`, `POST /admin/user`. The handlers and the operator CLI validate with
 * these very schemas.
 */

/** A Cognito username: the generated id (the sub), or the email, which the pool accepts as alias. */
const UsernameSchema = z
  .string({ error: 'Please give the username (or the email) of the user.' })
  .check(
    z.trim(),
    z.minLength(1, 'Please give the username (or the email) of the user.'),
    z.maxLength(128, 'A username has at most 128 characters.'),
    z.regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'A username cannot contain spaces or control characters.'),
  );

/** An ATS field of the User record, which only its owner sets (`POST /ats/connection`). */
function noAtsSetting() {
  return z.optional(z.nullable(z.never({ error: ATS_FIELDS_MESSAGE })));
}

/**
 * `POST /admin/user/create`: the person to invite and the beta group they join. Names and company
 * follow the profile rules; the phone number is optional and is stored in E.164.
 */
const InviteUserFieldsSchema = z.strictObject({
  email: z.pipe(
    z
      .string({ error: 'Please give the email address.' })
      .check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters.`)),
    z.email('Please give a valid email address, like name@company.com.'),
  ),
  firstName: z.string({ error: 'Please give the first name.' }),
  lastName: z.string({ error: 'Please give the last name.' }),
  companyName: z.string({ error: 'Please give the company name.' }),
  phoneNumber: z.optional(z.string({ error: 'The phone number must be text.' })),
  group: z.enum(BETA_CUSTOMER_GROUPS, { error: `The group must be one of ${BETA_CUSTOMER_GROUPS.join(', ')}.` }),
  // The invited person saves their own ATS settings (tested, the key encrypted for them): refused
  // here with that explanation rather than as an unknown field; null or absent is nothing.
  atsname: noAtsSetting(),
  apikeytype: noAtsSetting(),
  apikey1: noAtsSetting(),
  apikey2: noAtsSetting(),
});

export const InviteUserRequestSchema = z.pipe(
  InviteUserFieldsSchema,
  z.transform((request: z.output<typeof InviteUserFieldsSchema>, context) => {
    const checked = checkPersonDetails(request);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors))
        context.issues.push({ code: 'custom', path: [field], message, input: request });
      return z.NEVER;
    }
    return { email: request.email, group: request.group, ...checked.details };
  }),
);

/** `POST /admin/user/remove`. */
export const RemoveUserRequestSchema = z.strictObject({ username: UsernameSchema });

/** `POST /admin/user`. */
export const GetUserRequestSchema = z.strictObject({ username: UsernameSchema });

/** The User record as the admin answers carry it (spec section 3). */
export const UserRecordSchema = z.object({
  id: z.string(),
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  phoneNumber: z.nullish(z.string()),
  email: z.string(),
  companyName: z.string(),
  profileRole: z.nullish(z.string()),
  status: z.nullish(z.string()),
  subscriptionId: z.nullish(z.string()),
  atsname: z.nullish(z.string()),
  apikeytype: z.nullish(z.string()),
  apikey1: z.nullish(z.string()),
  apikey2: z.nullish(z.string()),
  subscriptions: z.nullish(z.array(z.nullable(z.string()))),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `201` of `POST /admin/user/create`. */
export const InviteUserResponseSchema = z.object({
  user: UserRecordSchema,
  cognito: z.object({
    username: z.string(),
    /** FORCE_CHANGE_PASSWORD until the first sign-in with the emailed temporary password. */
    status: z.string(),
  }),
});

/** `200` of `POST /admin/user/remove`. */
export const RemoveUserResponseSchema = z.object({ username: z.string(), removed: z.literal(true) });

/** The Cognito side of `POST /admin/user`. */
export const CognitoUserSchema = z.object({
  username: z.string(),
  status: z.string(),
  enabled: z.boolean(),
  attributes: z.record(z.string(), z.string()),
  groups: z.array(z.string()),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
});

/** `200` of `POST /admin/user`: the Cognito user and their record (null when there is none). */
export const GetUserResponseSchema = z.object({ cognito: CognitoUserSchema, user: z.nullable(UserRecordSchema) });

export type InviteUserRequestInput = z.input<typeof InviteUserRequestSchema>;
export type InviteUserRequest = z.output<typeof InviteUserRequestSchema>;
export type RemoveUserRequest = z.output<typeof RemoveUserRequestSchema>;
export type GetUserRequest = z.output<typeof GetUserRequestSchema>;
export type InviteUserResponse = z.infer<typeof InviteUserResponseSchema>;
export type RemoveUserResponse = z.infer<typeof RemoveUserResponseSchema>;
export type CognitoUser = z.infer<typeof CognitoUserSchema>;
export type GetUserResponse = z.infer<typeof GetUserResponseSchema>;

/** A registration code as typed: trimmed and upper-cased, letters, digits, dashes or underscores. */
const RegistrationCodeSchema = z
  .string({ error: 'Please give the code.' })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(REGISTRATION_CODE_PATTERN, 'A code has 3 to 64 letters, digits, dashes or underscores, starting with a letter or digit.'),
  );

/** The most sign-ups one code may admit: the code's item keeps one id per sign-up (about 10,000 fit). */
export const REGISTRATION_CODE_MAX_USES_LIMIT = 5000;

/**
 * A new registration code (operator CLI `add-code`): stored upper-case, mapped to a beta group.
 * Without `code` one is generated (80 random bits); without `maxUses` or `expiresAt` the defaults
 * of `createRegistrationCode` apply.
 */
export const CreateRegistrationCodeRequestSchema = z.strictObject({
  code: z.optional(RegistrationCodeSchema),
  group: z.enum(BETA_CUSTOMER_GROUPS, { error: `The group must be one of ${BETA_CUSTOMER_GROUPS.join(', ')}.` }),
  maxUses: z.optional(
    z
      .number({ error: 'The use limit must be a whole number.' })
      .check(
        z.int('The use limit must be a whole number.'),
        z.gte(1, 'The use limit must be at least 1.'),
        z.lte(
          REGISTRATION_CODE_MAX_USES_LIMIT,
          `The use limit is at most ${REGISTRATION_CODE_MAX_USES_LIMIT}; give larger groups several codes.`,
        ),
      ),
  ),
  expiresAt: z.optional(z.iso.datetime({ offset: true, error: 'The expiry must be an ISO-8601 instant, like 2026-12-31T23:59:59Z.' })),
});

export type CreateRegistrationCodeRequest = z.output<typeof CreateRegistrationCodeRequestSchema>;

/** The operator CLI's `get-code`. */
export const GetRegistrationCodeRequestSchema = z.strictObject({ code: RegistrationCodeSchema });

export type GetRegistrationCodeRequest = z.output<typeof GetRegistrationCodeRequestSchema>;

/**
 * How a code really stands (operator only): `admits_sign_ups`, `expired`, `used_up` or `unknown`,
 * the stored fields when it exists, and a sentence saying so.
 */
export type RegistrationCodeStatus =
  | (RegistrationCodeRecord & { readonly standing: 'admits_sign_ups' | 'expired' | 'used_up'; readonly summary: string })
  | { readonly code: string; readonly standing: 'unknown'; readonly summary: string };
