import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runAdminCli } from '../../bin/admin';
import { createOrganizationsRepository } from '../../lambdas/shared/organizations/organizations-repository';
import { newUserRecord } from '../../lambdas/shared/users/new-user-record';
import { createUsersRepository } from '../../lambdas/shared/users/users-repository';
import { countItems } from '../local/support/local-services';
import { startTables } from '../lambdas/shared/subscriptions/support';

let tables: Awaited<ReturnType<typeof startTables>>;
let folder: string;
let endpointsFile: string;

beforeAll(async () => {
  tables = await startTables();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-migrate-'));
  endpointsFile = path.join(folder, 'endpoints.json');
  // What `npm start` writes without its identity service: the migration needs only the tables.
  fs.writeFileSync(
    endpointsFile,
    JSON.stringify({ region: 'us-east-2', dynamodbEndpoint: tables.dynamodb.endpoint, tables: tables.tableNames }),
  );
  const users = createUsersRepository({ client: tables.client, tableName: tables.tableNames.users });
  for (const [id, companyName] of [
    ['u-1', 'First Firm'],
    ['u-2', 'Second Firm'],
  ]) {
    await users.putIfAbsent(
      newUserRecord({
        id,
        email: `${id}@example.com`,
        details: { firstName: 'A', lastName: 'B', companyName },
        now: new Date('2026-01-01T00:00:00Z'),
      }),
    );
  }
});
afterAll(async () => {
  await tables.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr, json: stdout.startsWith('{') ? (JSON.parse(stdout) as Record<string, unknown>) : undefined };
}

describe('npm run admin -- migrate-organizations', () => {
  it('lists what it would create with --dry-run and writes nothing', async () => {
    const answer = await cli('migrate-organizations', '--dry-run', '--endpoints', endpointsFile);
    expect(answer).toMatchObject({ code: 0, stderr: '' });
    expect(answer.json).toMatchObject({
      dryRun: true,
      usersRead: 2,
      created: [
        { userId: 'u-1', organizationId: 'u-1', name: 'First Firm', seats: 1 },
        { userId: 'u-2', organizationId: 'u-2', name: 'Second Firm', seats: 1 },
      ],
      skipped: [],
    });
    expect(await countItems(tables.dynamodb.client, tables.tableNames.organizations)).toBe(0);
  });

  it('creates the organizations, then finds nothing left to do', async () => {
    const first = await cli('migrate-organizations', '--endpoints', endpointsFile);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.json).toMatchObject({ dryRun: false, created: [{ userId: 'u-1' }, { userId: 'u-2' }], skipped: [] });
    const organizations = createOrganizationsRepository({ client: tables.client, tableName: tables.tableNames.organizations });
    expect(await organizations.activeMembershipOf('u-2')).toMatchObject({ organizationId: 'u-2', role: 'owner' });
    // An organization and its owner for each user.
    expect(await countItems(tables.dynamodb.client, tables.tableNames.organizations)).toBe(4);

    const second = await cli('migrate-organizations', '--endpoints', endpointsFile);
    expect(second.json).toMatchObject({ created: [], skipped: [{ userId: 'u-1' }, { userId: 'u-2' }] });
    expect(await countItems(tables.dynamodb.client, tables.tableNames.organizations)).toBe(4);
  });

  it.each([
    [['migrate-organizations', '--dry-run=yes'], "Option '--dry-run' does not take an argument"],
    [['migrate-organizations', '--dry-run', 'yes'], 'Unexpected argument "yes"'],
    [['migrate-organizations', '--code', 'X'], 'migrate-organizations does not take --code.'],
    [['get-code', '--code', 'ABC', '--dry-run'], 'get-code does not take --dry-run.'],
    [['migrate-organizations', '--organizations-table', 't'], '--organizations-table go with --stage.'],
  ])('exits 2 on %j', async (argv, message) => {
    const answer = await cli(...argv);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain(message);
    expect(answer.stdout).toBe('');
  });

  it('names the command in its usage', async () => {
    const answer = await cli('--help');
    expect(answer.code).toBe(0);
    expect(answer.stdout).toContain('migrate-organizations [--dry-run]');
  });
});
