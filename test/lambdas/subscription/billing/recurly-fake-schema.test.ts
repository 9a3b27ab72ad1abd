import type { RecurlyApiKeySource } from '../../../../lambdas/subscription/billing/recurly-api-key';
import { createRecurlyBilling } from '../../../../lambdas/subscription/billing/recurly-billing';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import { RecurlyFakeServer, recurlyPlanJson, type FakePlanInput } from '../../support/recurly-fake-server';
import { answerViolations, recurlyOperation, requestViolations, schemaViolations } from '../../support/recurly-openapi';

/**
 * The fake Recurly is held to Recurly's own OpenAPI document (node_modules/recurly/openapi/api.yaml):
 * the checker finds what breaks a schema, and a fake answer that breaks one fails the test that
 * caused it (the server's `close()`).
 */

const API_KEY = 'test-private-key-schema-0123456789';
const STARTER: FakePlanInput = {
  code: 'starter_2weeksfree_monthly_onetimesetup_dev',
  name: 'Starter',
  currencies: [{ currency: 'USD', unitAmount: 49, setupFee: 99 }],
};
const apiKey: RecurlyApiKeySource = { get: async () => API_KEY, forget: () => undefined };

describe('the api.yaml checker', () => {
  it('finds the documented operation of a request, preferring the most literal path', () => {
    expect(recurlyOperation('POST', '/subscriptions')?.operationId).toBe('create_subscription');
    expect(recurlyOperation('GET', '/invoices/abc123.pdf')?.operationId).toBe('get_invoice_pdf');
    expect(recurlyOperation('GET', '/invoices/abc123')?.operationId).toBe('get_invoice');
    expect(recurlyOperation('POST', '/subscriptions/uuid-0123/change')?.operationId).toBe('create_subscription_change');
    expect(recurlyOperation('DELETE', '/plans')).toBeUndefined();
  });

  it('accepts a documented plan, nulls for unset fields included', () => {
    expect(schemaViolations('Plan', recurlyPlanJson(STARTER), 'plan')).toEqual([]);
  });

  it.each([
    ['an unknown state', { state: 'retired' }, 'plan.state: "retired" is not one of active, inactive'],
    ['a trial unit Recurly does not have', { trial_unit: 'weeks' }, 'plan.trial_unit: "weeks" is not one of days, months'],
    ['a string for a number', { interval_length: '1' }, 'plan.interval_length: string where api.yaml has integer'],
    ['an invented property', { trial_days: 14 }, 'plan.trial_days: not a documented property'],
    ['an instant that is not one', { created_at: '15/01/2024' }, 'plan.created_at: "15/01/2024" is not a date-time'],
    ['a code Recurly refuses', { code: 'Starter Plan' }, 'plan.code: "Starter Plan" does not match /^[a-z0-9_+-]+$/'],
  ])('finds %s in a plan', (_label, change, violation) => {
    expect(schemaViolations('Plan', { ...recurlyPlanJson(STARTER), ...change }, 'plan')).toEqual([violation]);
  });

  it('checks the items of lists and refuses a null item', () => {
    const currencies = [{ currency: 'USD', setup_fee: 99, unit_amount: 49, tax_inclusive: false }, null];
    expect(schemaViolations('Plan', { ...recurlyPlanJson(STARTER), currencies }, 'plan')).toEqual([
      'plan.currencies[1]: null where api.yaml has object',
    ]);
  });

  it('reads an error answer as {"error": <Error>} with a documented type', () => {
    expect(answerViolations('GET', '/subscriptions/x', 404, { error: { type: 'not_found', message: 'Nope' } })).toEqual([]);
    expect(answerViolations('GET', '/subscriptions/x', 404, { type: 'not_found', message: 'Nope' })).toEqual([
      'get_subscription 404: an error answer is {"error": {...}}',
      'get_subscription 404.type: not part of an error answer',
      'get_subscription 404.message: not part of an error answer',
    ]);
    expect(answerViolations('GET', '/subscriptions/x', 404, { error: { type: 'gone', message: 'Nope' } })).toEqual([
      expect.stringContaining('get_subscription 404.error.type: "gone" is not one of bad_request'),
    ]);
  });

  it('lets through only the two properties Recurly is known to send beyond the schemas', () => {
    const invalid = {
      error: { type: 'validation', message: 'Plan code is invalid', params: [{ param: 'plan_code', message: 'is invalid' }] },
    };
    expect(answerViolations('POST', '/subscriptions', 422, invalid)).toEqual([]);
    const version = {
      error: {
        type: 'invalid_api_version',
        message: 'Try one of these',
        acceptable_accept_headers: ['application/vnd.recurly.v2021-02-25'],
      },
    };
    expect(answerViolations('GET', '/plans', 406, version)).toEqual([]);
    expect(answerViolations('GET', '/plans', 400, version)).toEqual([
      'list_plans 400.error.acceptable_accept_headers: not a documented property',
    ]);
  });

  it('checks request bodies too', () => {
    expect(requestViolations('POST', '/subscriptions', { plan_code: 'starter', currency: 'USD', account: { code: 'a-1' } })).toEqual([]);
    expect(
      requestViolations('POST', '/subscriptions', { plan_code: 'starter', currency: 'USD', account: { code: 'a-1' }, trial: 1 }),
    ).toEqual(['create_subscription request.trial: not a documented property']);
  });
});

describe('a fake answer that breaks the schema', () => {
  let logs: CapturedLogs;
  beforeEach(() => {
    logs = captureLogs();
  });
  afterEach(() => logs.restore());

  it('fails the test: the server keeps the violation and close() throws it', async () => {
    const server = await RecurlyFakeServer.start({ apiKey: API_KEY, plans: [STARTER] });
    const billing = createRecurlyBilling({ apiKey, httpAdapter: server.httpAdapter() });
    const created = await billing.createSubscription({
      accountCode: 'talentpilot-schema-1',
      account: { email: 'dana@harborstaffing.com' },
      planCode: STARTER.code,
      currency: 'USD',
      billingToken: server.site.issueToken(),
    });
    expect(server.schemaViolations).toEqual([]);

    // A state Recurly does not have.
    server.site.setSubscriptionState(created.id, 'suspended' as never);
    await billing.getSubscription(created.id).catch(() => undefined);

    expect(server.schemaViolations).toEqual([
      'get_subscription 200.state: "suspended" is not one of active, canceled, expired, failed, future, paused',
    ]);
    await expect(server.close()).rejects.toThrow(
      /The fake Recurly's exchanges break api.yaml:\nget_subscription 200.state: "suspended" is not one of/,
    );
  });
});
