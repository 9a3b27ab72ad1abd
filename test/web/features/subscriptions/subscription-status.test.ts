/** @jest-environment ./test/support/backend-environment.js */
import { isLiveSubscription, liveSubscriptions } from '../../../../web/src/features/subscriptions/subscription-access';
import {
  canReactivate,
  currentSubscription,
  nextBillAt,
  subscriptionStateLabel,
} from '../../../../web/src/features/subscriptions/subscription-status';
import { testSubscription } from '../../support/billing';

const NOW = new Date('2024-05-10T12:00:00.000Z');
const inTrial = testSubscription({
  trialStartedAt: '2024-05-04T12:00:00.000Z',
  trialEndsAt: '2024-05-18T12:00:00.000Z',
  currentPeriodEndsAt: '2024-05-18T12:00:00.000Z',
});
const paying = testSubscription({
  trialStartedAt: '2024-03-01T12:00:00.000Z',
  trialEndsAt: '2024-03-15T12:00:00.000Z',
  currentPeriodEndsAt: '2024-05-15T12:00:00.000Z',
});

describe('a subscription for the person', () => {
  it('is in trial between the trial dates, then active', () => {
    expect(subscriptionStateLabel(inTrial, NOW)).toBe('In trial');
    expect(subscriptionStateLabel(paying, NOW)).toBe('Active');
  });

  it('reads canceled with the date access ends, and the other states plainly', () => {
    expect(subscriptionStateLabel({ ...paying, state: 'canceled', expiresAt: '2024-05-15T12:00:00.000Z' }, NOW)).toBe(
      'Canceled — access until May 15, 2024',
    );
    expect(subscriptionStateLabel({ ...paying, state: 'expired' }, NOW)).toBe('Expired');
    expect(subscriptionStateLabel({ ...paying, state: 'failed' }, NOW)).toBe('Payment failed');
    expect(subscriptionStateLabel({ ...paying, state: 'paused' }, NOW)).toBe('Paused');
    expect(subscriptionStateLabel({ ...paying, state: 'future', currentPeriodStartedAt: '2024-06-01T12:00:00.000Z' }, NOW)).toBe(
      'Starts June 1, 2024',
    );
  });

  it('gives access while active, or canceled until it expires; never when expired, failed, future or paused', () => {
    expect(isLiveSubscription(inTrial, NOW)).toBe(true);
    expect(isLiveSubscription({ ...paying, state: 'canceled', expiresAt: '2024-05-15T12:00:00.000Z' }, NOW)).toBe(true);
    expect(isLiveSubscription({ ...paying, state: 'canceled', expiresAt: '2024-05-01T12:00:00.000Z' }, NOW)).toBe(false);
    for (const state of ['expired', 'failed', 'future', 'paused'] as const)
      expect(isLiveSubscription({ ...paying, state }, NOW)).toBe(false);
    expect(liveSubscriptions([{ ...paying, state: 'expired' }, inTrial], NOW)).toEqual([inTrial]);
  });

  it('can be reactivated only while canceled and not expired', () => {
    expect(canReactivate({ ...paying, state: 'canceled', expiresAt: '2024-05-15T12:00:00.000Z' }, NOW)).toBe(true);
    expect(canReactivate({ ...paying, state: 'canceled', expiresAt: '2024-05-01T12:00:00.000Z' }, NOW)).toBe(false);
    expect(canReactivate(paying, NOW)).toBe(false);
  });

  it('is billed next at the end of the current period while active', () => {
    expect(nextBillAt(paying)).toBe('2024-05-15T12:00:00.000Z');
    expect(nextBillAt({ ...paying, state: 'canceled' })).toBeNull();
  });

  it('shown on the account is the active one, else a live canceled one, else the newest', () => {
    const expired = { ...paying, id: 'old', state: 'expired' as const };
    const canceled = { ...paying, id: 'canceled', state: 'canceled' as const, expiresAt: '2024-05-15T12:00:00.000Z' };
    expect(currentSubscription([expired, inTrial], NOW)).toBe(inTrial);
    expect(currentSubscription([expired, canceled], NOW)).toBe(canceled);
    expect(currentSubscription([expired], NOW)).toBe(expired);
    expect(currentSubscription([], NOW)).toBeUndefined();
  });
});
