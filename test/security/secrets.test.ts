import { spawnSync } from 'node:child_process';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { signRecurlyPayload } from '../../lambdas/shared/webhooks/recurly-signature';
import { SEED_ADMIN, SEED_DEMO_RECRUITER } from '../../local/identity/seed';
import type { OutboxMessage } from '../../local/identity/outbox';
import { REPO_ROOT } from '../../local/paths';
import { LOCAL_WEBHOOK_SECRET } from '../../local/runtime';
import { temporaryFolder, type HttpAnswer } from '../local/support/local-services';
import { findSecrets, SECRET_PATTERNS } from './support/authz-secret-scan';
import { startSecurityRuntime, type SecurityRuntime, type SignedInUser } from './support/authz-runtime';

/**
 * No secret leaves the product: not in the built web app, not in any API answer.
 *
 * Public by design, and therefore not secrets: the AppSync API key (`graphqlApiKey`, it reaches
 * only the public contact form) and the Recurly public key (`recurlyPublicKey`, Recurly.js needs
 * it in the browser). Both reach the browser in `config.json`, which each stage publishes next to
 * the build; the build itself contains neither.
 */

/** Values that are secret in this repository, whatever their shape. */
const KNOWN_SECRETS = {
  'local admin password': SEED_ADMIN.password,
  'local demo recruiter password': SEED_DEMO_RECRUITER.password,
  'local Recurly webhook secret': LOCAL_WEBHOOK_SECRET,
};

describe('the built web app', () => {
  const outDir = temporaryFolder('secrets-web-build');
  let files: string[] = [];

  beforeAll(() => {
    // As `npm run build:web`, into a folder of its own (web/dist belongs to npm start and the browser tests).
    const build = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        'web/vite.config.ts',
        '--outDir',
        outDir.path,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
    );
    if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}`);
    files = fs
      .readdirSync(outDir.path, { recursive: true, encoding: 'utf8' })
      .filter((file) => fs.statSync(path.join(outDir.path, file)).isFile());
  }, 120_000);

  afterAll(() => outDir.remove());

  it('emits the page and its scripts (so the scan below reads something)', () => {
    expect(files).toContain('index.html');
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(5);
  });

  it.each(SECRET_PATTERNS.map((pattern) => pattern.kind))('contains no %s in any emitted file', (kind) => {
    const findings = files.flatMap((file) =>
      findSecrets(fs.readFileSync(path.join(outDir.path, file), 'utf8'), {}, [kind]).map((finding) => ({ file, ...finding })),
    );

    expect(findings).toEqual([]);
  });

  it('contains none of the values that are secret here (the local admin and demo passwords, the webhook secret)', () => {
    const findings = files.flatMap((file) =>
      findSecrets(fs.readFileSync(path.join(outDir.path, file), 'utf8'), KNOWN_SECRETS, []).map((finding) => ({ file, ...finding })),
    );

    expect(findings).toEqual([]);
  });

  it('ships no config.json: the public AppSync and Recurly keys arrive at run time, per stage', () => {
    expect(files).not.toContain('config.json');
    const everything = files.map((file) => fs.readFileSync(path.join(outDir.path, file), 'utf8')).join('\n');
    expect(everything).not.toMatch(/da2-[a-z0-9]{26}/);
    expect(everything).not.toMatch(/ewr1-[A-Za-z0-9]{10,}/);
  });

  it('would see each kind of secret (the scanner is not blind)', () => {
    const planted = [
      'const k = "AKIAIOSFODNN7EXAMPLE";',
      '-----BEGIN RSA PRIVATE KEY-----',
      'recurly("3f9a1c0b7e2d4c6a8b1e0f9d2c3b4a51")',
      'const config = { apiKey: "sk_live_abcdefgh12345678" };',
      'x = "Zm9vYmFyMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A0NTY3"',
      `const p = "${SEED_ADMIN.password}";`,
    ].join('\n');

    const kinds = findSecrets(planted, KNOWN_SECRETS).map((finding) => finding.kind);

    expect(new Set(kinds)).toEqual(
      new Set([...SECRET_PATTERNS.map((pattern) => pattern.kind).filter((kind) => !kind.startsWith('AWS secret')), 'local admin password']),
    );
  });
});

describe('every API answer', () => {
  /** ATS keys stored through the API; answers may carry only their masks. */
  const PLANTED = {
    'ATS key 1 (createUser)': 'bullhorn-planted-key-1-5d7e9f0a1b',
    'ATS key 2 (createUser)': 'bullhorn-planted-key-2-6e8f0a1b2c',
    'ATS key 1 (updateUser)': 'greenhouse-planted-key-1-7f9a1b2c3d',
    'ATS key 2 (updateUser)': 'greenhouse-planted-key-2-8a0b2c3d4e',
  };
  let api: SecurityRuntime;
  let owner: SignedInUser;
  let created: { id: string; email: string };
  /** Secrets the answers must not hold: the planted keys, known secrets, the invitee's temporary password. */
  let secrets: Record<string, string>;

  const USER_FIELDS = 'id email apikey1 apikey2 atsname';

  function expectNoSecrets(answer: HttpAnswer<unknown>) {
    const text = `${JSON.stringify([...answer.headers])}\n${typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)}`;
    expect(findSecrets(text, secrets, ['AWS access key id', 'private key', 'secret assignment'])).toEqual([]);
  }

  beforeAll(async () => {
    api = await startSecurityRuntime();
    owner = await api.inviteAndSignIn('secrets-owner');
    secrets = { ...PLANTED, ...KNOWN_SECRETS };
    const email = `secrets-created.${Date.now()}@example.com`;
    const answer = await api.graphql<{ data: { createUser: { id: string } } }>(
      `mutation M($input: CreateUserInput!) { createUser(input: $input) { ${USER_FIELDS} } }`,
      { input: { email, firstName: 'Cory', lastName: 'Created', companyName: 'Created Staffing' } },
      api.admin,
    );
    expectNoSecrets(answer);
    created = { id: answer.body.data.createUser.id, email };
    // The user API no longer takes ATS keys (POST /ats/connection seals them): planted in the records directly.
    await plantKeys(created.id, 'Bullhorn', PLANTED['ATS key 1 (createUser)'], PLANTED['ATS key 2 (createUser)']);
  }, 120_000);

  async function plantKeys(id: string, atsname: string, apikey1: string, apikey2: string) {
    await api.runtime.dynamodb.send(
      new UpdateItemCommand({
        TableName: api.runtime.endpoints.tables.users,
        Key: { id: { S: id } },
        UpdateExpression: 'SET atsname = :atsname, apikey1 = :apikey1, apikey2 = :apikey2',
        ExpressionAttributeValues: { ':atsname': { S: atsname }, ':apikey1': { S: apikey1 }, ':apikey2': { S: apikey2 } },
      }),
    );
  }

  afterAll(() => api?.stop());

  it('stores the planted keys as given (so a leak would show below)', async () => {
    const users = (await api.snapshot(['users'])).users as Record<string, unknown>[];

    expect(users.find((user) => user.id === created.id)).toMatchObject({
      apikey1: PLANTED['ATS key 1 (createUser)'],
      apikey2: PLANTED['ATS key 2 (createUser)'],
    });
  });

  it('masks the keys in updateUser’s own answers, and its refusal of ATS keys does not echo them', async () => {
    const mutation = `mutation M($input: UpdateUserInput!) { updateUser(input: $input) { ${USER_FIELDS} } }`;
    const refused = await api.graphql<{ errors: { errorType: string }[] }>(
      mutation,
      {
        input: {
          id: owner.sub,
          atsname: 'Greenhouse',
          apikey1: PLANTED['ATS key 1 (updateUser)'],
          apikey2: PLANTED['ATS key 2 (updateUser)'],
        },
      },
      owner,
    );
    await plantKeys(owner.sub, 'Greenhouse', PLANTED['ATS key 1 (updateUser)'], PLANTED['ATS key 2 (updateUser)']);
    const updated = await api.graphql<{ data: { updateUser: Record<string, unknown> } }>(
      mutation,
      { input: { id: owner.sub, firstName: 'Sam' } },
      owner,
    );

    expectNoSecrets(refused);
    expect(refused.body.errors[0].errorType).toBe('ValidationError');
    expectNoSecrets(updated);
    expect(updated.body.data.updateUser).toMatchObject({ apikey1: '••••2c3d', apikey2: '••••3d4e' });
  });

  it('holds no key in getUserByEmail and listUsers, for the owner and for an admin', async () => {
    const byEmail = `query Q($email: String!) { getUserByEmail(email: $email) { items { ${USER_FIELDS} } } }`;
    const list = `query Q($filter: ModelUserFilterInput) { listUsers(filter: $filter) { items { ${USER_FIELDS} } nextToken } }`;
    const answers = [
      await api.graphql(byEmail, { email: owner.email }, owner),
      await api.graphql(byEmail, { email: owner.email }, api.admin),
      await api.graphql(byEmail, { email: created.email }, api.admin),
      await api.graphql(list, {}, owner),
      await api.graphql(list, {}, api.admin),
    ];

    for (const answer of answers) expectNoSecrets(answer);
    const everyone = (answers[4].body as { data: { listUsers: { items: Record<string, unknown>[] } } }).data.listUsers.items;
    expect(everyone.find((user) => user.id === created.id)).toMatchObject({ apikey1: '••••0a1b', apikey2: '••••1b2c' });
  });

  it('refuses a filter that would probe a key one guess at a time', async () => {
    const answer = await api.graphql<{ errors: { errorType: string }[] }>(
      'query Q($email: String!, $filter: ModelUserFilterInput) { getUserByEmail(email: $email, filter: $filter) { items { id } } }',
      { email: created.email, filter: { apikey1: { beginsWith: 'bullhorn-planted' } } },
      api.admin,
    );

    expect(answer.body.errors[0].errorType).toBe('ValidationError');
  });

  it('holds no key in the admin REST answers, and the invitation’s temporary password only in the email', async () => {
    const inviteEmail = `secrets-invitee.${Date.now()}@example.com`;
    const invite = await api.rest(
      {
        method: 'POST',
        path: '/admin/user/create',
        body: { email: inviteEmail, firstName: 'Ivy', lastName: 'Invitee', companyName: 'Invitee Staffing', group: 'Beta_Customer_R3' },
      },
      api.admin,
    );
    const outbox = (await (await fetch(`${api.runtime.endpoints.webUrl}/_local/outbox.json`)).json()) as OutboxMessage[];
    const temporaryPassword = outbox.find((message) => message.to === inviteEmail)?.temporaryPassword;
    expect(temporaryPassword).toEqual(expect.any(String));
    secrets['temporary password'] = temporaryPassword!;

    const answers = [
      invite,
      await api.rest({ method: 'POST', path: '/admin/user', body: { username: inviteEmail } }, api.admin),
      await api.rest({ method: 'POST', path: '/admin/user', body: { username: owner.email } }, api.admin),
      await api.rest({ method: 'POST', path: '/admin/user', body: { username: created.email } }, api.admin),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 200, 404]);
    for (const answer of answers) expectNoSecrets(answer);
    expect((answers[2].body as { user: Record<string, unknown> }).user).toMatchObject({ apikey1: '••••2c3d', apikey2: '••••3d4e' });
  });

  it('holds no secret in the subscription answers, the plans or the webhook’s refusals', async () => {
    const lookup = `code-talentpilot-${owner.sub}`;
    const body = JSON.stringify({
      id: 'secrets-notification',
      object_type: 'account',
      event_type: 'created',
      account_code: 'talentpilot-x',
    });
    const timestamp = Date.now();
    const answers = [
      await api.rest({ method: 'GET', path: `/user/subscriptions/${lookup}` }, owner),
      await api.rest({ method: 'GET', path: `/user/subscriptions/${lookup}` }, api.admin),
      await api.rest({ method: 'GET', path: '/subscription/plans' }, 'anonymous'),
      await api.rest({ method: 'POST', path: '/subscription/create-change', body: { planCode: 'nope', currency: 'USD' } }, owner),
      await api.rest({ method: 'POST', path: '/subscription/webhook', body }, 'anonymous'),
      await api.rest(
        { method: 'POST', path: '/subscription/webhook', body, headers: { 'recurly-signature': `${timestamp},${'0'.repeat(64)}` } },
        'anonymous',
      ),
      await api.rest(
        {
          method: 'POST',
          path: '/subscription/webhook',
          body,
          headers: { 'recurly-signature': `${timestamp},${signRecurlyPayload(LOCAL_WEBHOOK_SECRET, timestamp, body)}` },
        },
        'anonymous',
      ),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 401, 401, 204]);
    for (const answer of answers) expectNoSecrets(answer);
  });
});
