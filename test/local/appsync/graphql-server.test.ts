import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { startAppSyncServer } from '../../../local/appsync';
import type { RunningGraphqlServer } from '../../../local/appsync/graphql-server';
import { bundleResolvers } from '../../../local/appsync/resolver-bundles';
import { NO_LOCAL_IDENTITY } from '../../../local/identity';
import { postGraphql, startMemoryDynamoDb, temporaryFolder } from '../support/local-services';

/**
 * The local AppSync endpoint over HTTP: CORS, AppSync's 400s and 401s, request errors, and how
 * the runner handles APPSYNC_JS control flow (a probe resolver over the contacts table).
 */

const SCHEMA = /* GraphQL */ `
  type Probe @aws_api_key {
    id: ID!
    name: String
    hidden: String @aws_cognito_user_pools
  }
  type Query {
    probe(mode: String!, id: ID, name: String): Probe
    secret: String @aws_cognito_user_pools(cognito_groups: ["Admins"])
    openByDefault: String
  }
`;

const API_KEY = 'da2-testkey';
let dynamodb: Awaited<ReturnType<typeof startMemoryDynamoDb>>;
let server: RunningGraphqlServer;
const buildDir = temporaryFolder('graphql-server');

const probe = (mode: string, extra = '') =>
  postGraphql<{ data: { probe: { id: string; name: string | null } | null } | null; errors?: Record<string, unknown>[] }>(
    server.url,
    `{ probe(mode: "${mode}"${extra}) { id name } }`,
    { headers: { 'x-api-key': API_KEY } },
  );

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDb();
  await dynamodb.client.send(
    new PutItemCommand({ TableName: dynamodb.tableNames.contacts, Item: { id: { S: 'c-1' }, name: { S: 'Ann' } } }),
  );
  const bundles = bundleResolvers(
    [{ typeName: 'Query', fieldName: 'probe', table: 'contacts', writes: false, entry: 'test/local/fixtures/resolvers/Query.probe.ts' }],
    buildDir.path,
  );
  server = await startAppSyncServer({
    port: 0,
    apiKey: API_KEY,
    bundles,
    dynamodb: dynamodb.client,
    tableNames: dynamodb.tableNames,
    identity: NO_LOCAL_IDENTITY,
    schemaSdl: SCHEMA,
  });
}, 30_000);

afterAll(async () => {
  await server?.stop();
  await dynamodb?.stop();
  buildDir.remove();
});

describe('the local AppSync endpoint', () => {
  it('answers the CORS preflight like AppSync, allowing the API key and Amplify headers', async () => {
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5180',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,content-type',
      },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers
      .get('access-control-allow-headers')!
      .split(',')
      .map((name) => name.trim());
    expect(allowed).toEqual(expect.arrayContaining(['x-api-key', 'authorization', 'content-type', 'x-amz-user-agent', 'x-amz-date']));
  });

  it('refuses requests without credentials and tokens it cannot verify (401)', async () => {
    const anonymous = await postGraphql(server.url, '{ openByDefault }');
    const token = await postGraphql(server.url, '{ openByDefault }', { headers: { authorization: 'eyJ.fake.token' } });

    for (const answer of [anonymous, token]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.body).toEqual({
        errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }],
      });
    }
  });

  it('answers unreadable requests with AppSync’s 400s', async () => {
    const send = (body: string) =>
      fetch(server.url, { method: 'POST', headers: { 'x-api-key': API_KEY }, body }).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      }));

    expect(await send('')).toEqual({
      status: 400,
      body: { errors: [{ message: 'Request body is empty.', errorType: 'MalformedHttpRequestException' }] },
    });
    for (const body of ['meow', '{}', '[]', '{"query": 42}']) {
      expect(await send(body)).toEqual({
        status: 400,
        body: { errors: [{ message: 'Unable to parse GraphQL query.', errorType: 'MalformedHttpRequestException' }] },
      });
    }
  });

  it('answers syntax and validation errors with data null and the error’s location', async () => {
    const syntax = await postGraphql(server.url, '{ openByDefault ', { headers: { 'x-api-key': API_KEY } });
    const unknownField = await postGraphql(server.url, '{ badfield }', { headers: { 'x-api-key': API_KEY } });

    expect(syntax.status).toBe(200);
    expect(syntax.body).toEqual({
      data: null,
      errors: [
        { path: null, locations: [{ line: 1, column: 17, sourceName: null }], message: expect.stringMatching(/^Invalid Syntax : /) },
      ],
    });
    expect(unknownField.body).toEqual({
      data: null,
      errors: [
        {
          path: null,
          locations: [{ line: 1, column: 3, sourceName: null }],
          message: expect.stringContaining('Cannot query field "badfield" on type "Query"'),
        },
      ],
    });
  });

  it('authorizes every field: the default mode where no directive says, else the field’s or its type’s directives', async () => {
    const { body } = await postGraphql(server.url, '{ openByDefault secret probe(mode: "get", id: "c-1") { id hidden } }', {
      headers: { 'x-api-key': API_KEY },
    });

    expect(body).toEqual({
      data: { openByDefault: null, secret: null, probe: { id: 'c-1', hidden: null } },
      errors: [
        expect.objectContaining({ path: ['secret'], errorType: 'Unauthorized', message: 'Not Authorized to access secret on type Query' }),
        expect.objectContaining({
          path: ['probe', 'hidden'],
          errorType: 'Unauthorized',
          message: 'Not Authorized to access hidden on type Probe',
        }),
      ],
    });
  });
});

describe('APPSYNC_JS control flow in the runner', () => {
  it('runs request, data source and response: a GetItem', async () => {
    expect((await probe('get', ', id: "c-1"')).body).toEqual({ data: { probe: { id: 'c-1', name: 'Ann' } } });
  });

  it('translates a Scan with a util.transform filter', async () => {
    expect((await probe('scan', ', name: "Ann"')).body).toEqual({ data: { probe: { id: 'c-1', name: 'Ann' } } });
  });

  it('ends early with runtime.earlyReturn, skipping the data source', async () => {
    expect((await probe('early')).body).toEqual({ data: { probe: { id: 'early', name: 'API Key Authorization' } } });
  });

  it('reports util.appendError next to the value', async () => {
    expect((await probe('append', ', id: "c-1"')).body).toEqual({
      data: { probe: { id: 'c-1', name: 'Ann' } },
      errors: [
        {
          path: ['probe'],
          data: null,
          errorType: 'Warning',
          errorInfo: { hint: 'still answered' },
          locations: [{ line: 1, column: 3, sourceName: null }],
          message: 'Only a warning',
        },
      ],
    });
  });

  it('turns util.unauthorized, a crash and an invalid request object into field errors', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const [unauthorized, crash, invalid] = await Promise.all([probe('unauthorized'), probe('crash'), probe('invalid')]);

    expect(unauthorized.body.errors).toEqual([
      expect.objectContaining({ errorType: 'Unauthorized', message: 'Not Authorized to access probe on type Query' }),
    ]);
    expect(crash.body.errors).toEqual([
      expect.objectContaining({ errorType: 'Code', message: expect.stringContaining('Runtime error in Query.probe') }),
    ]);
    expect(invalid.body.errors).toEqual([
      expect.objectContaining({ errorType: 'MappingTemplate', message: expect.stringContaining('"TeleportItem" is not supported') }),
    ]);
    for (const answer of [unauthorized, crash, invalid]) expect(answer.body.data).toEqual({ probe: null });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('TypeError'));
    consoleError.mockRestore();
  });
});
