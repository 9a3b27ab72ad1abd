import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { Outbox } from '../../../local/identity/outbox';
import type { LocalEndpoints } from '../../../local/runtime';

/** Helpers for the identity tests: an SDK client on cognito-local, and the sign-up flow by hand. */

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

export function uniqueEmail(label: string): string {
  return `${label}.${randomUUID().slice(0, 8)}@example.com`;
}

/** The newest code the outbox holds for `to`. */
export function latestCode(outbox: Pick<Outbox, 'messages'>, to: string): string {
  const message = outbox.messages().find((candidate) => candidate.to === to && candidate.code);
  if (!message?.code) throw new Error(`No code in the outbox for ${to}`);
  return message.code;
}

/** Signs up, confirms with the emailed code, and signs in with USER_PASSWORD_AUTH. */
export async function signedUpUser(
  client: CognitoIdentityProviderClient,
  outbox: Pick<Outbox, 'messages'>,
  clientId: string,
  email = uniqueEmail('dana'),
  password = 'correct horse',
): Promise<{ email: string; password: string; sub: string; tokens: AuthenticationResultType }> {
  const { UserSub } = await client.send(
    new SignUpCommand({ ClientId: clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: latestCode(outbox, email) }));
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult) throw new Error('no tokens');
  return { email, password, sub: UserSub!, tokens: AuthenticationResult };
}

/** A JWT's payload, unverified (for assertions). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The error a promise rejects with (name and message), or fails the test when it resolves. */
export async function failure(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('expected a failure');
}

/** The ID token of `npm start`'s demo recruiter, signed in with the password the seed prints (endpoints.json's `seed`). */
export async function demoRecruiterIdToken(endpoints: LocalEndpoints): Promise<string> {
  const seed = endpoints.seed as { demoEmail: string; demoPassword: string };
  const client = cognitoClient(String(endpoints.cognitoEndpoint));
  try {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        ClientId: String(endpoints.userPoolClientId),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: seed.demoEmail, PASSWORD: seed.demoPassword },
      }),
    );
    return AuthenticationResult!.IdToken!;
  } finally {
    client.destroy();
  }
}
