import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

/**
 * Cognito user pool trigger events as Cognito sends them (shapes from the Cognito developer guide:
 * version 1, the pool's region, `userName` = the generated username, which with email sign-in is
 * the sub; `validationData` null when SignUp sent none).
 */

export const TEST_POOL_ID = 'us-east-2_LocalPool1';
export const TEST_CLIENT_ID = 'talentpilotlocalwebclient1';

export interface SignUpEventInput {
  readonly triggerSource?: PreSignUpTriggerEvent['triggerSource'];
  readonly userName?: string;
  readonly userAttributes: Record<string, string>;
  readonly clientMetadata?: Record<string, string>;
  readonly validationData?: Record<string, string> | null;
}

export function preSignUpEvent(input: SignUpEventInput): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-2',
    userPoolId: TEST_POOL_ID,
    userName: input.userName ?? randomUUID(),
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: TEST_CLIENT_ID },
    triggerSource: input.triggerSource ?? 'PreSignUp_SignUp',
    request: {
      userAttributes: input.userAttributes,
      validationData: (input.validationData ?? null) as never,
      ...(input.clientMetadata ? { clientMetadata: input.clientMetadata } : {}),
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

export interface ConfirmationEventInput {
  readonly triggerSource?: PostConfirmationTriggerEvent['triggerSource'];
  /** The sub; also the userName (email sign-in). */
  readonly sub?: string;
  readonly userAttributes: Record<string, string>;
  readonly clientMetadata?: Record<string, string>;
}

export function postConfirmationEvent(input: ConfirmationEventInput): PostConfirmationTriggerEvent {
  const sub = input.sub ?? randomUUID();
  return {
    version: '1',
    region: 'us-east-2',
    userPoolId: TEST_POOL_ID,
    userName: sub,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: TEST_CLIENT_ID },
    triggerSource: input.triggerSource ?? 'PostConfirmation_ConfirmSignUp',
    request: {
      userAttributes: { sub, 'cognito:user_status': 'CONFIRMED', email_verified: 'true', ...input.userAttributes },
      ...(input.clientMetadata ? { clientMetadata: input.clientMetadata } : {}),
    },
    response: {},
  } as PostConfirmationTriggerEvent;
}

/** The attributes the web app sends for an invitation sign-up (sign-up-contract.ts). */
export function signUpAttributes(email: string, registrationCode: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    email,
    given_name: 'Dana',
    family_name: 'Li',
    'custom:companyName': 'Acme Staffing',
    'custom:registrationCode': registrationCode,
    phone_number: '+15550100199',
    ...extra,
  };
}
