import { isLiveSubscription, liveSubscriptions } from '../../../../lambdas/shared/domain/subscription-access';

const now = new Date('2026-03-10T12:00:00.000Z');
const subscription = (
  state: Parameters<typeof isLiveSubscription>[0]['state'],
  ends: { expiresAt?: string | null; currentPeriodEndsAt?: string | null } = {},
) => ({
  state,
  expiresAt: ends.expiresAt ?? null,
  currentPeriodEndsAt: ends.currentPeriodEndsAt ?? null,
});

describe('which subscriptions give access (the web gate and the assistant routes)', () => {
  it('an active subscription, in trial or paid, gives access', () => {
    expect(isLiveSubscription(subscription('active'), now)).toBe(true);
  });

  it('a canceled subscription gives access until its paid period ends, and not after', () => {
    expect(isLiveSubscription(subscription('canceled', { currentPeriodEndsAt: '2026-03-11T00:00:00.000Z' }), now)).toBe(true);
    expect(
      isLiveSubscription(
        subscription('canceled', { expiresAt: '2026-03-10T11:59:59.000Z', currentPeriodEndsAt: '2026-04-01T00:00:00.000Z' }),
        now,
      ),
    ).toBe(false);
  });

  it('expired, failed, future and paused subscriptions give none', () => {
    const states = ['expired', 'failed', 'future', 'paused'] as const;
    expect(
      liveSubscriptions(
        states.map((state) => subscription(state)),
        now,
      ),
    ).toEqual([]);
  });
});
