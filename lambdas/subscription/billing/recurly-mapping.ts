import type {
  Account as RecurlyAccount,
  BillingInfo as RecurlyBillingInfo,
  Invoice as RecurlyInvoice,
  LineItem as RecurlyLineItem,
  Plan as RecurlyPlan,
  Subscription as RecurlySubscription,
  SubscriptionChange as RecurlySubscriptionChange,
} from 'recurly';
import type { QuantityChangePreview } from './billing-port';
import { PlanSchema, type Plan } from '../../shared/contracts/plans';
import { CardOnFileSchema, InvoiceViewSchema, type CardOnFile, type InvoiceView } from '../../shared/contracts/billing-account';
import { AccountViewSchema, SubscriptionViewSchema, type AccountView, type SubscriptionView } from '../../shared/contracts/subscriptions';
import { createLogger } from '../../shared/logger';

/**
 * Recurly's resources (as the official client casts them: camelCase, `Date` instants) in the
 * product's terms. Every result is checked against the shared contract.
 */

const logger = createLogger({ component: 'recurly-billing' });

/**
 * A Recurly plan in the product's terms, or undefined (logged) when it does not fit the contract
 * (for example a ramp-priced plan without `unit_amount`). Setup fees come from the top-level
 * `setup_fees` and fall back to the deprecated `currencies[].setup_fee`.
 */
export function toPlan(recurlyPlan: RecurlyPlan): Plan | undefined {
  const setupFees = new Map<string, number>();
  for (const fee of recurlyPlan.setupFees ?? []) {
    if (fee.currency && typeof fee.unitAmount === 'number') setupFees.set(fee.currency, fee.unitAmount);
  }
  const candidate = {
    code: recurlyPlan.code,
    name: recurlyPlan.name,
    description: recurlyPlan.description ?? undefined,
    currencies: (recurlyPlan.currencies ?? []).map((price) => ({
      currency: price.currency,
      unitAmount: price.unitAmount,
      setupFee: (price.currency ? setupFees.get(price.currency) : undefined) ?? price.setupFee ?? 0,
    })),
    // Recurly's documented defaults when a field is absent.
    trial: { length: recurlyPlan.trialLength ?? 0, unit: recurlyPlan.trialUnit ?? 'months' },
    interval: { length: recurlyPlan.intervalLength ?? 1, unit: recurlyPlan.intervalUnit ?? 'months' },
  };
  const parsed = PlanSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  logger.warn('Skipped a Recurly plan that does not fit the plan contract', {
    planCode: recurlyPlan.code,
    issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  });
  return undefined;
}

/**
 * The setup fee charged for each subscription, from its line items: charges with origin
 * `setup_fee` (Recurly bills the plan's setup fee on the subscription's first invoice, at
 * sign-up, even during a trial), after discounts, before tax; refunds are not subtracted.
 * This is what was charged, which stays right after a plan change, unlike the current plan's fee.
 */
export function setupFeesBySubscription(lineItems: readonly RecurlyLineItem[]): Map<string, number> {
  const fees = new Map<string, number>();
  for (const item of lineItems) {
    if (item.origin !== 'setup_fee' || item.type !== 'charge' || item.refund || !item.subscriptionId) continue;
    const charged = (item.subtotal ?? (item.unitAmount ?? 0) * (item.quantity ?? 1)) - (item.discount ?? 0);
    fees.set(item.subscriptionId, roundCents((fees.get(item.subscriptionId) ?? 0) + charged));
  }
  return fees;
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

function instant(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Thrown when Recurly answers with a subscription the contract cannot hold (logged by the caller). */
export class UnexpectedRecurlyResource extends Error {
  override readonly name = 'UnexpectedRecurlyResource';
}

/** A Recurly subscription as the port's view; `setupFee` from {@link setupFeesBySubscription}. */
export function toSubscriptionView(subscription: RecurlySubscription, setupFee: number): SubscriptionView {
  const parsed = SubscriptionViewSchema.safeParse({
    id: subscription.id,
    uuid: subscription.uuid,
    accountCode: subscription.account?.code,
    planCode: subscription.plan?.code,
    planName: subscription.plan?.name ?? subscription.plan?.code,
    state: subscription.state,
    currency: subscription.currency,
    // Ramp-priced subscriptions carry no unit amount; this product's plans are fixed-price.
    unitAmount: subscription.unitAmount ?? 0,
    quantity: subscription.quantity ?? 1,
    setupFee,
    trialStartedAt: instant(subscription.trialStartedAt),
    trialEndsAt: instant(subscription.trialEndsAt),
    currentPeriodStartedAt: instant(subscription.currentPeriodStartedAt),
    currentPeriodEndsAt: instant(subscription.currentPeriodEndsAt),
    activatedAt: instant(subscription.activatedAt),
    canceledAt: instant(subscription.canceledAt),
    expiresAt: instant(subscription.expiresAt),
    createdAt: instant(subscription.createdAt),
    updatedAt: instant(subscription.updatedAt ?? subscription.createdAt),
  });
  if (parsed.success) return parsed.data;
  throw new UnexpectedRecurlyResource(
    `Recurly subscription ${subscription.id ?? '?'} does not fit the contract: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
  );
}

/** A Recurly account as the port's view (`inactive` accounts are `closed`). */
export function toAccountView(account: RecurlyAccount): AccountView {
  return AccountViewSchema.parse({
    code: account.code,
    email: account.email ?? null,
    firstName: account.firstName ?? null,
    lastName: account.lastName ?? null,
    company: account.company ?? null,
    state: account.state === 'inactive' ? 'closed' : 'active',
    hasBillingInfo: account.billingInfo !== null && account.billingInfo !== undefined,
    createdAt: instant(account.createdAt),
  });
}

/**
 * The card of a Recurly billing info (`payment_method`: `card_type`, `last_four`, `exp_month`,
 * `exp_year`; https://docs.recurly.com/recurly-subscriptions/v2021-02-25/reference/update_billing_info),
 * or undefined when there is none or the payment method is not a card (PayPal, a bank account).
 */
export function toCardOnFile(billingInfo: RecurlyBillingInfo | null | undefined): CardOnFile | undefined {
  const method = billingInfo?.paymentMethod;
  const parsed = CardOnFileSchema.safeParse({
    brand: method?.cardType,
    lastFour: method?.lastFour,
    expMonth: method?.expMonth,
    expYear: method?.expYear,
  });
  return parsed.success ? parsed.data : undefined;
}

/**
 * A Recurly invoice (`GET /accounts/{account_id}/invoices`: `id`, `number`, `state`, `currency`,
 * `total`, `created_at`) in the product's terms, or undefined (logged) when it does not fit.
 */
export function toInvoiceView(invoice: RecurlyInvoice): InvoiceView | undefined {
  const parsed = InvoiceViewSchema.safeParse({
    id: invoice.id,
    number: invoice.number,
    state: invoice.state,
    currency: invoice.currency,
    total: invoice.total ?? 0,
    createdAt: instant(invoice.createdAt),
  });
  if (parsed.success) return parsed.data;
  logger.warn('Skipped a Recurly invoice that does not fit the contract', {
    invoiceId: invoice.id,
    issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  });
  return undefined;
}

/**
 * A subscription change preview as the port's quantity preview: the new quantity and unit amount,
 * and what its `invoice_collection` charges (`charge_invoice.total`) and credits (the
 * `credit_invoices`, whose totals Recurly writes as negative amounts) now.
 */
export function toQuantityChangePreview(change: RecurlySubscriptionChange): QuantityChangePreview {
  const { quantity, unitAmount } = change;
  if (typeof quantity !== 'number' || typeof unitAmount !== 'number') {
    throw new UnexpectedRecurlyResource('A subscription change preview without quantity or unit_amount');
  }
  const collection = change.invoiceCollection;
  const credited = (collection?.creditInvoices ?? []).reduce((sum, invoice) => sum + Math.abs(invoice.total ?? 0), 0);
  return { quantity, unitAmount, chargedNow: collection?.chargeInvoice?.total ?? 0, creditedNow: Math.round(credited * 100) / 100 };
}
