import { randomBytes } from 'node:crypto';
import { addPeriods } from '../../../lambdas/subscription/billing/local-subscription-lifecycle';
import { prorateQuantityChange } from '../../../lambdas/subscription/billing/quantity-proration';
import type { FakePlanInput } from './recurly-fake-server';

/**
 * The state behind the fake Recurly server: a Recurly site's accounts, subscriptions, line items
 * and Recurly.js tokens, with the documented semantics of API v2021-02-25
 * (node_modules/recurly/openapi/api.yaml: `create_subscription`, `create_subscription_change`,
 * `cancel_subscription`, `reactivate_subscription`, `Subscription`, `Account`, `LineItem`,
 * `ErrorMayHaveTransaction`):
 * - creating a subscription creates the account when its code is new, with the token's card;
 *   the purchase is atomic (a declined card or a bad token creates nothing);
 * - a plan with a trial starts `active` with trial_started_at = now, trial_ends_at = now + trial,
 *   the first period ending at the trial end; the setup fee is charged at once (a `setup_fee`
 *   line item, once: it does not grow with the quantity); without a trial the first period is
 *   also charged (a `plan` line item, unit amount × `quantity`, the create's quantity or 1);
 * - the trial lasts `trial_length` `trial_unit`s and a billing period `interval_length`
 *   `interval_unit`s, in days or months (the `Plan` schema's `TrialUnitEnum` and
 *   `IntervalUnitEnum`); a month ends on the same day of the month, or on the last day of a
 *   shorter month (the local adapter's `addPeriods`);
 * - tokens are single-use; the declining test card answers 422 `transaction`;
 * - cancel (`term_end`): active → canceled with expires_at = current_period_ends_at; future →
 *   failed; anything else 422 `validation`; reactivate: canceled → active, else 422 `validation`;
 * - a change (`timeframe: now`) swaps plan and price and sets the quantity at once and keeps the
 *   dates; a quantity change is prorated, and previewed by `change/preview` (see changeSubscription).
 * - billing info and invoices (issue 17): `PUT /accounts/{account_id}/billing_info` with a
 *   Recurly.js `token_id` replaces the card ("Set an account's billing information",
 *   https://docs.recurly.com/recurly-subscriptions/v2021-02-25/reference/update_billing_info; a
 *   declined card or a bad token keeps the old one); every purchase that charges something opens
 *   one paid invoice, numbered site-wide from 1001, listed by `GET /accounts/{account_id}/invoices`
 *   ("List an account's invoices", list_account_invoice), read by `GET /invoices/{invoice_id}`
 *   and rendered by `GET /invoices/{invoice_id}.pdf` (get_invoice_pdf, `application/pdf`).
 * Time passes only when a test says so (`site.now`); states the clock would reach (expired) are
 * set with {@link FakeRecurlySite.setSubscriptionState}.
 */

export type FakeCard = 'approved' | 'declined';

export interface Answer {
  readonly status: number;
  readonly body?: unknown;
  /** Sent as `application/pdf` instead of JSON. */
  readonly pdf?: Buffer;
}

export interface FakeInvoice {
  readonly id: string;
  readonly number: string;
  readonly accountCode: string;
  readonly subscriptionId: string;
  readonly currency: string;
  readonly total: number;
  readonly createdAt: Date;
}

/** A small PDF with bytes above 127 (the binary comment PDF writers put on line 2), to check they survive the client. */
export function fakeInvoicePdf(invoice: FakeInvoice): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n%'),
    Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
    Buffer.from(`\n% Invoice ${invoice.number}\ntrailer\n<< >>\n%%EOF\n`),
  ]);
}

export interface FakeAccount {
  id: string;
  code: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  state: 'active' | 'inactive';
  card: { readonly lastFour: string; readonly firstSix: string; readonly expMonth: number; readonly expYear: number } | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FakeSubscription {
  id: string;
  uuid: string;
  accountCode: string;
  planCode: string;
  state: 'active' | 'canceled' | 'expired' | 'failed' | 'future' | 'paused';
  currency: string;
  unitAmount: number;
  quantity: number;
  trialStartedAt: Date | null;
  trialEndsAt: Date | null;
  currentPeriodStartedAt: Date;
  currentPeriodEndsAt: Date;
  activatedAt: Date | null;
  canceledAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FakeLineItem {
  readonly id: string;
  readonly uuid: string;
  readonly accountCode: string;
  readonly subscriptionId: string;
  readonly planCode: string;
  readonly origin: 'setup_fee' | 'plan';
  readonly currency: string;
  readonly unitAmount: number;
  /** The subscription's quantity for a `plan` charge; 1 for the setup fee, which does not grow with it. */
  readonly quantity: number;
  readonly createdAt: Date;
}

export function recurlyError(status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer {
  return { status, body: { error: { type, message, ...extra } } };
}

const notFound = (what: string, key: string, value: string) =>
  recurlyError(404, 'not_found', `Couldn't find ${what} with ${key} = ${value}`);
const invalid = (message: string, param: string, paramMessage: string) =>
  recurlyError(422, 'validation', message, { params: [{ param, message: paramMessage }] });

/** Recurly writes instants to the second: `2024-05-01T10:00:00Z`. */
function iso(date: Date | null): string | null {
  return date ? `${date.toISOString().slice(0, 19)}Z` : null;
}

function randomId(length = 13): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

export class FakeRecurlySite {
  readonly accounts = new Map<string, FakeAccount>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly lineItems: FakeLineItem[] = [];
  readonly invoices: FakeInvoice[] = [];
  private readonly tokens = new Map<string, { readonly card: FakeCard; used: boolean }>();
  /** The site's clock; tests move it. */
  now: () => Date = () => new Date();

  constructor(private readonly plans: () => readonly FakePlanInput[]) {}

  /** What Recurly.js would answer for a card form: a single-use token id. */
  issueToken(card: FakeCard = 'approved'): string {
    const id = randomBytes(16).toString('base64url');
    this.tokens.set(id, { card, used: false });
    return id;
  }

  /** Test helper: a state Recurly reaches by itself with time (expired) or through other calls. */
  setSubscriptionState(id: string, state: FakeSubscription['state']): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    subscription.state = state;
    subscription.updatedAt = this.now();
  }

  findAccount(accountId: string): FakeAccount | undefined {
    if (accountId.startsWith('code-')) return this.accounts.get(accountId.slice(5));
    return [...this.accounts.values()].find((account) => account.id === accountId);
  }

  findSubscription(subscriptionId: string): FakeSubscription | undefined {
    if (subscriptionId.startsWith('uuid-'))
      return [...this.subscriptions.values()].find((subscription) => subscription.uuid === subscriptionId.slice(5));
    return this.subscriptions.get(subscriptionId);
  }

  getAccount(accountId: string): Answer {
    const account = this.findAccount(accountId);
    return account ? { status: 200, body: this.accountJson(account) } : notFound('Account', 'code', accountId.replace(/^code-/, ''));
  }

  getSubscription(subscriptionId: string): Answer {
    const subscription = this.findSubscription(subscriptionId);
    return subscription ? { status: 200, body: this.subscriptionJson(subscription) } : notFound('Subscription', 'id', subscriptionId);
  }

  /** The account's subscriptions, newest first unless `order=asc`; undefined when the account does not exist. */
  accountSubscriptions(accountId: string, order: string | null): Record<string, unknown>[] | undefined {
    const account = this.findAccount(accountId);
    if (!account) return undefined;
    const mine = [...this.subscriptions.values()].filter((subscription) => subscription.accountCode === account.code);
    mine.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    if (order !== 'asc') mine.reverse();
    return mine.map((subscription) => this.subscriptionJson(subscription));
  }

  lineItemsOf(
    filter: { readonly accountId?: string; readonly subscriptionId?: string },
    type: string | null,
  ): Record<string, unknown>[] | undefined {
    let items: FakeLineItem[];
    if (filter.accountId !== undefined) {
      const account = this.findAccount(filter.accountId);
      if (!account) return undefined;
      items = this.lineItems.filter((item) => item.accountCode === account.code);
    } else {
      const subscription = this.findSubscription(filter.subscriptionId ?? '');
      if (!subscription) return undefined;
      items = this.lineItems.filter((item) => item.subscriptionId === subscription.id);
    }
    // Every line item here is a charge.
    if (type && type !== 'charge') items = [];
    return [...items].reverse().map((item) => this.lineItemJson(item));
  }

  createSubscription(body: Record<string, unknown>): Answer {
    const planCode = typeof body.plan_code === 'string' ? body.plan_code : '';
    const currency = typeof body.currency === 'string' ? body.currency : '';
    const accountInput = (body.account ?? {}) as Record<string, unknown>;
    const code = typeof accountInput.code === 'string' ? accountInput.code : '';
    if (!planCode) return invalid("Plan code can't be blank", 'plan_code', "can't be blank");
    if (!code) return invalid("Account code can't be blank", 'account.code', "can't be blank");
    // SubscriptionCreate `quantity`: "Optionally override the default quantity of 1".
    const quantity = body.quantity === undefined ? 1 : body.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      return invalid('Quantity must be greater than 0', 'quantity', 'must be greater than 0');
    if (code.length > 50)
      return invalid('Account code is too long (maximum is 50 characters)', 'account.code', 'is too long (maximum is 50 characters)');
    const plan = this.plans().find((candidate) => candidate.code === planCode && (candidate.state ?? 'active') === 'active');
    if (!plan) return invalid('Plan code is invalid', 'plan_code', 'is invalid');
    const price = plan.currencies.find((candidate) => candidate.currency === currency);
    if (!price)
      return invalid(
        `Currency ${currency || '(none)'} is not available for plan ${planCode}`,
        'currency',
        'is not available for this plan',
      );

    const existing = this.accounts.get(code);
    const billingInfo = accountInput.billing_info as { token_id?: unknown } | undefined;
    let card: FakeCard | undefined;
    let tokenId: string | undefined;
    if (billingInfo) {
      tokenId = typeof billingInfo.token_id === 'string' ? billingInfo.token_id : '';
      const token = this.tokens.get(tokenId);
      if (!token || token.used) return recurlyError(422, 'invalid_token', 'Token has expired or is invalid. Please request a new token.');
      card = token.card;
    } else if (!existing?.card) {
      return invalid('Billing info is required for this plan', 'account.billing_info', "can't be blank");
    }
    const now = this.now();
    if (card === 'declined') {
      // The purchase (setup fee, or the card verification of a trial) is declined: nothing is created.
      this.tokens.get(tokenId!)!.used = true;
      return recurlyError(
        422,
        'transaction',
        'Your card was declined. In order to resolve the issue, you will need to contact your bank.',
        {
          transaction_error: {
            object: 'transaction_error',
            transaction_id: randomId(),
            category: 'hard',
            code: 'declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined. In order to resolve the issue, you will need to contact your bank.',
            merchant_advice: 'Code 2. The card was declined. Ask the customer to contact their bank.',
          },
        },
      );
    }
    if (tokenId) this.tokens.get(tokenId)!.used = true;

    const account =
      existing ??
      this.addAccount({
        code,
        email: (accountInput.email as string | undefined) ?? null,
        firstName: (accountInput.first_name as string | undefined) ?? null,
        lastName: (accountInput.last_name as string | undefined) ?? null,
        company: (accountInput.company as string | undefined) ?? null,
      });
    if (card) {
      account.card = { lastFour: '1111', firstSix: '411111', expMonth: 12, expYear: now.getUTCFullYear() + 3 };
      account.updatedAt = now;
    }

    const trialLength = plan.trialLength ?? 14;
    const trialEndsAt = trialLength > 0 ? addPeriods(now, { unit: plan.trialUnit ?? 'days', length: trialLength }, 1) : null;
    const subscription: FakeSubscription = {
      id: randomId(),
      uuid: randomBytes(16).toString('hex'),
      accountCode: account.code,
      planCode: plan.code,
      state: 'active',
      currency: price.currency,
      unitAmount: price.unitAmount,
      quantity,
      trialStartedAt: trialEndsAt ? now : null,
      trialEndsAt,
      currentPeriodStartedAt: now,
      currentPeriodEndsAt: trialEndsAt ?? addPeriods(now, { unit: plan.intervalUnit ?? 'months', length: plan.intervalLength ?? 1 }, 1),
      activatedAt: now,
      canceledAt: null,
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
    };
    this.subscriptions.set(subscription.id, subscription);
    // The setup fee is charged once, whatever the quantity (api.yaml `setup_fee`: "Setup fees do
    // not increase with the quantity"); the first period, without a trial, for every unit.
    if (price.setupFee > 0) this.charge(subscription, 'setup_fee', price.setupFee, 1);
    if (!trialEndsAt) this.charge(subscription, 'plan', price.unitAmount, quantity);
    const purchase = price.setupFee + (trialEndsAt ? 0 : price.unitAmount * quantity);
    if (purchase > 0) {
      this.invoices.push({
        id: randomId(),
        number: String(1001 + this.invoices.length),
        accountCode: account.code,
        subscriptionId: subscription.id,
        currency: price.currency,
        total: purchase,
        createdAt: now,
      });
    }
    return { status: 201, body: this.subscriptionJson(subscription) };
  }

  updateBillingInfo(accountId: string, body: Record<string, unknown>): Answer {
    const account = this.findAccount(accountId);
    if (!account) return notFound('Account', 'code', accountId.replace(/^code-/, ''));
    const tokenId = typeof body.token_id === 'string' ? body.token_id : '';
    const token = this.tokens.get(tokenId);
    if (!token || token.used) return recurlyError(422, 'invalid_token', 'Token has expired or is invalid. Please request a new token.');
    token.used = true;
    if (token.card === 'declined') {
      return recurlyError(422, 'transaction', 'Your card was declined. Please use a different card.', {
        transaction_error: {
          object: 'transaction_error',
          category: 'hard',
          code: 'declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined. Please use a different card.',
        },
      });
    }
    const now = this.now();
    account.card = { lastFour: '4242', firstSix: '424242', expMonth: 11, expYear: now.getUTCFullYear() + 4 };
    account.updatedAt = now;
    return { status: 200, body: this.accountJson(account).billing_info };
  }

  accountInvoices(accountId: string, order: string | null): Record<string, unknown>[] | undefined {
    const account = this.findAccount(accountId);
    if (!account) return undefined;
    const invoices = this.invoices.filter((invoice) => invoice.accountCode === account.code);
    return (order === 'asc' ? invoices : [...invoices].reverse()).map((invoice) => this.invoiceJson(invoice));
  }

  getInvoice(invoiceId: string): Answer {
    const invoice = this.invoices.find((candidate) => candidate.id === invoiceId);
    return invoice ? { status: 200, body: this.invoiceJson(invoice) } : notFound('Invoice', 'id', invoiceId);
  }

  invoicePdf(invoiceId: string): Answer {
    const invoice = this.invoices.find((candidate) => candidate.id === invoiceId);
    return invoice ? { status: 200, pdf: fakeInvoicePdf(invoice) } : notFound('Invoice', 'id', invoiceId);
  }

  private invoiceJson(invoice: FakeInvoice): Record<string, unknown> {
    return {
      id: invoice.id,
      uuid: randomBytes(16).toString('hex'),
      object: 'invoice',
      type: 'charge',
      origin: 'purchase',
      state: 'paid',
      account: this.accountMini(invoice.accountCode),
      billing_info_id: null,
      subscription_ids: [invoice.subscriptionId],
      previous_invoice_id: null,
      number: invoice.number,
      collection_method: 'automatic',
      po_number: null,
      net_terms: 0,
      net_terms_type: 'net',
      address: null,
      shipping_address: null,
      currency: invoice.currency,
      discount: 0,
      subtotal: invoice.total,
      tax: 0,
      total: invoice.total,
      refundable_amount: invoice.total,
      paid: invoice.total,
      balance: 0,
      created_at: iso(invoice.createdAt),
      updated_at: iso(invoice.createdAt),
      due_at: iso(invoice.createdAt),
      closed_at: iso(invoice.createdAt),
    };
  }

  /**
   * `POST /subscriptions/{id}/change` (create_subscription_change) and, with `preview`, `POST
   * /subscriptions/{id}/change/preview` (preview_subscription_change: the same answer, nothing
   * saved). A change made now swaps the plan (`plan_code`) and sets the quantity (`quantity`) at
   * once; a quantity change is prorated as Recurly's "Change subscription" page describes
   * (https://docs.recurly.com/recurly-subscriptions/docs/change-subscription, "Immediate change
   * handling"; quantity-proration.ts): the added units charged for the rest of the period (one
   * paid invoice, the preview's `invoice_collection.charge_invoice`), the removed ones credited
   * (`credit_invoices`, a negative total). Asking for what the subscription already is: 422.
   */
  changeSubscription(subscriptionId: string, body: Record<string, unknown>, preview = false): Answer {
    const subscription = this.findSubscription(subscriptionId);
    if (!subscription) return notFound('Subscription', 'id', subscriptionId);
    const timeframe = body.timeframe ?? 'now';
    if (!['now', 'renewal', 'bill_date', 'term_end'].includes(String(timeframe)))
      return invalid('Timeframe is not included in the list', 'timeframe', 'is not included in the list');
    if (timeframe !== 'now') return recurlyError(400, 'bad_request', 'The fake applies changes now only (timeframe=now).');
    if (subscription.state === 'expired' || subscription.state === 'failed')
      return recurlyError(422, 'validation', `Cannot change a ${subscription.state} subscription`);
    let planCode = subscription.planCode;
    let unitAmount = subscription.unitAmount;
    if (body.plan_code !== undefined) {
      const plan = this.plans().find((candidate) => candidate.code === body.plan_code && (candidate.state ?? 'active') === 'active');
      if (!plan) return invalid('Plan code is invalid', 'plan_code', 'is invalid');
      const price = plan.currencies.find((candidate) => candidate.currency === subscription.currency);
      if (!price)
        return invalid(
          `Plan ${plan.code} is not available in ${subscription.currency}`,
          'plan_code',
          'is not available in the subscription currency',
        );
      planCode = plan.code;
      unitAmount = price.unitAmount;
    }
    const quantity = body.quantity === undefined ? subscription.quantity : body.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      return invalid('Quantity must be greater than 0', 'quantity', 'must be greater than 0');
    if (planCode === subscription.planCode && quantity === subscription.quantity)
      return recurlyError(422, 'validation', "Subscription hasn't been changed");
    const now = this.now();
    const proration = prorateQuantityChange({
      unitAmount,
      fromQuantity: subscription.quantity,
      toQuantity: quantity,
      trialStartedAt: iso(subscription.trialStartedAt),
      trialEndsAt: iso(subscription.trialEndsAt),
      currentPeriodStartedAt: iso(subscription.currentPeriodStartedAt),
      currentPeriodEndsAt: iso(subscription.currentPeriodEndsAt),
      now,
    });
    const invoiceOf = (total: number): FakeInvoice => ({
      id: randomId(),
      number: String(1001 + this.invoices.length),
      accountCode: subscription.accountCode,
      subscriptionId: subscription.id,
      currency: subscription.currency,
      total,
      createdAt: now,
    });
    const chargeInvoice = proration.charge > 0 ? invoiceOf(proration.charge) : undefined;
    const creditInvoice = proration.credit > 0 ? invoiceOf(-proration.credit) : undefined;
    if (!preview) {
      Object.assign(subscription, { planCode, unitAmount, quantity, updatedAt: now });
      if (chargeInvoice) this.invoices.push(chargeInvoice);
    }
    return {
      status: preview ? 200 : 201,
      body: {
        id: randomId(),
        object: 'subscription_change',
        subscription_id: subscription.id,
        plan: this.planMini(planCode),
        unit_amount: unitAmount,
        quantity,
        activate_at: iso(now),
        activated: !preview,
        ...(preview
          ? {
              invoice_collection: {
                object: 'invoice_collection',
                charge_invoice: chargeInvoice ? this.invoiceJson(chargeInvoice) : null,
                credit_invoices: creditInvoice ? [{ ...this.invoiceJson(creditInvoice), type: 'credit', state: 'closed', paid: 0 }] : [],
              },
            }
          : {}),
        created_at: iso(now),
        updated_at: iso(now),
        deleted_at: null,
      },
    };
  }

  cancelSubscription(subscriptionId: string, body: Record<string, unknown>): Answer {
    const subscription = this.findSubscription(subscriptionId);
    if (!subscription) return notFound('Subscription', 'id', subscriptionId);
    if (body.timeframe !== undefined && !['bill_date', 'term_end'].includes(String(body.timeframe))) {
      return invalid('Timeframe is not included in the list', 'timeframe', 'is not included in the list');
    }
    const now = this.now();
    if (subscription.state === 'future') {
      Object.assign(subscription, { state: 'failed', canceledAt: now, expiresAt: now, updatedAt: now });
    } else if (subscription.state === 'active') {
      Object.assign(subscription, { state: 'canceled', canceledAt: now, expiresAt: subscription.currentPeriodEndsAt, updatedAt: now });
    } else {
      return recurlyError(422, 'validation', 'Only active and future subscriptions can be canceled');
    }
    return { status: 200, body: this.subscriptionJson(subscription) };
  }

  reactivateSubscription(subscriptionId: string): Answer {
    const subscription = this.findSubscription(subscriptionId);
    if (!subscription) return notFound('Subscription', 'id', subscriptionId);
    if (subscription.state !== 'canceled') return recurlyError(422, 'validation', 'Only canceled subscriptions can be reactivated');
    Object.assign(subscription, { state: 'active', canceledAt: null, expiresAt: null, updatedAt: this.now() });
    return { status: 200, body: this.subscriptionJson(subscription) };
  }

  /** Test helper: an account as if created earlier (optionally with a card on file). */
  addAccount(
    input: Pick<FakeAccount, 'code' | 'email' | 'firstName' | 'lastName' | 'company'> & { readonly withCard?: boolean },
  ): FakeAccount {
    const now = this.now();
    const account: FakeAccount = {
      id: randomId(),
      code: input.code,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company,
      state: 'active',
      card: input.withCard ? { lastFour: '1111', firstSix: '411111', expMonth: 12, expYear: now.getUTCFullYear() + 3 } : null,
      createdAt: now,
      updatedAt: now,
    };
    this.accounts.set(account.code, account);
    return account;
  }

  private charge(subscription: FakeSubscription, origin: FakeLineItem['origin'], unitAmount: number, quantity: number): void {
    this.lineItems.push({
      id: randomId(),
      uuid: randomBytes(16).toString('hex'),
      accountCode: subscription.accountCode,
      subscriptionId: subscription.id,
      planCode: subscription.planCode,
      origin,
      currency: subscription.currency,
      unitAmount,
      quantity,
      createdAt: this.now(),
    });
  }

  private planMini(code: string): Record<string, unknown> {
    const plan = this.plans().find((candidate) => candidate.code === code);
    return { id: `plan-${code}`.slice(0, 13), object: 'plan_mini', code, name: plan?.name ?? code };
  }

  private accountMini(code: string): Record<string, unknown> {
    const account = this.accounts.get(code);
    return {
      id: account?.id,
      object: 'account_mini',
      code,
      email: account?.email ?? null,
      first_name: account?.firstName ?? null,
      last_name: account?.lastName ?? null,
      company: account?.company ?? null,
      parent_account_id: null,
      bill_to: 'self',
      dunning_campaign_id: null,
    };
  }

  accountJson(account: FakeAccount): Record<string, unknown> {
    const states = [...this.subscriptions.values()]
      .filter((subscription) => subscription.accountCode === account.code)
      .map((subscription) => subscription.state);
    return {
      id: account.id,
      object: 'account',
      state: account.state,
      hosted_login_token: randomId(32),
      shipping_addresses: [],
      has_live_subscription: states.some((state) => ['active', 'canceled', 'future', 'paused'].includes(state)),
      has_active_subscription: states.includes('active'),
      has_future_subscription: states.includes('future'),
      has_canceled_subscription: states.includes('canceled'),
      has_paused_subscription: states.includes('paused'),
      has_past_due_invoice: false,
      created_at: iso(account.createdAt),
      updated_at: iso(account.updatedAt),
      deleted_at: null,
      code: account.code,
      username: null,
      email: account.email,
      preferred_locale: null,
      cc_emails: null,
      first_name: account.firstName,
      last_name: account.lastName,
      company: account.company,
      vat_number: null,
      tax_exempt: false,
      exemption_certificate: null,
      parent_account_id: null,
      bill_to: 'self',
      dunning_campaign_id: null,
      address: null,
      billing_info: account.card
        ? {
            id: randomId(),
            object: 'billing_info',
            account_id: account.id,
            first_name: account.firstName,
            last_name: account.lastName,
            company: null,
            address: null,
            vat_number: null,
            valid: true,
            payment_method: {
              object: 'credit_card',
              card_type: 'Visa',
              first_six: account.card.firstSix,
              last_four: account.card.lastFour,
              last_two: null,
              exp_month: account.card.expMonth,
              exp_year: account.card.expYear,
            },
            fraud: null,
            primary_payment_method: true,
            backup_payment_method: false,
            created_at: iso(account.updatedAt),
            updated_at: iso(account.updatedAt),
          }
        : null,
      custom_fields: [],
    };
  }

  subscriptionJson(subscription: FakeSubscription): Record<string, unknown> {
    const subtotal = subscription.unitAmount * subscription.quantity;
    return {
      id: subscription.id,
      object: 'subscription',
      uuid: subscription.uuid,
      account: this.accountMini(subscription.accountCode),
      plan: this.planMini(subscription.planCode),
      state: subscription.state,
      shipping: null,
      coupon_redemptions: [],
      pending_change: null,
      current_period_started_at: iso(subscription.currentPeriodStartedAt),
      current_period_ends_at: iso(subscription.currentPeriodEndsAt),
      current_term_started_at: iso(subscription.currentPeriodStartedAt),
      current_term_ends_at: iso(subscription.currentPeriodEndsAt),
      trial_started_at: iso(subscription.trialStartedAt),
      trial_ends_at: iso(subscription.trialEndsAt),
      remaining_billing_cycles: null,
      total_billing_cycles: null,
      renewal_billing_cycles: null,
      auto_renew: true,
      ramp_intervals: [],
      paused_at: null,
      remaining_pause_cycles: null,
      currency: subscription.currency,
      revenue_schedule_type: 'evenly',
      unit_amount: subscription.unitAmount,
      tax_inclusive: false,
      quantity: subscription.quantity,
      add_ons: [],
      add_ons_total: 0,
      subtotal,
      tax: 0,
      total: subtotal,
      collection_method: 'automatic',
      po_number: null,
      net_terms: 0,
      net_terms_type: 'net',
      terms_and_conditions: null,
      customer_notes: null,
      expiration_reason: subscription.state === 'expired' ? 'canceled' : null,
      custom_fields: [],
      created_at: iso(subscription.createdAt),
      updated_at: iso(subscription.updatedAt),
      activated_at: iso(subscription.activatedAt),
      canceled_at: iso(subscription.canceledAt),
      expires_at: iso(subscription.expiresAt),
      bank_account_authorized_at: null,
      gateway_code: null,
      billing_info_id: null,
      active_invoice_id: null,
    };
  }

  private lineItemJson(item: FakeLineItem): Record<string, unknown> {
    return {
      id: item.id,
      object: 'line_item',
      uuid: item.uuid,
      type: 'charge',
      item_code: null,
      state: 'invoiced',
      legacy_category: null,
      account: this.accountMini(item.accountCode),
      subscription_id: item.subscriptionId,
      plan_id: `plan-${item.planCode}`.slice(0, 13),
      plan_code: item.planCode,
      add_on_id: null,
      add_on_code: null,
      invoice_id: randomId(),
      invoice_number: '1001',
      origin: item.origin,
      currency: item.currency,
      amount: item.unitAmount * item.quantity,
      description: item.origin === 'setup_fee' ? 'Setup fee' : 'Subscription',
      quantity: item.quantity,
      unit_amount: item.unitAmount,
      tax_inclusive: false,
      subtotal: item.unitAmount * item.quantity,
      discount: 0,
      tax: 0,
      taxable: false,
      tax_exempt: false,
      refund: false,
      refunded_quantity: null,
      credit_applied: null,
      start_date: iso(item.createdAt),
      end_date: null,
      created_at: iso(item.createdAt),
      updated_at: iso(item.createdAt),
    };
  }
}
