import {
  knownPlanCodes,
  orderKnownPlans,
  PLAN_CODE_SUFFIXES,
  planCode,
  tierOfPlanCode,
  TRIAL_DAYS,
} from '../../../../lambdas/shared/domain/plans';

describe('plan codes', () => {
  it('names plans {tier}_2weeksfree_monthly_onetimesetup with the stage suffix', () => {
    expect(knownPlanCodes('')).toEqual([
      'starter_2weeksfree_monthly_onetimesetup',
      'professional_2weeksfree_monthly_onetimesetup',
      'enterprise_2weeksfree_monthly_onetimesetup',
    ]);
    expect(knownPlanCodes('_dev')).toEqual([
      'starter_2weeksfree_monthly_onetimesetup_dev',
      'professional_2weeksfree_monthly_onetimesetup_dev',
      'enterprise_2weeksfree_monthly_onetimesetup_dev',
    ]);
    expect(planCode('professional', '_stage')).toBe('professional_2weeksfree_monthly_onetimesetup_stage');
  });

  it.each(PLAN_CODE_SUFFIXES)('keeps every code with suffix "%s" within Recurly\'s rules (50 characters, [a-z0-9_+-])', (suffix) => {
    for (const code of knownPlanCodes(suffix)) {
      expect(code.length).toBeLessThanOrEqual(50);
      expect(code).toMatch(/^[a-z0-9_+-]+$/i);
    }
  });

  it('gives two weeks of trial', () => {
    expect(TRIAL_DAYS).toBe(14);
  });

  it('finds the tier of a code only within its own stage', () => {
    expect(tierOfPlanCode('enterprise_2weeksfree_monthly_onetimesetup_dev', '_dev')).toBe('enterprise');
    expect(tierOfPlanCode('enterprise_2weeksfree_monthly_onetimesetup_dev', '')).toBeUndefined();
    expect(tierOfPlanCode('enterprise_2weeksfree_monthly_onetimesetup', '_dev')).toBeUndefined();
    expect(tierOfPlanCode('gold', '')).toBeUndefined();
  });
});

describe('orderKnownPlans', () => {
  const plan = (code: string, name = code) => ({ code, name });

  it("keeps only the stage's known plans, ordered starter, professional, enterprise", () => {
    const fromProvider = [
      plan('enterprise_2weeksfree_monthly_onetimesetup_dev'),
      plan('legacy_gold_monthly'),
      plan('starter_2weeksfree_monthly_onetimesetup'),
      plan('starter_2weeksfree_monthly_onetimesetup_dev'),
      plan('professional_2weeksfree_monthly_onetimesetup_stage'),
      plan('professional_2weeksfree_monthly_onetimesetup_dev'),
    ];

    expect(orderKnownPlans(fromProvider, '_dev').map((p) => p.code)).toEqual([
      'starter_2weeksfree_monthly_onetimesetup_dev',
      'professional_2weeksfree_monthly_onetimesetup_dev',
      'enterprise_2weeksfree_monthly_onetimesetup_dev',
    ]);
    expect(orderKnownPlans(fromProvider, '').map((p) => p.code)).toEqual(['starter_2weeksfree_monthly_onetimesetup']);
  });

  it('keeps the whole plan object and leaves the input untouched', () => {
    const input = [plan('professional_2weeksfree_monthly_onetimesetup', 'Pro'), plan('starter_2weeksfree_monthly_onetimesetup', 'Starter')];
    const copy = structuredClone(input);

    const ordered = orderKnownPlans(input, '');

    expect(ordered).toEqual([input[1], input[0]]);
    expect(input).toEqual(copy);
  });

  it('answers an empty list when no plan is known', () => {
    expect(orderKnownPlans([plan('gold'), plan('silver')], '')).toEqual([]);
    expect(orderKnownPlans([], '_stage')).toEqual([]);
  });
});
