import type { Plan } from '@contracts/plans';
import type { AccountView, CreateChangeRequest, FirmAccess, SubscriptionView } from '@contracts/subscriptions';
import type { BillingApi } from '../../../web/src/features/subscriptions/api/billing-api';
import type { TestCard, TestCardTokenizer } from '../../../web/src/features/subscriptions/api/test-card-tokenizer';
import { ThreeDSecureFailedError } from '../../../web/src/features/subscriptions/three-d-secure';
import { RestApiError } from '../../../web/src/lib/rest-client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A plan as the local billing adapter offers it (stage suffix `_dev`, as in `testConfig`). */
export function testPlan(tier: 'starter' | 'professional' | 'enterprise', overrides: Partial<Plan> = {}): Plan {
  const prices = {
    starter: [49, 99, 45, 89],
    professional: [149, 199, 139, 179],
    enterprise: [399, 499, 369, 459],
  }[tier];
  const label = tier[0].toUpperCase() + tier.slice(1);
  return {
    code: `${tier}_2weeksfree_monthly_onetimesetup_dev`,
    name: `${label} — two weeks free, monthly billing, one-time setup fee`,
    description: `The ${label} plan.`,
    currencies: [
      { currency: 'USD', unitAmount: prices[0], setupFee: prices[1] },
      { currency: 'EUR', unitAmount: prices[2], setupFee: prices[3] },
    ],
    trial: { length: 14, unit: 'days' },
    interval: { length: 1, unit: 'months' },
    ...overrides,
  };
}

/** What GET /subscription/plans answers: the known plans out of order, plus plans of other stages. */
export function testPlans(): Plan[] {
  return [
    testPlan('enterprise'),
    testPlan('starter'),
    testPlan('starter', { code: 'starter_2weeksfree_monthly_onetimesetup', name: 'Starter (prod)' }),
    { ...testPlan('professional'), code: 'legacy_plan', name: 'Legacy' },
    testPlan('professional'),
  ];
}

/** The plan that includes every service (plan-entitlements.ts): for tests of the services themselves. */
export const ENTERPRISE_PLAN: Pick<SubscriptionView, 'planCode' | 'planName'> = {
  planCode: 'enterprise_2weeksfree_monthly_onetimesetup_dev',
  planName: 'Enterprise — two weeks free, monthly billing, one-time setup fee',
};

/** A subscription in its free trial (started yesterday), as the API answers it. */
export function testSubscription(overrides: Partial<SubscriptionView> = {}, now: Date = new Date()): SubscriptionView {
  const started = new Date(now.getTime() - DAY_MS);
  const trialEnds = new Date(started.getTime() + 14 * DAY_MS);
  return {
    id: 'sub-1',
    uuid: 'uuid-1',
    accountCode: 'talentpilot-sub-ada',
    planCode: 'professional_2weeksfree_monthly_onetimesetup_dev',
    planName: 'Professional — two weeks free, monthly billing, one-time setup fee',
    state: 'active',
    currency: 'USD',
    unitAmount: 149,
    quantity: 1,
    setupFee: 199,
    trialStartedAt: started.toISOString(),
    trialEndsAt: trialEnds.toISOString(),
    currentPeriodStartedAt: started.toISOString(),
    currentPeriodEndsAt: trialEnds.toISOString(),
    activatedAt: started.toISOString(),
    canceledAt: null,
    expiresAt: null,
    createdAt: started.toISOString(),
    updatedAt: started.toISOString(),
    ...overrides,
  };
}

export function testAccount(overrides: Partial<AccountView> = {}): AccountView {
  return {
    code: 'talentpilot-sub-ada',
    email: 'ada@northbridge.example',
    firstName: 'Ada',
    lastName: 'Okafor',
    company: 'Northbridge Staffing',
    state: 'active',
    hasBillingInfo: true,
    createdAt: '2024-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** The token the fake tokenizer gives the declined test card; the fake billing declines it. */
export const DECLINED_TOKEN = 'tok-0002';
export const DECLINED_MESSAGE = 'Your card was declined. Please use a different card or contact your bank.';

type Mocked<T> = { [K in keyof T]: jest.Mock };

/**
 * A fake billing provider behind the REST calls: plans, the user's subscriptions, and create /
 * change / cancel / reactivate with Recurly's semantics as the product uses them. `failNext`
 * makes the next calls of a method fail with the given errors, in order.
 */
export class FakeBilling {
  plans: Plan[] = testPlans();
  plansError: unknown = undefined;
  subscriptions: SubscriptionView[] = [];
  account: AccountView | null = null;
  /** What the server says of the user's firm (issue 18): set for an invited member of a subscribed firm. */
  firmAccess: FirmAccess | null = null;
  subscriptionsError: unknown = undefined;
  private readonly failures: Partial<Record<keyof BillingApi, unknown[]>> = {};
  private created = 0;

  failNext(method: keyof BillingApi, ...errors: unknown[]): void {
    (this.failures[method] ??= []).push(...errors);
  }

  private fail(method: keyof BillingApi): void {
    const queue = this.failures[method];
    if (queue && queue.length > 0) throw queue.shift();
  }

  private find(id: string): SubscriptionView {
    const found = this.subscriptions.find((subscription) => subscription.id === id);
    if (!found) throw new RestApiError(404, 'NOT_FOUND', 'We could not find that subscription.');
    return found;
  }

  private replace(next: SubscriptionView): SubscriptionView {
    this.subscriptions = this.subscriptions.map((subscription) => (subscription.id === next.id ? next : subscription));
    return next;
  }

  private createChange(request: CreateChangeRequest): { outcome: 'created' | 'changed' | 'unchanged'; subscription: SubscriptionView } {
    const plan = this.plans.find((candidate) => candidate.code === request.planCode);
    const price = plan?.currencies.find((candidate) => candidate.currency === request.currency);
    if (!plan || !price) throw new RestApiError(400, 'VALIDATION', 'Choose one of the plans on offer.');
    const live = this.subscriptions.find((subscription) => subscription.state === 'active');
    if (live) {
      if (live.planCode === plan.code) return { outcome: 'unchanged', subscription: live };
      const changed = this.replace({ ...live, planCode: plan.code, planName: plan.name, unitAmount: price.unitAmount });
      return { outcome: 'changed', subscription: changed };
    }
    if (!request.billingToken) throw new RestApiError(400, 'VALIDATION', 'A card is needed to subscribe.');
    // As the API answers a decline: 400 `card_declined`, the message on the card token's field.
    if (request.billingToken === DECLINED_TOKEN)
      throw new RestApiError(400, 'card_declined', DECLINED_MESSAGE, { billingToken: DECLINED_MESSAGE });
    this.created += 1;
    const subscription = testSubscription({
      id: `sub-new-${this.created}`,
      uuid: `uuid-new-${this.created}`,
      planCode: plan.code,
      planName: plan.name,
      currency: price.currency,
      unitAmount: price.unitAmount,
      setupFee: price.setupFee,
      quantity: request.seats ?? 1,
    });
    this.subscriptions = [subscription, ...this.subscriptions];
    this.account = testAccount();
    return { outcome: 'created', subscription };
  }

  /** The BillingApi port, each method a jest mock. */
  api(): BillingApi & Mocked<BillingApi> {
    return {
      listPlans: jest.fn(async () => {
        this.fail('listPlans');
        if (this.plansError !== undefined) throw this.plansError;
        return this.plans.map((plan) => ({ ...plan }));
      }),
      getUserSubscriptions: jest.fn(async () => {
        this.fail('getUserSubscriptions');
        if (this.subscriptionsError !== undefined) throw this.subscriptionsError;
        return { subscriptions: [...this.subscriptions], account: this.account, firmAccess: this.firmAccess };
      }),
      createChange: jest.fn(async (request: CreateChangeRequest) => {
        this.fail('createChange');
        return this.createChange(request);
      }),
      cancel: jest.fn(async (id: string) => {
        this.fail('cancel');
        const subscription = this.find(id);
        const now = new Date().toISOString();
        return {
          subscription: this.replace({ ...subscription, state: 'canceled', canceledAt: now, expiresAt: subscription.currentPeriodEndsAt }),
        };
      }),
      reactivate: jest.fn(async (id: string) => {
        this.fail('reactivate');
        const subscription = this.find(id);
        return { subscription: this.replace({ ...subscription, state: 'active', canceledAt: null, expiresAt: null }) };
      }),
    } as BillingApi & Mocked<BillingApi>;
  }
}

/** A tokenizer standing in for the local billing adapter: `tok-<last four digits>`. */
export function fakeTestCardTokens(): TestCardTokenizer & {
  tokenize: jest.Mock<Promise<string>, [TestCard]>;
  completeThreeDSecure: jest.Mock<Promise<string>, [string, 'authenticate' | 'fail']>;
} {
  return {
    tokenize: jest.fn(async (card: TestCard) => `tok-${card.number.slice(-4)}`),
    completeThreeDSecure: jest.fn(async (actionTokenId: string, outcome: 'authenticate' | 'fail') => {
      if (outcome === 'fail') throw new ThreeDSecureFailedError();
      return `result-${actionTokenId}`;
    }),
  };
}
