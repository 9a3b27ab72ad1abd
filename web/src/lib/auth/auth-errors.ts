import { FALLBACK_ERROR_MESSAGE, PASSWORD_MIN_LENGTH } from '../../config/constants';
import { UserFacingError } from '../errors';

/**
 * Cognito's (and Amplify's) error names turned into messages for people. Cognito's own messages
 * are written for developers ("Incorrect username or password.", "1 validation error detected:
 * …"); these say what happened and what to do.
 */

/** Where the error happened: the same Cognito error reads differently per step. */
export type AuthErrorContext =
  'signIn' | 'signUp' | 'confirm' | 'resend' | 'resetRequest' | 'resetConfirm' | 'newPassword' | 'changePassword';

export const INCORRECT_CREDENTIALS_MESSAGE = 'Incorrect email or password.';
export const INCORRECT_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
export const AUTH_NETWORK_MESSAGE = 'We could not reach the sign-in service. Check your connection and try again.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
export const SIGN_IN_SESSION_EXPIRED_MESSAGE = 'Your sign-in took too long and expired. Please sign in again.';
export const PASSWORD_POLICY_MESSAGE = `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters that does not start or end with a space.`;

interface ErrorLike {
  readonly name: string;
  readonly message: string;
}

/** Name and message of whatever was thrown (Amplify's AuthError, a plain Error, a string). */
export function describeError(error: unknown): ErrorLike {
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}

/**
 * The message a Cognito Lambda trigger put after "<Trigger> failed with error ". Our triggers
 * write `CODE: text for people`; the text is returned without the code.
 */
export function triggerMessage(message: string): string | undefined {
  const match = /failed with error\s+(.*)$/s.exec(message);
  if (!match) return undefined;
  const text = match[1]
    .trim()
    .replace(/^[A-Z][A-Z0-9_]+:\s*/, '')
    .trim();
  return text || undefined;
}

function messageFor({ name, message }: ErrorLike, context: AuthErrorContext): string {
  switch (name) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(message)) return TOO_MANY_ATTEMPTS_MESSAGE;
      if (/disabled/i.test(message)) return 'This account is disabled. Please contact support.';
      if (context === 'changePassword') return INCORRECT_CURRENT_PASSWORD_MESSAGE;
      if (context === 'newPassword') return SIGN_IN_SESSION_EXPIRED_MESSAGE;
      if (/temporary password has expired/i.test(message)) return 'Your temporary password has expired. Ask for a new invitation.';
      return context === 'signIn' ? INCORRECT_CREDENTIALS_MESSAGE : 'This request was refused. Please start again.';
    case 'UserNotFoundException':
      return context === 'signIn' ? INCORRECT_CREDENTIALS_MESSAGE : 'We could not find an account with that email address.';
    case 'UserNotConfirmedException':
      return 'Your email address is not verified yet. Enter the code we emailed you.';
    case 'UsernameExistsException':
      return 'An account with this email address already exists. Sign in instead.';
    case 'AliasExistsException':
      return 'An account with this email address already exists. Sign in instead.';
    case 'InvalidPasswordException':
      return PASSWORD_POLICY_MESSAGE;
    case 'CodeMismatchException':
      return 'That code is not correct. Check the email and try again.';
    case 'ExpiredCodeException':
      return 'That code has expired. Ask for a new code.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return TOO_MANY_ATTEMPTS_MESSAGE;
    case 'CodeDeliveryFailureException':
      return 'We could not send the email. Check the address and try again.';
    case 'PasswordResetRequiredException':
      return 'You need to reset your password. Use “Forgot password?”.';
    case 'InvalidParameterException':
      if (/phone/i.test(message)) return 'Please enter a valid phone number, like +1 555 010 0199.';
      if (/email/i.test(message)) return 'Please enter a valid email address, like name@company.com.';
      if (/password/i.test(message)) return PASSWORD_POLICY_MESSAGE;
      if (/no registered\/verified email|cannot reset password/i.test(message))
        return 'This account has no verified email address. Please contact support.';
      return 'Please check the details you entered and try again.';
    case 'UserLambdaValidationException':
      return triggerMessage(message) ?? FALLBACK_ERROR_MESSAGE;
    case 'NetworkError':
      return AUTH_NETWORK_MESSAGE;
    default:
      if (/network|failed to fetch|load failed|fetch failed|dynamically imported module/i.test(message)) return AUTH_NETWORK_MESSAGE;
      return FALLBACK_ERROR_MESSAGE;
  }
}

/**
 * Turns what the identity service threw into a {@link UserFacingError} (its message is shown as
 * is by `notifyError`). Errors that already are for people pass through.
 */
export function toAuthError(error: unknown, context: AuthErrorContext): UserFacingError {
  if (error instanceof UserFacingError) return error;
  return new UserFacingError(messageFor(describeError(error), context), { cause: error });
}
