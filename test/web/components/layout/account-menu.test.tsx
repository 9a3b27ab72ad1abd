import { screen, waitFor, within } from '@testing-library/react';
import { Header } from '../../../../web/src/components/layout/header';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { renderApp, renderWithProviders } from '../../support/render';
import { FakeTeam } from '../../support/team';

function signedInSession(firstName = 'Ada') {
  return new FakeIdentity({ signedIn: authUser(), users: [dbUser({ firstName })] }).session();
}

/** Makes `(max-width: 640px)` match, as on a narrow screen. */
function narrowScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query === '(max-width: 640px)',
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

async function openMenu(user: ReturnType<typeof renderWithProviders>['user'], name = 'Hi, Ada') {
  const button = await screen.findByRole('button', { name });
  await user.click(button);
  return { button, menu: screen.getByRole('menu') };
}

describe('the signed-in header', () => {
  it('greets the user by first name on the account menu button, instead of Sign In and Menu', async () => {
    renderWithProviders(<Header />, { session: signedInSession() });
    const button = await screen.findByRole('button', { name: 'Hi, Ada' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('shows neither Sign In nor a greeting while the auth state is loading', () => {
    const session = signedInSession();
    session.currentUser.mockReturnValue(new Promise(() => undefined));
    renderWithProviders(<Header />, { session });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Hi,/ })).not.toBeInTheDocument();
  });

  it('opens a menu with Account, Profile, Services, Team, Support and Sign Out', async () => {
    const { user } = renderWithProviders(<Header />, { session: signedInSession() });
    const { button, menu } = await openMenu(user);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account', 'Profile', 'Services', 'Team', 'Support↗', 'Sign Out']);
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Services' })).toHaveAttribute('href', '/services');
    expect(within(menu).getByRole('menuitem', { name: 'Team' })).toHaveAttribute('href', '/team');
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveFocus();
  });

  it('opens the help-desk portal from the config in a new tab, and says so', async () => {
    const { user } = renderWithProviders(<Header />, { session: signedInSession() });
    const { menu } = await openMenu(user);
    const support = within(menu).getByRole('menuitem', { name: 'Support' });
    expect(support).toHaveAttribute('href', 'https://support.talentpilot.example.com/');
    expect(support).toHaveAttribute('target', '_blank');
    expect(support).toHaveAttribute('rel', 'noopener noreferrer');
    expect(support).toHaveAccessibleDescription('Opens in a new tab');
  });

  it('moves through the items with the arrow keys, Home and End, and closes on Escape', async () => {
    const { user } = renderWithProviders(<Header />, { session: signedInSession() });
    const { button, menu } = await openMenu(user);
    const item = (name: string) => within(menu).getByRole('menuitem', { name });

    await user.keyboard('{ArrowDown}');
    expect(item('Profile')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Sign Out')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Account')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Sign Out')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Account')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('opens from the keyboard on the last item with ArrowUp', async () => {
    const { user } = renderWithProviders(<Header />, { session: signedInSession() });
    const button = await screen.findByRole('button', { name: 'Hi, Ada' });
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
  });

  it('closes when focus leaves it', async () => {
    const { user } = renderWithProviders(
      <>
        <Header />
        <button type="button">Elsewhere</button>
      </>,
      { session: signedInSession() },
    );
    const { button } = await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when an item is followed', async () => {
    const { user } = renderWithProviders(<Header />, { session: signedInSession() });
    const { button, menu } = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  describe('on narrow screens (640px and below)', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = narrowScreen();
    });
    afterEach(() => restore());

    it('adds the main links to the account menu', async () => {
      const { user } = renderWithProviders(<Header />, { session: signedInSession() });
      const { menu } = await openMenu(user);
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.getAttribute('href') ?? item.textContent),
      ).toEqual([
        '/',
        '/products',
        '/company',
        '/contact',
        '/account',
        '/profile',
        '/services',
        '/team',
        'https://support.talentpilot.example.com/',
        'Sign Out',
      ]);
    });

    it('keeps the Menu button for signed-out visitors', () => {
      renderWithProviders(<Header />);
      expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    });
  });

  it('greets a user without a first name all the same', async () => {
    renderWithProviders(<Header />, { session: signedInSession('') });
    expect(await screen.findByRole('button', { name: 'Hi there' })).toBeInTheDocument();
  });
});

describe('the firm’s name', () => {
  it('shows beside Team once the firm’s summary is read, never the whole team', async () => {
    const team = new FakeTeam();
    const { user } = renderApp('/profile', { ports: { session: signedInSession(), team: team.api() } });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });

    await user.click(await screen.findByRole('button', { name: 'Hi, Ada' }));
    expect(await within(screen.getByRole('menu')).findByRole('menuitem', { name: 'Team · Northbridge Staffing' })).toHaveAttribute(
      'href',
      '/team',
    );
    expect(team.calls).toEqual(['getOrganizationSummary']);
  });

  it('is left out for someone in no firm yet', async () => {
    const team = new FakeTeam();
    team.team = null;
    const { user } = renderApp('/profile', { ports: { session: signedInSession(), team: team.api() } });
    await user.click(await screen.findByRole('button', { name: 'Hi, Ada' }));
    await waitFor(() => expect(team.calls).toContain('getOrganizationSummary'));
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Team' })).toHaveTextContent(/^Team$/);
  });

  it('is not asked for while nobody is signed in', async () => {
    const team = new FakeTeam();
    renderApp('/', { ports: { team: team.api() } });
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(team.calls).toEqual([]);
  });
});

describe('Sign Out', () => {
  it('ends the session, clears the user and goes to the home page', async () => {
    const session = signedInSession();
    const { user, router } = renderApp('/profile', { ports: { session } });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });

    await user.click(await screen.findByRole('button', { name: 'Hi, Ada' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Hi, Ada')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /fill roles faster/i })).toBeInTheDocument();
  });
});
