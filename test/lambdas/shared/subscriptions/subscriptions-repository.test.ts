import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { subscriptionSnapshot } from '../../../../lambdas/shared/subscriptions/subscription-record';
import {
  createSubscriptionsRepository,
  type SubscriptionsRepository,
} from '../../../../lambdas/shared/subscriptions/subscriptions-repository';
import { startTables, subscriptionView } from './support';

let tables: Awaited<ReturnType<typeof startTables>>;
let repository: SubscriptionsRepository;
const owner = { userId: 'user-1', email: 'ana@example.com', company: 'Ana Search' };

beforeAll(async () => {
  tables = await startTables();
  repository = createSubscriptionsRepository({ client: tables.client, tableName: tables.tableNames.subscriptions });
});
afterAll(() => tables.stop());

describe('SubscriptionsRepository', () => {
  it("stores a provider snapshot as the spec's Subscription record", async () => {
    const view = subscriptionView({ id: 'subrecord0001', updatedAt: '2026-01-01T00:00:00Z' });

    const { applied, record } = await repository.upsert(subscriptionSnapshot(view, owner), new Date('2026-01-02T00:00:00Z'));

    expect(applied).toBe(true);
    expect(record).toEqual({
      id: 'subrecord0001',
      subscriptionId: 'subrecord0001',
      object: 'subscription',
      uuid: view.uuid,
      email: 'ana@example.com',
      company: 'Ana Search',
      state: 'active',
      planCode: view.planCode,
      currency: 'USD',
      quantity: 1,
      trialStartedAt: '2026-01-01T00:00:00.000Z',
      trialEndsAt: '2026-01-15T00:00:00.000Z',
      currentPeriodEndsAt: '2026-01-15T00:00:00.000Z',
      activatedAt: '2026-01-01T00:00:00.000Z',
      canceledAt: null,
      expiresAt: null,
      subscriptionCreatedAt: '2026-01-01T00:00:00.000Z',
      // Recurly's second-precision instants are normalized, so they order as strings.
      subscriptionUpdatedAt: '2026-01-01T00:00:00.000Z',
      accountCode: 'talentpilot-user-1',
      userId: 'user-1',
      createdAt: '2026-01-02T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(await repository.get('subrecord0001')).toEqual(record);
  });

  it('never goes backwards: an older snapshot arriving late is not applied', async () => {
    const newer = subscriptionView({
      id: 'subrecord0002',
      state: 'canceled',
      updatedAt: '2026-02-01T10:00:00Z',
      canceledAt: '2026-02-01T10:00:00Z',
    });
    const older = subscriptionView({ id: 'subrecord0002', state: 'active', updatedAt: '2026-02-01T09:59:59.999Z' });
    await repository.upsert(subscriptionSnapshot(newer, owner), new Date('2026-02-01T10:00:01Z'));

    const late = await repository.upsert(subscriptionSnapshot(older, owner), new Date('2026-02-01T10:00:02Z'));

    expect(late.applied).toBe(false);
    expect(late.record).toMatchObject({
      state: 'canceled',
      subscriptionUpdatedAt: '2026-02-01T10:00:00.000Z',
      updatedAt: '2026-02-01T10:00:01.000Z',
    });
  });

  it('applies a snapshot of the same version again, and a newer one, keeping createdAt', async () => {
    const first = subscriptionView({ id: 'subrecord0003', updatedAt: '2026-03-01T00:00:00.000Z' });
    await repository.upsert(subscriptionSnapshot(first, owner), new Date('2026-03-01T00:00:01Z'));

    const same = await repository.upsert(subscriptionSnapshot(first, { ...owner, company: 'Renamed' }), new Date('2026-03-01T00:00:02Z'));
    const newer = await repository.upsert(
      subscriptionSnapshot(
        { ...first, planCode: 'professional_2weeksfree_monthly_onetimesetup_dev', updatedAt: '2026-03-02T00:00:00Z' },
        owner,
      ),
      new Date('2026-03-02T00:00:01Z'),
    );

    expect(same).toMatchObject({ applied: true, record: { company: 'Renamed' } });
    expect(newer.applied).toBe(true);
    expect(newer.record).toMatchObject({
      planCode: 'professional_2weeksfree_monthly_onetimesetup_dev',
      createdAt: '2026-03-01T00:00:01.000Z',
      updatedAt: '2026-03-02T00:00:01.000Z',
    });
  });

  it("lists a user's records newest first, and nothing else that lives in the table", async () => {
    const repositoryOwner = { userId: 'user-list' };
    await repository.upsert(
      subscriptionSnapshot(subscriptionView({ id: 'sublistold001' }), repositoryOwner),
      new Date('2026-04-01T00:00:00Z'),
    );
    await repository.upsert(
      subscriptionSnapshot(subscriptionView({ id: 'sublistnew001' }), repositoryOwner),
      new Date('2026-04-02T00:00:00Z'),
    );
    await repository.upsert(
      subscriptionSnapshot(subscriptionView({ id: 'subotheruser1' }), { userId: 'someone-else' }),
      new Date('2026-04-03T00:00:00Z'),
    );
    await tables.client.send(
      new PutCommand({
        TableName: tables.tableNames.subscriptions,
        Item: { id: 'lock#create-change#user-list', owner: 'x', leaseUntil: 1 },
      }),
    );

    const records = await repository.listByUserId('user-list');

    expect(records.map((record) => record.id)).toEqual(['sublistnew001', 'sublistold001']);
    expect(await repository.listByUserId('nobody')).toEqual([]);
  });

  it('answers undefined for an unknown subscription', async () => {
    expect(await repository.get('nosuchsubscription')).toBeUndefined();
  });
});
