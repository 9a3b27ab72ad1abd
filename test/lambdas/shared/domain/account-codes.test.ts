import { parseSubscriptionsLookupId, userIdFromAccountCode } from '../../../../lambdas/shared/domain/account-codes';

describe('account codes', () => {
  it('reads a lookup code as its user, and anything else as a subscription id', () => {
    expect(parseSubscriptionsLookupId('talentpilot', 'code-talentpilot-4f1c2a9e-0000')).toEqual({
      kind: 'account',
      userId: '4f1c2a9e-0000',
    });
    expect(parseSubscriptionsLookupId('talentpilot', 'code-otherproduct-4f1c')).toEqual({
      kind: 'subscription',
      subscriptionId: 'code-otherproduct-4f1c',
    });
    expect(parseSubscriptionsLookupId('talentpilot', 'code-talentpilot-')).toEqual({
      kind: 'subscription',
      subscriptionId: 'code-talentpilot-',
    });
    expect(parseSubscriptionsLookupId('talentpilot', 'ra8foq26o2dt')).toEqual({ kind: 'subscription', subscriptionId: 'ra8foq26o2dt' });
  });

  it('takes the user id out of an account code of this product only', () => {
    expect(userIdFromAccountCode('talentpilot', 'talentpilot-abc')).toBe('abc');
    expect(userIdFromAccountCode('talentpilot', 'talentpilotx-abc')).toBeUndefined();
    expect(userIdFromAccountCode('talentpilot', 'other-abc')).toBeUndefined();
  });
});
