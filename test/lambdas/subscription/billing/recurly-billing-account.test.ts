import { NotFoundError, ValidationError } from '../../../../lambdas/shared/errors';
import type { BillingPort } from '../../../../lambdas/subscription/billing/billing-port';
import type { RecurlyApiKeySource } from '../../../../lambdas/subscription/billing/recurly-api-key';
import { createRecurlyBilling } from '../../../../lambdas/subscription/billing/recurly-billing';
import { captureLogs, type CapturedLogs } from '../../support/capture-logs';
import { IDEMPOTENCY_WINDOW_MS, RecurlyFakeServer, type FakePlanInput } from '../../support/recurly-fake-server';
import { fakeInvoicePdf } from '../../support/recurly-fake-site';

/**
 * The Recurly adapter's card on file and invoices (issue 17) through the official client against
 * the fake Recurly server: `GET /accounts/code-…` for the card, `PUT …/billing_info` to replace
 * it, `GET …/invoices` and `GET /invoices/{id}.pdf`, never another account's invoice.
 */

const API_KEY = 'test-private-key-0123456789abcdef';
const NOW = new Date('2025-03-10T09:30:00Z');
const STARTER: FakePlanInput = {
  code: 'starter_2weeksfree_monthly_onetimesetup_dev',
  name: 'Starter — two weeks free, monthly billing, one-time setup fee',
  currencies: [{ currency: 'USD', unitAmount: 49, setupFee: 99 }],
};
const DANA = 'talentpilot-8f14e45f-ceea-467f-a0e6-4b2c1d9e7a10';
const OMAR = 'talentpilot-1c9a0b7e-4d2f-4a51-9f3e-7b6d5c4a3b21';
const apiKey: RecurlyApiKeySource = { get: async () => API_KEY, forget: () => undefined };

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('Recurly billing adapter: card on file and invoices', () => {
  let server: RecurlyFakeServer;
  let billing: BillingPort;
  let logs: CapturedLogs;

  beforeEach(async () => {
    server = await RecurlyFakeServer.start({ apiKey: API_KEY, plans: [STARTER], pageSizeCap: 1 });
    server.site.now = () => NOW;
    billing = createRecurlyBilling({ apiKey, httpAdapter: server.httpAdapter() });
    logs = captureLogs();
    for (const code of [DANA, OMAR]) {
      await billing.createSubscription({
        accountCode: code,
        account: { email: `${code}@harborstaffing.com` },
        planCode: STARTER.code,
        currency: 'USD',
        billingToken: server.site.issueToken(),
      });
    }
  });

  afterEach(async () => {
    logs.restore();
    await server.close();
  });

  it("reads the card from the account's billing info", async () => {
    expect(await billing.getCardOnFile(DANA)).toEqual({ brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2028 });
    expect(await billing.getCardOnFile('talentpilot-nobody')).toBeUndefined();
    expect(await billing.getCardOnFile('not a code!')).toBeUndefined();
  });

  it('replaces the card with PUT /accounts/code-<code>/billing_info and the token id', async () => {
    const token = server.site.issueToken();

    const card = await billing.updateCardOnFile(DANA, token);

    expect(card).toEqual({ brand: 'Visa', lastFour: '4242', expMonth: 11, expYear: 2029 });
    expect(server.writes().at(-1)).toMatchObject({ method: 'PUT', path: `/accounts/code-${DANA}/billing_info`, body: { token_id: token } });
    expect(await billing.getCardOnFile(DANA)).toEqual(card);
  });

  it('refuses a declined card or a spent token as the checkout does, keeping the old card', async () => {
    const declined = await failureOf(billing.updateCardOnFile(DANA, server.site.issueToken('declined')));
    expect(declined).toBeInstanceOf(ValidationError);
    expect(declined).toMatchObject({
      code: 'card_declined',
      fields: { billingToken: 'Your card was declined. Please use a different card or contact your bank.' },
    });

    const spent = server.site.issueToken();
    await billing.updateCardOnFile(DANA, spent);
    // Within the hour the same update is Recurly's replay of the first (Idempotency-Key); after it the spent token is refused.
    await expect(billing.updateCardOnFile(DANA, spent)).resolves.toMatchObject({ lastFour: '4242' });
    server.site.now = () => new Date(NOW.getTime() + IDEMPOTENCY_WINDOW_MS);
    expect(await failureOf(billing.updateCardOnFile(DANA, spent))).toMatchObject({ code: 'invalid_billing_token' });
    expect((await billing.getCardOnFile(DANA))?.lastFour).toBe('4242');
  });

  it('answers NotFoundError for an account Recurly does not have', async () => {
    const error = await failureOf(billing.updateCardOnFile('talentpilot-nobody', server.site.issueToken()));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'no_billing_account' });
  });

  it("lists the account's invoices through every page, in the contract's shape", async () => {
    await billing.createSubscription({ accountCode: DANA, account: { email: 'x@y.z' }, planCode: STARTER.code, currency: 'USD' });

    const invoices = await billing.listInvoices(DANA);

    expect(invoices).toEqual([
      { id: expect.any(String), number: '1003', state: 'paid', currency: 'USD', total: 99, createdAt: NOW.toISOString() },
      { id: expect.any(String), number: '1001', state: 'paid', currency: 'USD', total: 99, createdAt: NOW.toISOString() },
    ]);
    expect(server.requests.filter((request) => request.path === `/accounts/code-${DANA}/invoices`).length).toBe(2);
    expect(await billing.listInvoices('talentpilot-nobody')).toEqual([]);
  });

  it('answers the PDF bytes of an own invoice, intact', async () => {
    const [invoice] = await billing.listInvoices(DANA);

    const pdf = await billing.getInvoicePdf(DANA, invoice.id);

    expect(Buffer.from(pdf)).toEqual(fakeInvoicePdf(server.site.invoices.find((candidate) => candidate.id === invoice.id)!));
  });

  it("answers NotFoundError for another account's invoice without fetching its PDF, as for an unknown one", async () => {
    const [omars] = await billing.listInvoices(OMAR);

    const theirs = await failureOf(billing.getInvoicePdf(DANA, omars.id));
    const unknown = await failureOf(billing.getInvoicePdf(DANA, 'zzzzzzzzzzzz'));

    for (const error of [theirs, unknown]) expect(error).toMatchObject({ name: 'NotFoundError', code: 'invoice_not_found' });
    expect(server.requests.some((request) => request.path.endsWith('.pdf'))).toBe(false);
  });
});
