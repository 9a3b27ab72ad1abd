import type { DynamoDBClient, DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClientFor } from '../../../lambdas/shared/dynamodb/document-client';
import { createLocalDynamoDbClient } from '../../../local/dynamodb/client';
import { askDynalite, dynaliteRequestOf, type SignedRequest } from '../../../local/dynamodb/dynalite-in-process';
import { startDynalite, type RunningDynalite } from '../../../local/dynamodb/dynalite';
import { ensureTables, localTableNames } from '../../../local/dynamodb/tables';

type RequestListener = RunningDynalite['requestListener'];

/**
 * The SDK's transport to dynalite without a socket (local/dynamodb/dynalite-in-process.ts): the
 * signed request goes straight to dynalite's request listener and its answer straight back. What a handler test proves is unchanged (the SDK
 * still serializes, signs and parses; dynalite still validates and stores); what it skips is the
 * HTTP client and server around them (about a fifth of assistant-access's CPU in a profile).
 *
 * dynalite makes a new table ACTIVE on a timer even with `createTableMs: 0`; over HTTP the round
 * trip hid that, so a CreateTable is answered once the table is ACTIVE (DescribeTable, asked again
 * on the next turn of the event loop), as the local runtime's tables are in practice.
 */
function inProcessHandler(listener: RequestListener): NonNullable<DynamoDBClientConfig['requestHandler']> {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: SignedRequest) {
      const asked = dynaliteRequestOf(request);
      const { url, headers } = asked;
      const answer = await askDynalite(listener, asked);
      if (answer.statusCode === 200 && headers['x-amz-target']?.endsWith('.CreateTable')) {
        const { TableDescription } = JSON.parse(answer.body) as { TableDescription: { TableName: string } };
        const describe = { ...headers, 'x-amz-target': headers['x-amz-target'].replace(/CreateTable$/, 'DescribeTable') };
        const question = Buffer.from(JSON.stringify({ TableName: TableDescription.TableName }));
        for (;;) {
          const described = await askDynalite(listener, { method: request.method, url, headers: describe, body: question });
          if ((JSON.parse(described.body) as { Table?: { TableStatus?: string } }).Table?.TableStatus === 'ACTIVE') break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      return { response: { statusCode: answer.statusCode, headers: answer.headers, body: Buffer.from(answer.body, 'utf8') } };
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
  } as unknown as NonNullable<DynamoDBClientConfig['requestHandler']>;
}

export interface MemoryDynamoDb {
  /** The low-level client, in process. */
  readonly client: DynamoDBClient;
  /** A document client as the repositories use it (`createDocumentClient`'s options), in process. */
  readonly documentClient: DynamoDBDocumentClient;
  /** dynalite's HTTP endpoint, for code that builds its own client from `DYNAMODB_ENDPOINT`. */
  readonly endpoint: string;
  readonly tableNames: ReturnType<typeof localTableNames>;
  stop(): Promise<void>;
}

/**
 * dynalite in memory with the shared tables, as the local runtime starts it (tables created
 * instantly), listening on a free port for handlers that read `DYNAMODB_ENDPOINT`, and clients
 * for the test's own stand-ins that reach it in process.
 */
export async function startMemoryDynamoDbInProcess(productSlug = 'talentpilot'): Promise<MemoryDynamoDb> {
  const dynalite = await startDynalite({ port: 0 });
  const client = createLocalDynamoDbClient(dynalite.endpoint, inProcessHandler(dynalite.requestListener));
  await ensureTables(client, productSlug);
  return {
    client,
    documentClient: documentClientFor(client),
    endpoint: dynalite.endpoint,
    tableNames: localTableNames(productSlug),
    async stop() {
      client.destroy();
      await dynalite.stop();
    },
  };
}
