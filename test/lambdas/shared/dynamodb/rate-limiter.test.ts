import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createRateLimiter, RATE_LIMITED_MESSAGE } from '../../../../lambdas/shared/dynamodb/rate-limiter';
import { RateLimitedError } from '../../../../lambdas/shared/errors';
import { startTables } from '../subscriptions/support';

let tables: Awaited<ReturnType<typeof startTables>>;

beforeAll(async () => {
  tables = await startTables();
});
afterAll(() => tables.stop());

const limiter = (limitPerMinute: number) =>
  createRateLimiter({ client: tables.client, tableName: tables.tableNames.assistant, limitPerMinute });

describe('the assistant rate limiter', () => {
  it('lets a user make the limit’s number of requests in a minute, refuses the next with the seconds left, and starts again next minute', async () => {
    const rate = limiter(3);
    const minute = Date.UTC(2026, 2, 1, 9, 30);
    for (let second = 0; second < 3; second++) await rate.consume('rate-ana', new Date(minute + second * 1000));

    const refusal = await rate.consume('rate-ana', new Date(minute + 45_500)).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect(refusal).toMatchObject({ message: RATE_LIMITED_MESSAGE, retryAfterSeconds: 15 });
    await expect(rate.consume('rate-ana', new Date(minute + 60_000))).resolves.toBeUndefined();
  });

  it('counts each user on their own', async () => {
    const rate = limiter(1);
    const now = new Date(Date.UTC(2026, 2, 1, 10, 0));
    await rate.consume('rate-one', now);

    await expect(rate.consume('rate-two', now)).resolves.toBeUndefined();
    await expect(rate.consume('rate-one', now)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('counts a bucket of routes apart: the ATS routes spend none of the assistant’s budget, and the reverse', async () => {
    const assistant = limiter(1);
    const ats = createRateLimiter({ client: tables.client, tableName: tables.tableNames.assistant, limitPerMinute: 1, bucket: 'ats' });
    const now = new Date(Date.UTC(2026, 2, 1, 10, 30));
    await assistant.consume('rate-cleo', now);
    await expect(ats.consume('rate-cleo', now)).resolves.toBeUndefined();
    await expect(assistant.consume('rate-cleo', now)).rejects.toThrow(RATE_LIMITED_MESSAGE);
    await expect(ats.consume('rate-cleo', now)).rejects.toThrow(RATE_LIMITED_MESSAGE);
  });

  it('does not overshoot under concurrent requests', async () => {
    const rate = limiter(5);
    const now = new Date(Date.UTC(2026, 2, 1, 11, 0));

    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => rate.consume('rate-burst', now)));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const { Items = [] } = await tables.client.send(
      new ScanCommand({
        TableName: tables.tableNames.assistant,
        FilterExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': 'rate-burst' },
      }),
    );
    expect(Items).toEqual([expect.objectContaining({ count: 5, ttl: expect.any(Number) })]);
  });
});
