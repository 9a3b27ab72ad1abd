import { toE164 } from '../users/phone-number';

/**
 * How invitation sign-up talks to the identity service: the Cognito attributes the web app sends
 * with `signUp`, and the markers the Cognito triggers put in front of their error messages.
 * Pure (no AWS, no Node APIs): the web app, the triggers and the CDK Auth construct share it.
 *
 * Everything travels as user attributes, stored on the Cognito user, so the post-confirmation
 * trigger finds the registration code and the profile again however much later the person
 * confirms, on whatever device, without the web app remembering anything between the steps.
 */

/** The pool's custom attributes (`custom:<name>`), as the Auth construct declares them. */
export const CUSTOM_ATTRIBUTES = {
  /** The company; mutable (the User record is the authority after registration). */
  companyName: { name: 'companyName', maxLength: 100, mutable: true },
  /** The registration code typed at sign-up; immutable, only ever set by SignUp. */
  registrationCode: { name: 'registrationCode', maxLength: 64, mutable: false },
} as const;

/** The Cognito attribute of each sign-up field. */
export const SIGN_UP_ATTRIBUTES = {
  email: 'email',
  firstName: 'given_name',
  lastName: 'family_name',
  /** Optional; E.164 (`+15550100199`), the only form Cognito accepts. */
  phoneNumber: 'phone_number',
  companyName: `custom:${CUSTOM_ATTRIBUTES.companyName.name}`,
  registrationCode: `custom:${CUSTOM_ATTRIBUTES.registrationCode.name}`,
} as const;

/**
 * Key of the registration code in `clientMetadata`. Optional: the attribute is what counts; a
 * code sent here as well must be the same code.
 */
export const REGISTRATION_CODE_METADATA_KEY = 'registrationCode';

/**
 * The spec's text of the Unknown Registration Code page (SPEC 8), verbatim. It is also the one
 * message the triggers give for any refused code, whatever the reason.
 */
export const UNKNOWN_REGISTRATION_CODE_TEXT = 'You have provided an incorrect registration code. Please try again.';

/**
 * Markers at the start of the triggers' error messages. Cognito answers SignUp with
 * `UserLambdaValidationException: PreSignUp failed with error <MARKER>: <message>.`
 */
export const SIGN_UP_ERROR_MARKERS = {
  /** Unknown, expired or used-up code: show the Unknown Registration Code page (/sign-in-error). */
  registrationCodeInvalid: 'REGISTRATION_CODE_INVALID',
  /** A name, company or phone number the server refuses; the message says which and why. */
  detailsInvalid: 'SIGN_UP_DETAILS_INVALID',
  /** Something failed on our side; ask the person to try again later. */
  unavailable: 'SIGN_UP_UNAVAILABLE',
} as const;

export type SignUpErrorKind = 'registration_code_invalid' | 'details_invalid' | 'unavailable';

/**
 * What a failed SignUp/ConfirmSignUp means, from the error's message (in AWS and in cognito-local,
 * which words the wrapper differently); `undefined` for errors the triggers did not raise.
 */
export function signUpErrorKind(message: string | undefined): SignUpErrorKind | undefined {
  if (!message) return undefined;
  if (message.includes(`${SIGN_UP_ERROR_MARKERS.registrationCodeInvalid}:`)) return 'registration_code_invalid';
  if (message.includes(`${SIGN_UP_ERROR_MARKERS.detailsInvalid}:`)) return 'details_invalid';
  if (message.includes(`${SIGN_UP_ERROR_MARKERS.unavailable}:`)) return 'unavailable';
  return undefined;
}

/** The message a trigger wrote after its marker (without Cognito's wrapping), for a toast. */
export function signUpErrorMessage(message: string): string | undefined {
  const match = /(?:REGISTRATION_CODE_INVALID|SIGN_UP_DETAILS_INVALID|SIGN_UP_UNAVAILABLE): (.*?)\.?$/s.exec(message);
  return match ? `${match[1]}.` : undefined;
}

export interface SignUpFields {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName: string;
  /** Optional; any common spelling with a country code (`+1 555 010 0199`). */
  readonly phoneNumber?: string;
  readonly registrationCode: string;
}

/**
 * The `userAttributes` of Amplify's `signUp` for an invitation sign-up: trimmed, the email
 * lower-cased (the User record and `getUserByEmail` use the attribute as Cognito stores it), the
 * phone number in E.164 (left out when empty or not convertible: the trigger then reports it),
 * the code trimmed and upper-cased.
 */
export function signUpUserAttributes(fields: SignUpFields): Record<string, string> {
  const attributes: Record<string, string> = {
    [SIGN_UP_ATTRIBUTES.email]: fields.email.trim().toLowerCase(),
    [SIGN_UP_ATTRIBUTES.firstName]: fields.firstName.trim(),
    [SIGN_UP_ATTRIBUTES.lastName]: fields.lastName.trim(),
    [SIGN_UP_ATTRIBUTES.companyName]: fields.companyName.trim(),
    [SIGN_UP_ATTRIBUTES.registrationCode]: fields.registrationCode.trim().toUpperCase(),
  };
  const phone = fields.phoneNumber?.trim();
  if (phone) attributes[SIGN_UP_ATTRIBUTES.phoneNumber] = toE164(phone) ?? phone;
  return attributes;
}
