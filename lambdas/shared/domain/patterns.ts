/**
 * Patterns shared by the validation rules (contact, profile, user records). Full-match patterns
 * in the common subset of Java and JavaScript regexes: AppSync applies them with `util.matches`,
 * the browser and Node with `regExpFullMatch` (contact-rules.ts).
 */
export const EMAIL_PATTERN =
  '[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\\.[A-Za-z]{2,63}';
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_MESSAGE = 'Please enter a valid email address, like name@company.com.';

/** Digits, spaces and `+ ( ) . -`, 7 to 32 characters, starting with `+`, a digit or `(`. */
export const PHONE_PATTERN = '\\+?[0-9(][0-9 ().-]{5,30}[0-9]';
export const PHONE_MAX_LENGTH = 32;
export const PHONE_MESSAGE = 'Please enter a valid phone number, like +1 555 010 0199.';
