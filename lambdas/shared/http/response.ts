import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ApiErrorBody } from '../contracts/api-error';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PaymentAuthenticationRequiredError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
  ValidationError,
} from '../errors';
import { createLogger } from '../logger';
import { allowedOriginFor } from './cors';

/**
 * The one place that builds REST answers: status code, JSON body, CORS and security headers,
 * and the mapping of errors to `ApiErrorBody`.
 */

const logger = createLogger({ component: 'http-response' });

/** Who is asking (the request's `Origin`) and who may read answers (`ALLOWED_ORIGINS`). */
export interface CorsContext {
  readonly requestOrigin: string | undefined;
  readonly allowedOrigins: readonly string[];
}

export const NO_STORE = 'no-store';

/** The message of every unexpected failure: the caller learns nothing about the cause. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

export interface JsonResponseOptions {
  /** `Cache-Control`; `no-store` unless the answer is public and may be cached. */
  readonly cacheControl?: string;
  /** Extra headers; they cannot replace the CORS or security headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A JSON answer with CORS and security headers. */
export function jsonResponse(
  statusCode: number,
  body: unknown,
  cors: CorsContext,
  options: JsonResponseOptions = {},
): APIGatewayProxyResult {
  return textResponse(statusCode, JSON.stringify(body), 'application/json; charset=utf-8', cors, options);
}

/**
 * An answer whose body is sent as it is (a CSV export), with the same CORS and security headers.
 * Text needs no binary media type on API Gateway: a proxy integration passes a string body through.
 */
export function textResponse(
  statusCode: number,
  body: string,
  contentType: string,
  cors: CorsContext,
  options: JsonResponseOptions = {},
): APIGatewayProxyResult {
  const headers: Record<string, string> = {
    ...options.headers,
    'Content-Type': contentType,
    'Cache-Control': options.cacheControl ?? NO_STORE,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': allowedOriginFor(cors.requestOrigin, cors.allowedOrigins),
    Vary: 'Origin',
  };
  // Browsers hide non-safelisted headers from scripts unless they are exposed: the route's own
  // headers are for the web app to read (a refusal's Retry-After, a download's file name).
  const exposed = Object.keys(options.headers ?? {});
  if (exposed.length > 0) headers['Access-Control-Expose-Headers'] = exposed.join(', ');
  return { statusCode, headers, body };
}

/** What an error becomes on the wire. */
export interface MappedError {
  readonly statusCode: number;
  readonly body: ApiErrorBody;
  readonly headers: Readonly<Record<string, string>>;
}

function retryAfter(seconds: number | undefined): Record<string, string> {
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? { 'Retry-After': String(Math.ceil(seconds)) } : {};
}

/**
 * Maps an error to its answer. Domain errors keep their message and code; anything else becomes
 * a 500 with {@link INTERNAL_ERROR_MESSAGE}.
 */
export function mapError(error: unknown): MappedError {
  if (error instanceof DomainError) {
    const body: ApiErrorBody = { message: error.message, code: error.code };
    if (error instanceof ValidationError) {
      return {
        statusCode: 400,
        body: Object.keys(error.fields).length > 0 ? { ...body, fields: { ...error.fields } } : body,
        headers: {},
      };
    }
    if (error instanceof PaymentAuthenticationRequiredError) {
      // 402: nothing happened yet; the body carries what the 3-D Secure challenge needs.
      return { statusCode: 402, body: { ...body, threeDSecureActionTokenId: error.actionTokenId }, headers: {} };
    }
    if (error instanceof UnauthorizedError) return { statusCode: 401, body, headers: {} };
    if (error instanceof ForbiddenError) return { statusCode: 403, body, headers: {} };
    if (error instanceof NotFoundError) return { statusCode: 404, body, headers: {} };
    if (error instanceof ConflictError) return { statusCode: 409, body, headers: {} };
    if (error instanceof RateLimitedError) return { statusCode: 429, body, headers: retryAfter(error.retryAfterSeconds) };
    if (error instanceof UpstreamError) {
      // 503: a transient outage, try again; 502: the provider refuses us until someone acts.
      return error.retryable
        ? { statusCode: 503, body, headers: retryAfter(error.retryAfterSeconds) }
        : { statusCode: 502, body, headers: {} };
    }
  }
  return { statusCode: 500, body: { message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' }, headers: {} };
}

/**
 * The answer to a failed request. Logs the real error: server-side failures (5xx) at `error`
 * with the stack and causes, the caller's mistakes (4xx) at `info` with the code only.
 */
export function errorResponse(error: unknown, cors: CorsContext): APIGatewayProxyResult {
  const mapped = mapError(error);
  if (mapped.statusCode >= 500) {
    logger.error('Request failed', { statusCode: mapped.statusCode, code: mapped.body.code, error });
  } else {
    logger.info('Request refused', { statusCode: mapped.statusCode, code: mapped.body.code });
  }
  return jsonResponse(mapped.statusCode, mapped.body, cors, { headers: mapped.headers, cacheControl: NO_STORE });
}
