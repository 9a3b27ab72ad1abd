import type { RestRouteDefinition } from '../../../lib/definitions/rest-routes';
import { NO_LOCAL_IDENTITY } from '../../../local/identity';
import { bundleLambda } from '../../../local/lambda/bundle';
import { createLambdaFunction, type LambdaFunction } from '../../../local/lambda/host';
import { startRestServer, type RunningRestServer } from '../../../local/rest/rest-server';
import { temporaryFolder, testIdentity, TEST_TOKENS } from '../support/local-services';

/**
 * The local API Gateway: v1 proxy events for the same handler files, and the answers API
 * Gateway gives by itself (403 Missing Authentication Token, CORS preflight, 401, 502).
 */

const route = (
  functionId: string,
  method: 'GET' | 'POST',
  path: string,
  entry: string,
  auth: RestRouteDefinition['auth'] = 'public',
): RestRouteDefinition => ({
  functionId,
  method,
  path,
  entry: `test/local/fixtures/lambdas/${entry}.ts`,
  auth,
  tables: [],
  billing: false,
});

const ROUTES: RestRouteDefinition[] = [
  route('EchoFunction', 'GET', '/user/subscriptions/{id}', 'echo-event'),
  route('EchoPostFunction', 'POST', '/echo', 'echo-event'),
  route('EchoListFunction', 'GET', '/echo', 'echo-event'),
  route('ThrowFunction', 'GET', '/broken', 'throw-error'),
  route('MalformedFunction', 'GET', '/malformed', 'malformed-result'),
  route('ProtectedFunction', 'GET', '/admin/user', 'echo-event', 'admin'),
  route('SlowFunction', 'GET', '/slow', 'slow-handler'),
];

const WEB_ORIGIN = 'http://127.0.0.1:5999';
const buildDir = temporaryFolder('rest-server');
let server: RunningRestServer;
let withoutIdentity: RunningRestServer;
let functions: Record<string, LambdaFunction>;

interface Echo {
  event: Record<string, unknown> & { requestContext: Record<string, unknown> & { identity: Record<string, unknown> } };
  context: { awsRequestId: string; functionName: string; remainingTimeInMillis: number };
  environment: { tableName: string | null; leakedHostVariable: string | null };
  invocations: number;
}

beforeAll(async () => {
  functions = {};
  for (const definition of ROUTES) {
    const bundle = await bundleLambda(definition.functionId, definition.entry, buildDir.path);
    functions[definition.functionId] = createLambdaFunction({
      bundle,
      functionName: `talentpilot-local-${definition.functionId}`,
      environment: { CONTACTS_TABLE: 'fixture-contacts' },
      timeoutMs: definition.functionId === 'SlowFunction' ? 300 : undefined,
    });
  }
  await Promise.all(Object.values(functions).map((lambda) => lambda.warm()));
  const identity = await testIdentity({ dataDir: undefined, dynamodbEndpoint: '', tableNames: {}, reset: false });
  const common = { port: 0, routes: ROUTES, functions, allowedOrigins: [WEB_ORIGIN] };
  server = await startRestServer({ ...common, identity });
  withoutIdentity = await startRestServer({ ...common, identity: NO_LOCAL_IDENTITY });
}, 30_000);

afterAll(async () => {
  await server?.stop();
  await withoutIdentity?.stop();
  await Promise.all(Object.values(functions ?? {}).map((lambda) => lambda.stop()));
  buildDir.remove();
});

describe('the local REST API', () => {
  it('serves its routes under the prod stage', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/prod$/);
  });

  it('builds an API Gateway v1 proxy event for the handler', async () => {
    const response = await fetch(`${server.url}/user/subscriptions/code-talentpilot-u%201?plan=a&plan=b&single=x`, {
      headers: { 'User-Agent': 'jest-agent', 'X-Custom': 'one', origin: WEB_ORIGIN },
    });
    const { event, context } = (await response.json()) as Echo;

    expect(response.status).toBe(200);
    expect(event).toMatchObject({
      resource: '/user/subscriptions/{id}',
      path: '/user/subscriptions/code-talentpilot-u%201',
      httpMethod: 'GET',
      pathParameters: { id: 'code-talentpilot-u 1' },
      queryStringParameters: { plan: 'b', single: 'x' },
      multiValueQueryStringParameters: { plan: ['a', 'b'], single: ['x'] },
      stageVariables: null,
      body: null,
      isBase64Encoded: false,
    });
    expect(event.headers).toMatchObject({ 'User-Agent': 'jest-agent', 'X-Custom': 'one' });
    expect(event.multiValueHeaders).toMatchObject({ 'X-Custom': ['one'] });
    expect(event.requestContext).toMatchObject({
      stage: 'prod',
      path: '/prod/user/subscriptions/code-talentpilot-u%201',
      resourcePath: '/user/subscriptions/{id}',
      httpMethod: 'GET',
      accountId: '123456789012',
      apiId: 'local',
      authorizer: null,
      requestId: expect.any(String),
      requestTimeEpoch: expect.any(Number),
    });
    expect(event.requestContext.identity).toMatchObject({ sourceIp: '127.0.0.1', userAgent: 'jest-agent' });
    expect(context).toMatchObject({ awsRequestId: expect.any(String), functionName: 'talentpilot-local-EchoFunction' });
    expect(context.remainingTimeInMillis).toBeGreaterThan(9000);
  });

  it('runs each function in its own container: its environment only, module state kept between calls', async () => {
    const first = (await (await fetch(`${server.url}/echo`)).json()) as Echo;
    const second = (await (await fetch(`${server.url}/echo`)).json()) as Echo;

    expect(first.environment).toEqual({ tableName: 'fixture-contacts', leakedHostVariable: null });
    expect(second.invocations).toBe(first.invocations + 1);
  });

  it('answers 502 when the function times out, and starts a fresh container afterwards', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const timedOut = await fetch(`${server.url}/slow?wait=2000`);
    const quick = await fetch(`${server.url}/slow?wait=0`);

    expect(timedOut.status).toBe(502);
    expect(await timedOut.json()).toEqual({ message: 'Internal server error' });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Task timed out after 0.30 seconds'));
    expect(quick.status).toBe(200);
    expect(await quick.json()).toEqual({ coldStart: true });
    consoleError.mockRestore();
  });

  it('passes query parameters and headers named like Object members (toString, __proto__) as plain values', async () => {
    const response = await fetch(`${server.url}/echo?toString=a&constructor=b&__proto__=c&toString=d`, {
      headers: { hasOwnProperty: 'e', valueOf: 'f' },
    });
    const { event } = (await response.json()) as Echo;

    expect(response.status).toBe(200);
    expect(event.queryStringParameters).toEqual({ toString: 'd', constructor: 'b', ['__proto__']: 'c' });
    expect(event.multiValueQueryStringParameters).toEqual({ toString: ['a', 'd'], constructor: ['b'], ['__proto__']: ['c'] });
    expect(event.headers).toMatchObject({ hasOwnProperty: 'e', valueOf: 'f' });
    expect(event.multiValueHeaders).toMatchObject({ hasOwnProperty: ['e'], valueOf: ['f'] });
  });

  it('passes the body as a string and sets query and path parameters to null when absent', async () => {
    const response = await fetch(`${server.url}/echo`, {
      method: 'POST',
      body: '{"name":"Ann"}',
      headers: { 'content-type': 'application/json' },
    });
    const { event } = (await response.json()) as Echo;

    expect(event).toMatchObject({
      body: '{"name":"Ann"}',
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: null,
      resource: '/echo',
    });
  });

  it('maps the handler’s status, headers and multi-value headers to the HTTP answer', async () => {
    const response = await fetch(`${server.url}/echo`);

    expect(response.headers.get('x-echo')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it.each([
    ['an unknown path', '/nothing/here', 'GET'],
    ['a method the resource does not have', '/broken', 'POST'],
    ['a path outside the stage', '/../echo', 'GET'],
  ])('answers 403 Missing Authentication Token for %s', async (_case, path, method) => {
    const response = await fetch(`${server.url}${path}`, { method, headers: { origin: WEB_ORIGIN } });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Missing Authentication Token' });
    expect(response.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
  });

  it('answers the CORS preflight of a known resource for the web app’s origin', async () => {
    const response = await fetch(`${server.url}/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE,OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('answers 502 Internal server error when the handler throws or returns a malformed result', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const path of ['/broken', '/malformed']) {
      const response = await fetch(`${server.url}${path}`);

      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ message: 'Internal server error' });
    }
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('refuses an authorizer route without a valid token (401) and passes the verified claims otherwise', async () => {
    const anonymous = await fetch(`${server.url}/admin/user`);
    const noIdentityService = await fetch(`${withoutIdentity.url}/admin/user`, { headers: { authorization: TEST_TOKENS.admin } });
    const signedIn = await fetch(`${server.url}/admin/user`, { headers: { authorization: TEST_TOKENS.admin } });

    for (const refused of [anonymous, noIdentityService]) {
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Unauthorized' });
    }
    const { event } = (await signedIn.json()) as Echo;
    expect(event.requestContext.authorizer).toEqual({
      claims: { sub: 'admin-sub', 'cognito:username': 'admin-sub', 'cognito:groups': 'Admins' },
    });
  });
});
