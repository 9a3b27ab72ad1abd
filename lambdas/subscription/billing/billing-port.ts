import type { Plan, PlanCurrency, PlanPeriod } from '../../shared/contracts/plans';
import type { AccountView, SubscriptionView } from '../../shared/contracts/subscriptions';
import type { CardOnFile, InvoiceView } from '../../shared/contracts/billing-account';

/**
 * The billing port: what the subscription handlers need from a billing provider, in the
 * product's own terms. Two adapters implement it: Recurly (AWS) and the local adapter (the
 * offline runtime, persisted in DynamoDB), with the same semantics: 14-day trial dates, monthly
 * renewal, the setup fee on the first invoice, Recurly's subscription states.
 *
 * Failures surface as domain errors (`lambdas/shared/errors.ts`): `NotFoundError` (unknown
 * account or subscription), `ValidationError` (e.g. a declined or invalid billing token, an
 * unknown plan or currency), `ConflictError` (e.g. reactivating an expired subscription),
 * `BillingUnavailableError` (retryable or not), `RateLimitedError` and, when the card's bank
 * wants a 3-D Secure challenge, `PaymentAuthenticationRequiredError`. Adapters never leak
 * provider error types.
 */
export interface BillingPort {
  /**
   * Every active plan the provider offers, unordered and unfiltered: the caller keeps the
   * stage's known codes (`orderKnownPlans`).
   */
  listPlans(): Promise<Plan[]>;

  /** The account with this code, or undefined when there is none. */
  getAccount(accountCode: string): Promise<AccountView | undefined>;

  /** The account's subscriptions, newest first; empty when the account does not exist. */
  listAccountSubscriptions(accountCode: string): Promise<SubscriptionView[]>;

  /** One subscription by the provider's id (the webhook's lookup). */
  getSubscription(subscriptionId: string): Promise<SubscriptionView>;

  /**
   * Subscribes the account to a plan for `quantity` units (1 when absent), creating the account
   * (with the billing token as its payment method) when it does not exist yet. The plan's trial
   * and setup fee apply (the setup fee once, not per unit).
   */
  createSubscription(input: CreateSubscriptionInput): Promise<SubscriptionView>;

  /**
   * Moves a subscription to another plan, effective now (Recurly: a subscription change). A bank
   * that wants the cardholder to authenticate the charge makes it a
   * `PaymentAuthenticationRequiredError`; the repeat carries the challenge's result token.
   */
  changeSubscriptionPlan(subscriptionId: string, planCode: string, options?: WriteOptions): Promise<SubscriptionView>;

  /**
   * What changing the subscription's quantity now would cost, changing nothing (Recurly: `POST
   * /subscriptions/{subscription_id}/change/preview` with `quantity` and `timeframe: now`).
   */
  previewQuantityChange(subscriptionId: string, quantity: number): Promise<QuantityChangePreview>;

  /**
   * Sets the subscription's quantity, effective now and prorated (Recurly: a subscription change
   * with `quantity` and `timeframe: now`); the same quantity is a no-op. Idempotency and 3-D
   * Secure as {@link changeSubscriptionPlan}.
   */
  changeSubscriptionQuantity(subscriptionId: string, quantity: number, options?: WriteOptions): Promise<SubscriptionView>;

  /** Cancels at the end of the current period: the state becomes `canceled`, access remains. */
  cancelSubscription(subscriptionId: string): Promise<SubscriptionView>;

  /** Undoes a cancellation before the period ends: the state returns to `active`. */
  reactivateSubscription(subscriptionId: string): Promise<SubscriptionView>;

  /** The account's card on file, or undefined when it has none (or there is no such account). */
  getCardOnFile(accountCode: string): Promise<CardOnFile | undefined>;

  /**
   * Replaces the account's card with the one behind a billing token (Recurly: `PUT
   * /accounts/{account_id}/billing_info` with `token_id`). A declined or invalid card is a
   * `ValidationError` (`card_declined`, `invalid_billing_token`) and leaves the old card on file;
   * an unknown account is a `NotFoundError`; a bank that wants the card authenticated makes it a
   * `PaymentAuthenticationRequiredError` (repeat with the result token).
   */
  updateCardOnFile(accountCode: string, billingToken: string, options?: PaymentAuthenticationOptions): Promise<CardOnFile>;

  /** The account's invoices, newest first; empty when the account does not exist. */
  listInvoices(accountCode: string): Promise<InvoiceView[]>;

  /**
   * The PDF of one of the account's invoices. An invoice of another account is a `NotFoundError`,
   * exactly as an unknown one, so ids cannot be probed.
   */
  getInvoicePdf(accountCode: string, invoiceId: string): Promise<Uint8Array>;
}

/** What a quantity change made now would do, in the subscription's currency (major units). */
export interface QuantityChangePreview {
  readonly quantity: number;
  /** The price of one unit per billing period. */
  readonly unitAmount: number;
  /** Charged now for the rest of the current period (the preview's charge invoice; 0 when none). */
  readonly chargedNow: number;
  /** Credited now for the rest of the current period (its credit invoices; 0 when none). */
  readonly creditedNow: number;
}

export interface CreateSubscriptionInput {
  readonly accountCode: string;
  /** Who the account is for; used when the account is created. */
  readonly account: {
    readonly email: string;
    readonly firstName?: string;
    readonly lastName?: string;
    readonly company?: string;
  };
  readonly planCode: string;
  readonly currency: string;
  /**
   * How many units (the firm's seats) the subscription bills: Recurly's `quantity` on create
   * (SubscriptionCreate in node_modules/recurly/openapi/api.yaml: "Optionally override the
   * default quantity of 1"). Each period costs the unit amount times the quantity; the plan's
   * setup fee is charged once, whatever the quantity (api.yaml `setup_fee`: setup fees do not
   * increase with the quantity). 1 when absent.
   */
  readonly quantity?: number;
  /** The card form's token; required when the account has no billing info yet. */
  readonly billingToken?: string;
  /** See {@link WriteOptions.idempotencyKey}. */
  readonly idempotencyKey?: string;
  /** See {@link PaymentAuthenticationOptions.threeDSecureActionResultTokenId}. */
  readonly threeDSecureActionResultTokenId?: string;
}

/** What repeats a payment after a 3-D Secure challenge. */
export interface PaymentAuthenticationOptions {
  /**
   * The result token of the 3-D Secure challenge a `PaymentAuthenticationRequiredError` asked
   * for (Recurly: `billing_info.three_d_secure_action_result_token_id`), sent with the same card
   * token. A write keyed for idempotency must key the repeat differently (it is another request).
   */
  readonly threeDSecureActionResultTokenId?: string;
}

export interface WriteOptions extends PaymentAuthenticationOptions {
  /**
   * The provider's idempotency key for this write (Recurly: the `Idempotency-Key` header, at most
   * 255 characters): the same key for every sending of the same user request, so a resent write
   * is applied once. Derived by the caller (subscription-checkout.ts `billingIdempotencyKey`).
   */
  readonly idempotencyKey?: string;
}

/** The plan as the product sees it; the same shape `GET /subscription/plans` answers with. */
export type { AccountView, CardOnFile, InvoiceView, Plan, PlanCurrency, PlanPeriod, SubscriptionView };
