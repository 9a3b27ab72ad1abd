import { screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../../web/src/features/subscriptions/format';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testAccount, testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

function accountPage(billing: FakeBilling) {
  const api = billing.api();
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  return { ...renderApp('/account', { ports: { session, billing: api } }), api };
}

/** The subscription facts as term → description. */
async function facts(): Promise<Record<string, string>> {
  const region = await screen.findByRole('region', { name: 'Your subscription' });
  await within(region).findByText('Status');
  const terms = within(region).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

function inTrialBilling(): FakeBilling {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription()];
  billing.account = testAccount();
  return billing;
}

describe('the account page’s subscription', () => {
  it('shows the plan in its trial: trial end, next bill, the setup fee paid and the payment method', async () => {
    const billing = inTrialBilling();
    const trialEnds = formatDate(billing.subscriptions[0].trialEndsAt ?? '');
    accountPage(billing);

    expect(await facts()).toEqual({
      Plan: 'Professional',
      Status: 'In trial',
      Price: '$149 / month (USD)',
      'Free trial ends': trialEnds,
      'Next bill': `${trialEnds}: $149`,
      'Setup fee paid': '$199, one-time, on your first invoice',
      'Payment method': 'Card on file',
    });
    const region = screen.getByRole('region', { name: 'Your subscription' });
    expect(within(region).getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/subscribe');
    expect(within(region).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reactivate subscription' })).not.toBeInTheDocument();
  });

  it('prices a firm’s seats: the monthly total and the next bill for every seat', async () => {
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription({ quantity: 4 })];
    billing.account = testAccount();
    const trialEnds = formatDate(billing.subscriptions[0].trialEndsAt ?? '');
    accountPage(billing);
    const shown = await facts();
    expect(shown.Price).toBe('$596 / month: 4 seats × $149 (USD)');
    expect(shown['Next bill']).toBe(`${trialEnds}: $596`);
  });

  it('shows an active subscription after its trial with the next monthly bill', async () => {
    const billing = new FakeBilling();
    billing.subscriptions = [
      testSubscription({
        trialStartedAt: '2024-01-01T12:00:00.000Z',
        trialEndsAt: '2024-01-15T12:00:00.000Z',
        currentPeriodEndsAt: '2099-06-15T12:00:00.000Z',
      }),
    ];
    accountPage(billing);
    const shown = await facts();
    expect(shown.Status).toBe('Active');
    expect(shown['Free trial ended']).toBe('January 15, 2024');
    expect(shown['Next bill']).toBe('June 15, 2099: $149');
  });

  it('cancels at the end of the period after a confirmation, then offers to reactivate', async () => {
    const billing = inTrialBilling();
    const accessUntil = formatDate(billing.subscriptions[0].currentPeriodEndsAt ?? '');
    const { user, api } = accountPage(billing);
    const region = await screen.findByRole('region', { name: 'Your subscription' });

    await user.click(await within(region).findByRole('button', { name: 'Cancel subscription' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByRole('button', { name: 'Keep subscription' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.cancel).not.toHaveBeenCalled();

    await user.click(within(region).getByRole('button', { name: 'Cancel subscription' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent(`stays active until the end of the current period, ${accessUntil}`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(`Your subscription is canceled. You keep access until ${accessUntil}.`)).toBeInTheDocument();
    expect(api.cancel).toHaveBeenCalledWith('sub-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await facts()).Status).toBe(`Canceled — access until ${accessUntil}`);
    expect(within(region).queryByRole('link', { name: 'Change plan' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Reactivate subscription' })).toHaveFocus();

    await user.click(within(region).getByRole('button', { name: 'Reactivate subscription' }));

    expect(await screen.findByText('Your subscription is active again.')).toBeInTheDocument();
    expect(api.reactivate).toHaveBeenCalledWith('sub-1');
    await waitFor(async () => expect((await facts()).Status).toBe('In trial'));
    expect(within(region).getByRole('button', { name: 'Cancel subscription' })).toHaveFocus();
  });

  it('keeps the dialog open and shows the server’s message when cancelling fails; Escape backs out', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const billing = inTrialBilling();
    billing.failNext(
      'cancel',
      new RestApiError(503, 'BILLING_UNAVAILABLE', 'Billing is not available right now. Please try again in a moment.'),
    );
    const { user } = accountPage(billing);
    const region = await screen.findByRole('region', { name: 'Your subscription' });

    await user.click(await within(region).findByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Billing is not available right now. Please try again in a moment.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect((await facts()).Status).toBe('In trial');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s message when reactivating fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const billing = new FakeBilling();
    const later = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    billing.subscriptions = [testSubscription({ state: 'canceled', canceledAt: new Date().toISOString(), expiresAt: later })];
    billing.failNext('reactivate', new RestApiError(409, 'CONFLICT', 'This subscription can no longer be reactivated.'));
    const { user } = accountPage(billing);

    await user.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This subscription can no longer be reactivated.');
    expect(screen.getByRole('button', { name: 'Reactivate subscription' })).toBeEnabled();
  });

  it('invites a user without a subscription to choose a plan', async () => {
    accountPage(new FakeBilling());
    const region = await screen.findByRole('region', { name: 'Your subscription' });
    expect(await within(region).findByText('You have not subscribed yet. Every plan starts with two weeks free.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscribe');
  });

  it('shows an expired subscription as such, with the way to subscribe again', async () => {
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription({ state: 'expired', expiresAt: '2024-01-15T12:00:00.000Z' })];
    accountPage(billing);
    expect((await facts()).Status).toBe('Expired');
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Reactivate subscription' })).not.toBeInTheDocument();
  });

  it('says when the subscription could not be loaded, and loads it on Try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const billing = inTrialBilling();
    billing.failNext(
      'getUserSubscriptions',
      new RestApiError(0, 'NETWORK', 'We could not reach our servers. Check your connection and try again.'),
    );
    const { user } = accountPage(billing);
    const region = await screen.findByRole('region', { name: 'Your subscription' });
    expect(await within(region).findByText(/We could not load your subscription/)).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect((await facts()).Status).toBe('In trial');
  });
});
