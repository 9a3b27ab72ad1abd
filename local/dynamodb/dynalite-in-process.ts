import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MessagePort } from 'node:worker_threads';

/**
 * dynalite reached without a socket: a signed DynamoDB request handed straight to dynalite's
 * request listener, as its HTTP server would hand it, and the answer collected. The SDK still
 * serializes, signs and parses; dynalite still validates and stores; what goes is the HTTP client
 * and server between them. The handler tests' clients use it in their thread
 * (test/lambdas/support/memory-dynamodb.ts); the local runtime's Lambda containers over a
 * MessagePort ({@link serveDynaliteOnPort}, lambda/dynamodb-port-handler.js).
 */

/** dynalite's HTTP request listener (local/dynamodb/dynalite.ts `requestListener`). */
export type DynaliteListener = (request: IncomingMessage, response: ServerResponse) => void;

/** One request as the SDK signed it: method, path with its query, lower-case headers, body. */
export interface DynaliteRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

export interface DynaliteAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The parts of the SDK's signed request (@smithy's HttpRequest) dynalite reads. */
export interface SignedRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: Record<string, string | string[] | null>;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array | null;
}

/** A signed request as dynalite's HTTP server would have received it. */
export function dynaliteRequestOf(request: SignedRequest): DynaliteRequest {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const pairs = Object.entries(request.query ?? {}).flatMap(([name, value]): [string, string][] =>
    value === null ? [] : Array.isArray(value) ? value.map((item) => [name, item]) : [[name, value]],
  );
  const url = pairs.length === 0 ? request.path : `${request.path}?${new URLSearchParams(pairs)}`;
  // Bytes without the string methods the SDK's Uint8Array body warns about.
  const body =
    request.body === undefined || request.body === null
      ? Buffer.alloc(0)
      : typeof request.body === 'string'
        ? Buffer.from(request.body, 'utf8')
        : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
  return { method: request.method, url, headers, body };
}

/** Hands one request to dynalite's listener and collects its answer (dynalite answers with `setHeader` and `end(text)`). */
export function askDynalite(listener: DynaliteListener, request: DynaliteRequest): Promise<DynaliteAnswer> {
  return new Promise((resolve, reject) => {
    const incoming = Object.assign(new EventEmitter(), { method: request.method, url: request.url, headers: request.headers });
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
      if (request.body.length > 0) incoming.emit('data', request.body);
      incoming.emit('end');
    } catch (error) {
      reject(error as Error);
    }
  });
}

/** A request from a Lambda container's DynamoDB client (lambda/dynamodb-port-handler.js) and the answer it gets. */
export type PortRequest = SignedRequest & { readonly id: number };
export type PortAnswer = { readonly id: number } & ({ readonly answer: DynaliteAnswer } | { readonly error: string });

/**
 * Answers the DynamoDB requests a Lambda container sends on `port` from dynalite's listener. The
 * port does not keep the process alive (the runtime's servers do).
 */
export function serveDynaliteOnPort(port: MessagePort, listener: DynaliteListener): void {
  port.on('message', (request: PortRequest) => {
    askDynalite(listener, dynaliteRequestOf(request)).then(
      (answer) => port.postMessage({ id: request.id, answer } satisfies PortAnswer),
      (error: unknown) => port.postMessage({ id: request.id, error: (error as Error)?.message ?? String(error) } satisfies PortAnswer),
    );
  });
  port.unref();
}
