import { PlanSchema } from '../../../../lambdas/shared/contracts/plans';
import { knownPlanCodes, PLAN_CODE_SUFFIXES, TRIAL_DAYS } from '../../../../lambdas/shared/domain/plans';
import { createLocalBilling } from '../../../../lambdas/subscription/billing/local-billing';

describe('local billing adapter (the offline runtime)', () => {
  it.each(PLAN_CODE_SUFFIXES)('serves exactly the known plans of the stage with suffix "%s"', async (suffix) => {
    const plans = await createLocalBilling({ planCodeSuffix: suffix }).listPlans();

    expect(plans.map((plan) => plan.code)).toEqual(knownPlanCodes(suffix));
  });

  it('serves the dev plans with their names, prices and setup fees', async () => {
    const plans = await createLocalBilling({ planCodeSuffix: '_dev' }).listPlans();

    expect(plans.map((plan) => [plan.code, plan.name])).toEqual([
      ['starter_2weeksfree_monthly_onetimesetup_dev', 'Starter — two weeks free, monthly billing, one-time setup fee'],
      ['professional_2weeksfree_monthly_onetimesetup_dev', 'Professional — two weeks free, monthly billing, one-time setup fee'],
      ['enterprise_2weeksfree_monthly_onetimesetup_dev', 'Enterprise — two weeks free, monthly billing, one-time setup fee'],
    ]);
    expect(plans.map((plan) => plan.currencies.find((price) => price.currency === 'USD'))).toEqual([
      { currency: 'USD', unitAmount: 49, setupFee: 99 },
      { currency: 'USD', unitAmount: 149, setupFee: 199 },
      { currency: 'USD', unitAmount: 399, setupFee: 499 },
    ]);
  });

  it('prices every plan in USD, EUR and GBP, with a setup fee, and higher tiers cost more', async () => {
    const plans = await createLocalBilling({ planCodeSuffix: '' }).listPlans();

    for (const plan of plans) {
      expect(plan.currencies.map((price) => price.currency)).toEqual(['USD', 'EUR', 'GBP']);
      for (const price of plan.currencies) expect(price.setupFee).toBeGreaterThan(0);
    }
    for (const currency of ['USD', 'EUR', 'GBP']) {
      const monthly = plans.map((plan) => plan.currencies.find((price) => price.currency === currency)?.unitAmount ?? 0);
      expect([...monthly].sort((a, b) => a - b)).toEqual(monthly);
      expect(new Set(monthly).size).toBe(3);
    }
  });

  it('gives every plan a 14-day trial, monthly billing and a description, within the plan contract', async () => {
    const plans = await createLocalBilling({ planCodeSuffix: '_stage' }).listPlans();

    for (const plan of plans) {
      expect(plan.trial).toEqual({ length: TRIAL_DAYS, unit: 'days' });
      expect(plan.interval).toEqual({ length: 1, unit: 'months' });
      expect(plan.description?.length).toBeGreaterThan(40);
      expect(PlanSchema.parse(plan)).toEqual(plan);
    }
  });

  it('hands out fresh objects, so a caller cannot change the next answer', async () => {
    const billing = createLocalBilling({ planCodeSuffix: '_dev' });
    const first = await billing.listPlans();
    first[0].currencies[0].unitAmount = 0;
    first.pop();

    const second = await billing.listPlans();

    expect(second).toHaveLength(3);
    expect(second[0].currencies[0].unitAmount).toBe(49);
  });
});
