import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminUpdateUserAttributesCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Context } from 'cognito-local/lib/services/context';
import { LOCAL_USER_POOL_ID, startCognitoLocal } from '../../../local/identity/cognito-local';
import { DurableJsonStoreFactory } from '../../../local/identity/durable-json-store';
import { temporaryFolder } from '../support/local-services';
import { cognitoClient, uniqueEmail } from './support';

/**
 * The local identity store keeps every acknowledged change through concurrent writes and a kill
 * at any moment (issue 16): cognito-local's own store left invalid JSON after overlapping writes,
 * and the next start lost every local account.
 */

const ctx = { logger: { debug: () => undefined } } as unknown as Context;
const folders: ReturnType<typeof temporaryFolder>[] = [];
const folder = () => {
  const created = temporaryFolder('durable-store');
  folders.push(created);
  return created.path;
};
afterAll(() => folders.forEach((created) => created.remove()));

describe('DurableJsonStoreFactory', () => {
  it('keeps every one of many concurrent changes, and the file is whole JSON after each', async () => {
    const dir = folder();
    const store = await new DurableJsonStoreFactory(dir).create(ctx, 'pool', { Users: {} });
    const file = path.join(dir, 'pool.json');
    const seen: unknown[] = [];
    const watcher = setInterval(() => seen.push(JSON.parse(fs.readFileSync(file, 'utf8'))), 1);

    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        index % 3 === 2
          ? store.delete(ctx, ['Users', `user-${index - 1}`])
          : store.set(ctx, ['Users', `user-${index}`], { Username: `user-${index}`, note: 'x'.repeat((60 - index) * 50) }),
      ),
    );
    clearInterval(watcher);

    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as { Users: Record<string, unknown> };
    const expected = Array.from({ length: 60 }, (_, index) => index).filter((index) => index % 3 === 0);
    expect(Object.keys(onDisk.Users).sort()).toEqual(expected.map((index) => `user-${index}`).sort());
    expect(seen.length).toBeGreaterThan(0);
  });

  it('writes dates in fields named …Date as ISO strings and reads them back as dates', async () => {
    const dir = folder();
    const created = new Date('2026-11-26T10:00:00.000Z');
    const first = await new DurableJsonStoreFactory(dir).create(ctx, 'pool', {});
    await first.set(ctx, ['Users', 'a'], { UserCreateDate: created });
    expect(fs.readFileSync(path.join(dir, 'pool.json'), 'utf8')).toContain('"UserCreateDate": "2026-11-26T10:00:00.000Z"');

    const reopened = await new DurableJsonStoreFactory(dir).create(ctx, 'pool', {});
    expect(await reopened.get(ctx, ['Users', 'a'])).toEqual({ UserCreateDate: created });
  });

  it('sets an unreadable file aside, uses the copy from the last start, and says so', async () => {
    const dir = folder();
    const first = await new DurableJsonStoreFactory(dir).create(ctx, 'pool', {});
    await first.set(ctx, ['Users', 'kept'], { Username: 'kept' });
    // The next start reads the file and keeps it as the last good copy.
    await new DurableJsonStoreFactory(dir).create(ctx, 'pool', {});
    fs.writeFileSync(path.join(dir, 'pool.json'), '{"Users": {"kept": {"Username": "kept"}}}\n  "Username": "tail"}}');
    const messages: string[] = [];

    const recovered = await new DurableJsonStoreFactory(dir, { onRecovered: (message) => messages.push(message) }).create(ctx, 'pool', {});

    expect(await recovered.get(ctx, ['Users', 'kept'])).toEqual({ Username: 'kept' });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /could not be read .* set aside as .*pool\.json\.corrupt-.* the copy from the last start .* Start with --reset/,
    );
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('pool.json.corrupt-'))).toHaveLength(1);
  });

  it('starts empty with a message when neither the file nor an earlier copy can be read', async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'pool.json'), '{"Users": {');
    const messages: string[] = [];

    const store = await new DurableJsonStoreFactory(dir, { onRecovered: (message) => messages.push(message) }).create(ctx, 'pool', {
      Users: {},
    });

    expect(await store.getRoot(ctx)).toEqual({ Users: {} });
    expect(messages[0]).toMatch(/no readable earlier copy, so it starts empty/);
  });
});

/** Who is in the pool, by email. */
async function emailsIn(client: CognitoIdentityProviderClient): Promise<Set<string>> {
  const emails = new Set<string>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListUsersCommand({ UserPoolId: LOCAL_USER_POOL_ID, PaginationToken: token }));
    for (const user of page.Users ?? []) {
      const email = user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value;
      if (email) emails.add(email);
    }
    token = page.PaginationToken;
  } while (token);
  return emails;
}

const createUser = (client: CognitoIdentityProviderClient, email: string) =>
  client.send(
    new AdminCreateUserCommand({
      UserPoolId: LOCAL_USER_POOL_ID,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );

describe('cognito-local on the durable store', () => {
  it('keeps every acknowledged account through 40 concurrent creates, updates and deletes, and after a restart', async () => {
    const dataDir = folder();
    const first = await startCognitoLocal({ dataDir });
    const client = cognitoClient(first.endpoint);
    const emails = Array.from({ length: 20 }, () => uniqueEmail('burst'));
    await Promise.all(emails.slice(10).map((email) => createUser(client, email)));

    await Promise.all([
      ...emails.slice(0, 10).map((email) => createUser(client, email)),
      ...emails.slice(10, 20).map((email, index) =>
        index % 2 === 0
          ? client.send(new AdminDeleteUserCommand({ UserPoolId: LOCAL_USER_POOL_ID, Username: email }))
          : client.send(
              new AdminUpdateUserAttributesCommand({
                UserPoolId: LOCAL_USER_POOL_ID,
                Username: email,
                UserAttributes: [{ Name: 'given_name', Value: `Burst ${index}` }],
              }),
            ),
      ),
      // Twenty more writes to the same file: confirmations of the addresses created before.
      ...emails.slice(10, 20).map(
        (email) =>
          client
            .send(
              new AdminUpdateUserAttributesCommand({
                UserPoolId: LOCAL_USER_POOL_ID,
                Username: email,
                UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
              }),
            )
            .catch(() => undefined), // a deleted user's update may lose the race: that is Cognito's answer too
      ),
    ]);
    const expected = [...emails.slice(0, 10), ...emails.slice(10).filter((_, index) => index % 2 === 1)];
    expect([...(await emailsIn(client))].filter((email) => emails.includes(email)).sort()).toEqual(expected.sort());
    client.destroy();
    await first.stop();

    const second = await startCognitoLocal({ dataDir });
    const reopened = cognitoClient(second.endpoint);
    try {
      expect([...(await emailsIn(reopened))].filter((email) => emails.includes(email)).sort()).toEqual(expected.sort());
    } finally {
      reopened.destroy();
      await second.stop();
    }
  }, 120_000);

  it('keeps every acknowledged account when its process is killed in the middle of a burst', async () => {
    const dataDir = folder();
    const buildDir = folder();
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/local/fixtures/identity/run-cognito-local.ts', dataDir, buildDir], {
      cwd: path.resolve(__dirname, '..', '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const endpoint = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { endpoint: string }).endpoint);
      });
      child.on('exit', (code) => reject(new Error(`cognito-local exited (${code}) before it was ready`)));
    });
    const client = cognitoClient(endpoint);
    const acknowledged: string[] = [];
    let killed = false;

    await Promise.all(
      Array.from({ length: 60 }, async () => {
        const email = uniqueEmail('killed');
        try {
          await createUser(client, email);
          acknowledged.push(email);
          if (acknowledged.length === 15 && !killed) {
            killed = true;
            child.kill('SIGKILL');
          }
        } catch {
          // Refused or cut off by the kill: never acknowledged, so it may or may not be there.
        }
      }),
    );
    client.destroy();
    if (!killed) child.kill('SIGKILL');
    await exited;

    const restarted = await startCognitoLocal({ dataDir, buildDir });
    const reopened = cognitoClient(restarted.endpoint);
    try {
      const present = await emailsIn(reopened);
      expect(acknowledged.length).toBeGreaterThanOrEqual(15);
      expect(acknowledged.filter((email) => !present.has(email))).toEqual([]);
      const poolFile = path.join(dataDir, 'db', `${LOCAL_USER_POOL_ID}.json`);
      expect(() => JSON.parse(fs.readFileSync(poolFile, 'utf8'))).not.toThrow();
    } finally {
      reopened.destroy();
      await restarted.stop();
    }
  }, 120_000);
});
