import { createHash } from 'node:crypto';
import type {
  Account as RecurlyAccount,
  Invoice as RecurlyInvoice,
  LineItem as RecurlyLineItem,
  Plan as RecurlyPlan,
  Subscription as RecurlySubscription,
  SubscriptionChangeCreate,
  SubscriptionCreate,
} from 'recurly';
import DefaultHttpAdapter from 'recurly/lib/recurly/DefaultHttpAdapter';
import type { HttpAdapter } from 'recurly/lib/recurly/HttpAdapter';
import type { SubscriptionView } from '../../shared/contracts/subscriptions';
import { accountLookupId } from '../../shared/domain/account-codes';
import { BillingUnavailableError, ConflictError } from '../../shared/errors';
import { createLogger } from '../../shared/logger';
import { hasEnded } from '../subscription-rules';
import { billingErrors, checkAccountCode, STATE_MESSAGES } from './billing-messages';
import type { BillingPort, WriteOptions } from './billing-port';
import type { RecurlyApiKeySource } from './recurly-api-key';
import { ApiError, RecurlyClient, type RecurlyRequestOptions } from './recurly-client';
import { purchaseNotFound, RECURLY_MESSAGES, translateRecurlyError, type RecurlyErrorContext } from './recurly-errors';
import {
  setupFeesBySubscription,
  toAccountView,
  toCardOnFile,
  toInvoiceView,
  toPlan,
  toQuantityChangePreview,
  toSubscriptionView,
  UnexpectedRecurlyResource,
} from './recurly-mapping';

export { toPlan } from './recurly-mapping';
export { translateRecurlyError } from './recurly-errors';

/**
 * The billing port on Recurly, through the official client's base with the operations used
 * (recurly-client.ts; `recurly` 4.x, API v2021-02-25).
 * Failures become domain errors as recurly-errors.ts describes. Calls:
 * - getAccount: `GET /accounts/code-<code>` (404: undefined);
 * - listAccountSubscriptions: `GET /accounts/code-<code>/subscriptions` (200 per page, newest
 *   first; 404: empty) and the account's charge line items for the setup fees;
 * - getSubscription: `GET /subscriptions/<id>` (a 32-hex uuid is sent as `uuid-<uuid>`);
 * - createSubscription: the account is read first; `POST /subscriptions` with the account
 *   (created by Recurly when new), the `quantity` (the seats, when more than Recurly's default 1)
 *   and, unless a card is already on file, the billing token; after
 *   a 3-D Secure challenge also `three_d_secure_action_result_token_id`; a 404 names what is
 *   missing (an unknown plan is a `ValidationError`, see `purchaseNotFound`);
 * - changeSubscriptionPlan and changeSubscriptionQuantity: read; same plan or quantity: no-op;
 *   ended: `ConflictError`; else `POST /subscriptions/<id>/change` with the `plan_code` or the
 *   `quantity` and `timeframe: now` (and, after a 3-D Secure challenge,
 *   `billing_info.three_d_secure_action_result_token_id`), then read again;
 * - previewQuantityChange: `POST /subscriptions/<id>/change/preview` with `quantity` and
 *   `timeframe: now` (changes nothing); 422 (an ended subscription): `ConflictError`;
 * - both writes carry the caller's `Idempotency-Key` (api.yaml, "Idempotent Requests": Recurly
 *   replays a keyed request for an hour, so the client's own resend after a connection reset, and
 *   any later sending of the same user request, create nothing twice); while the same key is still
 *   in flight Recurly answers 409: billing unavailable for now (retryable);
 * - cancelSubscription: `PUT /subscriptions/<id>/cancel` with `timeframe: term_end`;
 *   reactivateSubscription: `PUT /subscriptions/<id>/reactivate`. A 422 means the state does not
 *   allow it (`ConflictError`), unless the subscription is already where the call would put it,
 *   in which case the call is answered as done (so retries are safe).
 * - getCardOnFile: the account's `billing_info.payment_method` (from `GET /accounts/code-<code>`);
 * - updateCardOnFile: `PUT /accounts/code-<code>/billing_info` with the Recurly.js `token_id`
 *   (https://docs.recurly.com/recurly-subscriptions/v2021-02-25/reference/update_billing_info),
 *   keyed by the account and the token (single-use: one token is one request; the card check
 *   may charge and void an amount);
 *   a decline or a bad token fails as at checkout and leaves the old card; 404: no account;
 * - listInvoices: `GET /accounts/code-<code>/invoices` (200 per page, newest first; 404: empty);
 * - getInvoicePdf: `GET /invoices/<id>` first, and only when its account is this one
 *   `GET /invoices/<id>.pdf` (the client answers the bytes as a binary string); another
 *   account's invoice is answered exactly as an unknown one (`NotFoundError`).
 * The setup fee of a subscription is what its line items with origin `setup_fee` charged
 * (recurly-mapping.ts), one extra request per call.
 */

const logger = createLogger({ component: 'recurly-billing' });

/** Per-request time-out: well inside API Gateway's 29 s, generous for a page of 200 plans. */
export const DEFAULT_RECURLY_TIMEOUT_MS = 10_000;

/** Recurly's largest page: one request lists a normal site's plans or an account's subscriptions. */
const PAGE_SIZE = 200;

export interface RecurlyBillingOptions {
  readonly apiKey: RecurlyApiKeySource;
  /**
   * The client's transport. Production leaves it out (Recurly's own `DefaultHttpAdapter` with
   * {@link DEFAULT_RECURLY_TIMEOUT_MS}); tests pass one that sends requests to a local server.
   */
  readonly httpAdapter?: HttpAdapter;
}

/** How Recurly addresses a subscription: its id, or `uuid-<uuid>`. */
export function recurlySubscriptionId(subscriptionId: string): string {
  return /^[0-9a-f]{32}$/i.test(subscriptionId) ? `uuid-${subscriptionId.toLowerCase()}` : subscriptionId;
}

function responseStatus(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || typeof error.getResponse !== 'function') return undefined;
  return (error.getResponse() as { status?: number } | undefined)?.status;
}

function isNotFound(error: unknown): boolean {
  return responseStatus(error) === 404;
}

/** Recurly's request header for idempotent writes (api.yaml, "Idempotent Requests"). */
export const RECURLY_IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

function withIdempotencyKey(idempotencyKey: string | undefined): RecurlyRequestOptions {
  return idempotencyKey ? { headers: { [RECURLY_IDEMPOTENCY_KEY_HEADER]: idempotencyKey } } : {};
}

/**
 * Recurly answers 409 while a request with the same key is still in flight: not an answer yet, so
 * billing is unavailable for now (retryable) and the caller sends the same request again, which
 * then gets the first one's answer.
 */
function inFlightAsUnavailable(error: unknown): never {
  throw responseStatus(error) === 409 ? new Error('Idempotency-Key in flight', { cause: error }) : error;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

const subscriptionNotFound: RecurlyErrorContext = { notFound: () => billingErrors.subscriptionNotFound() };

/** The Recurly adapter of the billing port. */
export function createRecurlyBilling(options: RecurlyBillingOptions): BillingPort {
  const httpAdapter = options.httpAdapter ?? new DefaultHttpAdapter({ timeout: DEFAULT_RECURLY_TIMEOUT_MS });
  let current: { readonly apiKey: string; readonly client: RecurlyClient } | undefined;

  const client = async (): Promise<RecurlyClient> => {
    const apiKey = await options.apiKey.get();
    if (current?.apiKey !== apiKey) current = { apiKey, client: new RecurlyClient(apiKey, { httpAdapter }) };
    return current.client;
  };

  /** Runs one Recurly call, translating its failures. */
  const call = async <T>(operation: string, run: (recurly: RecurlyClient) => Promise<T>, context?: RecurlyErrorContext): Promise<T> => {
    const recurly = await client();
    try {
      return await run(recurly);
    } catch (error) {
      throw translateRecurlyError(error, operation, () => options.apiKey.forget(), context);
    }
  };

  const findAccount = (accountCode: string) =>
    call('getAccount', async (recurly): Promise<RecurlyAccount | undefined> => {
      try {
        return await recurly.getAccount(accountLookupId(accountCode));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    });

  const fetchSubscription = (subscriptionId: string) =>
    call('getSubscription', (recurly) => recurly.getSubscription(recurlySubscriptionId(subscriptionId)), subscriptionNotFound);

  const view = (subscription: RecurlySubscription, setupFees: ReadonlyMap<string, number>): SubscriptionView => {
    try {
      return toSubscriptionView(subscription, (subscription.id && setupFees.get(subscription.id)) || 0);
    } catch (error) {
      if (!(error instanceof UnexpectedRecurlyResource)) throw error;
      logger.error('Recurly answered with a subscription the contract cannot hold', { error });
      throw new BillingUnavailableError(RECURLY_MESSAGES.broken, { retryable: false, cause: error });
    }
  };

  /** The subscription as the port's view, with the setup fee its line items charged. */
  const withSetupFee = async (subscription: RecurlySubscription): Promise<SubscriptionView> => {
    const subscriptionId = subscription.id ?? '';
    const lineItems = await call('listSubscriptionLineItems', (recurly) =>
      collect<RecurlyLineItem>(recurly.listSubscriptionLineItems(subscriptionId, { params: { limit: PAGE_SIZE, type: 'charge' } }).each()),
    );
    return view(subscription, setupFeesBySubscription(lineItems));
  };

  /**
   * Runs a state change; when Recurly refuses it because of the state, answers with the
   * subscription if it is already in the state the change leads to (a retried request).
   */
  const changeState = async (
    subscriptionId: string,
    operation: 'cancelSubscription' | 'reactivateSubscription',
    run: (recurly: RecurlyClient, id: string) => Promise<RecurlySubscription>,
    conflict: { readonly code: string; readonly message: string },
    alreadyDone: (subscription: RecurlySubscription) => boolean,
  ): Promise<SubscriptionView> => {
    try {
      const changed = await call(operation, (recurly) => run(recurly, recurlySubscriptionId(subscriptionId)), {
        ...subscriptionNotFound,
        stateConflict: conflict,
      });
      return await withSetupFee(changed);
    } catch (error) {
      if (!(error instanceof ConflictError) || error.code !== conflict.code) throw error;
      const now = await fetchSubscription(subscriptionId);
      if (alreadyDone(now)) return withSetupFee(now);
      throw error;
    }
  };

  /**
   * A subscription change made now (`POST /subscriptions/<id>/change`, `timeframe: now`): read
   * first; already as asked: no-op; ended: `ConflictError`; else the change, keyed and with the
   * 3-D Secure result token when repeating after a challenge; then read again.
   */
  const changeNow = async (
    subscriptionId: string,
    change: Pick<SubscriptionChangeCreate, 'planCode' | 'quantity'>,
    alreadyDone: (before: RecurlySubscription) => boolean,
    writeOptions: WriteOptions = {},
  ): Promise<SubscriptionView> => {
    const before = await fetchSubscription(subscriptionId);
    if (alreadyDone(before)) return withSetupFee(before);
    if (hasEnded(before)) {
      throw new ConflictError(STATE_MESSAGES.notChangeable, { code: 'subscription_not_changeable' });
    }
    const id = before.id ?? recurlySubscriptionId(subscriptionId);
    const resultTokenId = writeOptions.threeDSecureActionResultTokenId;
    await call(
      'createSubscriptionChange',
      (recurly) =>
        recurly
          .createSubscriptionChange(
            id,
            {
              ...change,
              timeframe: 'now',
              ...(resultTokenId ? { billingInfo: { threeDSecureActionResultTokenId: resultTokenId } } : {}),
            },
            withIdempotencyKey(writeOptions.idempotencyKey),
          )
          .catch(inFlightAsUnavailable),
      { notFound: (error) => purchaseNotFound(error, () => billingErrors.subscriptionNotFound(error)) },
    );
    return withSetupFee(await fetchSubscription(id));
  };

  return {
    async listPlans() {
      const recurlyPlans = await call('listPlans', (recurly) =>
        collect<RecurlyPlan>(recurly.listPlans({ params: { limit: PAGE_SIZE, state: 'active' } }).each()),
      );
      return recurlyPlans.flatMap((recurlyPlan) => {
        const plan = toPlan(recurlyPlan);
        return plan ? [plan] : [];
      });
    },

    async getAccount(accountCode) {
      // A code Recurly would refuse cannot name an account.
      if (!isAccountCode(accountCode)) return undefined;
      const account = await findAccount(accountCode);
      return account && toAccountView(account);
    },

    async listAccountSubscriptions(accountCode) {
      if (!isAccountCode(accountCode)) return [];
      const found = await call('listAccountSubscriptions', async (recurly) => {
        let subscriptions: RecurlySubscription[];
        try {
          subscriptions = await collect<RecurlySubscription>(
            recurly
              .listAccountSubscriptions(accountLookupId(accountCode), { params: { limit: PAGE_SIZE, sort: 'created_at', order: 'desc' } })
              .each(),
          );
        } catch (error) {
          if (isNotFound(error)) return { subscriptions: [], lineItems: [] };
          throw error;
        }
        if (subscriptions.length === 0) return { subscriptions, lineItems: [] };
        const lineItems = await collect<RecurlyLineItem>(
          recurly.listAccountLineItems(accountLookupId(accountCode), { params: { limit: PAGE_SIZE, type: 'charge' } }).each(),
        );
        return { subscriptions, lineItems };
      });
      const setupFees = setupFeesBySubscription(found.lineItems);
      return found.subscriptions.flatMap((subscription) => {
        try {
          return [toSubscriptionView(subscription, (subscription.id && setupFees.get(subscription.id)) || 0)];
        } catch (error) {
          logger.warn('Skipped a Recurly subscription that does not fit the contract', { error });
          return [];
        }
      });
    },

    async getSubscription(subscriptionId) {
      return withSetupFee(await fetchSubscription(subscriptionId));
    },

    async createSubscription(input) {
      checkAccountCode(input.accountCode);
      const existing = await findAccount(input.accountCode);
      const hasCard = Boolean(existing?.billingInfo);
      if (!hasCard && !input.billingToken) throw billingErrors.cardRequired();
      const account: SubscriptionCreate['account'] = existing
        ? { code: input.accountCode }
        : {
            code: input.accountCode,
            email: input.account.email,
            firstName: input.account.firstName,
            lastName: input.account.lastName,
            company: input.account.company,
          };
      const body: SubscriptionCreate = {
        planCode: input.planCode,
        currency: input.currency,
        // Recurly's default is 1, so a one-seat purchase sends what it always sent.
        ...(input.quantity !== undefined && input.quantity !== 1 ? { quantity: input.quantity } : {}),
        account: withBillingInfo(account, hasCard ? undefined : input.billingToken, input.threeDSecureActionResultTokenId),
      };
      const created = await call(
        'createSubscription',
        (recurly) => recurly.createSubscription(body, withIdempotencyKey(input.idempotencyKey)).catch(inFlightAsUnavailable),
        { notFound: (error) => purchaseNotFound(error, () => billingErrors.purchaseNotFound(error)) },
      );
      return withSetupFee(created);
    },

    changeSubscriptionPlan: (subscriptionId, planCode, writeOptions) =>
      changeNow(subscriptionId, { planCode }, (before) => before.plan?.code === planCode, writeOptions),

    async previewQuantityChange(subscriptionId, quantity) {
      const change = await call(
        'previewSubscriptionChange',
        (recurly) => recurly.previewSubscriptionChange(recurlySubscriptionId(subscriptionId), { quantity, timeframe: 'now' }),
        { ...subscriptionNotFound, stateConflict: { code: 'subscription_not_changeable', message: STATE_MESSAGES.notChangeable } },
      );
      try {
        return toQuantityChangePreview(change);
      } catch (error) {
        logger.error('Recurly answered a subscription change preview the contract cannot hold', { error });
        throw new BillingUnavailableError(RECURLY_MESSAGES.broken, { retryable: false, cause: error });
      }
    },

    changeSubscriptionQuantity: (subscriptionId, quantity, writeOptions) =>
      changeNow(subscriptionId, { quantity }, (before) => before.quantity === quantity, writeOptions),

    cancelSubscription: (subscriptionId) =>
      changeState(
        subscriptionId,
        'cancelSubscription',
        (recurly, id) => recurly.cancelSubscription(id, { body: { timeframe: 'term_end' } }),
        { code: 'subscription_not_cancelable', message: STATE_MESSAGES.notCancelable },
        (subscription) => subscription.state === 'canceled',
      ),

    reactivateSubscription: (subscriptionId) =>
      changeState(
        subscriptionId,
        'reactivateSubscription',
        (recurly, id) => recurly.reactivateSubscription(id),
        { code: 'subscription_not_reactivatable', message: STATE_MESSAGES.notReactivatable },
        (subscription) => subscription.state === 'active',
      ),

    async getCardOnFile(accountCode) {
      if (!isAccountCode(accountCode)) return undefined;
      return toCardOnFile((await findAccount(accountCode))?.billingInfo);
    },

    async updateCardOnFile(accountCode, billingToken, options = {}) {
      checkAccountCode(accountCode);
      const resultTokenId = options.threeDSecureActionResultTokenId;
      const billingInfo = await call(
        'updateBillingInfo',
        (recurly) =>
          recurly
            .updateBillingInfo(
              accountLookupId(accountCode),
              { tokenId: billingToken, ...(resultTokenId ? { threeDSecureActionResultTokenId: resultTokenId } : {}) },
              // The repeat after a 3-D Secure check is another request: its own key.
              withIdempotencyKey(
                `billing-info-${createHash('sha256')
                  .update(`${accountCode}\n${billingToken}${resultTokenId ? `\n${resultTokenId}` : ''}`)
                  .digest('hex')}`,
              ),
            )
            .catch(inFlightAsUnavailable),
        { notFound: () => billingErrors.noBillingAccount() },
      );
      const card = toCardOnFile(billingInfo);
      if (card) return card;
      logger.error('Recurly answered a billing info update with no card');
      throw new BillingUnavailableError(RECURLY_MESSAGES.broken, { retryable: false });
    },

    async listInvoices(accountCode) {
      if (!isAccountCode(accountCode)) return [];
      const invoices = await call('listAccountInvoices', async (recurly) => {
        try {
          return await collect<RecurlyInvoice>(
            recurly
              .listAccountInvoices(accountLookupId(accountCode), { params: { limit: PAGE_SIZE, sort: 'created_at', order: 'desc' } })
              .each(),
          );
        } catch (error) {
          if (isNotFound(error)) return [];
          throw error;
        }
      });
      return invoices.flatMap((invoice) => {
        const view = toInvoiceView(invoice);
        return view ? [view] : [];
      });
    },

    async getInvoicePdf(accountCode, invoiceId) {
      const invoiceNotFound: RecurlyErrorContext = { notFound: () => billingErrors.invoiceNotFound() };
      const invoice = await call('getInvoice', (recurly) => recurly.getInvoice(invoiceId), invoiceNotFound);
      if (invoice.account?.code !== accountCode) throw billingErrors.invoiceNotFound();
      const file = await call('getInvoicePdf', (recurly) => recurly.getInvoicePdf(invoiceId), invoiceNotFound);
      return Buffer.from(file.data ?? '', 'binary');
    },
  };
}

/**
 * The purchase's account with the card to charge: the Recurly.js token and, when repeating a
 * purchase after a 3-D Secure challenge, its result token (`billing_info.token_id` and
 * `billing_info.three_d_secure_action_result_token_id` of `AccountPurchase`; with a card on file
 * the result token alone).
 */
function withBillingInfo(
  account: NonNullable<SubscriptionCreate['account']>,
  billingToken: string | undefined,
  threeDSecureActionResultTokenId: string | undefined,
): SubscriptionCreate['account'] {
  if (!billingToken && !threeDSecureActionResultTokenId) return account;
  return {
    ...account,
    billingInfo: {
      ...(billingToken ? { tokenId: billingToken } : {}),
      ...(threeDSecureActionResultTokenId ? { threeDSecureActionResultTokenId } : {}),
    },
  };
}

function isAccountCode(code: string): boolean {
  try {
    checkAccountCode(code);
    return true;
  } catch {
    return false;
  }
}
