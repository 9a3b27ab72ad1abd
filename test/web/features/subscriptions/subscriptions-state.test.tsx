import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from '../../../../web/src/config/config-context';
import type { RuntimeConfig } from '../../../../web/src/config/runtime-config';
import { useSubscriptions } from '../../../../web/src/features/subscriptions/state/subscriptions-context';
import { SubscriptionsProvider } from '../../../../web/src/features/subscriptions/state/subscriptions-provider';
import { AuthProvider } from '../../../../web/src/lib/auth/auth-provider';
import { Notifications } from '../../../../web/src/components/ui/notifications';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { ServerStateProvider } from '../../../../web/src/lib/server-state/server-state-provider';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testAccount, testSubscription } from '../../support/billing';
import { testConfig } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

/** Shows the subscriptions state as text, with a button that refreshes it. */
function Probe() {
  const state = useSubscriptions();
  return (
    <>
      <p data-testid="state">
        {state.status} · {state.subscriptions.length} subscriptions · account {state.account?.code ?? 'none'} · error{' '}
        {state.error ?? 'none'}
      </p>
      <button type="button" onClick={() => void state.refresh()}>
        Refresh
      </button>
    </>
  );
}

function renderState(
  billing: FakeBilling,
  {
    identity = new FakeIdentity({ signedIn: authUser() }),
    config = testConfig(),
  }: { identity?: FakeIdentity; config?: RuntimeConfig } = {},
) {
  const api = billing.api();
  render(
    <ConfigProvider config={config}>
      <AuthProvider session={identity.session()}>
        <ServerStateProvider>
          <SubscriptionsProvider api={api}>
            <Probe />
            <Notifications />
          </SubscriptionsProvider>
        </ServerStateProvider>
      </AuthProvider>
    </ConfigProvider>,
  );
  return api;
}

const state = () => screen.getByTestId('state').textContent;

describe('the subscriptions state', () => {
  it('fetches the subscriptions and account once the database user exists, by the derived account lookup', async () => {
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription()];
    billing.account = testAccount();
    const api = renderState(billing);

    await waitFor(() => expect(state()).toBe('ready · 1 subscriptions · account talentpilot-sub-ada · error none'));
    expect(api.getUserSubscriptions).toHaveBeenCalledWith('code-talentpilot-sub-ada');
  });

  it('uses the product slug from the runtime config, and the user’s subscription id once they have one', async () => {
    const billing = new FakeBilling();
    const api = renderState(billing, {
      config: testConfig({ productSlug: 'hirewise' }),
      identity: new FakeIdentity({ signedIn: authUser(), users: [dbUser({ subscriptionId: 'acct-42' })] }),
    });
    await waitFor(() => expect(api.getUserSubscriptions).toHaveBeenCalledWith('acct-42'));

    const other = new FakeBilling().api();
    render(
      <ConfigProvider config={testConfig({ productSlug: 'hirewise' })}>
        <AuthProvider session={new FakeIdentity({ signedIn: authUser() }).session()}>
          <ServerStateProvider>
            <SubscriptionsProvider api={other}>{null}</SubscriptionsProvider>
          </ServerStateProvider>
        </AuthProvider>
      </ConfigProvider>,
    );
    await waitFor(() => expect(other.getUserSubscriptions).toHaveBeenCalledWith('code-hirewise-sub-ada'));
  });

  it('fetches nothing while nobody is signed in', async () => {
    const api = renderState(new FakeBilling(), { identity: new FakeIdentity() });
    expect(state()).toBe('idle · 0 subscriptions · account none · error none');
    await act(async () => undefined);
    expect(api.getUserSubscriptions).not.toHaveBeenCalled();
  });

  it('stores the error, empties the list and shows the message when the fetch fails', async () => {
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription()];
    billing.account = testAccount();
    renderState(billing);
    await waitFor(() => expect(state()).toMatch(/^ready · 1 subscriptions/));

    billing.failNext(
      'getUserSubscriptions',
      new RestApiError(0, 'NETWORK', 'We could not reach our servers. Check your connection and try again.'),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() =>
      expect(state()).toBe(
        'error · 0 subscriptions · account none · error We could not reach our servers. Check your connection and try again.',
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach our servers. Check your connection and try again.');

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(state()).toBe('ready · 1 subscriptions · account talentpilot-sub-ada · error none'));
  });
});
