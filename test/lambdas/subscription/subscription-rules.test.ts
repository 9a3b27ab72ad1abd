import { SUBSCRIPTION_TBD } from '../../../lambdas/shared/contracts/user';
import {
  isOwnLookupId,
  linkedSubscriptionIds,
  newestUnexpiredSubscription,
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

  it('picks the newest subscription that has not expired', () => {
    const at = (createdAt: string, state: 'active' | 'canceled' | 'expired' | 'failed', id: string) => ({ id, state, createdAt });
    expect(newestUnexpiredSubscription([at('2026-01-01T00:00:00Z', 'active', 'a'), at('2026-02-01T00:00:00Z', 'canceled', 'b')])?.id).toBe(
      'b',
    );
    expect(newestUnexpiredSubscription([at('2026-03-01T00:00:00Z', 'expired', 'c'), at('2026-01-01T00:00:00Z', 'failed', 'd')])?.id).toBe(
      'd',
    );
    expect(newestUnexpiredSubscription([at('2026-03-01T00:00:00Z', 'expired', 'e')])).toBeUndefined();
  });

  it("accepts only the stage's known plans", () => {
    expect(() => requireKnownPlan('starter_2weeksfree_monthly_onetimesetup', '')).not.toThrow();
    expect(() => requireKnownPlan('starter_2weeksfree_monthly_onetimesetup_dev', '')).toThrow(
      'Unknown plan starter_2weeksfree_monthly_onetimesetup_dev. Choose one of: starter_2weeksfree_monthly_onetimesetup, professional_2weeksfree_monthly_onetimesetup, enterprise_2weeksfree_monthly_onetimesetup.',
    );
  });
});
