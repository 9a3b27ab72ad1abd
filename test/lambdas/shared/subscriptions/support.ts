import type { SubscriptionView } from '../../../../lambdas/shared/contracts/subscriptions';
import { startMemoryDynamoDbInProcess } from '../../support/memory-dynamodb';

/** dynalite in memory with the shared tables, and a document client on it. */
export async function startTables() {
  const dynamodb = await startMemoryDynamoDbInProcess();
  return {
    client: dynamodb.documentClient,
    dynamodb,
    tableNames: dynamodb.tableNames,
    stop: () => dynamodb.stop(),
  };
}

/** A provider subscription as the billing port answers it. */
export function subscriptionView(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 'sub0000000001',
    uuid: '0123456789abcdef0123456789abcdef',
    accountCode: 'talentpilot-user-1',
    planCode: 'starter_2weeksfree_monthly_onetimesetup_dev',
    planName: 'Starter',
    state: 'active',
    currency: 'USD',
    unitAmount: 49,
    quantity: 1,
    setupFee: 99,
    trialStartedAt: '2026-01-01T00:00:00.000Z',
    trialEndsAt: '2026-01-15T00:00:00.000Z',
    currentPeriodStartedAt: '2026-01-01T00:00:00.000Z',
    currentPeriodEndsAt: '2026-01-15T00:00:00.000Z',
    activatedAt: '2026-01-01T00:00:00.000Z',
    canceledAt: null,
    expiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
