import {
  BillingOverviewResponseSchema,
  InvoicePdfResponseSchema,
  type BillingOverviewResponse,
  type InvoicePdfResponse,
} from '../../../lambdas/shared/contracts/billing-account';
import { accountCode } from '../../../lambdas/shared/domain/account-codes';
import { BILLING_MESSAGES } from '../../../lambdas/subscription/billing/billing-messages';
import { createManageBillingAccountHandler, INVOICE_ID_MESSAGE } from '../../../lambdas/subscription/manage-billing-account';
import { claims, HANDLER_OPTIONS, invoke, PLANS, PRODUCT_SLUG, userEvent } from './support/subscription-services';
import { useSubscriptionServices } from './support/handler-test-setup';

/**
 * The subscriber's own billing through the handler, against dynalite and the local billing
 * stand-in: the card on file, its update (a declined card keeps the old one), the invoices and
 * their PDFs, always of the caller's own account.
 */

const { services } = useSubscriptionServices();
const handler = createManageBillingAccountHandler(
  () => ({ billing: services.billing, users: services.users, productSlug: PRODUCT_SLUG }),
  HANDLER_OPTIONS,
);

const DANA = claims('dana-sub', undefined);
const OMAR = claims('omar-sub', undefined);
const NEWCOMER = claims('newcomer-sub', undefined);

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

const overview = (who: Record<string, string> | null) =>
  invoke<BillingOverviewResponse & ErrorBody>(handler, userEvent({ method: 'GET', resource: '/user/billing', claims: who }));

const updateCard = (who: Record<string, string> | null, body: unknown) =>
  invoke<{ card: BillingOverviewResponse['card'] } & ErrorBody>(
    handler,
    userEvent({ method: 'PUT', resource: '/user/billing/card', path: '/user/billing/card', claims: who, body }),
  );

const invoicePdf = (who: Record<string, string> | null, id: string) =>
  invoke<InvoicePdfResponse & ErrorBody>(
    handler,
    userEvent({
      method: 'GET',
      resource: '/user/billing/invoices/{id}/pdf',
      path: `/user/billing/invoices/${id}/pdf`,
      claims: who,
      pathParameters: { id },
    }),
  );

async function subscribe(sub: string, planCode: string): Promise<void> {
  await services.billing.createSubscription({
    accountCode: accountCode(PRODUCT_SLUG, sub),
    account: { email: `${sub}@harborstaffing.com`, firstName: 'Dana', lastName: 'Reyes', company: 'Harbor Staffing' },
    planCode,
    currency: 'USD',
    billingToken: await services.cardToken(),
  });
}

beforeAll(async () => {
  for (const who of [DANA, OMAR, NEWCOMER]) await services.addUser(who.sub);
  await subscribe(DANA.sub, PLANS.professional);
  await subscribe(OMAR.sub, PLANS.starter);
});

describe('GET /user/billing', () => {
  it("answers the caller's card on file and invoices, in the contract's shape", async () => {
    const answer = await overview(DANA);

    expect(answer.status).toBe(200);
    expect(BillingOverviewResponseSchema.parse(answer.body)).toEqual({
      card: { brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2029 },
      invoices: [
        {
          id: expect.stringMatching(/^[0-9a-f]{13}$/),
          number: expect.stringMatching(/^\d{4,}$/),
          state: 'paid',
          currency: 'USD',
          total: 199,
          createdAt: expect.any(String),
        },
      ],
    });
  });

  it('gives each caller only their own account: the starter setup fee is 99, never the professional 199', async () => {
    const [dana, omar] = await Promise.all([overview(DANA), overview(OMAR)]);

    expect(omar.body.invoices.map((invoice) => invoice.total)).toEqual([99]);
    expect(omar.body.invoices[0].id).not.toBe(dana.body.invoices[0].id);
    expect(Number(omar.body.invoices[0].number)).not.toBe(Number(dana.body.invoices[0].number));
  });

  it('answers no card and no invoices to someone who never subscribed', async () => {
    expect(await overview(NEWCOMER)).toMatchObject({ status: 200, body: { card: null, invoices: [] } });
  });

  it('is refused without a caller (401) and to a caller without a User record (404)', async () => {
    expect((await overview(null)).status).toBe(401);
    expect((await overview(claims('nobody-sub', undefined))).status).toBe(404);
  });
});

describe('PUT /user/billing/card', () => {
  it('replaces the card with the one behind a new token', async () => {
    const billingToken = await services.cardToken();

    const answer = await updateCard(OMAR, { billingToken });

    expect(answer).toMatchObject({ status: 200, body: { card: { brand: 'Visa', lastFour: '1111' } } });
    expect((await services.billingStore.getToken(billingToken))?.usedAt).toEqual(expect.any(String));
  });

  it('refuses a declined card with the message for the card field, and keeps the old card', async () => {
    const before = await services.billingStore.getAccount(accountCode(PRODUCT_SLUG, DANA.sub));

    const answer = await updateCard(DANA, { billingToken: await services.cardToken('decline') });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'card_declined',
      message: BILLING_MESSAGES.declined,
      fields: { billingToken: BILLING_MESSAGES.declined },
    });
    expect((await services.billingStore.getAccount(accountCode(PRODUCT_SLUG, DANA.sub)))?.billingInfo).toEqual(before?.billingInfo);
  });

  it('refuses a spent or unknown token as invalid', async () => {
    const billingToken = await services.cardToken();
    expect((await updateCard(DANA, { billingToken })).status).toBe(200);

    for (const token of [billingToken, 'tok_local_never_issued']) {
      expect((await updateCard(DANA, { billingToken: token })).body).toMatchObject({
        code: 'invalid_billing_token',
        fields: { billingToken: BILLING_MESSAGES.invalidToken },
      });
    }
  });

  it('answers 404 to someone without a billing account, without spending their token', async () => {
    const billingToken = await services.cardToken();

    const answer = await updateCard(NEWCOMER, { billingToken });

    expect(answer).toMatchObject({ status: 404, body: { code: 'no_billing_account', message: BILLING_MESSAGES.noBillingAccount } });
    expect((await services.billingStore.getToken(billingToken))?.usedAt).toBeNull();
  });

  it.each([
    ['no body', undefined],
    ['no token', {}],
    ['an empty token', { billingToken: '' }],
    ['a card number instead of a token', { billingToken: 'tok', number: '4111111111111111' }],
  ])('refuses %s with 400', async (_what, body) => {
    const answer = await updateCard(DANA, body);
    expect(answer.status).toBe(400);
  });
});

describe('GET /user/billing/invoices/{id}/pdf', () => {
  it("answers the caller's invoice as a PDF in base64", async () => {
    const [invoice] = (await overview(DANA)).body.invoices;

    const answer = await invoicePdf(DANA, invoice.id);

    expect(answer.status).toBe(200);
    const body = InvoicePdfResponseSchema.parse(answer.body);
    expect(body).toMatchObject({ fileName: `invoice-${invoice.id}.pdf`, contentType: 'application/pdf' });
    const pdf = Buffer.from(body.base64, 'base64').toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain(`(Invoice ${invoice.number}) Tj`);
    expect(pdf).toContain('(Total: USD 199.00) Tj');
  });

  it("answers 404 for another account's invoice, exactly as for an unknown one", async () => {
    const [danasInvoice] = (await overview(DANA)).body.invoices;

    const [theirs, unknown] = await Promise.all([invoicePdf(OMAR, danasInvoice.id), invoicePdf(OMAR, '0000000000000')]);

    expect(theirs).toMatchObject({ status: 404, body: { code: 'invoice_not_found', message: BILLING_MESSAGES.invoiceNotFound } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(theirs.body);
  });

  it.each(['UPPERCASE1', 'number-1001', 'a'.repeat(41), '..'])('refuses the invoice id %s with 400 before any lookup', async (id) => {
    const answer = await invoicePdf(DANA, id);
    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_invoice_id', message: INVOICE_ID_MESSAGE } });
  });
});
