import {
  addPeriods,
  atTime,
  newSubscription,
  subscriptionIdOf,
  type LocalSubscription,
} from '../../../../lambdas/subscription/billing/local-subscription-lifecycle';
import { CARD_MESSAGES, LOCAL_TEST_CARDS, tokenizeTestCard } from '../../../../lambdas/subscription/billing/local-test-cards';

const MONTHLY = { length: 1, unit: 'months' } as const;

function subscription(overrides: Partial<Parameters<typeof newSubscription>[0]> = {}): LocalSubscription {
  return newSubscription({
    accountCode: 'talentpilot-user',
    planCode: 'starter_2weeksfree_monthly_onetimesetup_dev',
    planName: 'Starter',
    currency: 'USD',
    unitAmount: 49,
    setupFee: 99,
    quantity: 1,
    trial: { length: 14, unit: 'days' },
    interval: MONTHLY,
    now: new Date('2025-01-17T08:00:00.000Z'),
    ...overrides,
  });
}

describe('local subscription rules', () => {
  it('bills on the same day each month, on the last day of shorter months', () => {
    const anchor = new Date('2025-01-31T12:00:00.000Z');

    expect([1, 2, 3, 13].map((count) => addPeriods(anchor, MONTHLY, count).toISOString())).toEqual([
      '2025-02-28T12:00:00.000Z',
      '2025-03-31T12:00:00.000Z',
      '2025-04-30T12:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
    ]);
  });

  it('rolls a period exactly at its end, never before (a trial ending on the 31st bills on the 28th of February)', () => {
    const created = subscription();
    const end = Date.parse(created.currentPeriodEndsAt!);

    expect(atTime(created, new Date(end - 1))).toBe(created);
    expect(atTime(created, new Date(end))).toMatchObject({
      currentPeriodStartedAt: created.currentPeriodEndsAt,
      currentPeriodEndsAt: '2025-02-28T08:00:00.000Z',
    });
  });

  it('starts a plan without a trial with one paid interval', () => {
    const created = subscription({ trial: { length: 0, unit: 'days' } });

    expect(created).toMatchObject({ trialStartedAt: null, trialEndsAt: null, currentPeriodEndsAt: '2025-02-17T08:00:00.000Z' });
  });

  it('counts a trial in months and renews a plan billed in days (trial_unit and interval_unit as Recurly documents them)', () => {
    const created = subscription({ trial: { length: 1, unit: 'months' }, interval: { length: 10, unit: 'days' } });
    expect(created).toMatchObject({ trialEndsAt: '2025-02-17T08:00:00.000Z', currentPeriodEndsAt: '2025-02-17T08:00:00.000Z' });

    expect(atTime(created, new Date('2025-03-01T00:00:00.000Z'))).toMatchObject({
      currentPeriodStartedAt: '2025-02-27T08:00:00.000Z',
      currentPeriodEndsAt: '2025-03-09T08:00:00.000Z',
    });
    expect(subscription({ trial: { length: 0, unit: 'months' }, interval: { length: 7, unit: 'days' } })).toMatchObject({
      trialEndsAt: null,
      currentPeriodEndsAt: '2025-01-24T08:00:00.000Z',
    });
  });

  it('derives a Recurly-shaped id from the uuid, the same every time', () => {
    const uuid = '0123456789abcdef0123456789abcdef';

    expect(subscriptionIdOf(uuid)).toMatch(/^[a-z0-9]{13}$/);
    expect(subscriptionIdOf(uuid)).toBe(subscriptionIdOf(uuid));
    expect(subscriptionIdOf(uuid)).not.toBe(subscriptionIdOf('fedcba9876543210fedcba9876543210'));
  });
});

describe('local test cards (the local stand-in for Recurly.js)', () => {
  const now = new Date('2025-06-15T00:00:00.000Z');
  const form = { month: '7', year: '2031', cvv: '123', firstName: 'Dana', lastName: 'Reyes' };

  it('accepts the approving and the declining test card, keeping only brand, last four and expiry', () => {
    expect(tokenizeTestCard({ ...form, number: '4111 1111 1111 1111' }, now)).toEqual({
      card: { brand: 'visa', lastFour: '1111', expMonth: 7, expYear: 2031, firstName: 'Dana', lastName: 'Reyes', outcome: 'approve' },
    });
    expect(tokenizeTestCard({ ...form, number: '4000-0000-0000-0002', year: '31' }, now)).toMatchObject({
      card: { lastFour: '0002', expYear: 2031, outcome: 'decline' },
    });
  });

  it('refuses any other number, even a valid-looking real one, naming the test cards', () => {
    const result = tokenizeTestCard({ ...form, number: '5555555555554444' }, now);

    expect(result).toEqual({ problems: { message: CARD_MESSAGES.unknownNumber, fields: { number: CARD_MESSAGES.unknownNumber } } });
  });

  it('refuses an expired card and reports each missing field', () => {
    expect(tokenizeTestCard({ ...form, number: LOCAL_TEST_CARDS.approved, month: '5', year: '2025' }, now)).toEqual({
      problems: { message: CARD_MESSAGES.expired, fields: { year: CARD_MESSAGES.expired } },
    });
    expect(tokenizeTestCard({ ...form, number: LOCAL_TEST_CARDS.approved, month: '6', year: '2025' }, now)).toHaveProperty('card');
    expect(tokenizeTestCard({ number: LOCAL_TEST_CARDS.approved }, now)).toEqual({
      problems: {
        message: CARD_MESSAGES.invalid,
        fields: {
          month: CARD_MESSAGES.month,
          year: CARD_MESSAGES.year,
          cvv: CARD_MESSAGES.cvv,
          firstName: CARD_MESSAGES.firstName,
          lastName: CARD_MESSAGES.lastName,
        },
      },
    });
  });
});
