import { SUBSCRIPTION_TBD } from '../../../lambdas/shared/contracts/user';
import {
  hasEnded,
  isOwnLookupId,
  linkedSubscriptionIds,
  newestOpenSubscription,
  requireKnownPlan,
} from '../../../lambdas/subscription/subscription-rules';

describe('subscription rules', () => {
  it("knows a user's own ids: their lookup code and every linked subscription, never the placeholder", () => {
    const user = { id: 'u1', subscriptionId: 'subnow', subscriptions: ['subold', null, 'subnow'] };
    expect(linkedSubscriptionIds(user)).toEqual(['subold', 'subnow']);
    expect(isOwnLookupId('talentpilot', user, 'code-talentpilot-u1')).toBe(true);
    expect(isOwnLookupId('talentpilot', user, 'subold')).toBe(true);
    expect(isOwnLookupId('talentpilot', user, 'code-talentpilot-u2')).toBe(false);
    expect(isOwnLookupId('talentpilot', { id: 'u3', subscriptionId: SUBSCRIPTION_TBD, subscriptions: [] }, SUBSCRIPTION_TBD)).toBe(false);
  });

  it('picks the newest subscription that has not ended: expired and failed ones are over', () => {
    type State = 'active' | 'canceled' | 'expired' | 'failed' | 'future' | 'paused';
    const at = (createdAt: string, state: State, id: string) => ({ id, state, createdAt });
    expect(newestOpenSubscription([at('2026-01-01T00:00:00Z', 'active', 'a'), at('2026-02-01T00:00:00Z', 'canceled', 'b')])?.id).toBe('b');
    expect(newestOpenSubscription([at('2026-01-01T00:00:00Z', 'future', 'f'), at('2025-12-01T00:00:00Z', 'active', 'g')])?.id).toBe('f');
    expect(newestOpenSubscription([at('2026-03-01T00:00:00Z', 'paused', 'p')])?.id).toBe('p');
    // The stuck state: a failed newest subscription (a future one canceled) is not changed but replaced.
    expect(newestOpenSubscription([at('2026-03-01T00:00:00Z', 'expired', 'c'), at('2026-01-01T00:00:00Z', 'failed', 'd')])).toBeUndefined();
    expect(newestOpenSubscription([at('2026-03-01T00:00:00Z', 'failed', 'h'), at('2026-01-01T00:00:00Z', 'active', 'i')])?.id).toBe('i');
    expect(newestOpenSubscription([at('2026-03-01T00:00:00Z', 'expired', 'e')])).toBeUndefined();
  });

  it.each([
    ['expired', true],
    ['failed', true],
    ['active', false],
    ['canceled', false],
    ['future', false],
    ['paused', false],
  ] as const)('says a %s subscription has ended: %s', (state, ended) => {
    expect(hasEnded({ state })).toBe(ended);
  });

  it("accepts only the stage's known plans", () => {
    expect(() => requireKnownPlan('starter_2weeksfree_monthly_onetimesetup', '')).not.toThrow();
    expect(() => requireKnownPlan('starter_2weeksfree_monthly_onetimesetup_dev', '')).toThrow(
      'Unknown plan starter_2weeksfree_monthly_onetimesetup_dev. Choose one of: starter_2weeksfree_monthly_onetimesetup, professional_2weeksfree_monthly_onetimesetup, enterprise_2weeksfree_monthly_onetimesetup.',
    );
  });
});
