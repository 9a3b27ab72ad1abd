/**
 * The product's own e-mails for Cognito's events (the CustomMessage trigger, custom-message.ts).
 * Cognito's defaults say "Verify your new account" for every code, a password reset included.
 * Cognito fills `{####}` with the code (or the temporary password) and `{username}` with the
 * user name; an invitation must contain both, every other message the code
 * (https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-lambda-custom-message.html).
 * Plain TypeScript: the local runtime's cognito-local runs the same handler.
 */

/** The trigger sources of the events that send an e-mail with a code. */
export const CUSTOM_MESSAGE_SOURCES = [
  'CustomMessage_SignUp',
  'CustomMessage_ResendCode',
  'CustomMessage_ForgotPassword',
  'CustomMessage_AdminCreateUser',
  'CustomMessage_UpdateUserAttribute',
  'CustomMessage_VerifyUserAttribute',
] as const;
export type CustomMessageSource = (typeof CUSTOM_MESSAGE_SOURCES)[number];

export interface EmailText {
  readonly subject: string;
  /** HTML-free text; Cognito sends it as the body. */
  readonly body: string;
}

const SIGN_UP: EmailText = {
  subject: 'Confirm your e-mail address',
  body:
    'Welcome aboard. To finish creating your account, enter this confirmation code on the sign-up page: {####}\n\n' +
    'The code is valid for 24 hours. If you did not sign up, you can ignore this e-mail.',
};

export const CUSTOM_MESSAGES: Readonly<Record<CustomMessageSource, EmailText>> = {
  CustomMessage_SignUp: SIGN_UP,
  CustomMessage_ResendCode: { subject: 'Your new confirmation code', body: SIGN_UP.body },
  CustomMessage_ForgotPassword: {
    subject: 'Reset your password',
    body:
      'We received a request to reset the password of your account. Enter this code on the password reset page to choose a new one: {####}\n\n' +
      'The code is valid for one hour. If you did not ask for a reset, ignore this e-mail: your password stays as it is.',
  },
  CustomMessage_AdminCreateUser: {
    subject: 'You are invited to your recruiting assistant',
    body:
      'You have been invited to use the recruiting assistant. Sign in with your user name {username} and this temporary password: {####}\n\n' +
      'You will choose your own password when you first sign in. The temporary password expires in 7 days.',
  },
  CustomMessage_UpdateUserAttribute: {
    subject: 'Confirm your new e-mail address',
    body: 'To confirm the new e-mail address of your account, enter this code: {####}',
  },
  CustomMessage_VerifyUserAttribute: {
    subject: 'Confirm your e-mail address',
    body: 'To confirm the e-mail address of your account, enter this code: {####}',
  },
};

/** The product's e-mail for a trigger source, or undefined for one that keeps Cognito's (e.g. an MFA code). */
export function customMessageFor(source: string): EmailText | undefined {
  return (CUSTOM_MESSAGE_SOURCES as readonly string[]).includes(source) ? CUSTOM_MESSAGES[source as CustomMessageSource] : undefined;
}
