import { clampExpiry, daysLeft, decideRenewal, fromEpochSeconds, toEpochSeconds } from '../../../lambdas/operations/api-key-expiry';

const NOW = new Date('2026-11-24T12:34:56.789Z');
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

describe('when an AppSync API key is renewed', () => {
  it('keeps a key with 30 days or more left', () => {
    expect(decideRenewal(NOW, { id: 'k', expires: inDays(30) })).toEqual({ id: 'k', action: 'keep', expires: inDays(30), daysLeft: 30 });
    expect(decideRenewal(NOW, { id: 'k', expires: inDays(200) }).action).toBe('keep');
  });

  it('renews a key with less than 30 days left to 365 days from now, on the hour', () => {
    const decision = decideRenewal(NOW, { id: 'k', expires: inDays(29.9) });
    expect(decision).toMatchObject({ action: 'renew', newExpires: new Date('2027-11-24T12:00:00.000Z') });
  });

  it('renews a key that has already expired', () => {
    expect(decideRenewal(NOW, { id: 'k', expires: inDays(-3) })).toMatchObject({ action: 'renew', daysLeft: -3 });
  });
});

describe('clampExpiry: what AppSync accepts', () => {
  it('rounds down to a whole hour', () => {
    expect(clampExpiry(NOW, inDays(100))).toEqual(new Date('2027-03-04T12:00:00.000Z'));
  });

  it('never goes past 365 days, even when asked for more', () => {
    const clamped = clampExpiry(NOW, inDays(400));
    expect(clamped).toEqual(new Date('2027-11-24T12:00:00.000Z'));
    expect(daysLeft(NOW, clamped)).toBeLessThanOrEqual(365);
  });

  it('never falls under 1 day: rounds up to the next whole hour after a day', () => {
    const clamped = clampExpiry(NOW, inDays(0.5));
    expect(clamped).toEqual(new Date('2026-11-25T13:00:00.000Z'));
    expect(daysLeft(NOW, clamped)).toBeGreaterThanOrEqual(1);
  });

  it('stays inside the window at every minute of an hour', () => {
    for (let minute = 0; minute < 60; minute += 7) {
      const now = new Date(Date.UTC(2026, 0, 1, 10, minute, 30));
      for (const wanted of [0, 1, 180, 365, 1000]) {
        const clamped = clampExpiry(now, new Date(now.getTime() + wanted * DAY));
        expect(clamped.getTime() % 3_600_000).toBe(0);
        expect(daysLeft(now, clamped)).toBeGreaterThanOrEqual(1);
        expect(daysLeft(now, clamped)).toBeLessThanOrEqual(365);
      }
    }
  });
});

it('converts to and from AppSync’s seconds since the epoch', () => {
  expect(toEpochSeconds(new Date('2027-01-01T00:00:00.999Z'))).toBe(1798761600);
  expect(fromEpochSeconds(1798761600)).toEqual(new Date('2027-01-01T00:00:00.000Z'));
});
