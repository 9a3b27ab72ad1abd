import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { LOCAL_TEST_CARDS } from '../../../lambdas/subscription/billing/local-test-cards';
import { dataPaths } from '../../../local/paths';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '../../../local/runtime';
import { postGraphql, temporaryFolder, type HttpAnswer } from '../../local/support/local-services';
import { fixtureWebDist } from '../../local/support/web-dist';
import { SECURITY_DEMO_CLOSED_APPLICATIONS } from './fuzz-config';
import { createStateDigester, folderWriteMarker, type StateDigest } from './state-digest';

/**
 * The whole local runtime as `npm start` runs it (every REST route, every resolver, cognito-local
 * with its triggers and the seed) on free ports with a temporary data folder, and the callers of
 * the security tests: nobody, the web app's API key, and real Cognito users who sign in with
 * USER_PASSWORD_AUTH. REST calls carry the id token (as the web app's API client does), GraphQL
 * calls the access token (as Amplify's `generateClient()` does).
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const PASSWORD = 'Security-Passw0rd!';

/** A signed-in Cognito user with a users-table record. */
export interface SignedInUser {
  readonly email: string;
  /** The Cognito sub: the id of the user's record. */
  readonly sub: string;
  readonly idToken: string;
  readonly accessToken: string;
}

/** Who sends a call: nobody, the public AppSync API key only, or a signed-in user. */
export type Credentials = 'anonymous' | 'apiKey' | SignedInUser;

export interface RestCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the stage, e.g. `/subscription/plans`. */
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** What the security tests need of a running local runtime. */
export interface SecurityRuntime {
  readonly runtime: LocalRuntime;
  /** The seeded admin, signed in. */
  readonly admin: SignedInUser;
  /** Invites a person through `POST /admin/user/create` (as the admin), then signs them in. */
  inviteAndSignIn(label: string): Promise<SignedInUser>;
  rest<T = Record<string, unknown>>(call: RestCall, credentials: Credentials): Promise<HttpAnswer<T>>;
  graphql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, credentials: Credentials): Promise<HttpAnswer<T>>;
  /**
   * Puts the user into a Cognito group or takes them out of it, as an operator does with the AWS
   * CLI, then signs them in again: the new tokens carry their groups as they are now.
   */
  setGroupMembership(user: SignedInUser, group: string, member: boolean): Promise<SignedInUser>;
  /** A one-use card token from the local stand-in for Recurly.js (the approved test card). */
  cardToken(): Promise<string>;
  /** Every item of every table (the product's and the local billing's), or of the `tables` named, and every Cognito user. */
  snapshot(tables?: readonly string[]): Promise<Record<string, unknown[]>>;
  /** The same state as a digest (state-digest.ts): cheap to take and compare, for "nothing changed". */
  stateDigest(): Promise<StateDigest>;
  stop(): Promise<void>;
}

function authorizationHeaders(credentials: Credentials, token: 'idToken' | 'accessToken', apiKey: string): Record<string, string> {
  if (credentials === 'anonymous') return {};
  if (credentials === 'apiKey') return { 'x-api-key': apiKey };
  return { authorization: credentials[token] };
}

async function signIn(client: CognitoIdentityProviderClient, clientId: string, email: string, password: string): Promise<SignedInUser> {
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const idToken = AuthenticationResult?.IdToken;
  const accessToken = AuthenticationResult?.AccessToken;
  if (!idToken || !accessToken) throw new Error(`cognito-local gave no tokens for ${email}`);
  const { sub } = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
  return { email, sub, idToken, accessToken };
}

/**
 * The assistant's per-minute request counters: every request of a subscriber counts, the refused
 * ones too, so they are bookkeeping rather than data a refusal could have changed.
 */
export function isRateCounter(table: string, item: Record<string, unknown>): boolean {
  return table === 'assistant' && String(item.itemId).startsWith('rate#');
}

/** Starts the runtime (about 5-10 s) and signs the seeded admin in. */
export async function startSecurityRuntime(options: Partial<LocalRuntimeOptions> = {}): Promise<SecurityRuntime> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dist = fixtureWebDist();
  const dataDir = temporaryFolder('security-runtime');
  let runtime: LocalRuntime;
  try {
    runtime = await startLocalRuntime({
      dataDir: dataDir.path,
      ports: FREE_PORTS,
      webDistDir: dist.path,
      webBuild: 'never',
      warmFunctions: false,
      demoClosedApplications: SECURITY_DEMO_CLOSED_APPLICATIONS,
      ...options,
    });
  } catch (error) {
    dataDir.remove();
    dist.remove();
    throw error;
  }
  const { endpoints } = runtime;
  const clientId = String(endpoints.userPoolClientId);
  const userPoolId = String(endpoints.userPoolId);
  const seed = endpoints.seed as { adminEmail: string; adminPassword: string };
  const cognitoOptions = {
    endpoint: String(endpoints.cognitoEndpoint),
    region: 'us-east-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const cognito = new CognitoIdentityProviderClient({ ...cognitoOptions, maxAttempts: 1 });

  const rest: SecurityRuntime['rest'] = async (call, credentials) => {
    const headers: Record<string, string> = { ...authorizationHeaders(credentials, 'idToken', endpoints.graphqlApiKey), ...call.headers };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${endpoints.restUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text (the secrets scan reads it as it is).
    }
    return { status: response.status, headers: response.headers, body: body as never };
  };

  const allTables: Record<string, string> = { ...endpoints.tables, billing: String(endpoints.localBillingTable) };
  // A read, so retried (cognito-local may close an idle keep-alive socket as it is reused);
  // the calls under test keep one attempt.
  const cognitoReader = new CognitoIdentityProviderClient({ ...cognitoOptions, maxAttempts: 3 });
  const cognitoUserNames = async () => {
    const { Users = [] } = await cognitoReader.send(new ListUsersCommand({ UserPoolId: userPoolId }));
    return Users.map((user) => String(user.Username));
  };

  const digester = createStateDigester({
    dynalite: runtime.dynaliteListener,
    tables: allTables,
    ignore: (table, item) => isRateCounter(table, { itemId: item.itemId?.S }),
    cognitoUsers: cognitoUserNames,
    writeMarker: () => folderWriteMarker(dataPaths(dataDir.path).dynamodb),
    usersMarker: () => folderWriteMarker(dataPaths(dataDir.path).cognito),
  });

  let admin: SignedInUser;
  try {
    admin = await signIn(cognito, clientId, seed.adminEmail, seed.adminPassword);
  } catch (error) {
    cognito.destroy();
    cognitoReader.destroy();
    await runtime.stop();
    dataDir.remove();
    dist.remove();
    throw error;
  }

  return {
    runtime,
    admin,
    async inviteAndSignIn(label) {
      const email = `${label}.${randomUUID().slice(0, 8)}@example.com`;
      const invited = await rest(
        {
          method: 'POST',
          path: '/admin/user/create',
          body: { email, firstName: 'Sam', lastName: label, companyName: `${label} Staffing`, group: 'Beta_Customer_R1' },
        },
        admin,
      );
      if (invited.status !== 201) throw new Error(`Inviting ${email} failed: ${invited.status} ${JSON.stringify(invited.body)}`);
      // Skips the NEW_PASSWORD_REQUIRED step the web app walks through with the emailed password.
      await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: PASSWORD, Permanent: true }));
      return signIn(cognito, clientId, email, PASSWORD);
    },
    async setGroupMembership(user, group, member) {
      const change = { UserPoolId: userPoolId, Username: user.email, GroupName: group };
      await cognito.send(member ? new AdminAddUserToGroupCommand(change) : new AdminRemoveUserFromGroupCommand(change));
      return signIn(cognito, clientId, user.email, PASSWORD);
    },
    rest,
    graphql: (query, variables, credentials) =>
      postGraphql(endpoints.graphqlUrl, query, {
        variables,
        headers: authorizationHeaders(credentials, 'accessToken', endpoints.graphqlApiKey),
      }),
    async cardToken() {
      const card = {
        number: LOCAL_TEST_CARDS.approved,
        month: '12',
        year: String(new Date().getFullYear() + 3),
        cvv: '123',
        firstName: 'Sam',
        lastName: 'Card',
      };
      const response = await fetch(String(endpoints.localBillingTokenUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(card),
      });
      if (response.status !== 201) throw new Error(`Card tokenization failed: ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    },
    stateDigest: () => digester.take(),
    async snapshot(only) {
      const tables = only ? Object.fromEntries(only.map((name) => [name, allTables[name]])) : allTables;
      const result: Record<string, unknown[]> = {};
      // Tables scanned side by side, and each item serialized once for the order: a synced ATS
      // history alone is hundreds of items (name the tables you read: the others are not scanned).
      const scanned = await Promise.all(
        Object.entries(tables).map(async ([name, tableName]) => {
          const items: Record<string, unknown>[] = [];
          let start: Record<string, never> | undefined;
          do {
            const page = await runtime.dynamodb.send(
              new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }),
            );
            items.push(...(page.Items ?? []).map((item) => unmarshall(item)));
            start = page.LastEvaluatedKey as typeof start;
          } while (start);
          const ordered = items
            .filter((item) => !isRateCounter(name, item))
            .map((item) => [JSON.stringify(item), item] as const)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([, item]) => item);
          return [name, ordered] as const;
        }),
      );
      for (const [name, items] of scanned) result[name] = items;
      result.cognitoUsers = [...(await cognitoUserNames())].sort();
      return result;
    },
    async stop() {
      cognito.destroy();
      cognitoReader.destroy();
      await runtime.stop();
      dataDir.remove();
      dist.remove();
    },
  };
}
