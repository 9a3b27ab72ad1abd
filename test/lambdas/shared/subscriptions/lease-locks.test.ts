import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createLeaseLocks, lockItemId, type LeaseLocks } from '../../../../lambdas/shared/subscriptions/lease-locks';
import { startTables } from './support';

let tables: Awaited<ReturnType<typeof startTables>>;
let locks: LeaseLocks;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  tables = await startTables();
  locks = createLeaseLocks({ client: tables.client, tableName: tables.tableNames.subscriptions });
});
afterAll(() => tables.stop());

describe('LeaseLocks', () => {
  it('gives a lock to exactly one of many concurrent callers', async () => {
    const now = at('2026-06-01T00:00:00Z');

    const leases = await Promise.all(Array.from({ length: 20 }, () => locks.tryAcquire('race', { leaseMs: 10_000, now })));

    expect(leases.filter(Boolean)).toHaveLength(1);
  });

  it('frees the lock on release, for the next caller', async () => {
    const now = at('2026-06-01T00:00:00Z');
    const first = await locks.tryAcquire('release', { leaseMs: 10_000, now });
    expect(await locks.tryAcquire('release', { leaseMs: 10_000, now })).toBeUndefined();

    await first!.release();

    expect(await locks.tryAcquire('release', { leaseMs: 10_000, now })).toBeDefined();
  });

  it("lets a new caller take over once a crashed holder's lease has run out", async () => {
    const crashed = await locks.tryAcquire('crash', { leaseMs: 15_000, now: at('2026-06-01T00:00:00Z') });
    expect(crashed).toBeDefined();

    expect(await locks.tryAcquire('crash', { leaseMs: 15_000, now: at('2026-06-01T00:00:14.999Z') })).toBeUndefined();
    const successor = await locks.tryAcquire('crash', { leaseMs: 15_000, now: at('2026-06-01T00:00:15.001Z') });
    expect(successor).toBeDefined();

    // The late holder's release leaves the successor's lock alone.
    await crashed!.release();
    const item = await tables.client.send(
      new GetCommand({ TableName: tables.tableNames.subscriptions, Key: { id: lockItemId('crash') }, ConsistentRead: true }),
    );
    expect(item.Item).toMatchObject({ owner: successor!.owner });
  });
});
