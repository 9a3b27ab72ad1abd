/**
 * Phone numbers as Cognito stores them: E.164 (`+` and 7 to 15 digits, no spaces). People type
 * `+1 (555) 010-0199`; the identity service accepts only `+15550100199`, so every number that
 * goes to Cognito or into a User record passes through {@link toE164}. Pure: the web app uses it
 * to build the sign-up attributes.
 */

/** `+`, a non-zero country code digit, then 6 to 14 more digits (ITU-T E.164: at most 15). */
const E164 = /^\+[1-9][0-9]{6,14}$/;

/** Separators people type between digits. */
const SEPARATORS = /[\s().-]/g;

export const PHONE_NEEDS_COUNTRY_CODE_MESSAGE = 'Please enter the phone number with its country code, like +1 555 010 0199.';

/** The number in E.164, or `undefined` when it is not one (for example without a country code). */
export function toE164(value: string): string | undefined {
  const compact = value.trim().replace(SEPARATORS, '');
  return E164.test(compact) ? compact : undefined;
}

/** Whether `value` is already in E.164 form. */
export function isE164(value: string): boolean {
  return E164.test(value);
}
