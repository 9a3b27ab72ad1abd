/** @jest-environment ./test/support/backend-environment.js */
import { createRestBillingApi } from '../../../../web/src/features/subscriptions/api/billing-api';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { jsonResponse, restClientAnswering, sentRequest } from '../../support/rest';
import { testConfig } from '../../support/config';
import { testAccount, testPlans, testSubscription } from '../../support/billing';

/** The billing API over the real REST client, against a fake HTTP answer. */
function billingApi(answer: Response) {
  const { client, fetchImpl } = restClientAnswering(answer);
  return { api: createRestBillingApi(testConfig(), client), fetchImpl };
}

describe('the billing API', () => {
  it('reads the plans from the public plans call, without a token', async () => {
    const { api, fetchImpl } = billingApi(jsonResponse(200, { plans: testPlans() }));
    await expect(api.listPlans()).resolves.toHaveLength(5);
    const request = sentRequest(fetchImpl);
    expect(request.url).toBe('http://127.0.0.1:5181/prod/subscription/plans');
    expect(request.headers.Authorization).toBeUndefined();
  });

  it('treats an answer without a plan list as a failure', async () => {
    const { api } = billingApi(jsonResponse(200, { items: [] }));
    await expect(api.listPlans()).rejects.toBeInstanceOf(RestApiError);
  });

  it('reads the user’s subscriptions and account by the lookup id, with the id token', async () => {
    const firmAccess = { organizationId: 'sub-olga', role: 'recruiter', tier: 'professional' } as const;
    const answer = { subscriptions: [testSubscription()], account: testAccount(), firmAccess };
    const { api, fetchImpl } = billingApi(jsonResponse(200, answer));
    await expect(api.getUserSubscriptions('code-talentpilot-sub-ada')).resolves.toEqual(answer);
    const request = sentRequest(fetchImpl);
    expect(request.url).toBe('http://127.0.0.1:5181/prod/user/subscriptions/code-talentpilot-sub-ada');
    expect(request.headers.Authorization).toBe('id-token-ada');
  });

  it('reads a missing or malformed firm access as none (the user’s own subscriptions decide)', async () => {
    for (const firmAccess of [undefined, 'firm']) {
      const { api } = billingApi(jsonResponse(200, { subscriptions: [], account: null, firmAccess }));
      await expect(api.getUserSubscriptions('code-talentpilot-sub-ada')).resolves.toEqual({
        subscriptions: [],
        account: null,
        firmAccess: null,
      });
    }
  });

  it('sends create-change with the Idempotency-Key header and only the plan, currency and token', async () => {
    const { api, fetchImpl } = billingApi(jsonResponse(201, { outcome: 'created', subscription: testSubscription() }));
    const answer = await api.createChange(
      { planCode: 'starter_2weeksfree_monthly_onetimesetup_dev', currency: 'USD', billingToken: 'tok-1111' },
      'key-1',
    );
    expect(answer.outcome).toBe('created');
    const request = sentRequest(fetchImpl);
    expect(request.url).toBe('http://127.0.0.1:5181/prod/subscription/create-change');
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual(expect.objectContaining({ 'Idempotency-Key': 'key-1', Authorization: 'id-token-ada' }));
    expect(request.body).toEqual({ planCode: 'starter_2weeksfree_monthly_onetimesetup_dev', currency: 'USD', billingToken: 'tok-1111' });
  });

  it.each([
    ['cancel', 'subscription/cancel'],
    ['reactivate', 'subscription/reactivate'],
  ] as const)('posts %s with the subscription id', async (method, path) => {
    const subscription = testSubscription();
    const { api, fetchImpl } = billingApi(jsonResponse(200, { subscription }));
    await expect(api[method]('sub-1')).resolves.toEqual({ subscription });
    const request = sentRequest(fetchImpl);
    expect(request.url).toBe(`http://127.0.0.1:5181/prod/${path}`);
    expect(request.body).toEqual({ subscriptionId: 'sub-1' });
  });

  it('rejects with the server’s message', async () => {
    const { api } = billingApi(jsonResponse(402, { message: 'Your card was declined.', code: 'CARD_DECLINED' }));
    await expect(
      api.createChange({ planCode: 'starter_2weeksfree_monthly_onetimesetup_dev', currency: 'USD', billingToken: 'tok-0002' }, 'key-2'),
    ).rejects.toMatchObject({
      status: 402,
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
  });
});
