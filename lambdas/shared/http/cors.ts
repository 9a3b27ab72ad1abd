/**
 * CORS policy of the REST API, in one place: API Gateway's preflight (CDK), the handlers'
 * response headers and the local REST adapter's preflight all read it.
 */
export const CORS_ALLOW_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-Amz-Date',
  'X-Api-Key',
  'X-Amz-Security-Token',
  'X-Amz-User-Agent',
  'Idempotency-Key',
] as const;

export const CORS_ALLOW_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** How long browsers may cache a preflight answer, in seconds. */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * The origin to echo in `Access-Control-Allow-Origin`: the request's origin when it is allowed,
 * otherwise the first allowed origin (so a disallowed page cannot read the answer).
 */
export function allowedOriginFor(requestOrigin: string | undefined, allowedOrigins: readonly string[]): string {
  if (allowedOrigins.includes('*')) return '*';
  if (requestOrigin && allowedOrigins.includes(requestOrigin)) return requestOrigin;
  return allowedOrigins[0] ?? 'null';
}
