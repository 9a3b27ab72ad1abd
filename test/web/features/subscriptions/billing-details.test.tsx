import { screen, within } from '@testing-library/react';
import type { BillingOverviewResponse, CardOnFile } from '@contracts/billing-account';
import type { RuntimeConfig } from '../../../../web/src/config/runtime-config';
import type { BillingAccountApi } from '../../../../web/src/features/subscriptions/api/billing-account-api';
import { BILLING_MESSAGES } from '../../../../web/src/features/subscriptions/components/billing-details';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { DECLINED_MESSAGE, DECLINED_TOKEN, fakeTestCardTokens, FakeBilling, testAccount, testSubscription } from '../../support/billing';
import { fillIn } from '../../support/forms';
import { renderApp, testConfig } from '../../support/render';

/** The account page's billing: the card on file and its update, the invoices and their PDFs. */

const localConfig = (): RuntimeConfig => testConfig({ localBillingTokenUrl: 'http://127.0.0.1:5185/_local/billing/tokens' });

const CARD: CardOnFile = { brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2030 };
const NEW_CARD: CardOnFile = { brand: 'Visa', lastFour: '1111', expMonth: 11, expYear: 2031 };

function fakeBillingAccount(overview: BillingOverviewResponse) {
  return {
    getOverview: jest.fn(async () => overview),
    updateCard: jest.fn(async (token: string) => {
      if (token === DECLINED_TOKEN) throw new RestApiError(400, 'card_declined', DECLINED_MESSAGE, { billingToken: DECLINED_MESSAGE });
      return { card: NEW_CARD };
    }),
    getInvoicePdf: jest.fn(async () => new Blob(['%PDF-1.4 fake'], { type: 'application/pdf' })),
  } satisfies BillingAccountApi;
}

function accountPage(overview: BillingOverviewResponse, firstLoadFailure?: unknown) {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription()];
  billing.account = testAccount();
  const billingAccount = fakeBillingAccount(overview);
  if (firstLoadFailure) billingAccount.getOverview.mockRejectedValueOnce(firstLoadFailure);
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  const rendered = renderApp('/account', {
    config: localConfig(),
    ports: { session, billing: billing.api(), billingAccount, testCardTokens: fakeTestCardTokens() },
  });
  return { ...rendered, billingAccount };
}

const INVOICE = {
  id: 'a1b2c3d4e5f6a',
  number: '1001',
  state: 'paid',
  currency: 'USD',
  total: 199,
  createdAt: '2026-11-26T10:00:00.000Z',
} as const;

afterEach(() => jest.restoreAllMocks());

describe('the account page’s billing', () => {
  it('shows the card on file and the invoices with number, date, total and state', async () => {
    accountPage({ card: CARD, invoices: [INVOICE] });
    const region = await screen.findByRole('region', { name: 'Billing and invoices' });

    expect(await within(region).findByText('Visa ending in 1111, expires 12/2030')).toBeInTheDocument();
    const row = within(region).getByRole('row', { name: /1001/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('1001');
    expect(row).toHaveTextContent('November 26, 2026');
    expect(row).toHaveTextContent('$199');
    expect(row).toHaveTextContent('Paid');
  });

  it('says when there is no card and no invoice, and offers no update', async () => {
    accountPage({ card: null, invoices: [] });
    const region = await screen.findByRole('region', { name: 'Billing and invoices' });

    expect(await within(region).findByText(BILLING_MESSAGES.noCard)).toBeInTheDocument();
    expect(within(region).getByText(BILLING_MESSAGES.noInvoices)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
  });

  it('shows a declined card by the fields, keeps the old card, then saves a good one', async () => {
    const { user, billingAccount } = accountPage({ card: CARD, invoices: [] });
    const region = await screen.findByRole('region', { name: 'Billing and invoices' });
    await user.click(await within(region).findByRole('button', { name: 'Update card' }));

    await user.type(within(region).getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(within(region).getByLabelText('Expiry (MM/YY)'), '11/31');
    await user.type(within(region).getByLabelText('CVC'), '123');
    await user.click(within(region).getByRole('button', { name: 'Save card' }));

    const problem = await within(region).findByRole('alert');
    expect(problem).toHaveTextContent(DECLINED_MESSAGE);
    expect(within(region).getByRole('group', { name: /Test card/ })).toHaveAttribute('aria-describedby', problem.id);
    expect(within(region).getByText('Visa ending in 1111, expires 12/2030')).toBeInTheDocument();

    await fillIn(user, within(region).getByLabelText('Card number'), '4111 1111 1111 1111');
    await user.click(within(region).getByRole('button', { name: 'Save card' }));

    expect(await within(region).findByText('Visa ending in 1111, expires 11/2031')).toBeInTheDocument();
    expect(billingAccount.updateCard.mock.calls.map(([token]) => token)).toEqual([DECLINED_TOKEN, 'tok-1111']);
    expect(within(region).queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument();
    expect(await screen.findByText(BILLING_MESSAGES.cardUpdated)).toBeInTheDocument();
  });

  it('downloads an invoice PDF under its number', async () => {
    const createObjectURL = jest.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const { user, billingAccount } = accountPage({ card: CARD, invoices: [INVOICE] });
    const region = await screen.findByRole('region', { name: 'Billing and invoices' });

    await user.click(await within(region).findByRole('button', { name: 'Download PDF of invoice 1001' }));

    expect(billingAccount.getInvoicePdf).toHaveBeenCalledWith(INVOICE.id);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicked).toEqual(['invoice-1001.pdf blob:invoice']);
  });

  it('offers to try again when the billing cannot be loaded', async () => {
    const { user } = accountPage({ card: CARD, invoices: [] }, new RestApiError(503, 'billing_unavailable', 'Billing is busy right now.'));
    const region = await screen.findByRole('region', { name: 'Billing and invoices' });

    expect(await within(region).findByText('Billing is busy right now.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Try again' }));

    expect(await within(region).findByText('Visa ending in 1111, expires 12/2030')).toBeInTheDocument();
  });
});
