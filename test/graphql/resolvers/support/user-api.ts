import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_TBD, USER_FIELDS, type User } from '../../../../lambdas/shared/contracts/user';
import { ADMIN_GROUP } from '../../../../lambdas/shared/domain/groups';
import type { LocalIdentityFactory } from '../../../../local/identity';
import { startCognitoLocal } from '../../../../local/identity/cognito-local';
import { verifiedToken } from '../../../../local/identity/token-claims';
import { createUserPoolVerifier } from '../../../../local/identity/user-pool-verifier';
import type { LocalRuntime } from '../../../../local/runtime';
import { countItems, postGraphql, type HttpAnswer } from '../../../local/support/local-services';

/**
 * The user API as a client meets it: the local runtime (AppSync runner over the real resolvers,
 * dynalite) with cognito-local as the identity service. Users are real Cognito users
 * (AdminCreateUser, a permanent password, Admins by AdminAddUserToGroup) who sign in with
 * USER_PASSWORD_AUTH; calls carry their ACCESS token, as Amplify's `generateClient()` does in
 * userPool mode, and the runner verifies it with aws-jwt-verify, as in production.
 */

const PASSWORD = 'Local-Passw0rd!';

/** A signed-in Cognito user. */
export interface TestUser {
  readonly email: string;
  /** The Cognito sub: the id of the user's record. */
  readonly sub: string;
  readonly accessToken: string;
  readonly idToken: string;
}

/** Who sends a call: a signed-in user, the web app's API key, or nobody. */
export type Caller = TestUser | 'apiKey' | 'anonymous';

export interface GraphqlError {
  path: (string | number)[] | null;
  data: unknown;
  errorType: string | null;
  errorInfo: { fields?: Record<string, string> } | null;
  locations: unknown;
  message: string;
}

export interface GraphqlBody<T> {
  data: T | null;
  errors?: GraphqlError[];
}

export interface UserApi {
  readonly runtime: LocalRuntime;
  /** A confirmed Cognito user, signed in; `admin` adds them to the Admins group first and stores their ACTIVE record. */
  signIn(label: string, options?: { admin?: boolean }): Promise<TestUser>;
  /** Sends a GraphQL operation as `caller`. */
  graphql<T>(query: string, variables: Record<string, unknown>, caller: Caller): Promise<HttpAnswer<GraphqlBody<T>>>;
  /** Writes a User record straight into the table (as the post-confirmation trigger would). */
  putUser(record: Partial<User> & Pick<User, 'id' | 'email' | 'companyName'>): Promise<User>;
  /** The record as stored, read with a consistent read. */
  storedUser(id: string): Promise<User | undefined>;
  countUsers(): Promise<number>;
  stop(): Promise<void>;
}

export async function startUserApi(): Promise<UserApi> {
  // In a worker thread of this process, as the identity handler tests run it.
  const cognito = await startCognitoLocal();
  const endpoints = cognito;
  let runtime: LocalRuntime | undefined;
  const client = new CognitoIdentityProviderClient({
    endpoint: endpoints.endpoint,
    region: 'us-east-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    // The production verifier, handed cognito-local's JWKS instead of fetching it from AWS.
    const jwks = (await (await fetch(endpoints.jwksUrl)).json()) as unknown;
    const verifier = createUserPoolVerifier({ userPoolId: endpoints.userPoolId, clientId: endpoints.userPoolClientId, jwks });
    const identity: LocalIdentityFactory = async () => ({
      verifyUserPoolToken: async (token) => {
        try {
          return verifiedToken((await verifier.verify(token)) as unknown as Record<string, unknown>);
        } catch {
          return undefined;
        }
      },
      resolveAuthorizerClaims: async () => undefined,
      // The pool the admin standing Lambda asks whether an admin still is one.
      userPool: { userPoolId: endpoints.userPoolId, endpoint: endpoints.endpoint },
      stop: async () => undefined,
    });
    const { startLocalRuntime } = await import('../../../../local/runtime');
    runtime = await startLocalRuntime({
      inMemory: true,
      ports: { web: 0, rest: 0, graphql: 0, dynamodb: 0 },
      webDistDir: false,
      routes: [],
      identity,
    });
  } catch (error) {
    client.destroy();
    await cognito.stop();
    throw error;
  }
  const started = runtime;
  const usersTable = started.endpoints.tables.users;

  const api: UserApi = {
    runtime: started,
    async signIn(label, options = {}) {
      const email = `${label}.${randomUUID().slice(0, 8)}@example.com`;
      const UserPoolId = endpoints.userPoolId;
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: PASSWORD, Permanent: true }));
      if (options.admin) {
        await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: ADMIN_GROUP }));
      }
      const { AuthenticationResult } = await client.send(
        new InitiateAuthCommand({
          ClientId: endpoints.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD },
        }),
      );
      const accessToken = AuthenticationResult?.AccessToken;
      const idToken = AuthenticationResult?.IdToken;
      if (!accessToken || !idToken) throw new Error(`cognito-local gave no tokens for ${email}`);
      const payload = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
      // An admin has an ACTIVE record, as in production: the admin check requires one.
      if (options.admin) await api.putUser({ id: payload.sub, email, companyName: 'TalentPilot Operations' });
      return { email, sub: payload.sub, accessToken, idToken };
    },
    graphql(query, variables, caller) {
      const headers: Record<string, string> =
        caller === 'apiKey'
          ? { 'x-api-key': started.endpoints.graphqlApiKey }
          : caller === 'anonymous'
            ? {}
            : { authorization: caller.accessToken };
      return postGraphql(started.endpoints.graphqlUrl, query, { variables, headers });
    },
    async putUser(record) {
      const now = new Date().toISOString();
      const user: User = {
        firstName: 'Test',
        lastName: 'User',
        status: 'ACTIVE',
        subscriptionId: SUBSCRIPTION_TBD,
        subscriptions: [],
        createdAt: now,
        updatedAt: now,
        ...record,
      };
      await started.dynamodb.send(new PutItemCommand({ TableName: usersTable, Item: marshall(user, { removeUndefinedValues: true }) }));
      return user;
    },
    async storedUser(id) {
      const answer = await started.dynamodb.send(
        new GetItemCommand({ TableName: usersTable, Key: { id: { S: id } }, ConsistentRead: true }),
      );
      return answer.Item ? (unmarshall(answer.Item) as User) : undefined;
    },
    countUsers: () => countItems(started.dynamodb, usersTable),
    async stop() {
      client.destroy();
      await started.stop();
      await cognito.stop();
    },
  };
  return api;
}

/** The selection set of every User field, as the web app asks for it. */
export const USER_SELECTION = /* GraphQL */ `
  id
  firstName
  lastName
  phoneNumber
  email
  companyName
  profileRole
  status
  subscriptionId
  atsname
  apikeytype
  apikey1
  apikey2
  subscriptions
  createdAt
  updatedAt
`;

/** A record as the API returns it: every field of the selection set, null where the item has none. */
export function asReturned(user: Partial<User>): User {
  return Object.fromEntries(USER_FIELDS.map((field) => [field, user[field] ?? null])) as unknown as User;
}

/** AppSync's field error for util.unauthorized() and for fields the caller's auth mode may not read. */
export function notAuthorized(fieldName: string, typeName: 'Query' | 'Mutation') {
  return expect.objectContaining({
    path: [fieldName],
    errorType: 'Unauthorized',
    message: `Not Authorized to access ${fieldName} on type ${typeName}`,
  });
}

/** AppSync's 401 body when no valid credentials came with the request. */
export const UNAUTHORIZED_401 = { errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }] };
