import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createRegistrationCodesRepository,
  type RegistrationCodesRepository,
} from '../../../../lambdas/shared/registration-codes/registration-codes-repository';
import { RegistrationCodeError } from '../../../../lambdas/shared/registration-codes/registration-code-rules';
import { startMemoryDynamoDbInProcess, type MemoryDynamoDb } from '../../support/memory-dynamodb';

const NOW = new Date('2026-03-01T12:00:00Z');

let dynamodb: MemoryDynamoDb;
let client: DynamoDBDocumentClient;
let codes: RegistrationCodesRepository;

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDbInProcess();
  client = dynamodb.documentClient;
  codes = createRegistrationCodesRepository({ client, tableName: dynamodb.tableNames.registrationCodes });
});
afterAll(() => dynamodb.stop());

let sequence = 0;
async function storedCode(extra: { maxUses?: number; expiresAt?: string } = {}): Promise<string> {
  const code = `CODE-${++sequence}`;
  expect(
    await codes.putIfAbsent({
      code,
      group: 'Beta_Customer_R2',
      uses: 0,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      ...extra,
    }),
  ).toBe(true);
  return code;
}

async function reasonOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof RegistrationCodeError ? error.reason : `unexpected ${String(error)}`;
  }
}

describe('RegistrationCodesRepository (dynalite)', () => {
  it('reads a stored code without its bookkeeping', async () => {
    const code = await storedCode({ maxUses: 5, expiresAt: '2026-12-31T00:00:00.000Z' });
    await codes.countUse(code, 'user-a', NOW);
    expect(await codes.get(code)).toEqual({
      code,
      group: 'Beta_Customer_R2',
      maxUses: 5,
      expiresAt: '2026-12-31T00:00:00.000Z',
      uses: 1,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(await codes.get('NO-SUCH-CODE')).toBeUndefined();
    expect(await codes.get('not a code at all!')).toBeUndefined();
  });

  it('never overwrites an existing code', async () => {
    const code = await storedCode();
    expect(
      await codes.putIfAbsent({ code, group: 'Beta_Customer_R3', uses: 0, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() }),
    ).toBe(false);
    expect((await codes.get(code))?.group).toBe('Beta_Customer_R2');
  });

  it('counts each person once, however often the count is retried', async () => {
    const code = await storedCode();
    expect((await codes.countUse(code, 'user-a', NOW)).counted).toBe(true);
    expect(await codes.countUse(code, 'user-a', NOW)).toMatchObject({ counted: false, record: { uses: 1 } });
    expect(await codes.countUse(code, 'user-b', NOW)).toMatchObject({ counted: true, record: { uses: 2 } });
  });

  it('refuses a use beyond the limit, but not the retry of a counted one', async () => {
    const code = await storedCode({ maxUses: 1 });
    await codes.countUse(code, 'user-a', NOW);
    expect(await reasonOf(codes.countUse(code, 'user-b', NOW))).toBe('used_up');
    expect((await codes.countUse(code, 'user-a', NOW)).counted).toBe(false);
    expect((await codes.get(code))?.uses).toBe(1);
  });

  it('counts exactly one of many concurrent sign-ups racing for the last use', async () => {
    const code = await storedCode({ maxUses: 1 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => codes.countUse(code, `racer-${index}`, NOW)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused.map((result) => (result.reason as RegistrationCodeError).reason)).toEqual(Array(7).fill('used_up'));
    expect((await codes.get(code))?.uses).toBe(1);
  });

  it('refuses to count an unknown code', async () => {
    expect(await reasonOf(codes.countUse('NO-SUCH-CODE', 'user-a', NOW))).toBe('unknown');
    expect(await reasonOf(codes.countUse('???', 'user-a', NOW))).toBe('unknown');
  });

  it('expires a code now, but never moves an earlier expiry later, and knows no unknown code', async () => {
    const live = await storedCode({ expiresAt: '2026-12-31T00:00:00.000Z' });
    const expiredEarlier = await storedCode({ expiresAt: '2026-02-01T00:00:00.000Z' });

    expect(await codes.expire(live, NOW)).toMatchObject({ code: live, expiresAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
    expect(await codes.expire(expiredEarlier, NOW)).toMatchObject({ expiresAt: '2026-02-01T00:00:00.000Z' });
    expect(await codes.expire('NO-SUCH-CODE', NOW)).toBeUndefined();
    expect(await codes.expire('not a code', NOW)).toBeUndefined();
  });

  it('lists every code without its bookkeeping', async () => {
    const code = await storedCode({ maxUses: 3 });
    await codes.countUse(code, 'person-1', NOW);

    const listed = (await codes.readWindow({ after: null, size: 1_000 })).items.find((record) => record.code === code);

    expect(listed).toEqual(expect.objectContaining({ code, uses: 1, maxUses: 3 }));
    expect(listed).not.toHaveProperty('usedBy');
  });
});
