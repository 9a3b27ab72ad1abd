import { screen, waitFor, within } from '@testing-library/react';
import { RestApiError } from '../../../web/src/lib/rest-client';
import { authUser, dbUser, FakeIdentity } from '../support/auth';
import { FakeBilling, testSubscription } from '../support/billing';
import { renderApp } from '../support/render';

afterEach(() => jest.restoreAllMocks());

function signedIn(billing: FakeBilling) {
  return { session: new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session(), billing: billing.api() };
}

describe('the subscription gate', () => {
  it.each(['/services', '/support'])('shows a centered spinner on %s while the subscriptions load', async (path) => {
    const billing = new FakeBilling();
    const ports = signedIn(billing);
    ports.billing.getUserSubscriptions.mockReturnValue(new Promise(() => undefined));
    const { router } = renderApp(path, { ports });

    expect(await screen.findByText('Loading your subscription…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/services', '/support'])('sends a user without a subscription from %s to /subscribe, remembering the page', async (path) => {
    const { router } = renderApp(`${path}`, { ports: signedIn(new FakeBilling()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.state).toEqual({ from: path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
  });

  it('lets a user with a subscription in its trial in', async () => {
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription()];
    renderApp('/services', { ports: signedIn(billing) });
    expect(await screen.findByRole('heading', { level: 1, name: /What TalentPilot does for you/ })).toBeInTheDocument();
  });

  it('lets an invited member in on their firm’s live subscription, without one of their own', async () => {
    const billing = new FakeBilling();
    billing.firmAccess = { organizationId: 'sub-olga', role: 'recruiter', tier: 'professional' };
    const { router } = renderApp('/services', { ports: signedIn(billing) });
    expect(await screen.findByRole('heading', { level: 1, name: /What TalentPilot does for you/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services');
    expect(billing.subscriptions).toEqual([]);
  });

  it('lets a user in whose canceled subscription has not expired yet', async () => {
    const billing = new FakeBilling();
    const later = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString();
    billing.subscriptions = [testSubscription({ state: 'canceled', expiresAt: later })];
    renderApp('/support', { ports: signedIn(billing) });
    expect(await screen.findByRole('heading', { level: 1, name: /Get help with TalentPilot/ })).toBeInTheDocument();
  });

  it('treats expired, failed and paused subscriptions as none', async () => {
    const billing = new FakeBilling();
    const earlier = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    billing.subscriptions = [
      testSubscription({ id: 'a', state: 'expired', expiresAt: earlier }),
      testSubscription({ id: 'b', state: 'failed' }),
      testSubscription({ id: 'c', state: 'paused' }),
      testSubscription({ id: 'd', state: 'canceled', expiresAt: earlier }),
    ];
    const { router } = renderApp('/services', { ports: signedIn(billing) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
  });

  it('says the subscriptions could not be loaded, and tries again on request', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription()];
    billing.failNext(
      'getUserSubscriptions',
      new RestApiError(503, 'BILLING_UNAVAILABLE', 'Billing is not available right now. Please try again in a moment.'),
    );
    const { router, user } = renderApp('/services', { ports: signedIn(billing) });

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'We could not load your subscription' })).toBeInTheDocument();
    expect(within(main).getByText('Billing is not available right now. Please try again in a moment.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services');

    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /What TalentPilot does for you/ })).toBeInTheDocument();
  });

  it('does not gate the account, subscribe and profile pages', async () => {
    for (const [path, heading] of [
      ['/account', 'Your account'],
      ['/subscribe', 'Choose your plan'],
      ['/profile', 'Profile'],
    ]) {
      const { router, unmount } = renderApp(path, { ports: signedIn(new FakeBilling()) });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });
});
