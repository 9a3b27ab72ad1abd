import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import { BodyTooLargeError, readBody } from '../http-body';
import type { LambdaFunction } from '../lambda/host';
import { closeServer, listen, LOCAL_HOST } from '../net';
import { parseOutboxMessageInput, type Outbox } from './outbox';
import { PORT_LABELS } from '../ports';

/**
 * The local Lambda service endpoint, speaking the Lambda Invoke API that cognito-local's AWS SDK
 * client calls for Cognito triggers: `POST /2015-03-31/functions/{name}/invocations`, the event
 * as the body, the handler's result as the answer. A handler that throws answers 200 with
 * `X-Amz-Function-Error: Unhandled` and `{ errorType, errorMessage, trace }`, as Lambda does;
 * cognito-local turns that into `UserLambdaValidationException: PreSignUp failed with error <errorMessage>.`
 *
 * It also takes `POST /_local/outbox` (a JSON `{ to, subject, body, code?, temporaryPassword? }`):
 * how code running in a Lambda worker (e.g. an invitation sent with MessageAction SUPPRESS)
 * reaches the outbox of the runtime process.
 *
 * Other local-only services add exact-path routes (`routes`), e.g. the local billing's card
 * tokenization (`/_local/billing/tokens`, local/billing).
 */

/** Lambda's synchronous payload limit. */
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export interface LambdaEndpointOptions {
  readonly port: number;
  /** Functions by name (the name cognito-local's TriggerFunctions use). */
  readonly functions: Readonly<Record<string, Pick<LambdaFunction, 'functionName' | 'invoke'>>>;
  readonly outbox?: Outbox;
  /** Local-only routes by exact path, answered before the Lambda API. */
  readonly routes?: Readonly<Record<string, LocalEndpointRoute>>;
  readonly log?: (line: string) => void;
  /** Environment variable named in the busy-port message. */
  readonly portEnvVar?: string;
}

export interface RunningLambdaEndpoint {
  /** `http://127.0.0.1:<port>`: the endpoint for an AWS SDK Lambda client. */
  readonly url: string;
  /** `http://127.0.0.1:<port>/_local/outbox`. */
  readonly outboxUrl: string;
  readonly port: number;
  stop(): Promise<void>;
}

interface Answer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body: unknown;
}

/** What a local route answers: a JSON body (none when `body` is undefined). */
export type LocalEndpointAnswer = Answer;

/** A local-only route of the endpoint; gets the request with its body read (at most 6 MB). */
export type LocalEndpointRoute = (request: {
  readonly method: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}) => Promise<LocalEndpointAnswer>;

/** `name`, `name:qualifier`, `arn:aws:lambda:<region>:<account>:function:name[:qualifier]` → `name`. */
export function functionNameOf(identifier: string): string {
  const decoded = decodeURIComponent(identifier);
  const arn = /^arn:[^:]+:lambda:[^:]*:[^:]*:function:([^:]+)(?::[^:]+)?$/.exec(decoded);
  if (arn) return arn[1];
  const partial = /^(?:\d{12}:)?(?:function:)?([^:]+)(?::[^:]+)?$/.exec(decoded);
  return partial ? partial[1] : decoded;
}

function serviceError(status: number, type: string, message: string): Answer {
  return { status, headers: { 'x-amzn-errortype': type }, body: { Type: 'User', message } };
}

/** The handler's failure as Lambda reports it (`LambdaInvocationError` says `<name>: <message>`). */
function functionError(error: unknown): { errorType: string; errorMessage: string; trace: string[] } {
  const failure = error as { kind?: string; message?: string; handlerStack?: string };
  const message = failure.message ?? String(error);
  if (failure.kind === 'timeout') return { errorType: 'Sandbox.Timedout', errorMessage: message, trace: [] };
  if (failure.kind === 'crash') return { errorType: 'Runtime.ExitError', errorMessage: message, trace: [] };
  const trace = failure.handlerStack?.split('\n') ?? [];
  const separator = message.indexOf(': ');
  const prefix = separator > 0 ? message.slice(0, separator) : '';
  if (prefix && !/\s/.test(prefix)) return { errorType: prefix, errorMessage: message.slice(separator + 2), trace };
  return { errorType: 'Error', errorMessage: message, trace };
}

export async function startLambdaEndpoint(options: LambdaEndpointOptions): Promise<RunningLambdaEndpoint> {
  const invoke = async (req: http.IncomingMessage, name: string, payload: string): Promise<Answer> => {
    const lambda = options.functions[name];
    if (!lambda) {
      return serviceError(404, 'ResourceNotFoundException', `Function not found: arn:aws:lambda:us-east-2:123456789012:function:${name}`);
    }
    let event: unknown = null;
    if (payload.trim() !== '') {
      try {
        event = JSON.parse(payload);
      } catch {
        return serviceError(
          400,
          'InvalidRequestContentException',
          'Could not parse request body into json: Could not parse payload into json',
        );
      }
    }
    const invocationType = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (invocationType === 'DryRun') return { status: 204, body: undefined };
    if (invocationType === 'Event') {
      lambda
        .invoke(event)
        .catch((error: unknown) => console.error(`[lambda] ${lambda.functionName} failed (async): ${functionError(error).errorMessage}`));
      return { status: 202, body: undefined };
    }
    try {
      const result = await lambda.invoke(event);
      return { status: 200, headers: { 'x-amz-executed-version': '$LATEST' }, body: result === undefined ? null : result };
    } catch (error) {
      const failure = functionError(error);
      console.error(`[lambda] ${lambda.functionName} failed: ${failure.errorType}: ${failure.errorMessage}`);
      return { status: 200, headers: { 'x-amz-executed-version': '$LATEST', 'x-amz-function-error': 'Unhandled' }, body: failure };
    }
  };

  const answer = async (req: http.IncomingMessage): Promise<Answer> => {
    const url = new URL(req.url ?? '/', `http://${LOCAL_HOST}`);
    let body: string;
    try {
      body = await readBody(req, MAX_PAYLOAD_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return serviceError(413, 'RequestTooLargeException', 'Request must be smaller than 6291456 bytes for the InvokeFunction operation');
      throw error;
    }
    const route = options.routes?.[url.pathname];
    if (route) return route({ method: req.method ?? 'GET', headers: req.headers, body });
    if (url.pathname === '/_local/outbox' && options.outbox) {
      if (req.method === 'GET') return { status: 200, body: options.outbox.messages() };
      if (req.method !== 'POST') return { status: 405, headers: { allow: 'GET, POST' }, body: { message: 'Method Not Allowed' } };
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return { status: 400, body: { message: 'The body must be JSON.' } };
      }
      const input = parseOutboxMessageInput(parsed);
      if (typeof input === 'string') return { status: 400, body: { message: input } };
      return { status: 201, body: options.outbox.recordOutboxMessage(input) };
    }
    const match = INVOKE_PATH.exec(url.pathname);
    if (!match || req.method !== 'POST')
      return serviceError(
        404,
        'UnknownOperationException',
        `No Lambda operation at ${req.method} ${url.pathname} (the local endpoint only invokes functions).`,
      );
    return invoke(req, functionNameOf(match[1]), body);
  };

  const server = http.createServer((req, res) => {
    const startedAt = Date.now();
    answer(req)
      .catch((error: unknown): Answer => {
        console.error('[lambda] internal error:', error);
        return serviceError(500, 'ServiceException', 'The local Lambda endpoint failed.');
      })
      .then((result) => {
        const payload = result.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(result.body));
        res.writeHead(result.status, {
          'content-type': 'application/json',
          'x-amzn-requestid': randomUUID(),
          'content-length': String(payload.length),
          ...result.headers,
        });
        res.end(payload);
        options.log?.(
          `[lambda] ${req.method} ${req.url} ${result.status}${result.headers?.['x-amz-function-error'] ? ' (function error)' : ''} ${Date.now() - startedAt}ms`,
        );
      });
  });
  const port = await listen(server, options.port, { ...PORT_LABELS.lambda, envVar: options.portEnvVar ?? PORT_LABELS.lambda.envVar });
  const url = `http://${LOCAL_HOST}:${port}`;
  return { url, outboxUrl: `${url}/_local/outbox`, port, stop: () => closeServer(server) };
}
