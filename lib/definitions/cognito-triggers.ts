import type { TableUse } from './tables';

/**
 * The Cognito user pool's Lambda triggers, described once. The Auth construct attaches them to the
 * user pool; the local runtime registers the same handler files with cognito-local through its
 * Lambda endpoint. Plain TypeScript: no aws-cdk-lib imports.
 */
export type CognitoTriggerName = 'PreSignUp' | 'PostConfirmation' | 'CustomMessage';

export interface CognitoTriggerDefinition {
  readonly trigger: CognitoTriggerName;
  /** Stable construct id of the trigger's function: never rename. */
  readonly functionId: string;
  /** Handler file relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly tables: readonly TableUse[];
  /** Whether the trigger calls the user pool (e.g. AdminAddUserToGroup). */
  readonly userPoolAccess: boolean;
}

export const COGNITO_TRIGGERS: readonly CognitoTriggerDefinition[] = [
  {
    trigger: 'PreSignUp',
    functionId: 'PreSignUpFunction',
    entry: 'lambdas/identity/pre-sign-up.ts',
    tables: [{ table: 'registrationCodes', access: 'read' }],
    userPoolAccess: false,
  },
  {
    trigger: 'PostConfirmation',
    functionId: 'PostConfirmationFunction',
    entry: 'lambdas/identity/post-confirmation.ts',
    tables: [
      { table: 'registrationCodes', access: 'readWrite' },
      { table: 'users', access: 'readWrite' },
    ],
    userPoolAccess: true,
  },
  {
    // The product's own e-mails per event (lambdas/identity/custom-messages.ts): no table, no pool call.
    trigger: 'CustomMessage',
    functionId: 'CustomMessageFunction',
    entry: 'lambdas/identity/custom-message.ts',
    tables: [],
    userPoolAccess: false,
  },
];
