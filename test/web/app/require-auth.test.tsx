import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RequireAuth } from '../../../web/src/app/require-auth';
import { useAuth } from '../../../web/src/lib/auth/auth-context';
import { AuthProvider } from '../../../web/src/lib/auth/auth-provider';
import { authUser, dbUser, FakeIdentity, fakeAuthApi } from '../support/auth';
import { FakeBilling, testSubscription } from '../support/billing';
import { field, fillIn } from '../support/forms';
import { renderApp } from '../support/render';

const GUARDED = ['/account', '/services', '/support', '/change-password', '/edit-profile', '/profile', '/subscribe'];

describe('the sign-in guard', () => {
  it.each(GUARDED)('sends a signed-out visitor from %s to /sign-in, remembering the page', async (path) => {
    const identity = new FakeIdentity();
    const { router } = renderApp(path, { ports: { session: identity.session() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.state).toEqual({ from: path });
    expect(await screen.findByText('Please sign in to see that page.')).toBeInTheDocument();
  });

  it('brings the visitor back to the page they wanted after signing in', async () => {
    const identity = new FakeIdentity();
    const { router, user } = renderApp('/profile?tab=details', {
      ports: { session: identity.session(), auth: fakeAuthApi(identity) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    await fillIn(user, field('Email'), 'ada@northbridge.example');
    await fillIn(user, field('Password'), 'placements-2024');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('ada@northbridge.example')).toBeInTheDocument();
  });

  it('sends a user who signs out on a protected page to the home page, not to sign in', async () => {
    function ProtectedPage() {
      const { signOut } = useAuth();
      return (
        <button type="button" onClick={() => void signOut()}>
          Sign Out
        </button>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home</p> },
        { path: '/sign-in', element: <p>Sign-in page</p> },
        { element: <RequireAuth />, children: [{ path: '/profile', element: <ProtectedPage /> }] },
      ],
      { initialEntries: ['/profile'] },
    );
    render(
      <AuthProvider session={new FakeIdentity({ signedIn: authUser() }).session()}>
        <RouterProvider router={router} />
      </AuthProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a spinner, not the page, while the auth state is loading', async () => {
    const identity = new FakeIdentity({ signedIn: authUser() });
    const session = identity.session();
    session.currentUser.mockReturnValue(new Promise(() => undefined));
    const { router } = renderApp('/account', { ports: { session } });

    expect(await screen.findByText('Loading your account…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows a signed-in user their account: name, email, company, profile link and subscription', async () => {
    const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
    renderApp('/account', { ports: { session: identity.session() } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Okafor' })).toBeInTheDocument();
    expect(screen.getByText('ada@northbridge.example')).toBeInTheDocument();
    expect(screen.getByText('Northbridge Staffing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View and edit your profile' })).toHaveAttribute('href', '/profile');
    const subscription = screen.getByRole('region', { name: 'Your subscription' });
    expect(await within(subscription).findByText(/You have not subscribed yet/)).toBeInTheDocument();
    expect(within(subscription).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscribe');
  });

  it.each([
    ['/services', /What TalentPilot does for you/, 'Services'],
    ['/support', /Get help with TalentPilot/, 'Support'],
  ])('serves %s to a signed-in user with a subscription', async (path, heading, title) => {
    const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription()];
    renderApp(path, { ports: { session: identity.session(), billing: billing.api() } });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · TalentPilot`));
  });

  it('serves /subscribe to a signed-in user without a subscription', async () => {
    const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
    renderApp('/subscribe', { ports: { session: identity.session() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Subscribe · TalentPilot'));
  });

  it('points /support at the help-desk portal from the config, in a new tab', async () => {
    const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription()];
    renderApp('/support', { ports: { session: identity.session(), billing: billing.api() } });
    const link = await screen.findByRole('link', { name: /Open the help desk/ });
    expect(link).toHaveAttribute('href', 'https://support.talentpilot.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
