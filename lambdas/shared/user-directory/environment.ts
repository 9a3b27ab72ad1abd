/**
 * Environment variables of the handlers that call the user pool. The CDK constructs set
 * USER_POOL_ID; the local runtime sets both (COGNITO_ENDPOINT is cognito-local's endpoint).
 */
export const USER_DIRECTORY_ENV = {
  /** The user pool id (`us-east-2_AbC123`). Triggers read it from their event instead. */
  userPoolId: 'USER_POOL_ID',
  /** Cognito endpoint override (the local runtime's cognito-local); absent in AWS. */
  cognitoEndpoint: 'COGNITO_ENDPOINT',
} as const;
