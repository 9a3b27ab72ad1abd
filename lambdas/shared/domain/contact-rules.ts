/**
 * Validation rules for a contact message, shared by the web form (inline errors) and the
 * `createContact` AppSync resolver (the authority). The resolver runs on APPSYNC_JS, so this
 * module keeps to what that runtime accepts: no classes, loops only as for-of, no `++`, no
 * throw/try, and patterns applied through an injected full-match function (`util.matches` in
 * AppSync, a RegExp wrapper in the browser).
 */
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, EMAIL_PATTERN, PHONE_MAX_LENGTH, PHONE_MESSAGE, PHONE_PATTERN } from './patterns';

export interface ContactInputFields {
  name?: unknown;
  email?: unknown;
  phoneNumber?: unknown;
  message?: unknown;
}

export type ContactField = 'name' | 'email' | 'phoneNumber' | 'message';

export interface FieldError {
  field: ContactField;
  message: string;
}

/** Tells whether `value` matches `pattern` as a whole (Java `String.matches` semantics). */
export type FullMatch = (pattern: string, value: string) => boolean;

export const CONTACT_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phoneNumber: PHONE_MAX_LENGTH,
  message: 5000,
} as const;

/** Letters, marks, spaces and common name punctuation; no markup or control characters. */
const NAME_PATTERN = '[^<>{}\\[\\]\\\\`$;\\u0000-\\u001F\\u007F-\\u009F]+';
/**
 * A message may hold any text but not HTML/script markup or control characters. A tag starts
 * with `<` directly followed by a letter, `/`, `!` or `?` (browsers read `< a` as text), so
 * "fewer than < a dozen" stays allowed.
 */
const MESSAGE_MARKUP_PATTERN = '[\\s\\S]*<[A-Za-z/!?][\\s\\S]*';
const MESSAGE_CONTROL_PATTERN = '[\\s\\S]*[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F][\\s\\S]*';

function asTrimmedString(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return undefined;
  return value.trim();
}

/**
 * Checks a contact message. Returns one error per invalid field, in form order; an empty list
 * means the input may be stored. `phoneNumber` is optional; the other fields are required.
 */
export function validateContactInput(input: ContactInputFields, fullMatch: FullMatch): FieldError[] {
  const errors: FieldError[] = [];

  const name = asTrimmedString(input.name);
  if (!name) {
    errors.push({ field: 'name', message: 'Please enter your name.' });
  } else if (name.length > CONTACT_LIMITS.name) {
    errors.push({ field: 'name', message: `Name must be at most ${CONTACT_LIMITS.name} characters.` });
  } else if (!fullMatch(NAME_PATTERN, name)) {
    errors.push({ field: 'name', message: 'Name cannot contain symbols such as < > { } [ ] ; $ or control characters.' });
  }

  const email = asTrimmedString(input.email);
  if (!email) {
    errors.push({ field: 'email', message: 'Please enter your email address.' });
  } else if (email.length > CONTACT_LIMITS.email || !fullMatch(EMAIL_PATTERN, email)) {
    errors.push({ field: 'email', message: EMAIL_MESSAGE });
  }

  const phoneNumber = asTrimmedString(input.phoneNumber);
  if (input.phoneNumber !== undefined && input.phoneNumber !== null && typeof input.phoneNumber !== 'string') {
    errors.push({ field: 'phoneNumber', message: PHONE_MESSAGE });
  } else if (phoneNumber) {
    if (phoneNumber.length > CONTACT_LIMITS.phoneNumber || !fullMatch(PHONE_PATTERN, phoneNumber)) {
      errors.push({ field: 'phoneNumber', message: PHONE_MESSAGE });
    }
  }

  const message = asTrimmedString(input.message);
  if (!message) {
    errors.push({ field: 'message', message: 'Please enter a message.' });
  } else if (message.length > CONTACT_LIMITS.message) {
    errors.push({ field: 'message', message: `Message must be at most ${CONTACT_LIMITS.message} characters.` });
  } else if (fullMatch(MESSAGE_MARKUP_PATTERN, message) || fullMatch(MESSAGE_CONTROL_PATTERN, message)) {
    errors.push({ field: 'message', message: 'Message cannot contain HTML or script markup.' });
  }

  return errors;
}

/** Browser/Node implementation of {@link FullMatch}; Unicode-aware like Java's regexes (\p{L}). */
export const regExpFullMatch: FullMatch = (pattern, value) => new RegExp(`^(?:${pattern})$`, 'u').test(value);
