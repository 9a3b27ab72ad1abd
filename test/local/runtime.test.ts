import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { LocalRuntimeError } from '../../local/errors';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '../../local/runtime';
import { postGraphql, temporaryFolder } from './support/local-services';
import { fixtureWebDist } from './support/web-dist';

/**
 * The whole local runtime on free ports with a temporary data folder: what `npm start` gives,
 * persistence across restarts, --reset, and clear failures.
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const dist = fixtureWebDist();
let dataDir: ReturnType<typeof temporaryFolder>;
let running: LocalRuntime | undefined;

function start(options: Partial<LocalRuntimeOptions> = {}): Promise<LocalRuntime> {
  return startLocalRuntime({ dataDir: dataDir.path, ports: FREE_PORTS, webDistDir: dist.path, webBuild: 'never', ...options }).then(
    (runtime) => {
      running = runtime;
      return runtime;
    },
  );
}

async function sendContact(runtime: LocalRuntime, name: string): Promise<string> {
  const { body } = await postGraphql<{ data: { createContact: { id: string } } }>(
    runtime.endpoints.graphqlUrl,
    'mutation Send($input: CreateContactInput!) { createContact(input: $input) { id } }',
    {
      variables: { input: { name, email: 'lee@harborstaffing.com', message: 'Interested in the enterprise plan.' } },
      headers: { 'x-api-key': runtime.endpoints.graphqlApiKey },
    },
  );
  return body.data.createContact.id;
}

async function contactExists(runtime: LocalRuntime, id: string): Promise<boolean> {
  const answer = await runtime.dynamodb.send(
    new GetItemCommand({ TableName: runtime.endpoints.tables.contacts, Key: { id: { S: id } }, ConsistentRead: true }),
  );
  return answer.Item !== undefined;
}

beforeEach(() => {
  dataDir = temporaryFolder('local-runtime');
});

afterEach(async () => {
  await running?.stop();
  running = undefined;
  dataDir?.remove();
}, 30_000);

afterAll(() => dist.remove());

describe('a started local runtime', () => {
  // Read-only checks share one runtime: each start costs seconds on a busy 2-core machine. Its
  // functions load on their first call: loading all of them at start is `npm start`'s, tested in
  // start.test.ts and below ("stops the start when a handler fails at import").
  let shared: LocalRuntime;
  let sharedDataDir: ReturnType<typeof temporaryFolder>;
  beforeAll(async () => {
    sharedDataDir = temporaryFolder('local-runtime-shared');
    shared = await startLocalRuntime({
      dataDir: sharedDataDir.path,
      ports: FREE_PORTS,
      webDistDir: dist.path,
      webBuild: 'never',
      warmFunctions: false,
    });
  }, 60_000);
  afterAll(async () => {
    await shared?.stop();
    sharedDataDir?.remove();
  }, 30_000);

  it('starts every service on 127.0.0.1 and writes endpoints.json and the web config', async () => {
    const runtime = shared;
    const { endpoints } = runtime;

    expect(endpoints).toMatchObject({
      webUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      restUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/prod$/),
      graphqlUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/),
      graphqlApiKey: 'da2-localdevelopmentapikey0',
      dynamodbEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      tables: {
        users: 'talentpilot-local-users',
        subscriptions: 'talentpilot-local-subscriptions',
        contacts: 'talentpilot-local-contacts',
      },
    });
    expect(runtime.endpointsFile).toBe(path.join(sharedDataDir.path, 'endpoints.json'));
    expect(JSON.parse(fs.readFileSync(runtime.endpointsFile!, 'utf8'))).toEqual(endpoints);

    const config = await (await fetch(`${endpoints.webUrl}/config.json`)).json();
    expect(config).toMatchObject({
      stage: 'local',
      restApiUrl: endpoints.restUrl,
      graphqlUrl: endpoints.graphqlUrl,
      graphqlApiKey: endpoints.graphqlApiKey,
      planCodeSuffix: '_dev',
    });
    expect(JSON.parse(fs.readFileSync(path.join(sharedDataDir.path, 'web', 'config.json'), 'utf8'))).toEqual(config);
    expect(await (await fetch(`${endpoints.webUrl}/contact`)).text()).toContain('TalentPilot (fixture)');
  });

  it('serves the real plans handler through the REST adapter, with the web app’s origin allowed', async () => {
    const { endpoints } = shared;

    const response = await fetch(`${endpoints.restUrl}/subscription/plans`, { headers: { origin: endpoints.webUrl! } });
    const body = (await response.json()) as { plans: { code: string }[] };

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(endpoints.webUrl);
    expect(body.plans.map((plan) => plan.code)).toEqual([
      'starter_2weeksfree_monthly_onetimesetup_dev',
      'professional_2weeksfree_monthly_onetimesetup_dev',
      'enterprise_2weeksfree_monthly_onetimesetup_dev',
    ]);
  });
});

describe('startLocalRuntime', () => {
  it('keeps a stored contact across a stop and a start, and starts empty with reset', async () => {
    // About stored data, not handlers or sign-in: the functions load on their first call, and
    // the contact form needs no user pool.
    const first = await start({ warmFunctions: false, identity: false });
    const id = await sendContact(first, 'Lee Park');
    await first.stop();

    const second = await start({ warmFunctions: false, identity: false });
    expect(await contactExists(second, id)).toBe(true);
    await second.stop();

    const reset = await start({ reset: true, warmFunctions: false, identity: false });
    expect(await contactExists(reset, id)).toBe(false);
  }, 60_000);

  it('fails with a clear message on a busy port, and leaves nothing running', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busyPort = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(start({ ports: { ...FREE_PORTS, rest: busyPort }, warmFunctions: false, identity: false })).rejects.toThrow(
        new LocalRuntimeError(`Port ${busyPort} is already in use (REST API). Stop the other process or set LOCAL_REST_PORT.`),
      );
      // The data folder was released: the next start opens it.
      await start({ warmFunctions: false, identity: false });
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('stops the start when a handler fails at import, or with warmFunctions false answers its first call with 502', async () => {
    const routes = [
      {
        functionId: 'BrokenFunction',
        method: 'GET',
        path: '/broken',
        entry: 'test/local/fixtures/lambdas/fails-on-import.ts',
        auth: 'public',
        tables: [],
        billing: false,
      },
    ] as const satisfies LocalRuntimeOptions['routes'];
    await expect(start({ routes, identity: false })).rejects.toThrow(
      new LocalRuntimeError(
        'The Lambda handler test/local/fixtures/lambdas/fails-on-import.ts fails while loading: FIXTURE_SETTING is not set',
      ),
    );

    const lazy = await start({ routes, identity: false, warmFunctions: false });
    const answer = await fetch(`${lazy.endpoints.restUrl}/broken`);
    expect(answer.status).toBe(502);
  }, 60_000);

  it('fails with a clear message when the web app is not built', async () => {
    await expect(start({ webDistDir: path.join(dataDir.path, 'no-dist') })).rejects.toThrow(
      /The web app is not built \(.*index\.html is missing\)\. Run npm run build:web first\./,
    );
  }, 60_000);
});
