import { AdminGetUserCommand, ForgotPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { LocalRuntimeError } from '../../../local/errors';
import { SAMPLE_JOBS } from '../../../lambdas/assistant/samples/sample-jobs';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import type { OutboxMessage } from '../../../local/identity/outbox';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '../../../local/runtime';
import { temporaryFolder } from '../support/local-services';
import { fixtureWebDist } from '../support/web-dist';
import { claimsOf, cognitoClient, demoRecruiterIdToken, failure } from './support';

/**
 * `startLocalRuntime` with its default identity service, as `npm start` runs it: cognito-local on
 * its port, the seed, the outbox page, and the identity data in `<data dir>/cognito`.
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const ADMIN = { email: 'admin@talentpilot.local', password: 'LocalAdmin#2024' };
const dist = fixtureWebDist();
let dataDir: ReturnType<typeof temporaryFolder>;
const running: LocalRuntime[] = [];

async function start(options: Partial<LocalRuntimeOptions> = {}): Promise<LocalRuntime> {
  const runtime = await startLocalRuntime({
    ports: FREE_PORTS,
    webDistDir: dist.path,
    webBuild: 'never',
    routes: [],
    ...options,
    // A `beforeAll` gives its own folder: this test's is made only by `beforeEach`.
    dataDir: options.dataDir ?? dataDir.path,
  });
  running.push(runtime);
  return runtime;
}

async function stopAll() {
  for (const runtime of running.splice(0)) await runtime.stop();
}

function signInAdmin(runtime: LocalRuntime) {
  const client = cognitoClient(String(runtime.endpoints.cognitoEndpoint));
  return client
    .send(
      new InitiateAuthCommand({
        ClientId: String(runtime.endpoints.userPoolClientId),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password },
      }),
    )
    .finally(() => client.destroy());
}

async function item(runtime: LocalRuntime, table: 'users' | 'registrationCodes', key: Record<string, string>) {
  const answer = await runtime.dynamodb.send(
    new GetItemCommand({
      TableName: runtime.endpoints.tables[table],
      Key: Object.fromEntries(Object.entries(key).map(([name, value]) => [name, { S: value }])),
      ConsistentRead: true,
    }),
  );
  return answer.Item ? unmarshall(answer.Item) : undefined;
}

async function outboxJson(runtime: LocalRuntime): Promise<OutboxMessage[]> {
  return (await (await fetch(`${runtime.endpoints.webUrl}/_local/outbox.json`)).json()) as OutboxMessage[];
}

const LIST_JOBS = REST_ROUTES.filter((route) => route.path === '/assistant/jobs' && route.method === 'GET');

/** Signs the demo recruiter in with the seed's printed credentials and lists their jobs through the assistant's handler. */
async function demoJobs(runtime: LocalRuntime): Promise<{ sub: string; status: number; jobs: { id: string; mustHaves: unknown[] }[] }> {
  const idToken = await demoRecruiterIdToken(runtime.endpoints);
  const response = await fetch(`${runtime.endpoints.restUrl}/assistant/jobs`, { headers: { authorization: idToken } });
  const body = (await response.json()) as { jobs: { id: string; mustHaves: unknown[] }[] };
  return { sub: String(claimsOf(idToken).sub), status: response.status, jobs: body.jobs };
}

beforeEach(() => {
  dataDir = temporaryFolder('runtime-identity');
});

afterEach(async () => {
  await stopAll();
  dataDir?.remove();
});

afterAll(() => dist.remove());

describe('startLocalRuntime with identity', () => {
  describe('one started runtime', () => {
    // The two read-only checks share one start: each start costs seconds of CPU.
    let shared: LocalRuntime;
    let sharedDataDir: ReturnType<typeof temporaryFolder>;
    beforeAll(async () => {
      sharedDataDir = temporaryFolder('runtime-identity-shared');
      shared = await startLocalRuntime({
        dataDir: sharedDataDir.path,
        ports: FREE_PORTS,
        webDistDir: dist.path,
        webBuild: 'never',
        routes: [],
      });
    }, 60_000);
    afterAll(async () => {
      await shared?.stop();
      sharedDataDir?.remove();
    }, 30_000);

    it('starts cognito-local by default and publishes it in endpoints.json and config.json (no identity pool)', async () => {
      const runtime = shared;
      const { endpoints } = runtime;

      expect(endpoints).toMatchObject({
        cognitoEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        userPoolId: 'us-east-2_LocalPool1',
        userPoolClientId: 'talentpilotlocalwebclient1',
        seed: {
          adminEmail: ADMIN.email,
          adminPassword: ADMIN.password,
          registrationCodes: [
            { code: 'BETA-R1-2024', group: 'Beta_Customer_R1' },
            { code: 'BETA-R2-2024', group: 'Beta_Customer_R2' },
            { code: 'BETA-R3-2024', group: 'Beta_Customer_R3' },
          ],
        },
      });
      expect(JSON.parse(fs.readFileSync(runtime.endpointsFile!, 'utf8'))).toEqual(endpoints);
      const config = await (await fetch(`${endpoints.webUrl}/config.json`)).json();
      expect(config).toMatchObject({
        userPoolId: 'us-east-2_LocalPool1',
        userPoolClientId: 'talentpilotlocalwebclient1',
        cognitoEndpoint: endpoints.cognitoEndpoint,
      });
      expect(config).not.toHaveProperty('identityPoolId');
      expect(fs.existsSync(path.join(sharedDataDir.path, 'cognito', 'db', 'us-east-2_LocalPool1.json'))).toBe(true);
    }, 60_000);

    it('seeds an admin who can sign in and is in Admins, and one registration code per beta group', async () => {
      const runtime = shared;

      const { AuthenticationResult } = await signInAdmin(runtime);
      const claims = claimsOf(AuthenticationResult!.IdToken!);

      expect(claims).toMatchObject({ email: ADMIN.email, 'cognito:groups': ['Admins'], email_verified: true });
      expect(await item(runtime, 'users', { id: String(claims.sub) })).toEqual({
        id: claims.sub,
        email: ADMIN.email,
        firstName: 'Avery',
        lastName: 'Admin',
        companyName: 'TalentPilot',
        status: 'ACTIVE',
        subscriptionId: 'SubscriptionTBD',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      for (const [code, group] of [
        ['BETA-R1-2024', 'Beta_Customer_R1'],
        ['BETA-R2-2024', 'Beta_Customer_R2'],
        ['BETA-R3-2024', 'Beta_Customer_R3'],
      ]) {
        expect(await item(runtime, 'registrationCodes', { code })).toEqual({
          code,
          group,
          uses: 0,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        });
      }
    }, 60_000);
  });

  // One start, one restart and one --reset serve every question about what a restart keeps and
  // a reset empties: the seed, the outbox, the demo recruiter's sample jobs and the ATS key. Each
  // start with the identity service costs over a CPU-second, so the starts gather what the tests
  // below check.
  describe('across a restart and a --reset', () => {
    interface Phase {
      readonly adminSub: string;
      readonly adminClaims: Record<string, unknown>;
      readonly adminRecord: Record<string, unknown> | undefined;
      readonly code: Record<string, unknown> | undefined;
      readonly outbox: OutboxMessage[];
      readonly demo: Awaited<ReturnType<typeof demoJobs>>;
      /** The local key that seals ATS credentials, as the data folder holds it. */
      readonly atsKey: Buffer;
    }
    let first: Phase & { readonly seedEndpoint: unknown; readonly outboxPage: { contentType: string | null; html: string } };
    let second: Phase;
    let reset: Phase & { readonly earlierAdmin: unknown };
    const folder = temporaryFolder('runtime-identity-restarts');

    /** What a started runtime holds: the seeded admin, a code, the outbox, the demo recruiter's jobs and the ATS key. */
    async function phase(runtime: LocalRuntime): Promise<Phase> {
      const adminClaims = claimsOf((await signInAdmin(runtime)).AuthenticationResult!.IdToken!);
      const adminSub = String(adminClaims.sub);
      return {
        adminSub,
        adminClaims,
        adminRecord: await item(runtime, 'users', { id: adminSub }),
        code: await item(runtime, 'registrationCodes', { code: 'BETA-R2-2024' }),
        outbox: await outboxJson(runtime),
        demo: await demoJobs(runtime),
        atsKey: fs.readFileSync(path.join(folder.path, 'ats-credentials.key')),
      };
    }

    beforeAll(async () => {
      // The assistant's job list is the one route served: the demo recruiter's sample jobs are read through it.
      const options = { dataDir: folder.path, routes: LIST_JOBS };
      const started = await start(options);
      const client = cognitoClient(String(started.endpoints.cognitoEndpoint));
      await client.send(new ForgotPasswordCommand({ ClientId: String(started.endpoints.userPoolClientId), Username: ADMIN.email }));
      client.destroy();
      const page = await fetch(`${started.endpoints.webUrl}/_local/outbox`);
      first = {
        ...(await phase(started)),
        seedEndpoint: started.endpoints.seed,
        outboxPage: { contentType: page.headers.get('content-type'), html: await page.text() },
      };
      await stopAll();

      second = await phase(await start(options));
      await stopAll();

      const afterReset = await start({ ...options, reset: true });
      const client2 = cognitoClient(String(afterReset.endpoints.cognitoEndpoint));
      const earlierAdmin = await failure(
        client2.send(new AdminGetUserCommand({ UserPoolId: String(afterReset.endpoints.userPoolId), Username: first.adminSub })),
      );
      client2.destroy();
      reset = { ...(await phase(afterReset)), earlierAdmin };
      await stopAll();
    }, 180_000);
    afterAll(() => folder.remove());

    it('seeds idempotently: a restart keeps the same admin, record and codes', () => {
      expect(second.adminClaims).toMatchObject({ sub: first.adminSub, 'cognito:groups': ['Admins'] });
      expect(first.adminRecord).toBeDefined();
      expect(second.adminRecord).toEqual(first.adminRecord);
      expect(first.code).toBeDefined();
      expect(second.code).toEqual(first.code);
    });

    it('lists the messages on /_local/outbox and /_local/outbox.json, keeps them across a restart, and --reset empties them with the pool', () => {
      const [message] = first.outbox;
      expect(message).toMatchObject({
        to: ADMIN.email,
        kind: 'password-reset',
        subject: 'Reset your password',
        code: expect.stringMatching(/^\d{6}$/),
      });
      expect(first.outboxPage.contentType).toBe('text/html; charset=utf-8');
      expect(first.outboxPage.html).toContain(`to ${ADMIN.email}`);
      expect(first.outboxPage.html).toContain(message.code);
      expect(first.outboxPage.html).toContain('http-equiv="refresh"');

      expect(second.outbox).toEqual([message]);

      expect(reset.outbox).toEqual([]);
      expect(reset.adminSub).not.toBe(second.adminSub);
      expect(reset.earlierAdmin).toMatchObject({ name: 'UserNotFoundException' });
    });

    // Moved from test/local/assistant/demo-runtime.test.ts, which started the runtime three times for it.
    it('gives the demo recruiter of npm start the printed password and the sample jobs with their must-haves; a restart keeps them and --reset seeds them again', () => {
      expect(first.seedEndpoint).toMatchObject({ demoEmail: 'demo@talentpilot.local', demoPassword: 'LocalDemo#2024' });
      expect(first.demo.status).toBe(200);
      expect(first.demo.jobs.map((job) => job.id).sort()).toEqual(SAMPLE_JOBS.map((job) => job.id).sort());
      expect(first.demo.jobs.every((job) => job.mustHaves.length > 0)).toBe(true);

      expect(second.demo).toEqual(first.demo);

      expect(reset.demo.sub).not.toBe(first.demo.sub);
      expect(reset.demo.jobs.map((job) => job.id).sort()).toEqual(SAMPLE_JOBS.map((job) => job.id).sort());
    });

    // Moved from test/local/ats/runtime-ats.test.ts, which started the runtime again for it.
    it('keeps the local ATS credential key across a restart, and --reset starts with a new one', () => {
      expect(first.atsKey.length).toBeGreaterThan(0);
      expect(second.atsKey).toEqual(first.atsKey);
      expect(reset.atsKey).not.toEqual(first.atsKey);
    });
  });

  it('starts without identity when asked: every token is refused', async () => {
    const runtime = await start({ identity: false });

    expect(runtime.endpoints).not.toHaveProperty('cognitoEndpoint');
    expect(fs.existsSync(path.join(dataDir.path, 'cognito'))).toBe(false);
  }, 60_000);

  it('explains a busy Cognito port in one line', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busyPort = (blocker.address() as net.AddressInfo).port;
    try {
      const attempt = start({ ports: { ...FREE_PORTS, cognito: busyPort } });

      await expect(attempt).rejects.toThrow(LocalRuntimeError);
      await expect(attempt).rejects.toThrow(
        `Port ${busyPort} is already in use (Cognito (cognito-local)). Stop the other process or set LOCAL_COGNITO_PORT.`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);
});
