import { EnvironmentError } from '../../../../lambdas/shared/read-environment';
import { createBilling, readBillingSettings } from '../../../../lambdas/subscription/billing/billing-adapter';

describe('choosing the billing adapter from the environment', () => {
  it('chooses the local adapter with the stage suffix', () => {
    expect(readBillingSettings({ BILLING_ADAPTER: 'local', PLAN_CODE_SUFFIX: '_dev' })).toEqual({
      adapter: 'local',
      planCodeSuffix: '_dev',
    });
  });

  it('reads the local billing table and the DynamoDB endpoint the local runtime gives billing routes', () => {
    expect(
      readBillingSettings({
        BILLING_ADAPTER: 'local',
        PLAN_CODE_SUFFIX: '_dev',
        LOCAL_BILLING_TABLE: 'talentpilot-local-billing',
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:5183',
      }),
    ).toEqual({
      adapter: 'local',
      planCodeSuffix: '_dev',
      localBillingTable: 'talentpilot-local-billing',
      dynamodbEndpoint: 'http://127.0.0.1:5183',
    });
  });

  it('chooses Recurly with the secret name, and treats an absent suffix as prod', () => {
    expect(readBillingSettings({ BILLING_ADAPTER: 'recurly', RECURLY_API_KEY_SECRET_NAME: 'talentpilot/prod/recurly-api-key' })).toEqual({
      adapter: 'recurly',
      planCodeSuffix: '',
      recurlyApiKeySecretName: 'talentpilot/prod/recurly-api-key',
    });
  });

  it.each([
    [{}, 'BILLING_ADAPTER is not set'],
    [{ BILLING_ADAPTER: 'stripe' }, 'BILLING_ADAPTER is invalid'],
    [{ BILLING_ADAPTER: 'recurly' }, 'RECURLY_API_KEY_SECRET_NAME is not set'],
    [{ BILLING_ADAPTER: 'local', PLAN_CODE_SUFFIX: '_prod' }, 'PLAN_CODE_SUFFIX is invalid'],
  ])('names the variable that is wrong in %j', (environment, message) => {
    expect(() => readBillingSettings(environment)).toThrow(EnvironmentError);
    expect(() => readBillingSettings(environment)).toThrow(message);
  });

  it('builds a local adapter that serves the stage plans without any network', async () => {
    const billing = createBilling({ adapter: 'local', planCodeSuffix: '_stage' });

    const plans = await billing.listPlans();

    expect(plans.map((plan) => plan.code)).toEqual([
      'starter_2weeksfree_monthly_onetimesetup_stage',
      'professional_2weeksfree_monthly_onetimesetup_stage',
      'enterprise_2weeksfree_monthly_onetimesetup_stage',
    ]);
  });

  it('refuses the local adapter where deployed bundles compile it away (BUNDLED_BILLING_ADAPTERS=recurly)', () => {
    const before = process.env.BUNDLED_BILLING_ADAPTERS;
    process.env.BUNDLED_BILLING_ADAPTERS = 'recurly';
    try {
      expect(() => createBilling({ adapter: 'local', planCodeSuffix: '' })).toThrow(
        'BILLING_ADAPTER=local exists only in the local runtime',
      );
    } finally {
      if (before === undefined) delete process.env.BUNDLED_BILLING_ADAPTERS;
      else process.env.BUNDLED_BILLING_ADAPTERS = before;
    }
  });
});
