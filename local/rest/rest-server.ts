import type { APIGatewayProxyResult } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import { allowedOriginFor, CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_MAX_AGE_SECONDS } from '../../lambdas/shared/http/cors';
import { BodyTooLargeError, readBody } from '../http-body';
import type { LocalIdentity } from '../identity';
import { closeServer, listen, LOCAL_HOST } from '../net';
import type { LambdaFunction } from '../lambda/host';
import { buildProxyEvent } from './proxy-event';
import { REST_STAGE_NAME, type RestRouteDefinition } from '../../lib/definitions/rest-routes';
import { createRouteMatcher } from './routes';
import { PORT_LABELS } from '../ports';

/**
 * The local API Gateway (REST, stage `prod`): serves the routes of `lib/definitions/rest-routes.ts`
 * by invoking their Lambda handlers with v1 proxy events, and answers what API Gateway answers
 * by itself: the CORS preflight, 403 "Missing Authentication Token" for unknown routes, 401 from
 * the Cognito authorizer, 502 when a handler fails, 413 for bodies over 10 MB.
 */

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface RestServerOptions {
  readonly port: number;
  readonly routes: readonly RestRouteDefinition[];
  /** The Lambda function of each route, by `functionId`. */
  readonly functions: Readonly<Record<string, Pick<LambdaFunction, 'functionName' | 'invoke'>>>;
  /** Origins allowed by CORS (the web app's), as in `ALLOWED_ORIGINS`. */
  readonly allowedOrigins: readonly string[];
  /** The Cognito authorizer of 'user' and 'admin' routes. */
  readonly identity: Pick<LocalIdentity, 'resolveAuthorizerClaims'>;
  readonly log?: (line: string) => void;
}

export interface RunningRestServer {
  /** Invoke URL, stage included: `http://127.0.0.1:5181/prod`. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

interface Answer {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
}

/** Maps a handler's result to the HTTP answer; `undefined` when API Gateway would call it malformed. */
function fromProxyResult(result: unknown): Answer | undefined {
  const proxy = result as Partial<APIGatewayProxyResult> | null | undefined;
  if (!proxy || typeof proxy !== 'object' || typeof proxy.statusCode !== 'number') return undefined;
  const headers: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(proxy.multiValueHeaders ?? {})) headers[name.toLowerCase()] = values.map(String);
  for (const [name, value] of Object.entries(proxy.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const text = typeof proxy.body === 'string' ? proxy.body : '';
  const body = proxy.isBase64Encoded ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
  return { statusCode: proxy.statusCode, headers, body };
}

export async function startRestServer(options: RestServerOptions): Promise<RunningRestServer> {
  const matchResource = createRouteMatcher(options.routes);
  const stagePrefix = `/${REST_STAGE_NAME}`;

  const corsOrigin = (req: http.IncomingMessage) => allowedOriginFor(req.headers.origin, options.allowedOrigins);

  /** API Gateway's own answers carry CORS headers (the RestApi construct's gateway responses). */
  const gatewayAnswer = (req: http.IncomingMessage, statusCode: number, message: string, errorType: string): Answer => ({
    statusCode,
    headers: {
      'content-type': 'application/json',
      'x-amzn-errortype': errorType,
      'access-control-allow-origin': corsOrigin(req),
      vary: 'Origin',
    },
    body: Buffer.from(JSON.stringify({ message })),
  });

  const answer = async (req: http.IncomingMessage, requestId: string): Promise<Answer> => {
    const url = new URL(req.url ?? '/', `http://${LOCAL_HOST}`);
    const method = req.method ?? 'GET';
    const inStage = url.pathname === stagePrefix || url.pathname.startsWith(`${stagePrefix}/`);
    const path = inStage ? url.pathname.slice(stagePrefix.length) || '/' : url.pathname;
    const resource = inStage ? matchResource(path) : undefined;
    const missingToken = () => gatewayAnswer(req, 403, 'Missing Authentication Token', 'MissingAuthenticationTokenException');
    if (!resource) return missingToken();

    if (method === 'OPTIONS') {
      return {
        statusCode: 204,
        headers: {
          'access-control-allow-origin': corsOrigin(req),
          'access-control-allow-headers': CORS_ALLOW_HEADERS.join(','),
          'access-control-allow-methods': CORS_ALLOW_METHODS.join(','),
          'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
          vary: 'Origin',
        },
        body: Buffer.alloc(0),
      };
    }
    const route = resource.routes.find((candidate) => candidate.method === method);
    if (!route) return missingToken();

    let body: string;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return gatewayAnswer(req, 413, 'Request Too Long', 'RequestTooLongException');
      throw error;
    }

    let claims;
    if (route.auth !== 'public') {
      // >>> Identity hook: the Cognito authorizer. The identity issue verifies the id token here.
      claims = await options.identity.resolveAuthorizerClaims(req.headers);
      if (!claims) return gatewayAnswer(req, 401, 'Unauthorized', 'UnauthorizedException');
    }

    const event = buildProxyEvent({
      req,
      path,
      query: url.search.slice(1),
      resource: resource.resource,
      functionId: route.functionId,
      pathParameters: resource.pathParameters,
      body,
      claims,
      requestId,
    });
    const lambda = options.functions[route.functionId];
    if (!lambda) return gatewayAnswer(req, 500, 'Internal server error', 'API_CONFIGURATION_ERROR');
    try {
      const result = fromProxyResult(await lambda.invoke(event));
      if (result) return result;
      console.error(`[rest] ${lambda.functionName} returned a malformed proxy result (it needs a numeric statusCode).`);
    } catch (error) {
      const failure = error as { message?: string; handlerStack?: string };
      console.error(`[rest] ${lambda.functionName} failed: ${failure.handlerStack ?? failure.message ?? String(error)}`);
    }
    return gatewayAnswer(req, 502, 'Internal server error', 'InternalServerErrorException');
  };

  const server = http.createServer((req, res) => {
    const startedAt = Date.now();
    const requestId = randomUUID();
    answer(req, requestId)
      .catch((error: unknown): Answer => {
        console.error('[rest] internal error:', error);
        return gatewayAnswer(req, 500, 'Internal server error', 'InternalServerErrorException');
      })
      .then((result) => {
        res.writeHead(result.statusCode, {
          ...result.headers,
          'x-amzn-requestid': requestId,
          'content-length': String(result.body.length),
        });
        res.end(req.method === 'HEAD' ? undefined : result.body);
        options.log?.(`[rest] ${req.method} ${req.url} ${result.statusCode} ${Date.now() - startedAt}ms`);
      });
  });
  const port = await listen(server, options.port, PORT_LABELS.rest);
  return { url: `http://${LOCAL_HOST}:${port}${stagePrefix}`, port, stop: () => closeServer(server) };
}
