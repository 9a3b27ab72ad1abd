/** @jest-environment ./test/support/backend-environment.js */
import { toAuthError, triggerMessage } from '../../../../web/src/lib/auth/auth-errors';
import { UserFacingError } from '../../../../web/src/lib/notify';
import { cognitoError } from '../../support/auth';

describe('identity service errors shown to people', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', 'signIn', 'Incorrect email or password.'],
    ['UserNotFoundException', 'User does not exist.', 'signIn', 'Incorrect email or password.'],
    ['NotAuthorizedException', 'Password attempts exceeded', 'signIn', 'Too many attempts. Please wait a few minutes and try again.'],
    ['NotAuthorizedException', 'User is disabled.', 'signIn', 'This account is disabled. Please contact support.'],
    ['NotAuthorizedException', 'Incorrect username or password.', 'changePassword', 'Your current password is incorrect.'],
    [
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
      'newPassword',
      'Your sign-in took too long and expired. Please sign in again.',
    ],
    ['UsernameExistsException', 'User already exists', 'signUp', 'An account with this email address already exists. Sign in instead.'],
    [
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
      'confirm',
      'That code is not correct. Check the email and try again.',
    ],
    [
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
      'resetConfirm',
      'That code has expired. Ask for a new code.',
    ],
    [
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
      'resetRequest',
      'Too many attempts. Please wait a few minutes and try again.',
    ],
    [
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
      'signUp',
      'Choose a password of at least 8 characters that does not start or end with a space.',
    ],
    ['InvalidParameterException', 'Invalid phone number format.', 'signUp', 'Please enter a valid phone number, like +1 555 010 0199.'],
    [
      'UserNotFoundException',
      'Username/client id combination not found.',
      'resetRequest',
      'We could not find an account with that email address.',
    ],
    [
      'NetworkError',
      'A network error has occurred.',
      'signIn',
      'We could not reach the sign-in service. Check your connection and try again.',
    ],
    ['TypeError', 'Failed to fetch', 'signIn', 'We could not reach the sign-in service. Check your connection and try again.'],
    ['InternalErrorException', 'boom', 'signIn', 'Something went wrong'],
  ] as const)('%s (%s) while %s reads "%s"', (name, message, context, expected) => {
    expect(toAuthError(cognitoError(name, message), context).message).toBe(expected);
  });

  it('shows a trigger’s own message without Cognito’s wrapper and its code', () => {
    const error = cognitoError(
      'UserLambdaValidationException',
      'PreSignUp failed with error EMAIL_DOMAIN_BLOCKED: Use your work email address.',
    );
    expect(toAuthError(error, 'signUp').message).toBe('Use your work email address.');
    expect(triggerMessage('PostConfirmation failed with error Please try again.')).toBe('Please try again.');
    expect(triggerMessage('Something else')).toBeUndefined();
  });

  it('keeps errors that are already written for people, and the cause of the others', () => {
    const readable = new UserFacingError('Signing in is not available right now. Please try again later.');
    expect(toAuthError(readable, 'signIn')).toBe(readable);
    const raw = cognitoError('NotAuthorizedException');
    expect(toAuthError(raw, 'signIn').cause).toBe(raw);
  });
});
