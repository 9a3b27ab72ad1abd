import { Client } from 'recurly';
import { HttpAdapter, HttpResponse } from 'recurly/lib/recurly/HttpAdapter';
import { RECURLY_API_VERSION, RecurlyClient } from '../../../../lambdas/subscription/billing/recurly-client';

/**
 * The billing handlers' Recurly client (the official client's base with the operations the
 * product calls) sends exactly what the package's generated `Client` sends for each operation:
 * method, URL with the encoded path parameters and query, headers (the `Recurly-Version` among
 * them) and body. Both run on a transport that records the request and answers one resource.
 */

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

class RecordingTransport extends HttpAdapter {
  readonly sent: Sent[] = [];

  override async execute(method: string, url: string, headers: Record<string, string>, body: string | null): Promise<HttpResponse> {
    this.sent.push({ method, url, headers, body });
    const answer =
      url.includes('/line_items') || url.endsWith('/plans') || /\/(subscriptions|invoices)(\?|$)/.test(url)
        ? { object: 'list', has_more: false, next: null, data: [{ object: 'subscription', id: 'sub1' }] }
        : { object: 'subscription', id: 'sub1', quantity: 3 };
    return new HttpResponse(200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1' }, JSON.stringify(answer));
  }
}

type Operation = (client: RecurlyClient) => Promise<unknown>;

const drain = async (items: AsyncIterable<unknown>): Promise<unknown[]> => {
  const all: unknown[] = [];
  for await (const item of items) all.push(item);
  return all;
};

const KEYED = { headers: { 'Idempotency-Key': 'k-1' } };
const LIST = { params: { limit: 200, sort: 'created_at', order: 'desc' } };

const OPERATIONS: Readonly<Record<string, Operation>> = {
  listPlans: (client) => drain(client.listPlans({ params: { limit: 200, state: 'active' } }).each()),
  getAccount: (client) => client.getAccount('code-talentpilot-a/b'),
  updateBillingInfo: (client) => client.updateBillingInfo('code-acme', { tokenId: 'tok-1' }, KEYED),
  listAccountSubscriptions: (client) => drain(client.listAccountSubscriptions('code-acme', LIST).each()),
  listAccountLineItems: (client) => drain(client.listAccountLineItems('code-acme', { params: { limit: 200, type: 'charge' } }).each()),
  listAccountInvoices: (client) => drain(client.listAccountInvoices('code-acme', LIST).each()),
  getInvoice: (client) => client.getInvoice('inv 1'),
  getInvoicePdf: (client) => client.getInvoicePdf('inv1'),
  createSubscription: (client) => client.createSubscription({ planCode: 'starter', currency: 'USD', account: { code: 'acme' } }, KEYED),
  getSubscription: (client) => client.getSubscription('uuid-0123'),
  listSubscriptionLineItems: (client) => drain(client.listSubscriptionLineItems('sub1', { params: { limit: 200, type: 'charge' } }).each()),
  cancelSubscription: (client) => client.cancelSubscription('sub1', { body: { timeframe: 'term_end' } }),
  reactivateSubscription: (client) => client.reactivateSubscription('sub1'),
  createSubscriptionChange: (client) => client.createSubscriptionChange('sub1', { quantity: 4, timeframe: 'now' }, KEYED),
  previewSubscriptionChange: (client) => client.previewSubscriptionChange('sub1', { quantity: 4, timeframe: 'now' }),
};

async function sentBy(client: RecurlyClient, transport: RecordingTransport, operation: Operation): Promise<Sent[]> {
  await operation(client);
  return transport.sent.map((sent) => ({ ...sent, headers: { ...sent.headers, 'User-Agent': '(the same package)' } }));
}

describe('RecurlyClient', () => {
  it('defines only operations of the generated client, for the same API version', () => {
    const own = Object.getOwnPropertyNames(RecurlyClient.prototype).filter(
      (name) => name !== 'constructor' && !['send', 'list'].includes(name),
    );
    const generated = new Set(Object.getOwnPropertyNames(Client.prototype));
    expect(own.filter((name) => !generated.has(name))).toEqual([]);
    expect(new Client('k').apiVersion()).toBe(RECURLY_API_VERSION);
  });

  it('is tested for every operation it defines', () => {
    const own = Object.getOwnPropertyNames(RecurlyClient.prototype).filter(
      (name) => !['constructor', 'send', 'list', 'apiVersion'].includes(name),
    );
    expect(own.sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it.each(Object.entries(OPERATIONS))('%s sends what the generated client sends', async (_name, operation) => {
    const ownTransport = new RecordingTransport();
    const generatedTransport = new RecordingTransport();
    const own = await sentBy(new RecurlyClient('key-1', { httpAdapter: ownTransport }), ownTransport, operation);
    // The generated client has the same operation under the same name and arguments.
    const generated = await sentBy(
      new Client('key-1', { httpAdapter: generatedTransport }) as unknown as RecurlyClient,
      generatedTransport,
      operation,
    );
    expect(own).toEqual(generated);
    expect(own.length).toBeGreaterThan(0);
    expect(own[0].headers.Accept).toContain(RECURLY_API_VERSION);
  });

  it('casts answers to the package resource classes, as the generated client does', async () => {
    const transport = new RecordingTransport();
    const subscription = await new RecurlyClient('key-1', { httpAdapter: transport }).getSubscription('sub1');
    expect(subscription.constructor.name).toBe('Subscription');
    expect(subscription.quantity).toBe(3);
  });
});
