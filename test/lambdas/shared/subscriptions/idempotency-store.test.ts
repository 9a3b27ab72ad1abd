import {
  createIdempotencyStore,
  idempotencyItemId,
  type IdempotencyStore,
} from '../../../../lambdas/shared/subscriptions/idempotency-store';
import { startTables } from './support';

let tables: Awaited<ReturnType<typeof startTables>>;
let store: IdempotencyStore;

beforeAll(async () => {
  tables = await startTables();
  store = createIdempotencyStore({ client: tables.client, tableName: tables.tableNames.subscriptions });
});
afterAll(() => tables.stop());

describe('IdempotencyStore', () => {
  const now = new Date('2026-07-01T00:00:00Z');

  it('returns a stored result until it expires', async () => {
    await store.save(
      'user-1',
      'key:abc',
      { requestFingerprint: 'fp', statusCode: 201, body: { outcome: 'created' } },
      { ttlMs: 60_000, now },
    );

    expect(await store.find('user-1', 'key:abc', new Date('2026-07-01T00:00:59Z'))).toMatchObject({
      requestFingerprint: 'fp',
      statusCode: 201,
      body: { outcome: 'created' },
      completedAt: now.toISOString(),
    });
    expect(await store.find('user-1', 'key:abc', new Date('2026-07-01T00:01:00Z'))).toBeUndefined();
  });

  it('keeps keys of different scopes apart, and hashes client-chosen keys', async () => {
    expect(await store.find('user-2', 'key:abc', now)).toBeUndefined();
    expect(idempotencyItemId('user-1', 'key:any # thing')).toMatch(/^idempotency#user-1#[0-9a-f]{64}$/);
  });
});
