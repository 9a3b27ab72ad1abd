import type {
  Account,
  BillingInfo,
  BillingInfoCreate,
  BinaryFile,
  Invoice,
  LineItem,
  Pager,
  Plan,
  Subscription,
  SubscriptionCancel,
  SubscriptionChange,
  SubscriptionChangeCreate,
  SubscriptionCreate,
} from 'recurly';
import ApiError from 'recurly/lib/recurly/ApiError';
import BaseClient from 'recurly/lib/recurly/BaseClient';
import RecurlyPager from 'recurly/lib/recurly/Pager';
import resources from 'recurly/lib/recurly/resources';
import { Schema } from 'recurly/lib/recurly/schemas';

/**
 * The one Recurly client of the billing handlers: the official client's own base (BaseClient.js:
 * transport, `Recurly-Version` header, errors, casting responses to its resources) with only the
 * operations the product calls. The generated `Client` of the `recurly` package defines all ~250
 * operations of API v2021-02-25 (~31 kB of each billing bundle, which the 150 kB budget cannot
 * carry); each operation here is written as the generated one is (its path, method and body), and
 * test/lambdas/subscription/billing/recurly-client.test.ts compares them with it.
 */

// What the package's entry point (recurly.js) wires when it loads: responses are cast to the
// resource classes by name.
Schema.locateResource = (name) => resources[name];

export { ApiError };

/** The API version the client's operations were generated for (the generated `Client`'s). */
export const RECURLY_API_VERSION = 'v2021-02-25';

/** Per-request options: query parameters and, for keyed writes, the `Idempotency-Key` header. */
export interface RecurlyRequestOptions {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

type PathParameters = Readonly<Record<string, string>>;

export class RecurlyClient extends BaseClient {
  override apiVersion(): string {
    return RECURLY_API_VERSION;
  }

  private send<T>(method: string, template: string, parameters: PathParameters, body: unknown, options: RecurlyRequestOptions): Promise<T> {
    return this._makeRequest(method, this._interpolatePath(template, parameters), body, options) as Promise<T>;
  }

  private list<T>(template: string, parameters: PathParameters, options: RecurlyRequestOptions): Pager<T> {
    return new RecurlyPager(this, this._interpolatePath(template, parameters), options) as unknown as Pager<T>;
  }

  listPlans(options: RecurlyRequestOptions = {}): Pager<Plan> {
    return this.list('/plans', {}, options);
  }

  getAccount(accountId: string, options: RecurlyRequestOptions = {}): Promise<Account> {
    return this.send('GET', '/accounts/{account_id}', { account_id: accountId }, null, options);
  }

  updateBillingInfo(accountId: string, body: BillingInfoCreate, options: RecurlyRequestOptions = {}): Promise<BillingInfo> {
    return this.send('PUT', '/accounts/{account_id}/billing_info', { account_id: accountId }, body, options);
  }

  listAccountSubscriptions(accountId: string, options: RecurlyRequestOptions = {}): Pager<Subscription> {
    return this.list('/accounts/{account_id}/subscriptions', { account_id: accountId }, options);
  }

  listAccountLineItems(accountId: string, options: RecurlyRequestOptions = {}): Pager<LineItem> {
    return this.list('/accounts/{account_id}/line_items', { account_id: accountId }, options);
  }

  listAccountInvoices(accountId: string, options: RecurlyRequestOptions = {}): Pager<Invoice> {
    return this.list('/accounts/{account_id}/invoices', { account_id: accountId }, options);
  }

  getInvoice(invoiceId: string, options: RecurlyRequestOptions = {}): Promise<Invoice> {
    return this.send('GET', '/invoices/{invoice_id}', { invoice_id: invoiceId }, null, options);
  }

  getInvoicePdf(invoiceId: string, options: RecurlyRequestOptions = {}): Promise<BinaryFile> {
    return this.send('GET', '/invoices/{invoice_id}.pdf', { invoice_id: invoiceId }, null, options);
  }

  createSubscription(body: SubscriptionCreate, options: RecurlyRequestOptions = {}): Promise<Subscription> {
    return this.send('POST', '/subscriptions', {}, body, options);
  }

  getSubscription(subscriptionId: string, options: RecurlyRequestOptions = {}): Promise<Subscription> {
    return this.send('GET', '/subscriptions/{subscription_id}', { subscription_id: subscriptionId }, null, options);
  }

  listSubscriptionLineItems(subscriptionId: string, options: RecurlyRequestOptions = {}): Pager<LineItem> {
    return this.list('/subscriptions/{subscription_id}/line_items', { subscription_id: subscriptionId }, options);
  }

  /** As the generated one: the body travels in `options.body`. */
  cancelSubscription(
    subscriptionId: string,
    options: RecurlyRequestOptions & { readonly body?: SubscriptionCancel } = {},
  ): Promise<Subscription> {
    return this.send('PUT', '/subscriptions/{subscription_id}/cancel', { subscription_id: subscriptionId }, options.body, options);
  }

  reactivateSubscription(subscriptionId: string, options: RecurlyRequestOptions = {}): Promise<Subscription> {
    return this.send('PUT', '/subscriptions/{subscription_id}/reactivate', { subscription_id: subscriptionId }, null, options);
  }

  createSubscriptionChange(
    subscriptionId: string,
    body: SubscriptionChangeCreate,
    options: RecurlyRequestOptions = {},
  ): Promise<SubscriptionChange> {
    return this.send('POST', '/subscriptions/{subscription_id}/change', { subscription_id: subscriptionId }, body, options);
  }

  previewSubscriptionChange(
    subscriptionId: string,
    body: SubscriptionChangeCreate,
    options: RecurlyRequestOptions = {},
  ): Promise<SubscriptionChange> {
    return this.send('POST', '/subscriptions/{subscription_id}/change/preview', { subscription_id: subscriptionId }, body, options);
  }
}
