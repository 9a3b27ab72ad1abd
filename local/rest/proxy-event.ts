import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { IncomingMessage } from 'node:http';
import type { AuthorizerClaims } from '../identity';
import { REST_STAGE_NAME } from '../../lib/definitions/rest-routes';

/**
 * API Gateway REST (v1) proxy events, as faithful as this product needs:
 * the fields handlers read, in the shapes and with the nulls API Gateway uses.
 */

/** The account id local events carry (AWS's documentation example). */
export const LOCAL_ACCOUNT_ID = '123456789012';
export const LOCAL_REST_API_ID = 'local';

export interface ProxyEventInput {
  readonly req: IncomingMessage;
  /** Path below the stage, e.g. `/subscription/plans`. */
  readonly path: string;
  /** Raw query string without `?`. */
  readonly query: string;
  /** Route's resource path, e.g. `/user/subscriptions/{id}`. */
  readonly resource: string;
  readonly functionId: string;
  readonly pathParameters: Record<string, string>;
  readonly body: string;
  /** Verified id-token claims for authorizer routes; absent on public routes. */
  readonly claims?: AuthorizerClaims;
  readonly requestId: string;
}

/**
 * Values by name, collected in a Map: names are client input, and a plain object would resolve
 * `toString`, `constructor` or `__proto__` to its prototype's members. `Object.fromEntries` then
 * makes every name an own property, whatever it is.
 */
function collect(pairs: Iterable<readonly [string, string]>, nameOf: (name: string) => string = (name) => name): Map<string, string[]> {
  const multi = new Map<string, string[]>();
  for (const [rawName, value] of pairs) {
    const name = nameOf(rawName);
    const values = multi.get(name);
    if (values) values.push(value);
    else multi.set(name, [value]);
  }
  return multi;
}

function lastValues(multi: Map<string, string[]>): Record<string, string> {
  return Object.fromEntries([...multi].map(([name, values]) => [name, values[values.length - 1]]));
}

/** Headers with the client's spelling; `headers` keeps the last value, as API Gateway does. */
function headerMaps(req: IncomingMessage) {
  const pairs: [string, string][] = [];
  for (let index = 0; index < req.rawHeaders.length; index += 2) pairs.push([req.rawHeaders[index], req.rawHeaders[index + 1]]);
  const spelling = new Map<string, string>();
  const multi = collect(pairs, (rawName) => {
    const name = spelling.get(rawName.toLowerCase()) ?? rawName;
    spelling.set(rawName.toLowerCase(), name);
    return name;
  });
  return { headers: lastValues(multi), multiValueHeaders: Object.fromEntries(multi) };
}

function queryMaps(query: string) {
  const multi = collect(new URLSearchParams(query));
  if (multi.size === 0) return { queryStringParameters: null, multiValueQueryStringParameters: null };
  return { queryStringParameters: lastValues(multi), multiValueQueryStringParameters: Object.fromEntries(multi) };
}

/** `requestContext.requestTime`: `09/Apr/2015:12:34:56 +0000`. */
function requestTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

/** `requestContext.identity` of a caller without IAM or identity-pool credentials. */
export function callerIdentity(sourceIp: string, userAgent: string | null): APIGatewayProxyEvent['requestContext']['identity'] {
  return {
    accessKey: null,
    accountId: null,
    apiKey: null,
    apiKeyId: null,
    caller: null,
    clientCert: null,
    cognitoAuthenticationProvider: null,
    cognitoAuthenticationType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    principalOrgId: null,
    sourceIp,
    user: null,
    userAgent,
    userArn: null,
  };
}

export function buildProxyEvent(input: ProxyEventInput): APIGatewayProxyEvent {
  const { req } = input;
  const now = new Date();
  const { headers, multiValueHeaders } = headerMaps(req);
  const host = req.headers.host ?? '127.0.0.1';
  const sourceIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  return {
    resource: input.resource,
    path: input.path,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    ...queryMaps(input.query),
    pathParameters: Object.keys(input.pathParameters).length > 0 ? { ...input.pathParameters } : null,
    stageVariables: null,
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_REST_API_ID,
      authorizer: input.claims ? { claims: { ...input.claims } } : null,
      domainName: host,
      domainPrefix: host.split('.')[0],
      extendedRequestId: input.requestId,
      httpMethod: req.method ?? 'GET',
      identity: callerIdentity(sourceIp, req.headers['user-agent'] ?? null),
      path: `/${REST_STAGE_NAME}${input.path}`,
      protocol: `HTTP/${req.httpVersion}`,
      requestId: input.requestId,
      requestTime: requestTime(now),
      requestTimeEpoch: now.getTime(),
      resourceId: `local-${input.functionId}`,
      resourcePath: input.resource,
      stage: REST_STAGE_NAME,
    },
    body: input.body === '' ? null : input.body,
    isBase64Encoded: false,
  };
}
