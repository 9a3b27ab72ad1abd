import type { Messages } from 'cognito-local/lib/services/messages';
import type { UserPool } from 'cognito-local/lib/services/userPoolService';
import type { OutboxMessageInput, OutboxMessageKind } from './outbox';

/**
 * What Cognito would email, composed from the user pool's own message templates (the same
 * settings the Auth construct deploys) and handed to the outbox instead of being sent.
 * cognito-local only prints a code in a box; this keeps the subject and body a person would
 * receive, so the local flows read like the real ones.
 */

type MessageSource = Parameters<Messages['deliver']>[1];

/** Cognito's defaults when the pool sets no template (the CDK UserPool construct's defaults for verification). */
export const DEFAULT_TEMPLATES = {
  verificationSubject: 'Verify your new account',
  verificationBody: 'The verification code to your new account is {####}',
  invitationSubject: 'Your temporary password',
  invitationBody: 'Your username is {username} and temporary password is {####}.',
} as const;

const KIND: Readonly<Record<MessageSource, OutboxMessageKind>> = {
  SignUp: 'verification',
  ResendCode: 'verification',
  ForgotPassword: 'password-reset',
  AdminCreateUser: 'invitation',
  UpdateUserAttribute: 'attribute-verification',
  VerifyUserAttribute: 'attribute-verification',
  Authentication: 'other',
};

/** Where Cognito puts the code (or the temporary password) and the user name in a message. */
export const CODE_PARAMETER = '{####}';
export const USERNAME_PARAMETER = '{username}';

/**
 * A message with its placeholders filled, every one and the values as written: not
 * `String.replace`, which reads `$&`, `$$`… in a value (a temporary password may hold them) as
 * replacement patterns.
 */
export function fillCognitoPlaceholders(template: string, code: string, username: string): string {
  return template.split(CODE_PARAMETER).join(code).split(USERNAME_PARAMETER).join(username);
}

/**
 * The email Cognito sends for `source`. Cognito uses the pool's verification template for
 * sign-up, resent and password-reset codes, and the invitation template for AdminCreateUser.
 */
export function composeCognitoEmail(input: {
  readonly source: MessageSource;
  readonly pool: Pick<UserPool, 'VerificationMessageTemplate' | 'AdminCreateUserConfig'>;
  readonly to: string;
  /** The username as the person types it (their email in this pool). */
  readonly username: string;
  readonly code: string;
}): OutboxMessageInput {
  const kind = KIND[input.source] ?? 'other';
  if (input.source === 'AdminCreateUser') {
    const template = input.pool.AdminCreateUserConfig?.InviteMessageTemplate;
    return {
      to: input.to,
      kind,
      subject: template?.EmailSubject ?? DEFAULT_TEMPLATES.invitationSubject,
      body: fillCognitoPlaceholders(template?.EmailMessage ?? DEFAULT_TEMPLATES.invitationBody, input.code, input.username),
      temporaryPassword: input.code,
    };
  }
  const template = input.pool.VerificationMessageTemplate;
  return {
    to: input.to,
    kind,
    subject: template?.EmailSubject ?? DEFAULT_TEMPLATES.verificationSubject,
    body: fillCognitoPlaceholders(template?.EmailMessage ?? DEFAULT_TEMPLATES.verificationBody, input.code, input.username),
    code: input.code,
  };
}
