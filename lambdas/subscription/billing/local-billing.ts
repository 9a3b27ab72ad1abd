import type { Plan, PlanCurrency } from '../../shared/contracts/plans';
import type { AccountView, SubscriptionView } from '../../shared/contracts/subscriptions';
import type { CardOnFile, InvoiceView } from '../../shared/contracts/billing-account';
import { FEATURE_NAMES, featuresOf } from '../../shared/domain/plan-entitlements';
import { PLAN_TIERS, TRIAL_DAYS, planCode, type PlanCodeSuffix, type PlanTier } from '../../shared/domain/plans';
import { BillingUnavailableError, ConflictError } from '../../shared/errors';
import { billingErrors, checkAccountCode } from './billing-messages';
import type { BillingPort, CreateSubscriptionInput, PaymentAuthenticationOptions } from './billing-port';
import type { LocalAccount, LocalBillingInfo, LocalBillingStore, LocalCharge } from './local-billing-store';
import { writeMinimalPdf } from './minimal-pdf';
import { threeDSecureActionOf } from './local-test-cards';
import { prorateQuantityChange } from './quantity-proration';
import {
  atTime,
  cancel,
  changePlan,
  changeQuantity,
  newSubscription,
  reactivate,
  SubscriptionStateConflict,
  subscriptionIdOf,
  toSubscriptionView,
  UUID_PATTERN,
  type LocalSubscription,
} from './local-subscription-lifecycle';

/**
 * The billing port of the offline runtime (`npm start`): the spec's three plans, with the stage
 * suffix, a 14-day trial, monthly billing and a one-time setup fee; accounts, subscriptions and
 * card tokens kept in the local DynamoDB (local-billing-store.ts) with Recurly's semantics
 * (local-subscription-lifecycle.ts).
 *
 * LOCAL TEST DATA. The spec shows no amounts; these prices are our placeholders for a recruiting
 * SaaS (see docs/decisions.md). In AWS the prices are whatever the Recurly site holds.
 */

/** Monthly price and one-time setup fee per tier and currency, in major units. */
export const LOCAL_PLAN_PRICES: Readonly<Record<PlanTier, readonly PlanCurrency[]>> = {
  starter: [
    { currency: 'USD', unitAmount: 49, setupFee: 99 },
    { currency: 'EUR', unitAmount: 45, setupFee: 89 },
    { currency: 'GBP', unitAmount: 39, setupFee: 79 },
  ],
  professional: [
    { currency: 'USD', unitAmount: 149, setupFee: 199 },
    { currency: 'EUR', unitAmount: 139, setupFee: 179 },
    { currency: 'GBP', unitAmount: 119, setupFee: 159 },
  ],
  enterprise: [
    { currency: 'USD', unitAmount: 399, setupFee: 499 },
    { currency: 'EUR', unitAmount: 369, setupFee: 459 },
    { currency: 'GBP', unitAmount: 319, setupFee: 399 },
  ],
};

const TIER_LABELS: Readonly<Record<PlanTier, string>> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

const PLAN_NAME_TAIL = 'two weeks free, monthly billing, one-time setup fee';

/** Who each plan is for; what it includes is the entitlements' list (plan-entitlements.ts), never retyped. */
const AUDIENCES: Readonly<Record<PlanTier, string>> = {
  starter: 'For independent recruiters',
  professional: 'For recruiting teams',
  enterprise: 'For staffing firms',
};

function description(tier: PlanTier): string {
  return `${AUDIENCES[tier]}: ${featuresOf(tier)
    .map((feature) => FEATURE_NAMES[feature].charAt(0).toLowerCase() + FEATURE_NAMES[feature].slice(1))
    .join(', ')}.`;
}

/** The local plans of a stage, in tier order. Fresh objects on every call. */
export function localPlans(planCodeSuffix: PlanCodeSuffix): Plan[] {
  return PLAN_TIERS.map((tier) => ({
    code: planCode(tier, planCodeSuffix),
    name: `${TIER_LABELS[tier]} — ${PLAN_NAME_TAIL}`,
    description: description(tier),
    currencies: LOCAL_PLAN_PRICES[tier].map((price) => ({ ...price })),
    trial: { length: TRIAL_DAYS, unit: 'days' },
    interval: { length: 1, unit: 'months' },
  }));
}

/** The local billing clock: what "now" is for trials, renewals and expiry. */
export type BillingClock = () => Date | Promise<Date>;

export interface LocalBillingOptions {
  readonly planCodeSuffix: PlanCodeSuffix;
  /**
   * Accounts, subscriptions and tokens. Without it only `listPlans` works (the other operations
   * fail with a non-retryable `BillingUnavailableError`): the plans need no storage.
   */
  readonly store?: LocalBillingStore;
  /** Defaults to the store's clock (real time moved by the stored offset), else real time. */
  readonly clock?: BillingClock;
}

/** Optimistic writes retried this many times before a concurrent change is reported. */
const WRITE_ATTEMPTS = 3;

/**
 * The local adapter of the billing port. Same semantics as the Recurly adapter:
 * - createSubscription: the account is created on first use with the token's card; an account
 *   with a card on file ignores the token. The token must exist, be unused and unexpired, else
 *   `ValidationError` (`invalid_billing_token`); the declining test card gives `ValidationError`
 *   (`card_declined`); the 3-D Secure test card asks for a challenge first
 *   (`PaymentAuthenticationRequiredError`, see `takeCard`). Unknown plan or currency: `ValidationError`.
 *   The setup fee of the plan's currency is charged at once (an invoice line on the account),
 *   once whatever the quantity (the seats), as Recurly charges it; the quantity multiplies the
 *   recurring price only.
 * - changeSubscriptionPlan: effective now; trial, period and state stay; the same plan is a no-op.
 * - cancelSubscription / reactivateSubscription: see local-subscription-lifecycle.ts; repeating
 *   either is a no-op, a state that does not allow it is a `ConflictError`.
 * - Unknown subscription: `NotFoundError`. `getSubscription` takes the id, the uuid or `uuid-<uuid>`.
 * - The card on file and the invoices follow Recurly's shapes (API v2021-02-25):
 *   updateCardOnFile is "Set an account's billing information"
 *   (https://docs.recurly.com/recurly-subscriptions/v2021-02-25/reference/update_billing_info,
 *   `PUT /accounts/{account_id}/billing_info` with `token_id`): the token is consumed, a declined
 *   card or a bad token keeps the old card; the card is kept as its `payment_method` is
 *   (`card_type`, `last_four`, `exp_month`, `exp_year`). listInvoices is "List an account's
 *   invoices" (`GET /accounts/{account_id}/invoices`: `id`, `number`, `state`, `currency`,
 *   `total`, `created_at`), one paid invoice per recorded charge, numbered site-wide from 1001;
 *   getInvoicePdf is "Get an invoice as a PDF" (`GET /invoices/{invoice_id}.pdf`), written here
 *   by a minimal PDF writer (minimal-pdf.ts), and only for the account's own invoices.
 */
export function createLocalBilling(options: LocalBillingOptions): BillingPort {
  const requireStore = (): LocalBillingStore => {
    if (!options.store) {
      throw new BillingUnavailableError('Local billing has no storage: LOCAL_BILLING_TABLE is not set.', { retryable: false });
    }
    return options.store;
  };
  const now = async (): Promise<Date> => {
    if (options.clock) return options.clock();
    return options.store ? options.store.now() : new Date();
  };
  const findPlan = (code: string): Plan => {
    const plan = localPlans(options.planCodeSuffix).find((candidate) => candidate.code === code);
    if (!plan) throw billingErrors.unknownPlan();
    return plan;
  };
  const priceIn = (plan: Plan, currency: string): PlanCurrency => {
    const price = plan.currencies.find((candidate) => candidate.currency === currency);
    if (!price) throw billingErrors.currencyNotOffered(currency);
    return price;
  };

  /** Applies `change` to the subscription as it is now, retrying when another write wins. */
  const update = async (
    subscriptionId: string,
    change: (current: LocalSubscription, at: Date) => LocalSubscription,
  ): Promise<SubscriptionView> => {
    const store = requireStore();
    for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt += 1) {
      const stored = await store.getSubscription(subscriptionId);
      if (!stored) throw billingErrors.subscriptionNotFound();
      const at = await now();
      let next: LocalSubscription;
      try {
        next = change(atTime(stored.subscription, at), at);
      } catch (error) {
        if (error instanceof SubscriptionStateConflict) throw new ConflictError(error.message, { code: error.code });
        throw error;
      }
      if (next === stored.subscription || (await store.replaceSubscription(next, stored.version))) return toSubscriptionView(next);
    }
    throw billingErrors.busy();
  };

  return {
    listPlans: async () => localPlans(options.planCodeSuffix),

    async getAccount(accountCode) {
      const account = await requireStore().getAccount(accountCode);
      return account && toAccountView(account);
    },

    async listAccountSubscriptions(accountCode) {
      const stored = await requireStore().listSubscriptions(accountCode);
      const at = await now();
      return stored.map(({ subscription }) => toSubscriptionView(atTime(subscription, at)));
    },

    async getSubscription(subscriptionId) {
      const uuid = subscriptionId.replace(/^uuid-/, '');
      const byUuid = UUID_PATTERN.test(uuid);
      const stored = await requireStore().getSubscription(byUuid ? subscriptionIdOf(uuid) : subscriptionId);
      if (!stored || (byUuid && stored.subscription.uuid !== uuid)) throw billingErrors.subscriptionNotFound();
      return toSubscriptionView(atTime(stored.subscription, await now()));
    },

    async createSubscription(input) {
      const store = requireStore();
      checkAccountCode(input.accountCode);
      const plan = findPlan(input.planCode);
      const price = priceIn(plan, input.currency);
      const at = await now();
      const account = await store.getAccount(input.accountCode);
      const billingInfo = account?.billingInfo
        ? undefined
        : await takeCard(store, input.billingToken, at, { threeDSecureActionResultTokenId: input.threeDSecureActionResultTokenId });

      if (!account) {
        const created = await store.createAccount(newAccount(input, billingInfo ?? null, at));
        // Another request created it in between: give it this card unless it has one.
        if (!created && billingInfo && !(await store.getAccount(input.accountCode))?.billingInfo) {
          await store.setBillingInfo(input.accountCode, billingInfo, at);
        }
      } else if (billingInfo) {
        await store.setBillingInfo(input.accountCode, billingInfo, at);
      }

      const subscription = newSubscription({
        accountCode: input.accountCode,
        planCode: plan.code,
        planName: plan.name,
        currency: price.currency,
        unitAmount: price.unitAmount,
        setupFee: price.setupFee,
        quantity: input.quantity ?? 1,
        trial: plan.trial,
        interval: plan.interval,
        now: at,
      });
      await store.insertSubscription(subscription);
      if (subscription.setupFee > 0) {
        await store.recordCharge({
          accountCode: input.accountCode,
          kind: 'setup_fee',
          subscriptionId: subscription.id,
          planCode: plan.code,
          currency: price.currency,
          amount: price.setupFee,
          createdAt: subscription.createdAt,
        });
      }
      return toSubscriptionView(subscription);
    },

    async changeSubscriptionPlan(subscriptionId, planCodeToUse) {
      const plan = findPlan(planCodeToUse);
      return update(subscriptionId, (current, at) => {
        if (current.planCode === plan.code) return current;
        const price = priceIn(plan, current.currency);
        return changePlan(current, { planCode: plan.code, planName: plan.name, unitAmount: price.unitAmount }, at);
      });
    },

    async previewQuantityChange(subscriptionId, quantity) {
      const stored = await requireStore().getSubscription(subscriptionId);
      if (!stored) throw billingErrors.subscriptionNotFound();
      const at = await now();
      const current = atTime(stored.subscription, at);
      try {
        changeQuantity(current, quantity, at);
      } catch (error) {
        if (error instanceof SubscriptionStateConflict) throw new ConflictError(error.message, { code: error.code });
        throw error;
      }
      const proration = prorateQuantityChange({ ...current, fromQuantity: current.quantity, toQuantity: quantity, now: at });
      return { quantity, unitAmount: current.unitAmount, chargedNow: proration.charge, creditedNow: proration.credit };
    },

    async changeSubscriptionQuantity(subscriptionId, quantity) {
      let proration = { charge: 0, credit: 0 };
      const changed = await update(subscriptionId, (current, at) => {
        const next = changeQuantity(current, quantity, at);
        proration = prorateQuantityChange({ ...current, fromQuantity: current.quantity, toQuantity: quantity, now: at });
        return next;
      });
      // The added seats' price for the rest of the paid period, on its own paid invoice; a credit
      // for removed seats is not kept (the local billing has no credit balance).
      if (proration.charge > 0) {
        await requireStore().recordCharge({
          accountCode: changed.accountCode,
          kind: 'seats',
          subscriptionId: changed.id,
          planCode: changed.planCode,
          currency: changed.currency,
          amount: proration.charge,
          createdAt: changed.updatedAt,
        });
      }
      return changed;
    },

    cancelSubscription: (subscriptionId) => update(subscriptionId, cancel),

    reactivateSubscription: (subscriptionId) => update(subscriptionId, reactivate),

    async getCardOnFile(accountCode) {
      const billingInfo = (await requireStore().getAccount(accountCode))?.billingInfo;
      return billingInfo ? toCardOnFile(billingInfo) : undefined;
    },

    async updateCardOnFile(accountCode, billingToken, options = {}) {
      const store = requireStore();
      if (!(await store.getAccount(accountCode))) throw billingErrors.noBillingAccount();
      const at = await now();
      const billingInfo = await takeCard(store, billingToken, at, options);
      await store.setBillingInfo(accountCode, billingInfo, at);
      return toCardOnFile(billingInfo);
    },

    async listInvoices(accountCode) {
      const charges = await requireStore().listCharges(accountCode);
      return charges.map(toInvoiceView).reverse();
    },

    async getInvoicePdf(accountCode, invoiceId) {
      const store = requireStore();
      const charge = (await store.listCharges(accountCode)).find((candidate) => candidate.id === invoiceId);
      if (!charge) throw billingErrors.invoiceNotFound();
      const account = await store.getAccount(accountCode);
      const plan = localPlans(options.planCodeSuffix).find((candidate) => candidate.code === charge.planCode);
      return invoicePdf(toInvoiceView(charge), account, `${CHARGE_LABELS[charge.kind]}, ${plan?.name ?? charge.planCode}`);
    },
  };
}

/** Recurly's `card_type` names for the brands the local card form knows. */
const CARD_TYPES: Readonly<Record<string, string>> = { visa: 'Visa' };

function toCardOnFile(billingInfo: LocalBillingInfo): CardOnFile {
  return {
    brand: CARD_TYPES[billingInfo.brand] ?? billingInfo.brand,
    lastFour: billingInfo.lastFour,
    expMonth: billingInfo.expMonth,
    expYear: billingInfo.expYear,
  };
}

/** A recorded charge as its invoice: charged to the card on file at once, so `paid`. */
function toInvoiceView(charge: LocalCharge): InvoiceView {
  return {
    id: charge.id,
    number: charge.invoiceNumber ?? charge.id,
    state: 'paid',
    currency: charge.currency,
    total: charge.amount,
    createdAt: charge.createdAt,
  };
}

/** What each kind of local charge is, on its invoice. */
const CHARGE_LABELS: Readonly<Record<LocalCharge['kind'], string>> = {
  setup_fee: 'One-time setup fee',
  seats: 'Added seats for the rest of the period',
};

function invoicePdf(invoice: InvoiceView, account: LocalAccount | undefined, chargeLabel: string): Uint8Array {
  const amount = `${invoice.currency} ${invoice.total.toFixed(2)}`;
  const billedTo = [account?.company, [account?.firstName, account?.lastName].filter(Boolean).join(' '), account?.email].filter(Boolean);
  return writeMinimalPdf(
    [
      { text: `Invoice ${invoice.number}`, size: 20 },
      { text: `Date: ${invoice.createdAt.slice(0, 10)}` },
      { text: `State: ${invoice.state}` },
      { text: `Billed to: ${billedTo.join(', ') || (account?.code ?? '')}` },
      { text: '' },
      { text: `${chargeLabel}: ${amount}` },
      { text: `Total: ${amount}`, size: 14 },
      { text: '' },
      { text: 'Issued by the local billing stand-in: no real card was charged.', size: 9 },
    ],
    `Invoice ${invoice.number}`,
  );
}

/**
 * The card behind a billing token, consumed: it must exist, be unused and unexpired, and not be
 * the declining test card. The 3-D Secure test card is taken only after a passed challenge
 * (local-test-cards.ts): without a result token the purchase or card update asks for one
 * (`PaymentAuthenticationRequiredError`), with one it must be that card token's passed challenge.
 */
async function takeCard(
  store: LocalBillingStore,
  billingToken: string | undefined,
  at: Date,
  options: PaymentAuthenticationOptions = {},
): Promise<LocalBillingInfo> {
  if (!billingToken) throw billingErrors.cardRequired();
  const token = await store.getToken(billingToken);
  if (!token || token.usedAt || at.getTime() >= Date.parse(token.expiresAt)) throw billingErrors.invalidToken();
  if (token.outcome === 'decline') throw billingErrors.declined();
  if (token.outcome === 'challenge') {
    const resultTokenId = options.threeDSecureActionResultTokenId;
    if (!resultTokenId) throw billingErrors.authenticationRequired((await store.createThreeDSecureAction(token.id, at)).id);
    const actionTokenId = threeDSecureActionOf(resultTokenId);
    const action = actionTokenId ? await store.getThreeDSecureAction(actionTokenId) : undefined;
    // Recurly: three_d_secure_action_result_token_mismatch, or a challenge that was not passed.
    if (action?.billingTokenId !== token.id || action.outcome !== 'authenticated') throw billingErrors.cardRefused('authenticationFailed');
  }
  if (!(await store.useToken(token.id, at))) throw billingErrors.invalidToken();
  return {
    brand: token.brand,
    lastFour: token.lastFour,
    expMonth: token.expMonth,
    expYear: token.expYear,
    firstName: token.firstName,
    lastName: token.lastName,
  };
}

function newAccount(input: CreateSubscriptionInput, billingInfo: LocalAccount['billingInfo'], at: Date): LocalAccount {
  return {
    code: input.accountCode,
    email: input.account.email,
    firstName: input.account.firstName ?? null,
    lastName: input.account.lastName ?? null,
    company: input.account.company ?? null,
    state: 'active',
    billingInfo,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
}

function toAccountView(account: LocalAccount): AccountView {
  return {
    code: account.code,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    company: account.company,
    state: account.state,
    hasBillingInfo: account.billingInfo !== null && account.billingInfo !== undefined,
    createdAt: account.createdAt,
  };
}
