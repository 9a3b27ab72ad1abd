import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { E2E_DATA_DIR } from '../../../playwright.config';

/** What the local runtime wrote to `<data dir>/endpoints.json` when it became ready. */
export interface LocalEndpoints {
  webUrl: string;
  restUrl: string;
  graphqlUrl: string;
  graphqlApiKey: string;
  dynamodbEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The local "Recurly.js": where the checkout's card form sends the card for a token. */
  localBillingTokenUrl: string;
}

export function readEndpoints(): LocalEndpoints {
  return JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'endpoints.json'), 'utf8')) as LocalEndpoints;
}

/** A document client on the runtime's dynalite, to read back what the app stored. */
export function localDatabase(): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    endpoint: readEndpoints().dynamodbEndpoint,
    region: 'us-east-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return DynamoDBDocumentClient.from(client);
}

/**
 * Every item of the local table whose name ends with `-<suffix>` (a test-only scan), page after
 * page: a Scan answers at most 1 MB, and the ATS table passes that once a few files' recruiters
 * have synced (a file that ran after them found none of its own recruiter's applications).
 */
export async function scanTable(suffix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateScan({ client: localDatabase() }, { TableName: await localTable(suffix) })) {
    items.push(...(page.Items ?? []));
  }
  return items;
}

/** The local table whose name ends with `-<suffix>` (`talentpilot-local-activity`). */
export async function localTable(suffix: string): Promise<string> {
  const { TableNames = [] } = await localDatabase().send(new ListTablesCommand({}));
  const tableName = TableNames.find((name) => name.endsWith(`-${suffix}`));
  if (!tableName) throw new Error(`No local table ends with -${suffix}: ${TableNames.join(', ')}`);
  return tableName;
}
