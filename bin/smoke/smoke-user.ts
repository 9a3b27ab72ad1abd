import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { ADMIN_GROUP, BETA_CUSTOMER_GROUPS } from '../../lambdas/shared/domain/groups';
import { SIGN_UP_ATTRIBUTES } from '../../lambdas/shared/registration-codes/sign-up-contract';
import { newUserRecord } from '../../lambdas/shared/users/new-user-record';
import { createUsersRepository } from '../../lambdas/shared/users/users-repository';
import { passwordVerifierResponses, startSrpSession, type PasswordVerifierChallenge } from './cognito-srp';

/**
 * The smoke test's own throw-away person: created the way an admin invites someone (Cognito user,
 * beta group, User record from `newUserRecord`), but without the invitation e-mail (it would go
 * to a made-up address) and with a known random password, and put in the Admins group so the
 * admin route can be tried. Removed again, Cognito user and record, when the walk ends.
 */
export interface SmokeUser {
  readonly email: string;
  readonly password: string;
  /** Cognito's username (a UUID in a pool that signs in by e-mail). */
  readonly username: string;
  readonly sub: string;
}

export interface SmokeUserServices {
  readonly cognito: CognitoIdentityProviderClient;
  readonly documents: DynamoDBDocumentClient;
  readonly userPoolId: string;
  readonly usersTable: string;
}

/** Creates the smoke user; `created` is called as soon as there is something to clean up. */
export async function createSmokeUser(services: SmokeUserServices, runId: string, created: (user: SmokeUser) => void): Promise<SmokeUser> {
  const email = `smoke+${runId}@example.com`;
  // Random, and long enough for any policy; printed nowhere.
  const password = `Smoke-${randomBytes(18).toString('base64url')}-9a`;
  const answer = await services.cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: services.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [
        { Name: SIGN_UP_ATTRIBUTES.email, Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: SIGN_UP_ATTRIBUTES.firstName, Value: 'Smoke' },
        { Name: SIGN_UP_ATTRIBUTES.lastName, Value: 'Test' },
        { Name: SIGN_UP_ATTRIBUTES.companyName, Value: 'Smoke test (safe to delete)' },
      ],
    }),
  );
  const username = answer.User?.Username;
  const sub = answer.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!username || !sub) throw new Error('Cognito created the smoke user but answered without its username or sub.');
  const user: SmokeUser = { email, password, username, sub };
  created(user);

  await services.cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: services.userPoolId, Username: username, Password: password, Permanent: true }),
  );
  for (const group of [BETA_CUSTOMER_GROUPS[0], ADMIN_GROUP]) {
    await services.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: services.userPoolId, Username: username, GroupName: group }));
  }
  const record = newUserRecord({
    id: sub,
    email,
    details: { firstName: 'Smoke', lastName: 'Test', companyName: 'Smoke test (safe to delete)' },
    now: new Date(),
  });
  await createUsersRepository({ client: services.documents, tableName: services.usersTable }).putIfAbsent(record);
  return user;
}

/**
 * How the smoke user signs in: `srp` as the deployed web client allows (USER_SRP_AUTH, the
 * password never sent), `password` (USER_PASSWORD_AUTH) only against cognito-local, which has no
 * SRP and whose local client alone allows it.
 */
export type SignInFlow = 'srp' | 'password';

/** The pool and client the smoke user signs in to. */
export interface SignInTarget {
  readonly userPoolId: string;
  readonly clientId: string;
  readonly flow: SignInFlow;
}

/** Signs in as the web app does; resolves to the id token. */
export async function signIn(cognito: Pick<CognitoIdentityProviderClient, 'send'>, target: SignInTarget, user: SmokeUser): Promise<string> {
  let answer;
  if (target.flow === 'password') {
    answer = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: target.clientId,
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
  } else {
    const session = startSrpSession();
    const started = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: target.clientId,
        AuthParameters: { USERNAME: user.email, SRP_A: session.srpA },
      }),
    );
    if (started.ChallengeName !== 'PASSWORD_VERIFIER' || !started.ChallengeParameters)
      throw new Error(`Cognito answered the SRP sign-in with ${started.ChallengeName ?? 'no challenge'} instead of PASSWORD_VERIFIER.`);
    answer = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: target.clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: started.Session,
        ChallengeResponses: passwordVerifierResponses({
          session,
          userPoolId: target.userPoolId,
          password: user.password,
          challenge: started.ChallengeParameters as unknown as PasswordVerifierChallenge,
        }),
      }),
    );
  }
  if (answer.ChallengeName) throw new Error(`Cognito asked for a ${answer.ChallengeName} challenge instead of signing in.`);
  const token = answer.AuthenticationResult?.IdToken;
  if (!token) throw new Error('Cognito signed in without an id token.');
  return token;
}

/** Deletes the Cognito user and their record (a REMOVED record would only be clutter here). */
export async function deleteSmokeUser(services: SmokeUserServices, user: SmokeUser): Promise<void> {
  await services.cognito.send(new AdminDeleteUserCommand({ UserPoolId: services.userPoolId, Username: user.username }));
  await services.documents.send(new DeleteCommand({ TableName: services.usersTable, Key: { id: user.sub } }));
}
