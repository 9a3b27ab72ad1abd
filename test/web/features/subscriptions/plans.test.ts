/** @jest-environment ./test/support/backend-environment.js */
import { currenciesOf, offeredPlans, planLabel, priceIn } from '../../../../web/src/features/subscriptions/plans';
import { currencySymbol, formatAmount, formatDate, priceSentence } from '../../../../web/src/features/subscriptions/format';
import { testPlan, testPlans } from '../../support/billing';

describe('the plans on offer', () => {
  it('keeps only the stage’s known plans, ordered starter, professional, enterprise', () => {
    expect(offeredPlans(testPlans(), '_dev')?.map((plan) => plan.code)).toEqual([
      'starter_2weeksfree_monthly_onetimesetup_dev',
      'professional_2weeksfree_monthly_onetimesetup_dev',
      'enterprise_2weeksfree_monthly_onetimesetup_dev',
    ]);
    expect(offeredPlans(testPlans(), '')?.map((plan) => plan.code)).toEqual(['starter_2weeksfree_monthly_onetimesetup']);
  });

  it('offers nothing when no known plan (with a price) is among them', () => {
    expect(offeredPlans([], '_dev')).toBeUndefined();
    expect(offeredPlans(testPlans(), '_stage')).toBeUndefined();
    expect(offeredPlans([testPlan('starter', { currencies: [] })], '_dev')).toBeUndefined();
  });

  it('names a known plan by its tier and any other by the provider’s name', () => {
    expect(planLabel('professional_2weeksfree_monthly_onetimesetup_dev', 'Professional — two weeks free…', '_dev')).toBe('Professional');
    expect(planLabel('legacy_plan', 'Legacy', '_dev')).toBe('Legacy');
  });

  it('lists the currencies with USD first, and finds a plan’s price in one', () => {
    const plans = [testPlan('starter', { currencies: [{ currency: 'EUR', unitAmount: 45, setupFee: 89 }] }), testPlan('professional')];
    expect(currenciesOf(plans)).toEqual(['USD', 'EUR']);
    expect(currenciesOf([testPlan('starter', { currencies: [{ currency: 'GBP', unitAmount: 39, setupFee: 79 }] })])).toEqual(['GBP']);
    expect(priceIn(testPlan('starter'), 'EUR')).toEqual({ currency: 'EUR', unitAmount: 45, setupFee: 89 });
    expect(priceIn(testPlan('starter'), 'JPY')).toBeUndefined();
  });
});

describe('prices', () => {
  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['CRC', '₡'],
    ['GBP', '£'],
    ['ILS', '₪'],
    ['INR', '₹'],
    ['JPY', '¥'],
    ['KRW', '₩'],
    ['NGN', '₦'],
    ['PHP', '₱'],
    ['PLN', 'zł'],
    ['PYG', '₲'],
    ['THB', '฿'],
    ['UAH', '₴'],
    ['VND', '₫'],
  ])('show %s with the spec’s symbol %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it('show an unknown currency by its code', () => {
    expect(currencySymbol('CHF')).toBe('CHF');
    expect(formatAmount(149, 'CHF')).toBe('CHF 149');
  });

  it('read naturally: whole amounts without decimals, thousands grouped, multi-letter symbols spaced', () => {
    expect(formatAmount(149, 'USD')).toBe('$149');
    expect(formatAmount(49.5, 'USD')).toBe('$49.50');
    expect(formatAmount(1299, 'EUR')).toBe('€1,299');
    expect(formatAmount(99, 'PLN')).toBe('zł 99');
  });

  it('say the monthly price after the free trial and the one-time setup fee', () => {
    const plan = testPlan('professional');
    expect(priceSentence(plan.currencies[0], plan.trial, plan.interval)).toBe(
      '$149 / month after a 14-day free trial · $199 one-time setup fee',
    );
    expect(priceSentence({ currency: 'EUR', unitAmount: 45, setupFee: 0 }, { length: 0, unit: 'days' }, plan.interval)).toBe('€45 / month');
  });

  it('show dates in long form', () => {
    expect(formatDate('2024-05-18T12:00:00.000Z')).toBe('May 18, 2024');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
