import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from '../zod';
import { ValidationError } from '../errors';
import { createLogger, runWithRequestId } from '../logger';
import { HttpEnvironmentSchema, readEnvironment } from '../read-environment';
import { ENV } from '../environment';
import { errorResponse, jsonResponse, textResponse, type CorsContext } from './response';

/**
 * `httpHandler(fn)`: the wrapper every REST handler uses. It gives `fn` a parsed request, turns
 * what `fn` returns into a JSON answer and whatever it throws into the mapped error answer, and
 * writes one structured log line per request. Handlers stay thin: validate, call the domain,
 * return `{ body }`.
 */

const logger = createLogger({ component: 'http-handler' });

/** The Lambda signature API Gateway (and the local REST adapter) call. */
export type ApiGatewayHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface HttpRequest<TBody> {
  readonly event: APIGatewayProxyEvent;
  readonly context: Context;
  /** The request id (Lambda's), also on every log line written during the request. */
  readonly requestId: string;
  /** The JSON body validated by the route's schema; `undefined` for routes without one. */
  readonly body: TBody;
  /** A request header, looked up case-insensitively. */
  header(name: string): string | undefined;
}

export interface HttpResult {
  /** 200 unless told otherwise. */
  readonly statusCode?: number;
  readonly body: unknown;
  /** `no-store` unless the answer may be cached. */
  readonly cacheControl?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sends `body` (then a string) as it is with this `Content-Type` instead of as JSON (a CSV export). */
  readonly contentType?: string;
}

export type HttpRoute<TBody> = (request: HttpRequest<TBody>) => Promise<HttpResult>;

export interface HttpHandlerOptions {
  /** Origins allowed to read answers; by default `ALLOWED_ORIGINS`, read once on first use. */
  readonly allowedOrigins?: readonly string[];
}

export const INVALID_JSON_MESSAGE = 'Request body must be valid JSON';
export const INVALID_FIELDS_MESSAGE = 'Some fields are missing or invalid.';

/**
 * Wraps a route. Without `options.body` the route gets `body: undefined` (GET); with it, the
 * JSON body parsed and validated by that zod schema.
 */
export function httpHandler<S extends z.core.$ZodType | undefined = undefined>(
  route: HttpRoute<S extends z.core.$ZodType ? z.output<S> : undefined>,
  options: HttpHandlerOptions & { readonly body?: S } = {},
): ApiGatewayHandler {
  const run = route as HttpRoute<unknown>;
  let allowedOrigins: readonly string[] | undefined = options.allowedOrigins;

  return (event, context) => {
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId ?? randomUUID();
    return runWithRequestId(requestId, async () => {
      const startedAt = Date.now();
      const header = (name: string) => headerValue(event, name);
      let cors: CorsContext = { requestOrigin: header('origin'), allowedOrigins: allowedOrigins ?? [] };
      let response: APIGatewayProxyResult;
      try {
        allowedOrigins ??= readEnvironment(HttpEnvironmentSchema)[ENV.allowedOrigins];
        cors = { ...cors, allowedOrigins };
        const body = options.body ? validateBody(parseJsonBody(event), options.body) : undefined;
        const result = await run({ event, context, requestId, body, header });
        const answerOptions = { cacheControl: result.cacheControl, headers: result.headers };
        response =
          result.contentType === undefined
            ? jsonResponse(result.statusCode ?? 200, result.body, cors, answerOptions)
            : textResponse(result.statusCode ?? 200, String(result.body), result.contentType, cors, answerOptions);
      } catch (error) {
        response = errorResponse(error, cors);
      }
      logger.info('Request handled', {
        method: event.httpMethod,
        resource: event.resource,
        statusCode: response.statusCode,
        durationMs: Date.now() - startedAt,
      });
      return response;
    });
  };
}

/** A header of a v1 proxy event, whatever its case (API Gateway keeps the client's spelling). */
export function headerValue(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/** The request body as JSON; a missing or malformed body is the caller's mistake (400). */
export function parseJsonBody(event: APIGatewayProxyEvent): unknown {
  if (event.body === null || event.body === undefined || event.body.trim() === '') {
    throw new ValidationError(INVALID_JSON_MESSAGE, {}, { code: 'invalid_json' });
  }
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError(INVALID_JSON_MESSAGE, {}, { code: 'invalid_json' });
  }
}

/** Validates a parsed body; failures become a 400 with one message per field path. */
export function validateBody<S extends z.core.$ZodType>(body: unknown, schema: S): z.output<S> {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[path] ??= issue.message;
  }
  throw new ValidationError(INVALID_FIELDS_MESSAGE, fields);
}
