import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SUBSCRIPTION_TBD, type User } from '../../../../lambdas/shared/contracts/user';
import { createUserSubscriptionLinks, type UserSubscriptionLinks } from '../../../../lambdas/shared/subscriptions/user-subscription-links';
import { startTables } from './support';

let tables: Awaited<ReturnType<typeof startTables>>;
let links: UserSubscriptionLinks;
const now = new Date('2026-05-01T00:00:00Z');

beforeAll(async () => {
  tables = await startTables();
  links = createUserSubscriptionLinks({ client: tables.client, tableName: tables.tableNames.users });
});
afterAll(() => tables.stop());

async function putUser(id: string, extra: Partial<User> = {}): Promise<void> {
  const user: User = {
    id,
    email: `${id}@example.com`,
    companyName: 'Acme Staffing',
    firstName: 'Ana',
    status: 'ACTIVE',
    subscriptionId: SUBSCRIPTION_TBD,
    subscriptions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
  await tables.client.send(new PutCommand({ TableName: tables.tableNames.users, Item: user }));
}

describe('UserSubscriptionLinks', () => {
  it("adds a subscription to the user's list once, and makes it current when asked", async () => {
    await putUser('link-1');

    const linked = await links.link({ userId: 'link-1', subscriptionId: 'subaaaaaaaaa1', now, makeCurrent: () => true });
    const again = await links.link({
      userId: 'link-1',
      subscriptionId: 'subaaaaaaaaa1',
      now: new Date('2026-05-02T00:00:00Z'),
      makeCurrent: () => true,
    });

    expect(linked).toMatchObject({
      subscriptionId: 'subaaaaaaaaa1',
      subscriptions: ['subaaaaaaaaa1'],
      updatedAt: now.toISOString(),
      firstName: 'Ana',
    });
    // Nothing to change: the record is left as it was.
    expect(again).toEqual(linked);
    expect(await links.findUserIdsByCurrentSubscription('subaaaaaaaaa1')).toEqual(['link-1']);
  });

  it('keeps the current subscription when told not to replace it', async () => {
    await putUser('link-2', { subscriptionId: 'subcurrent001', subscriptions: ['subcurrent001'] });

    const linked = await links.link({ userId: 'link-2', subscriptionId: 'subolder00001', now, makeCurrent: () => false });

    expect(linked).toMatchObject({ subscriptionId: 'subcurrent001', subscriptions: ['subcurrent001', 'subolder00001'] });
  });

  it('handles records whose list is missing or null', async () => {
    await putUser('link-3', { subscriptions: undefined });
    // (subscriptionId is a GSI key: it is a string or absent, never NULL.)
    await putUser('link-4', { subscriptions: null, subscriptionId: undefined });

    expect(await links.link({ userId: 'link-3', subscriptionId: 'subbbbbbbbbb1', now, makeCurrent: () => true })).toMatchObject({
      subscriptions: ['subbbbbbbbbb1'],
    });
    expect(await links.link({ userId: 'link-4', subscriptionId: 'subcccccccccc1', now, makeCurrent: () => true })).toMatchObject({
      subscriptionId: 'subcccccccccc1',
      subscriptions: ['subcccccccccc1'],
    });
  });

  it('loses no link when several are written at once', async () => {
    await putUser('link-5');
    const ids = Array.from({ length: 8 }, (_, index) => `subconcurrent${index}`);

    await Promise.all(ids.map((subscriptionId) => links.link({ userId: 'link-5', subscriptionId, now, makeCurrent: () => false })));

    const [user] = await Promise.all([links.link({ userId: 'link-5', subscriptionId: ids[0], now, makeCurrent: () => false })]);
    expect([...(user?.subscriptions ?? [])].sort()).toEqual([...ids].sort());
  });

  it('re-reads and re-decides when the current subscription changed between its read and its write', async () => {
    await putUser('link-6');
    let interfered = false;

    const linked = await links.link({
      userId: 'link-6',
      subscriptionId: 'subddddddddd1',
      now,
      makeCurrent: async () => {
        if (!interfered) {
          interfered = true;
          await tables.client.send(
            new UpdateCommand({
              TableName: tables.tableNames.users,
              Key: { id: 'link-6' },
              UpdateExpression: 'SET subscriptionId = :other',
              ExpressionAttributeValues: { ':other': 'subwebhook001' },
            }),
          );
        }
        return true;
      },
    });

    expect(linked).toMatchObject({ subscriptionId: 'subddddddddd1', subscriptions: ['subddddddddd1'] });
    expect(interfered).toBe(true);
  });

  it('answers undefined for a user without a record, and writes nothing', async () => {
    expect(await links.link({ userId: 'ghost', subscriptionId: 'subeeeeeeeee1', now, makeCurrent: () => true })).toBeUndefined();
    expect(await links.findUserIdsByCurrentSubscription('subeeeeeeeee1')).toEqual([]);
  });
});
