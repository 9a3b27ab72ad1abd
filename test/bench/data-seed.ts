/**
 * Seeds user records straight into the users table with BatchWriteItem (25 per call, a few calls
 * in flight), shaped like the records sign-up writes (`newUserRecord`). Most users have a
 * subscription of their own; some have none yet (`SubscriptionTBD`), as in a real table.
 */
import { BatchWriteItemCommand, type DynamoDBClient, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { SUBSCRIPTION_TBD, type User } from '../../lambdas/shared/contracts/user';
import { newUserRecord } from '../../lambdas/shared/users/new-user-record';

const BATCH = 25;
const IN_FLIGHT = 4;

/** The n-th seeded user (deterministic, so the bench knows whom to look up). */
export function seededUser(n: number, now = new Date('2026-01-01T00:00:00Z')): User {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const record = newUserRecord({
    id,
    email: `person${n}@company${n % 997}.example.com`,
    details: { firstName: `First${n}`, lastName: `Last${n}`, companyName: `Company ${n % 997} Staffing`, phoneNumber: `+1555${String(n).padStart(7, '0')}` },
    now,
  });
  // Seven in ten have subscribed (one subscription each); the rest are still SubscriptionTBD.
  if (n % 10 < 7) {
    const subscriptionId = `sub${String(n).padStart(10, '0')}`;
    return { ...record, profileRole: 'Recruiter', subscriptionId, subscriptions: [subscriptionId] };
  }
  return { ...record, subscriptionId: SUBSCRIPTION_TBD };
}

async function writeBatch(client: DynamoDBClient, tableName: string, requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 10) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
    const answer = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
    pending = answer.UnprocessedItems?.[tableName] ?? [];
  }
}

/** Writes users number `from` … `from + count - 1`. */
export async function seedUsers(client: DynamoDBClient, tableName: string, from: number, count: number, onProgress?: (written: number) => void): Promise<void> {
  let next = from;
  const end = from + count;
  let written = 0;
  const worker = async () => {
    while (next < end) {
      const start = next;
      next = Math.min(end, next + BATCH);
      const requests: WriteRequest[] = [];
      for (let n = start; n < next; n += 1) requests.push({ PutRequest: { Item: marshall(seededUser(n), { removeUndefinedValues: true }) } });
      await writeBatch(client, tableName, requests);
      written += requests.length;
      if (written % 10_000 < BATCH) onProgress?.(written);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}
