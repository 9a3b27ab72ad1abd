import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createActivityRecorder } from '../../../../lambdas/shared/activity/activity-log';
import { createLogger } from '../../../../lambdas/shared/logger';
import { startTables } from '../subscriptions/support';

let tables: Awaited<ReturnType<typeof startTables>>;
const NOW = new Date('2026-11-27T09:30:00.000Z');

beforeAll(async () => {
  tables = await startTables();
});
afterAll(() => tables.stop());

function recorderWith(tableName: string) {
  const lines: string[] = [];
  const recorder = createActivityRecorder({
    client: tables.client,
    tableName,
    now: () => NOW,
    logger: createLogger({ component: 'test', level: 'debug', write: (line) => lines.push(line) }),
  });
  return { recorder, lines };
}

async function storedEntries() {
  return (await tables.client.send(new ScanCommand({ TableName: tables.tableNames.activity }))).Items ?? [];
}

describe('ActivityRecorder (dynalite)', () => {
  it('stores an entry in the firm partition, with safe details and its expiry', async () => {
    const { recorder, lines } = recorderWith(tables.tableNames.activity);
    await recorder.record({
      organizationId: 'org-a',
      actorId: 'user-admin',
      action: 'ats.synced',
      subject: { kind: 'ats', id: 'greenhouse' },
      details: { vendor: 'greenhouse', jobs: 4, candidates: 31, clientSecret: 's3cret' } as never,
    });
    const items = await storedEntries();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      organizationId: 'org-a',
      actorId: 'user-admin',
      action: 'ats.synced',
      at: NOW.toISOString(),
      details: { vendor: 'greenhouse', jobs: 4, candidates: 31 },
    });
    expect(items[0]!.entryId).toMatch(/^2026-11-27T09:30:00\.000Z#[0-9a-f-]{36}$/);
    expect(JSON.stringify(items[0])).not.toContain('s3cret');
    expect(lines).toEqual([]);
  });

  it('never fails the caller: a write that fails is logged as an error without its details', async () => {
    const { recorder, lines } = recorderWith('no-such-table');
    await expect(
      recorder.record({ organizationId: 'org-a', actorId: 'user-admin', action: 'ats.tested', details: { vendor: 'lever' } }),
    ).resolves.toBeUndefined();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'error', message: 'activity_not_recorded', organizationId: 'org-a', action: 'ats.tested' });
    expect(line.error).toBeDefined();
    expect(lines[0]).not.toContain('lever');
  });

  it('stores nothing for an entry the rules refuse, and says why', async () => {
    const before = (await storedEntries()).length;
    const { recorder, lines } = recorderWith(tables.tableNames.activity);
    await recorder.record({ organizationId: 'org-a', actorId: '', action: 'ats.tested' });
    expect((await storedEntries()).length).toBe(before);
    expect(JSON.parse(lines[0]!)).toMatchObject({ message: 'activity_not_recorded', problem: 'no actor' });
  });
});
