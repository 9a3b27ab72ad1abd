import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listen, type ListenLabel } from '../net';

/**
 * The base every fake ATS is built on: a real HTTP server on 127.0.0.1 (port 0 by default) that
 * records every request, serves GET routes, and can be scripted to fail the way ATS APIs do
 * (429 with Retry-After, 5xx, malformed JSON, a hang, a dropped connection) on given requests.
 * A plain module with no jest imports, so the local runtime and browser tests can reuse it.
 */

export interface RecordedRequest {
  /** 1-based, counted across every request the server received. */
  readonly number: number;
  readonly method: string;
  /** The path without the query, e.g. `/v1/jobs`. */
  readonly path: string;
  /** Each parameter's last value. */
  readonly query: Readonly<Record<string, string>>;
  /** Every value of each parameter, for repeated ones (`expand=a&expand=b`). */
  readonly queryAll: Readonly<Record<string, readonly string[]>>;
  readonly headers: IncomingHttpHeaders;
  /** The request body as text ('' for a GET). */
  readonly body: string;
}

export interface FakeResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string is sent as is; anything else as JSON. `undefined` sends no body. */
  readonly body?: unknown;
}

/** How a scripted request fails instead of being served. */
export type FakeFailure =
  /** Any status, e.g. `{ kind: 'status', status: 503 }`, with optional headers and body. */
  | { readonly kind: 'status'; readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: unknown }
  /** 429 with `Retry-After` (seconds or an HTTP-date), or without it when omitted. */
  | { readonly kind: 'rate-limit'; readonly retryAfter?: string; readonly body?: unknown }
  /** 200 with a JSON content type and a body that is not JSON. */
  | { readonly kind: 'malformed-json' }
  /** Accepts the request and never answers (until the client gives up or the server closes). */
  | { readonly kind: 'hang' }
  /** Destroys the connection without an answer (a network error for the client). */
  | { readonly kind: 'reset' };

export type FakeRouteHandler = (request: RecordedRequest) => FakeResponse;

export interface FakeAtsServerOptions {
  /** Defaults to 0 (any free port). */
  readonly port?: number;
  /**
   * What the server stands for, in the message of a busy port (`Port 5186 is already in use
   * (fake Greenhouse). … set LOCAL_GREENHOUSE_PORT.`); a generic one by default.
   */
  readonly label?: ListenLabel;
  /** GET handlers by exact path (e.g. `/v1/jobs`). */
  readonly routes: Readonly<Record<string, FakeRouteHandler>>;
  /**
   * POST handlers for an OAuth token endpoint, by exact path: the only non-GET a fake ever
   * serves (an ATS API itself answers every other method 405). Give token routes to a separate
   * fake server standing for the ATS's auth host, so the API server still sees only GETs.
   */
  readonly tokenRoutes?: Readonly<Record<string, FakeRouteHandler>>;
  /** For paths no route names (e.g. `/v1/opportunities/<id>/resumes`); `null` answers 404, as unknown paths do. */
  readonly fallback?: (request: RecordedRequest) => FakeResponse | null;
  /**
   * Checks the request's credentials before a route runs; return a response (401, 403) to refuse
   * it, or `null` to let it through. Scripted failures come before this check.
   */
  readonly authenticate?: (request: RecordedRequest) => FakeResponse | null;
  /** Failures by request number (1-based, across all requests). */
  readonly failures?: Readonly<Record<number, FakeFailure>>;
}

export interface FakeAtsServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Every request received, in order (including refused and failed ones). */
  readonly requests: RecordedRequest[];
  /** Fails request number `n` (1-based, across all requests) with `failure`. */
  failOn(n: number, failure: FakeFailure): void;
  /** Fails the next requests, one failure each, in order. */
  failNext(...failures: FakeFailure[]): void;
  close(): Promise<void>;
}

/** Starts a fake ATS server; resolves once it listens. */
export async function startFakeAtsServer(options: FakeAtsServerOptions): Promise<FakeAtsServer> {
  const requests: RecordedRequest[] = [];
  const byNumber = new Map<number, FakeFailure>(Object.entries(options.failures ?? {}).map(([n, f]) => [Number(n), f]));
  const queue: FakeFailure[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });

  function handle(req: IncomingMessage, body: string, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      number: requests.length + 1,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      queryAll: [...url.searchParams.keys()].reduce<Record<string, string[]>>(
        (all, key) => ({ ...all, [key]: url.searchParams.getAll(key) }),
        {},
      ),
      headers: req.headers,
      body,
    };
    requests.push(recorded);
    const failure = byNumber.get(recorded.number) ?? queue.shift();
    if (failure) {
      fail(failure, res);
      return;
    }
    const tokenRoute = recorded.method === 'POST' ? options.tokenRoutes?.[recorded.path] : undefined;
    if (recorded.method !== 'GET' && !tokenRoute) {
      send(res, { status: 405, headers: { allow: 'GET' }, body: { message: 'Method not allowed' } });
      return;
    }
    const refusal = tokenRoute ? null : (options.authenticate?.(recorded) ?? null);
    if (refusal) {
      send(res, refusal);
      return;
    }
    const route = tokenRoute ?? options.routes[recorded.path] ?? options.fallback;
    try {
      send(res, (route ? route(recorded) : null) ?? { status: 404, body: { message: 'Not found' } });
    } catch (error) {
      send(res, { status: 500, body: { message: error instanceof Error ? error.message : 'Internal error' } });
    }
  }
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const port = await listen(server, options.port ?? 0, options.label ?? { service: 'fake ATS', envVar: 'another port' });

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    failOn: (n, failure) => void byNumber.set(n, failure),
    failNext: (...failures) => void queue.push(...failures),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function fail(failure: FakeFailure, res: ServerResponse): void {
  switch (failure.kind) {
    case 'status':
      send(res, { status: failure.status, headers: failure.headers, body: failure.body ?? { message: `Error ${failure.status}` } });
      return;
    case 'rate-limit':
      send(res, {
        status: 429,
        headers: failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter },
        body: failure.body ?? { message: 'Too many requests' },
      });
      return;
    case 'malformed-json':
      send(res, { status: 200, body: '{"data": [{"id": 1, "name": ' });
      return;
    case 'hang':
      return;
    case 'reset':
      res.socket?.destroy();
      return;
  }
}

/** Writes a response; objects become JSON. */
export function send(res: ServerResponse, response: FakeResponse): void {
  const isText = typeof response.body === 'string';
  const payload = response.body === undefined ? '' : isText ? (response.body as string) : JSON.stringify(response.body);
  res.writeHead(response.status, { 'content-type': 'application/json; charset=utf-8', ...response.headers });
  res.end(payload);
}

/** Decodes `Authorization: Basic` into its user name, or `null` when the header is not Basic. */
export function basicUser(headers: IncomingHttpHeaders): string | null {
  const match = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? decoded : decoded.slice(0, colon);
}
