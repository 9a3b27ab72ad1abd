import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import { closeServer, listen, LOCAL_HOST } from '../net';
import { readBody, BodyTooLargeError } from '../http-body';
import type { LocalIdentity } from '../identity';
import { authenticate } from './auth';
import type { AppSyncExecutor } from './executor';
import { PORT_LABELS } from '../ports';

/**
 * The local AppSync endpoint: `POST /graphql` (and GET) on 127.0.0.1, with AppSync's CORS
 * preflight, its 401 for missing or wrong credentials, and its 400s for unreadable requests.
 */

export const GRAPHQL_PATH = '/graphql';

/** AppSync's body when no valid credentials came with the request. */
export const UNAUTHORIZED_BODY = {
  errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }],
} as const;

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'x-amzn-RequestId, x-amzn-ErrorType, x-amz-user-agent, x-amzn-ErrorMessage, Date',
} as const;

const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, content-type, x-amz-date, x-amz-security-token, x-amz-user-agent, x-api-key, x-amz-content-sha256',
  'Access-Control-Max-Age': '86400',
} as const;

/** A body larger than this is refused (AppSync refuses large requests too). */
const MAX_BODY_BYTES = 1024 * 1024;

export interface GraphqlServerOptions {
  readonly port: number;
  readonly apiKey: string;
  readonly executor: AppSyncExecutor;
  readonly identity: Pick<LocalIdentity, 'verifyUserPoolToken'>;
  /** One line per request (start.ts passes console.log); silent when absent. */
  readonly log?: (line: string) => void;
}

export interface RunningGraphqlServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

interface GraphqlRequestBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

function malformed(message: string) {
  return { status: 400, body: { errors: [{ message, errorType: 'MalformedHttpRequestException' }] } };
}

function parseRequest(method: string, url: URL, body: string): GraphqlRequestBody | { status: number; body: unknown } {
  let candidate: unknown;
  if (method === 'GET') {
    const variables = url.searchParams.get('variables');
    try {
      candidate = {
        query: url.searchParams.get('query') ?? undefined,
        variables: variables ? (JSON.parse(variables) as unknown) : undefined,
        operationName: url.searchParams.get('operationName'),
      };
    } catch {
      return malformed('Unable to parse GraphQL query.');
    }
  } else {
    if (body.trim() === '') return malformed('Request body is empty.');
    try {
      candidate = JSON.parse(body) as unknown;
    } catch {
      return malformed('Unable to parse GraphQL query.');
    }
  }
  const request = candidate as Partial<GraphqlRequestBody> | null;
  const variablesOk =
    request?.variables === undefined ||
    request.variables === null ||
    (typeof request.variables === 'object' && !Array.isArray(request.variables));
  if (
    typeof request !== 'object' ||
    request === null ||
    Array.isArray(request) ||
    typeof request.query !== 'string' ||
    request.query.trim() === '' ||
    !variablesOk
  ) {
    return malformed('Unable to parse GraphQL query.');
  }
  return { query: request.query, variables: request.variables, operationName: request.operationName };
}

function lowerCaseHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(',') : value]),
  );
}

export async function startGraphqlServer(options: GraphqlServerOptions): Promise<RunningGraphqlServer> {
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const startedAt = Date.now();
    const requestId = randomUUID();
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=UTF-8',
        'x-amzn-RequestId': requestId,
        ...CORS_HEADERS,
        ...headers,
      });
      res.end(JSON.stringify(body));
      options.log?.(`[graphql] ${req.method} ${req.url} ${status} ${Date.now() - startedAt}ms`);
    };
    const url = new URL(req.url ?? '/', `http://${LOCAL_HOST}`);
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { ...PREFLIGHT_HEADERS, 'Content-Length': '0' });
      res.end();
      return;
    }
    if (url.pathname !== GRAPHQL_PATH || (req.method !== 'POST' && req.method !== 'GET')) {
      send(404, {
        errors: [
          { errorType: 'NotFoundException', message: `No GraphQL endpoint at ${req.method} ${url.pathname}; use POST ${GRAPHQL_PATH}.` },
        ],
      });
      return;
    }
    let body: string;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        send(413, { errors: [{ errorType: 'PayloadTooLargeException', message: 'Request body is too large.' }] });
        return;
      }
      throw error;
    }
    const caller = await authenticate(req.headers, {
      apiKey: options.apiKey,
      verifyUserPoolToken: (token) => options.identity.verifyUserPoolToken(token),
    });
    if (!caller) {
      send(401, UNAUTHORIZED_BODY, { 'x-amzn-ErrorType': 'UnauthorizedException' });
      return;
    }
    const parsed = parseRequest(req.method, url, body);
    if ('status' in parsed) {
      send(parsed.status, parsed.body, { 'x-amzn-ErrorType': 'MalformedHttpRequestException' });
      return;
    }
    const result = await options.executor({
      ...parsed,
      caller,
      headers: lowerCaseHeaders(req.headers),
      sourceIp: req.socket.remoteAddress ?? LOCAL_HOST,
    });
    send(200, result);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[graphql] internal error:', error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=UTF-8', ...CORS_HEADERS });
        res.end(JSON.stringify({ errors: [{ errorType: 'InternalFailure', message: 'An internal failure occurred.' }] }));
      }
    });
  });
  const port = await listen(server, options.port, PORT_LABELS.graphql);
  return { url: `http://${LOCAL_HOST}:${port}${GRAPHQL_PATH}`, port, stop: () => closeServer(server) };
}
