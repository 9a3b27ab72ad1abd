import { readFileSync } from 'node:fs';
import { HttpAdapter, HttpResponse } from 'recurly/lib/recurly/HttpAdapter';
import { mapError } from '../../../../lambdas/shared/http/response';
import {
  BillingUnavailableError,
  NotFoundError,
  PaymentAuthenticationRequiredError,
  ValidationError,
} from '../../../../lambdas/shared/errors';
import { BILLING_MESSAGES, CARD_REFUSALS } from '../../../../lambdas/subscription/billing/billing-messages';
import type { BillingPort, CreateSubscriptionInput } from '../../../../lambdas/subscription/billing/billing-port';
import { createRecurlyBilling } from '../../../../lambdas/subscription/billing/recurly-billing';
import { TRANSACTION_ERROR_REFUSALS } from '../../../../lambdas/subscription/billing/recurly-errors';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';

/**
 * Every documented failure of the three card-charging calls (create subscription, subscription
 * change, update billing info) as what the subscriber reads. The bodies follow Recurly's "API
 * transaction errors" page (https://docs.recurly.com/recurly-subscriptions/docs/api-transaction-errors:
 * its JSON example is `{ error: { type: 'transaction', message, params: [], transaction_error:
 * { object, transaction_id, category, code, message, merchant_advice,
 * three_d_secure_action_token_id } } }`, codes and categories from its tables) and the
 * `ErrorMayHaveTransaction` schema of the API v2021-02-25 OpenAPI document shipped in the
 * `recurly` package. They go through the official client (a stub transport answers them), so
 * what is tested is what production parses.
 */

const ACCOUNT = 'talentpilot-8f14e45f-ceea-467f-a0e6-4b2c1d9e7a10';
const PLAN = 'starter_2weeksfree_monthly_onetimesetup_dev';
const OTHER_PLAN = 'professional_2weeksfree_monthly_onetimesetup_dev';

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** Answers every write with `write`; reads: no account, an active subscription on {@link PLAN}. */
class StubRecurly extends HttpAdapter {
  readonly sent: Sent[] = [];
  constructor(private readonly write: Answer) {
    super();
  }

  override async execute(method: string, url: string, _headers: Record<string, string>, body: string | null): Promise<HttpResponse> {
    const path = new URL(url).pathname;
    this.sent.push({ method, path, body: body ? JSON.parse(body) : undefined });
    let answer: Answer = this.write;
    if (method === 'GET' && path.startsWith('/accounts/')) answer = notFound("Couldn't find Account");
    else if (method === 'GET' && path.startsWith('/subscriptions/')) {
      answer = { status: 200, body: { object: 'subscription', id: 'sub1', state: 'active', plan: { object: 'plan', code: PLAN } } };
    }
    return new HttpResponse(
      answer.status,
      { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-1' },
      JSON.stringify(answer.body),
    );
  }
}

function notFound(message: string, params: readonly { param: string; message: string }[] = []): Answer {
  return { status: 404, body: { error: { type: 'not_found', message, params } } };
}

/** A 422 transaction error as the page's JSON example shows it. */
function transactionError(code: string, category: string, extra: Record<string, unknown> = {}): Answer {
  return {
    status: 422,
    body: {
      error: {
        type: 'transaction',
        message: `Customer message for ${code}`,
        params: [],
        transaction_error: {
          object: 'transaction_error',
          transaction_id: 'ot9lv264n9dz',
          category,
          code,
          message: `Customer message for ${code}`,
          merchant_advice: `Merchant advice for ${code}`,
          three_d_secure_action_token_id: null,
          ...extra,
        },
      },
    },
  };
}

function billingAnswering(answer: Answer): { billing: BillingPort; stub: StubRecurly } {
  const stub = new StubRecurly(answer);
  const billing = createRecurlyBilling({ apiKey: { get: async () => 'test-key', forget: () => undefined }, httpAdapter: stub });
  return { billing, stub };
}

/** A subscription purchase with the card token `tok1`. */
function purchase(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    accountCode: ACCOUNT,
    account: { email: 'dana@example.com' },
    planCode: PLAN,
    currency: 'EUR',
    billingToken: 'tok1',
    ...overrides,
  };
}

const OPERATIONS: readonly { readonly name: string; readonly run: (billing: BillingPort) => Promise<unknown> }[] = [
  {
    name: 'create subscription',
    run: (billing) => billing.createSubscription(purchase()),
  },
  { name: 'subscription change', run: (billing) => billing.changeSubscriptionPlan('sub1', OTHER_PLAN) },
  { name: 'update billing info', run: (billing) => billing.updateCardOnFile(ACCOUNT, 'tok1') },
];

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('Recurly transaction errors as card refusals a subscriber can act on', () => {
  // [code, category] from the page's tables → the refusal the subscriber reads.
  const CASES: readonly (readonly [string, string, keyof typeof CARD_REFUSALS])[] = [
    ['declined', 'soft', 'declined'],
    ['call_issuer', 'soft', 'declined'],
    ['insufficient_funds', 'soft', 'insufficientFunds'],
    ['expired_card', 'hard', 'expired'],
    ['declined_expiration_date', 'hard', 'expired'],
    ['invalid_card_number', 'hard', 'invalidNumber'],
    ['fraud_security_code', 'fraud', 'securityCode'],
    ['fraud_address', 'fraud', 'address'],
    ['fraud_stolen_card', 'fraud', 'fraud'],
    ['fraud_gateway', 'fraud', 'fraud'],
    ['too_many_attempts', 'soft', 'tooManyAttempts'],
    ['card_type_not_accepted', 'hard', 'notAccepted'],
    ['restricted_card', 'hard', 'notAccepted'],
    ['declined_missing_data', 'hard', 'checkDetails'],
    ['rjs_token_expired', 'hard', 'reenter'],
    ['recurly_token_not_found', 'skles', 'reenter'],
    ['recurly_token_mismatch', 'skles', 'reenter'],
    ['payer_authentication_rejected', 'soft', 'authenticationFailed'],
    ['gateway_timeout', 'communication', 'processingUnavailable'],
    ['too_busy', 'communication', 'processingUnavailable'],
    ['duplicate_transaction', 'duplicate', 'processingUnavailable'],
    ['temporary_hold', 'soft', 'declined'],
    ['simultaneous', 'soft', 'processingUnavailable'],
    ['recurly_error', 'unknown', 'processingUnavailable'],
    ['three_d_secure_authentication', 'three_d_secure_required', 'authenticationFailed'],
    // Codes the table does not name fall back on their category.
    ['some_new_fraud_code', 'fraud', 'fraud'],
    ['paypal_hard_decline', 'hard', 'declined'],
    ['toString', 'soft', 'declined'],
  ];

  for (const operation of OPERATIONS) {
    it.each(CASES)(`${operation.name}: %s (%s) reads as %s`, async (code, category, refusal) => {
      const { billing } = billingAnswering(transactionError(code, category));
      const failure = await failureOf(operation.run(billing));
      expect(failure).toBeInstanceOf(ValidationError);
      const { code: apiCode, message } = CARD_REFUSALS[refusal];
      expect(failure).toMatchObject({ code: apiCode, message, fields: { billingToken: message } });
      expect(mapError(failure)).toMatchObject({ statusCode: 400, body: { code: apiCode, message } });
    });
  }

  it('tells declined, insufficient funds, expired, invalid number, fraud and gateway errors apart', () => {
    const refusals = ['declined', 'insufficientFunds', 'expired', 'invalidNumber', 'fraud', 'processingUnavailable'] as const;
    expect(new Set(refusals.map((refusal) => CARD_REFUSALS[refusal].message)).size).toBe(refusals.length);
    expect(new Set(refusals.map((refusal) => CARD_REFUSALS[refusal].code)).size).toBe(refusals.length);
  });

  it('asks to enter the card again for a token Recurly refuses (422 invalid_token)', async () => {
    const { billing } = billingAnswering({
      status: 422,
      body: { error: { type: 'invalid_token', message: 'Token not found', params: [] } },
    });
    const failure = await failureOf(billing.updateCardOnFile(ACCOUNT, 'tok1'));
    expect(failure).toMatchObject({ code: 'invalid_billing_token', message: BILLING_MESSAGES.invalidToken });
  });

  it('treats a misconfigured site or gateway as billing unavailable (502), not as a card problem', async () => {
    for (const [code, category] of [
      ['invalid_gateway_configuration', 'configuration'],
      ['currency_not_supported', 'configuration'],
      ['some_new_setup_code', 'not_enabled'],
    ]) {
      const { billing } = billingAnswering(transactionError(code, category));
      const failure = await failureOf(billing.updateCardOnFile(ACCOUNT, 'tok1'));
      expect(failure).toBeInstanceOf(BillingUnavailableError);
      expect(mapError(failure).statusCode).toBe(502);
    }
  });

  it('maps only codes Recurly documents (the OpenAPI ErrorCodeEnum, or the transaction errors page)', () => {
    const api = readFileSync(require.resolve('recurly/openapi/api.yaml'), 'utf8');
    const enumText = /\n {4}ErrorCodeEnum:\n {6}type: string\n {6}enum:\n((?: {6}- .+\n)+)/.exec(api)?.[1] ?? '';
    const documented = new Set(enumText.split('\n').map((line) => line.replace(/^ {6}- /, '').trim()));
    expect(documented.size).toBeGreaterThan(100);
    // `card_blocked` is on the page's "Hard" table but not (yet) in the enum.
    const undocumented = [...TRANSACTION_ERROR_REFUSALS.keys()].filter((code) => !documented.has(code) && code !== 'card_blocked');
    expect(undocumented).toEqual([]);
  });
});

describe('3-D Secure (three_d_secure_action_required)', () => {
  const ACTION_TOKEN = 'AbCdEf0123456789_-xyzw';

  for (const operation of OPERATIONS) {
    it(`${operation.name}: carries the action token as a PaymentAuthenticationRequiredError, answered 402`, async () => {
      const { billing } = billingAnswering(
        transactionError('three_d_secure_action_required', 'three_d_secure_action_required', {
          three_d_secure_action_token_id: ACTION_TOKEN,
        }),
      );
      const failure = await failureOf(operation.run(billing));
      expect(failure).toBeInstanceOf(PaymentAuthenticationRequiredError);
      expect(failure).toMatchObject({ actionTokenId: ACTION_TOKEN, code: 'three_d_secure_required' });
      expect(mapError(failure)).toEqual({
        statusCode: 402,
        body: {
          message: BILLING_MESSAGES.authenticationRequired,
          code: 'three_d_secure_required',
          threeDSecureActionTokenId: ACTION_TOKEN,
        },
        headers: {},
      });
    });
  }

  it('is a failed check, not a decline, when Recurly gives no action token', async () => {
    const { billing } = billingAnswering(transactionError('three_d_secure_authentication', 'three_d_secure_required'));
    const failure = await failureOf(billing.updateCardOnFile(ACCOUNT, 'tok1'));
    expect(failure).toMatchObject({ code: CARD_REFUSALS.authenticationFailed.code });
  });

  it('repeats a purchase with the card token and billing_info.three_d_secure_action_result_token_id', async () => {
    const { billing, stub } = billingAnswering(transactionError('declined', 'soft'));
    await failureOf(billing.createSubscription(purchase({ threeDSecureActionResultTokenId: 'result-1' })));
    const create = stub.sent.find((request) => request.method === 'POST' && request.path === '/subscriptions');
    expect(create?.body).toMatchObject({
      plan_code: PLAN,
      account: { code: ACCOUNT, billing_info: { token_id: 'tok1', three_d_secure_action_result_token_id: 'result-1' } },
    });
  });

  it('repeats a card update with three_d_secure_action_result_token_id beside token_id', async () => {
    const { billing, stub } = billingAnswering(transactionError('declined', 'soft'));
    await failureOf(billing.updateCardOnFile(ACCOUNT, 'tok1', { threeDSecureActionResultTokenId: 'result-3' }));
    const update = stub.sent.find((request) => request.method === 'PUT' && request.path.endsWith('/billing_info'));
    expect(update?.body).toEqual({ token_id: 'tok1', three_d_secure_action_result_token_id: 'result-3' });
  });

  it('repeats a subscription change with billing_info.three_d_secure_action_result_token_id, and sends none otherwise', async () => {
    const { billing, stub } = billingAnswering(transactionError('declined', 'soft'));
    await failureOf(billing.changeSubscriptionPlan('sub1', OTHER_PLAN, { threeDSecureActionResultTokenId: 'result-2' }));
    await failureOf(billing.changeSubscriptionPlan('sub1', OTHER_PLAN));
    const changes = stub.sent.filter((request) => request.method === 'POST' && request.path.endsWith('/change'));
    expect(changes.map((request) => request.body)).toEqual([
      { plan_code: OTHER_PLAN, timeframe: 'now', billing_info: { three_d_secure_action_result_token_id: 'result-2' } },
      { plan_code: OTHER_PLAN, timeframe: 'now' },
    ]);
  });
});

describe('a 404 on a purchase', () => {
  it('is an unknown plan (400) when Recurly names the plan, not "billing unavailable"', async () => {
    const { billing } = billingAnswering(
      notFound(`Couldn't find Plan with code = ${PLAN}`, [{ param: 'plan_code', message: 'not found' }]),
    );
    const failure = await failureOf(OPERATIONS[0].run(billing));
    expect(failure).toMatchObject({ code: 'unknown_plan' });
    expect(mapError(failure).statusCode).toBe(400);
  });

  it('is a NotFoundError asking to start again when Recurly names something else', async () => {
    const { billing } = billingAnswering(notFound("Couldn't find Site"));
    const failure = await failureOf(OPERATIONS[0].run(billing));
    expect(failure).toBeInstanceOf(NotFoundError);
    expect(failure).toMatchObject({ code: 'purchase_not_found', message: BILLING_MESSAGES.purchaseNotFound });
  });
});
