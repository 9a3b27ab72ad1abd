import { regExpFullMatch, validateContactInput } from '@shared-domain/contact-rules';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../config/constants';

/**
 * Field rules the identity forms share. Email uses the shared contact rule (the one the server
 * applies to contact messages), so every form in the app accepts the same addresses.
 */

/** Why `value` is not a usable email address, or `undefined`. */
export function emailError(value: string): string | undefined {
  return validateContactInput({ email: value }, regExpFullMatch).find((error) => error.field === 'email')?.message;
}

/** A password being chosen: the identity service's policy (at least 8 characters, no classes). */
export function newPasswordError(value: string): string | undefined {
  if (!value) return 'Please enter a password.';
  if (value.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  // Cognito refuses passwords with a leading or trailing space.
  if (value.trim() !== value) return 'Password cannot start or end with a space.';
  return undefined;
}

/** The repeated password of a "confirm" field. */
export function confirmPasswordError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Please enter the password again.';
  return confirmation === password ? undefined : 'The passwords do not match.';
}

/** The emailed 6-digit code (spaces allowed while typing). */
export function verificationCodeError(value: string): string | undefined {
  const code = normalizeCode(value);
  if (!code) return 'Please enter the code from the email.';
  return /^\d{6}$/.test(code) ? undefined : 'The code is the 6 digits from the email.';
}

/** The code as the identity service expects it: digits only. */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '');
}
