import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { runSmokeCli } from '../../bin/smoke';
import { localTarget } from '../../bin/smoke/target';
import { runSmoke } from '../../bin/smoke/walk';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime';
import { temporaryFolder } from '../local/support/local-services';
import { fixtureWebDist } from '../local/support/web-dist';

/**
 * `npm run smoke -- --local` against the real local runtime (every service on a free port, a
 * temporary data folder), so the smoke test cannot drift away from the product it walks.
 */

const REPO_ROOT = path.resolve(__dirname, '..', '..');
// The handlers' request logs would drown jest's report; the local runtime passes LOG_LEVEL on.
process.env.LOG_LEVEL ??= 'warn';
const dist = fixtureWebDist();
const dataDir = temporaryFolder('smoke');
let runtime: LocalRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime({
    dataDir: dataDir.path,
    ports: { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 },
    webDistDir: dist.path,
    webBuild: 'never',
    // The walk calls a few of the 40-odd functions: each loads on its first call, as Lambda does.
    // Loading every handler at start is `npm start`'s, tested in test/local/start.test.ts.
    warmFunctions: false,
  });
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  dataDir.remove();
  dist.remove();
});

async function smoke(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runSmokeCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

async function itemsMentioningSmoke(table: string): Promise<number> {
  const answer = await runtime.dynamodb.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
  return (answer.Items ?? []).filter((item) => JSON.stringify(item).includes('smoke+')).length;
}

describe('npm run smoke -- --local', () => {
  it('walks the web app, config, plans, contact form, sign-in, subscriptions and admin lookup, then removes what it created', async () => {
    const result = await smoke('--local', '--data-dir', dataDir.path);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('✓ ')).map((line) => line.replace(/: .*$/, ''))).toEqual([
      '✓ 1/8 Web app',
      '✓ 2/8 Runtime config',
      '✓ 3/8 Plans',
      '✓ 4/8 Contact form',
      '✓ 5/8 Smoke user',
      '✓ 6/8 Sign-in',
      '✓ 7/8 Subscriptions',
      '✓ 8/8 Admin',
    ]);
    expect(result.stdout).toContain('3 plans: starter_2weeksfree_monthly_onetimesetup_dev');
    expect(result.stdout).toMatch(/groups Admins, Beta_Customer_R1, record found/);
    expect(result.stdout).toMatch(/cleanup: removed the smoke user smoke\+.*@example\.com\n {2}cleanup: deleted the smoke contact /);
    expect(lines.at(-1)).toBe('Smoke test of local passed.');
    // Nothing of the run is left behind: no user record, no contact, no Cognito user to sign in as.
    expect(await itemsMentioningSmoke(runtime.endpoints.tables.users)).toBe(0);
    expect(await itemsMentioningSmoke(runtime.endpoints.tables.contacts)).toBe(0);
  }, 60_000);

  it('exits 1 naming the failed step and the reason when the API key is wrong, and leaves nothing behind', async () => {
    const result = await smoke('--local', '--data-dir', dataDir.path, '--api-key', 'da2-thiskeydoesnotexist00000');

    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ 4\/8 Contact form: createContact with the API key: AppSync answered 401: UnauthorizedException/);
    expect(result.stdout).not.toContain('5/8');
    expect(result.stdout.trim().split('\n').at(-1)).toBe('Smoke test of local FAILED at "Contact form: createContact with the API key".');
    expect(await itemsMentioningSmoke(runtime.endpoints.tables.contacts)).toBe(0);
  }, 60_000);

  it('removes the smoke user and the contact when a later step fails', async () => {
    const lines: string[] = [];
    const target = { ...localTarget(dataDir.path), userPoolClientId: 'nosuchclient0000000000000' };

    const result = await runSmoke(target, { write: (line) => lines.push(line) });

    expect(result).toEqual({ ok: false, failedStep: 'Sign-in: the smoke user signs in', cleanupFailures: 0 });
    expect(lines.find((line) => line.startsWith('✗'))).toMatch(/^✗ 6\/8 Sign-in: the smoke user signs in: \w+/);
    expect(lines.filter((line) => line.startsWith('  cleanup: '))).toEqual([
      expect.stringMatching(/^ {2}cleanup: removed the smoke user smoke\+/),
      expect.stringMatching(/^ {2}cleanup: deleted the smoke contact /),
    ]);
    expect(await itemsMentioningSmoke(runtime.endpoints.tables.users)).toBe(0);
    expect(await itemsMentioningSmoke(runtime.endpoints.tables.contacts)).toBe(0);
  }, 60_000);

  it('exits 1 with what to do when the local runtime is not running', async () => {
    const empty = temporaryFolder('smoke-empty');
    try {
      expect(await smoke('--local', '--data-dir', empty.path)).toEqual({
        code: 1,
        stdout: '',
        stderr: `Error: The local runtime is not running (${path.join(empty.path, 'endpoints.json')} is missing). Start it with \`npm start\`, or pass --data-dir.\n`,
      });
    } finally {
      empty.remove();
    }
  });

  it('exits 2 with the usage on bad flags, through the npm script’s command line', async () => {
    const run = promisify(execFile);
    const failure = await run(process.execPath, ['--import', 'tsx', 'bin/smoke.ts', '--stage', 'qa'], { cwd: REPO_ROOT }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('--stage must be one of dev, stage, prod.') });
    expect(await smoke('--stage', 'prod', '--local')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Give either --stage <dev|stage|prod> or --local.'),
    });
  }, 30_000);
});
