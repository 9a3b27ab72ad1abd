import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { runAdminCli } from '../../bin/admin';
import { startIdentityServices, type IdentityServices } from '../lambdas/support/identity-services';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

let services: IdentityServices;
let folder: string;
let endpointsFile: string;

beforeAll(async () => {
  services = await startIdentityServices();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  endpointsFile = path.join(folder, 'endpoints.json');
  // What `npm start` writes (local/runtime.ts plus the identity service's entries).
  fs.writeFileSync(
    endpointsFile,
    JSON.stringify({
      region: 'us-east-2',
      dynamodbEndpoint: services.dynamodbEndpoint,
      tables: services.tableNames,
      cognitoEndpoint: services.cognito.endpoint,
      userPoolId: services.cognito.userPoolId,
      userPoolClientId: services.cognito.userPoolClientId,
    }),
  );
});
afterAll(async () => {
  await services.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string; json: Record<string, unknown> }> {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    // not JSON (help text, or nothing)
  }
  return { code, stdout, stderr, json };
}

const local = () => ['--endpoints', endpointsFile];

describe('npm run admin (the operator CLI) against the local runtime', () => {
  it('invites, looks up and removes a user, printing JSON', async () => {
    const invite = await cli(
      'invite',
      '--email',
      'Op.Test@Example.com',
      '--first-name',
      'Opal',
      '--last-name',
      'Test',
      '--company',
      'Ops Inc',
      '--phone',
      '+1 555 010 0177',
      '--group',
      'Beta_Customer_R1',
      ...local(),
    );
    expect(invite).toMatchObject({ code: 0, stderr: '' });
    const username = (invite.json.cognito as { username: string }).username;
    expect(invite.json.user).toMatchObject({
      id: username,
      email: 'op.test@example.com',
      phoneNumber: '+15550100177',
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
    });

    const get = await cli('get', '--username', 'op.test@example.com', ...local());
    expect(get).toMatchObject({ code: 0, json: { cognito: { username, groups: ['Beta_Customer_R1'] }, user: { id: username } } });

    const remove = await cli('remove', '--username', username, ...local());
    expect(remove).toMatchObject({ code: 0, json: { username, removed: true } });
    expect((await services.users.getById(username))?.status).toBe('REMOVED');
  });

  it('adds a registration code (upper-cased, with its limit and expiry) and never overwrites one', async () => {
    const answer = await cli(
      'add-code',
      '--code',
      ' spring-r2 ',
      '--group',
      'Beta_Customer_R2',
      '--max-uses',
      '25',
      '--expires-at',
      '2030-01-01T00:00:00Z',
      ...local(),
    );
    expect(answer).toMatchObject({
      code: 0,
      json: { code: 'SPRING-R2', group: 'Beta_Customer_R2', maxUses: 25, expiresAt: '2030-01-01T00:00:00.000Z', uses: 0 },
    });
    expect(await services.codes.get('SPRING-R2')).toMatchObject({ group: 'Beta_Customer_R2', maxUses: 25 });
    expect(await cli('add-code', '--code', 'SPRING-R2', '--group', 'Beta_Customer_R1', ...local())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('exists already'),
    });
  });

  it('generates an unguessable code with the default limit (25) and expiry (30 days) when none is given', async () => {
    const before = Date.now();
    const answer = await cli('add-code', '--group', 'Beta_Customer_R3', ...local());
    expect(answer).toMatchObject({ code: 0, json: { group: 'Beta_Customer_R3', maxUses: 25, uses: 0 } });
    const code = answer.json.code as string;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const expiresAt = Date.parse(answer.json.expiresAt as string);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000 - 1000);
    expect(expiresAt - before).toBeLessThan(30 * 24 * 3600 * 1000 + 60_000);
    expect(await services.codes.get(code)).toMatchObject({ group: 'Beta_Customer_R3', maxUses: 25 });
  });

  it('refuses a code that would be born expired', async () => {
    expect(await cli('add-code', '--group', 'Beta_Customer_R1', '--expires-at', '2020-01-01T00:00:00Z', ...local())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The expiry must be in the future'),
    });
  });

  it('tells an operator how a code really stands: admits sign-ups, expired, used up or unknown', async () => {
    const added = await cli('add-code', '--group', 'Beta_Customer_R1', '--max-uses', '2', ...local());
    const code = added.json.code as string;
    expect(await cli('get-code', '--code', code.toLowerCase(), ...local())).toMatchObject({
      code: 0,
      json: {
        code,
        standing: 'admits_sign_ups',
        uses: 0,
        maxUses: 2,
        summary: expect.stringMatching(/^Admits sign-ups to Beta_Customer_R1 \(used 0 of 2; expires at /),
      },
    });

    await services.codes.countUse(code, 'user-1', new Date());
    await services.codes.countUse(code, 'user-2', new Date());
    expect(await cli('get-code', '--code', code, ...local())).toMatchObject({
      code: 0,
      json: { standing: 'used_up', summary: 'Used up: used 2 of 2; admits nobody.' },
    });

    await services.codes.putIfAbsent({
      code: 'OLD-R1',
      group: 'Beta_Customer_R1',
      expiresAt: '2025-01-01T00:00:00.000Z',
      uses: 0,
      createdAt: '2024-12-01T00:00:00.000Z',
      updatedAt: '2024-12-01T00:00:00.000Z',
    });
    expect(await cli('get-code', '--code', 'OLD-R1', ...local())).toMatchObject({
      json: { standing: 'expired', summary: expect.stringContaining('Expired at 2025-01-01T00:00:00.000Z') },
    });

    expect(await cli('get-code', '--code', 'NO-SUCH-CODE', ...local())).toMatchObject({
      code: 0,
      json: { code: 'NO-SUCH-CODE', standing: 'unknown', summary: 'There is no registration code NO-SUCH-CODE.' },
    });
  });

  it('expires a code now, the same rule as the admin console, and says so for an unknown one', async () => {
    const added = await cli('add-code', '--group', 'Beta_Customer_R2', ...local());
    const code = added.json.code as string;

    expect(await cli('expire-code', '--code', code, ...local())).toMatchObject({ code: 0, json: { code, standing: 'expired' } });
    expect(await cli('get-code', '--code', code, ...local())).toMatchObject({ json: { standing: 'expired' } });
    expect(await cli('expire-code', '--code', 'NO-SUCH-CODE', ...local())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('There is no registration code NO-SUCH-CODE.'),
    });
  });

  it('exits 1 with the reason when the operation fails', async () => {
    await cli(
      'invite',
      '--email',
      'dup@example.com',
      '--first-name',
      'D',
      '--last-name',
      'Up',
      '--company',
      'Dup',
      '--group',
      'Beta_Customer_R3',
      ...local(),
    );
    expect(
      await cli(
        'invite',
        '--email',
        'dup@example.com',
        '--first-name',
        'D',
        '--last-name',
        'Up',
        '--company',
        'Dup',
        '--group',
        'Beta_Customer_R3',
        ...local(),
      ),
    ).toMatchObject({
      code: 1,
      stderr: 'Error: A user with this email address already exists. (user_exists)\n',
    });
    expect(await cli('remove', '--username', 'ghost@example.com', ...local())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No user with this username or email.'),
    });
  });

  it('exits 1 and says how to start the local runtime when it is not running', async () => {
    expect(await cli('get', '--username', 'x@example.com', '--endpoints', path.join(folder, 'missing.json'))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Start it with `npm start`, or pass --stage.'),
    });
  });
});

describe('npm run admin: bad command lines exit 2 with a clear message', () => {
  it.each([
    [[], 'Missing command: invite, remove, get, add-code, get-code, expire-code or migrate-organizations.'],
    [['promote', '--username', 'x'], 'Unknown command "promote"'],
    [['get', '--usrname', 'x'], "Unknown option '--usrname'"],
    [['get', '--email', 'x@example.com'], 'get does not take --email.'],
    [['get'], '--username: Please give the username (or the email) of the user.'],
    [['get', '--username', 'x', 'extra'], 'Unexpected argument "extra"'],
    [
      ['invite', '--email', 'nope', '--first-name', 'A', '--last-name', 'B', '--company', 'C', '--group', 'Admins'],
      '--email: Please give a valid email address',
    ],
    [
      ['invite', '--email', 'a@b.co', '--first-name', 'A', '--last-name', 'B', '--company', 'C', '--group', 'Admins'],
      '--group: The group must be one of Beta_Customer_R1, Beta_Customer_R2, Beta_Customer_R3.',
    ],
    [
      [
        'invite',
        '--email',
        'a@b.co',
        '--first-name',
        '<A>',
        '--last-name',
        'B',
        '--company',
        'C',
        '--group',
        'Beta_Customer_R1',
        '--phone',
        '555 0100',
      ],
      '--first-name: First name may contain',
    ],
    [['add-code', '--code', 'X', '--group', 'Beta_Customer_R1'], '--code: A code has 3 to 64'],
    [
      ['add-code', '--code', 'GOOD-1', '--group', 'Beta_Customer_R1', '--max-uses', 'many'],
      '--max-uses: The use limit must be a whole number.',
    ],
    [['add-code', '--group', 'Beta_Customer_R1', '--max-uses', '100000'], '--max-uses: The use limit is at most 5000'],
    [['get-code'], '--code: Please give the code.'],
    [['get-code', '--code', 'A B'], '--code: A code has 3 to 64'],
    [['get', '--username', 'x', '--stage', 'qa'], '--stage must be one of dev, stage, prod.'],
    [
      ['get', '--username', 'x', '--user-pool-id', 'us-east-2_abc'],
      '--user-pool-id, --users-table, --registration-codes-table, --subscriptions-table, --organizations-table go with --stage.',
    ],
  ])('%j', async (argv, message) => {
    const answer = await cli(...argv);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain(message);
    expect(answer.stderr).toContain('Usage: npm run admin -- <command> [flags]');
    expect(answer.stdout).toBe('');
  });

  it('prints its usage with --help and exits 0', async () => {
    expect(await cli('--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('invite    --email <email>') });
  });
});

describe('npm run admin --stage (a deployed stage)', () => {
  it('refuses an unknown stage before calling AWS', async () => {
    expect(await cli('get', '--username', 'x', '--stage', 'qa')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--stage must be one of dev, stage, prod.'),
    });
  });
});

describe('bin/admin.ts as a process', () => {
  it('exits 2 on bad flags and 0 on --help', async () => {
    const run = promisify(execFile);
    const failure = await run(process.execPath, ['--import', 'tsx', 'bin/admin.ts', 'get', '--nope'], { cwd: REPO_ROOT }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--nope'") });
    const help = await run(process.execPath, ['--import', 'tsx', 'bin/admin.ts', '--help'], { cwd: REPO_ROOT });
    expect(help.stdout).toContain('Usage: npm run admin');
  }, 30_000);
});
