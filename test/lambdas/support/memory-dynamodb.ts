import type { DynamoDBClient, DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { documentClientFor } from '../../../lambdas/shared/dynamodb/document-client';
import { createLocalDynamoDbClient } from '../../../local/dynamodb/client';
import { startDynalite, type RunningDynalite } from '../../../local/dynamodb/dynalite';
import { ensureTables, localTableNames } from '../../../local/dynamodb/tables';

type RequestListener = RunningDynalite['requestListener'];

/** The parts of the SDK's signed request the transport reads. */
interface SignedRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: Record<string, string | string[] | null>;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array;
}

interface ListenerAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Hands one request to dynalite's listener, as its HTTP server would, and collects the answer. */
function ask(
  listener: RequestListener,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<ListenerAnswer> {
  return new Promise((resolve, reject) => {
    const incoming = Object.assign(new EventEmitter(), { method, url, headers });
    const answerHeaders: Record<string, string> = {};
    const outgoing = {
      statusCode: 200,
      setHeader(name: string, value: unknown) {
        answerHeaders[name.toLowerCase()] = String(value);
      },
      end(answer?: string) {
        resolve({ statusCode: outgoing.statusCode, headers: answerHeaders, body: answer ?? '' });
      },
    };
    try {
      listener(incoming as unknown as IncomingMessage, outgoing as unknown as ServerResponse);
      if (body.length > 0) incoming.emit('data', body);
      incoming.emit('end');
    } catch (error) {
      reject(error as Error);
    }
  });
}

/**
 * The SDK's transport to dynalite without a socket: the signed request goes straight to dynalite's
 * request listener and its answer straight back. What a handler test proves is unchanged (the SDK
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
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
      const url = `${request.path}${queryString(request.query)}`;
      const answer = await ask(listener, request.method, url, headers, bodyBytes(request.body));
      if (answer.statusCode === 200 && headers['x-amz-target']?.endsWith('.CreateTable')) {
        const { TableDescription } = JSON.parse(answer.body) as { TableDescription: { TableName: string } };
        const describe = { ...headers, 'x-amz-target': headers['x-amz-target'].replace(/CreateTable$/, 'DescribeTable') };
        const question = Buffer.from(JSON.stringify({ TableName: TableDescription.TableName }));
        for (;;) {
          const described = await ask(listener, request.method, url, describe, question);
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

/** The request body as bytes, without the string methods the SDK's Uint8Array body warns about. */
function bodyBytes(body: SignedRequest['body']): Buffer {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function queryString(query: SignedRequest['query']): string {
  const pairs = Object.entries(query ?? {}).flatMap(([name, value]): [string, string][] =>
    value === null ? [] : Array.isArray(value) ? value.map((item) => [name, item]) : [[name, value]],
  );
  return pairs.length === 0 ? '' : `?${new URLSearchParams(pairs)}`;
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
