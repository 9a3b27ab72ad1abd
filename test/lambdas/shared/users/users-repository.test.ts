import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { User } from '../../../../lambdas/shared/contracts/user';
import { newUserRecord } from '../../../../lambdas/shared/users/new-user-record';
import { createUsersRepository, type UsersRepository } from '../../../../lambdas/shared/users/users-repository';
import { countItems } from '../../../local/support/local-services';
import { startMemoryDynamoDbInProcess, type MemoryDynamoDb } from '../../support/memory-dynamodb';

let dynamodb: MemoryDynamoDb;
let client: DynamoDBDocumentClient;
let users: UsersRepository;

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDbInProcess();
  client = dynamodb.documentClient;
  users = createUsersRepository({ client, tableName: dynamodb.tableNames.users });
});
afterAll(() => dynamodb.stop());

function person(id: string, email: string, now = new Date('2026-03-01T12:00:00Z')): User {
  return newUserRecord({
    id,
    email,
    details: { firstName: 'Dana', lastName: 'Li', companyName: 'Acme', phoneNumber: '+15550100199' },
    now,
  });
}

describe('UsersRepository (dynalite)', () => {
  it("creates a new person's record: ACTIVE, SubscriptionTBD, no subscriptions", async () => {
    const result = await users.putIfAbsent(person('sub-1', 'dana@example.com'));
    expect(result.created).toBe(true);
    expect(await users.getById('sub-1')).toEqual({
      id: 'sub-1',
      email: 'dana@example.com',
      firstName: 'Dana',
      lastName: 'Li',
      companyName: 'Acme',
      phoneNumber: '+15550100199',
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
      subscriptions: [],
      createdAt: '2026-03-01T12:00:00.000Z',
      updatedAt: '2026-03-01T12:00:00.000Z',
    });
  });

  it('creates no duplicate and overwrites nothing when the create is retried', async () => {
    await users.putIfAbsent(person('sub-2', 'lee@example.com'));
    const before = await countItems(dynamodb.client, dynamodb.tableNames.users);
    const retry = await users.putIfAbsent({ ...person('sub-2', 'lee@example.com'), firstName: 'Changed' });
    expect(retry.created).toBe(false);
    expect(retry.user.firstName).toBe('Dana');
    expect(await countItems(dynamodb.client, dynamodb.tableNames.users)).toBe(before);
  });

  it('finds every record of an email through the byEmail index, newest first', async () => {
    await users.putIfAbsent(person('sub-old', 'kim@example.com', new Date('2025-01-01T00:00:00Z')));
    await users.putIfAbsent(person('sub-new', 'kim@example.com', new Date('2026-01-01T00:00:00Z')));
    expect((await users.findByEmail('kim@example.com')).map((user) => user.id)).toEqual(['sub-new', 'sub-old']);
    expect(await users.findByEmail('nobody@example.com')).toEqual([]);
  });

  it('marks a record REMOVED and keeps everything else, its subscriptions above all', async () => {
    await users.putIfAbsent({ ...person('sub-3', 'sam@example.com'), subscriptionId: 'sub-abc', subscriptions: ['sub-abc'] });
    const removed = await users.markRemoved('sub-3', new Date('2026-04-01T00:00:00Z'));
    expect(removed).toMatchObject({
      id: 'sub-3',
      status: 'REMOVED',
      subscriptionId: 'sub-abc',
      subscriptions: ['sub-abc'],
      updatedAt: '2026-04-01T00:00:00.000Z',
    });
    expect(await users.getById('sub-3')).toEqual(removed);
  });

  it('marks nothing (and creates nothing) for an unknown id', async () => {
    expect(await users.markRemoved('no-such-sub', new Date())).toBeUndefined();
    expect(await users.getById('no-such-sub')).toBeUndefined();
  });
});
