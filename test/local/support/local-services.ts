import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ADMIN_GROUP } from '../../../lambdas/shared/domain/groups';
import { createLocalDynamoDbClient } from '../../../local/dynamodb/client';
import { startDynalite } from '../../../local/dynamodb/dynalite';
import { ensureTables, localTableNames } from '../../../local/dynamodb/tables';
import type { LocalIdentityFactory, VerifiedUserPoolToken } from '../../../local/identity';

/** A throwaway folder under the OS temp dir, removed by the returned function. */
export function temporaryFolder(prefix: string): { path: string; remove: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { path: folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** dynalite in memory on a free port, with the shared tables. */
export async function startMemoryDynamoDb(productSlug = 'talentpilot') {
  const dynalite = await startDynalite({ port: 0 });
  const client = createLocalDynamoDbClient(dynalite.endpoint);
  await ensureTables(client, productSlug);
  return {
    client,
    endpoint: dynalite.endpoint,
    tableNames: localTableNames(productSlug),
    stop: async () => {
      client.destroy();
      await dynalite.stop();
    },
  };
}

/** How many items a table holds. */
export async function countItems(client: DynamoDBClient, tableName: string): Promise<number> {
  const page = await client.send(new ScanCommand({ TableName: tableName, Select: 'COUNT', ConsistentRead: true }));
  return page.Count ?? 0;
}

function token(sub: string, groups: string[]): VerifiedUserPoolToken {
  return {
    sub,
    username: sub,
    groups,
    issuer: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_LocalPool1',
    tokenUse: 'access',
    claims: { sub, 'cognito:groups': groups, token_use: 'access' },
  };
}

/** Tokens the test identity accepts: a stand-in for cognito-local until the identity issue. */
export const TEST_TOKENS = {
  admin: 'test-admin-token',
  member: 'test-member-token',
} as const;

const VERIFIED: Record<string, VerifiedUserPoolToken> = {
  [TEST_TOKENS.admin]: token('admin-sub', [ADMIN_GROUP]),
  [TEST_TOKENS.member]: token('member-sub', ['Beta_Customer_R1']),
};

/** An identity service that knows two fixed tokens (an admin and a beta customer). */
export const testIdentity: LocalIdentityFactory = async () => ({
  verifyUserPoolToken: async (value) => VERIFIED[value],
  resolveAuthorizerClaims: async (headers) => {
    const verified = VERIFIED[String(headers.authorization ?? '')];
    return verified ? { sub: verified.sub, 'cognito:username': verified.username, 'cognito:groups': verified.groups.join(',') } : undefined;
  },
  stop: async () => undefined,
});

export interface HttpAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** Sends a GraphQL operation the way Amplify does (JSON POST). */
export async function postGraphql<T = Record<string, unknown>>(
  url: string,
  query: string,
  options: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<HttpAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=UTF-8', ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** The local runtime with only DynamoDB and the GraphQL API (no web app, no REST routes), in memory. */
export async function startGraphqlRuntime() {
  const { startLocalRuntime } = await import('../../../local/runtime');
  return startLocalRuntime({
    inMemory: true,
    ports: { web: 0, rest: 0, graphql: 0, dynamodb: 0 },
    webDistDir: false,
    routes: [],
    identity: testIdentity,
    // The fixed tokens have no user pool behind them: the admin token's person is an admin now.
    adminStandingStandIn: async ({ sub }) => ({ adminNow: sub === VERIFIED[TEST_TOKENS.admin].sub }),
  });
}
