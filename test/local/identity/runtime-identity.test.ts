import { AdminGetUserCommand, ForgotPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { LocalRuntimeError } from '../../../local/errors';
import type { OutboxMessage } from '../../../local/identity/outbox';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '../../../local/runtime';
import { temporaryFolder } from '../support/local-services';
import { fixtureWebDist } from '../support/web-dist';
import { claimsOf, cognitoClient, failure } from './support';

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
    dataDir: dataDir.path,
    ports: FREE_PORTS,
    webDistDir: dist.path,
    webBuild: 'never',
    routes: [],
    ...options,
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

beforeEach(() => {
  dataDir = temporaryFolder('runtime-identity');
});

afterEach(async () => {
  await stopAll();
  dataDir.remove();
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

  // One restart and one reset for both what the seed keeps and what the outbox keeps: each start
  // of the runtime with its identity service costs over a CPU-second.
  it('keeps the seed (same admin, record and codes) and the outbox (on /_local/outbox and /_local/outbox.json) across a restart; --reset empties the outbox with the pool', async () => {
    const first = await start();
    const sub = String(claimsOf((await signInAdmin(first)).AuthenticationResult!.IdToken!).sub);
    const record = await item(first, 'users', { id: sub });
    const code = await item(first, 'registrationCodes', { code: 'BETA-R2-2024' });
    const client = cognitoClient(String(first.endpoints.cognitoEndpoint));
    await client.send(new ForgotPasswordCommand({ ClientId: String(first.endpoints.userPoolClientId), Username: ADMIN.email }));
    client.destroy();

    const [message] = await outboxJson(first);
    expect(message).toMatchObject({
      to: ADMIN.email,
      kind: 'password-reset',
      subject: 'Reset your password',
      code: expect.stringMatching(/^\d{6}$/),
    });
    const page = await fetch(`${first.endpoints.webUrl}/_local/outbox`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain(`to ${ADMIN.email}`);
    expect(html).toContain(message.code);
    expect(html).toContain('http-equiv="refresh"');
    await stopAll();

    const second = await start();
    expect(claimsOf((await signInAdmin(second)).AuthenticationResult!.IdToken!)).toMatchObject({ sub, 'cognito:groups': ['Admins'] });
    expect(await item(second, 'users', { id: sub })).toEqual(record);
    expect(await item(second, 'registrationCodes', { code: 'BETA-R2-2024' })).toEqual(code);
    expect(await outboxJson(second)).toEqual([message]);
    await stopAll();

    const reset = await start({ reset: true });
    expect(await outboxJson(reset)).toEqual([]);
    const resetSub = String(claimsOf((await signInAdmin(reset)).AuthenticationResult!.IdToken!).sub);
    expect(resetSub).not.toBe(sub);
    const client2 = cognitoClient(String(reset.endpoints.cognitoEndpoint));
    expect(
      await failure(client2.send(new AdminGetUserCommand({ UserPoolId: String(reset.endpoints.userPoolId), Username: sub }))),
    ).toMatchObject({ name: 'UserNotFoundException' });
    client2.destroy();
  }, 90_000);

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
