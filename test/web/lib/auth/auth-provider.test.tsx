import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { Notifications } from '../../../../web/src/components/ui/notifications';
import { ERROR_MESSAGE_AUTO_CLEAR_MS } from '../../../../web/src/config/constants';
import { useAuth, type AuthContextValue } from '../../../../web/src/lib/auth/auth-context';
import { AuthProvider } from '../../../../web/src/lib/auth/auth-provider';
import type { SessionPort } from '../../../../web/src/lib/auth/session';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';

/** Renders the provider and exposes its latest value. */
function renderAuth(session: SessionPort) {
  const latest: { current: AuthContextValue | null } = { current: null };
  function Probe() {
    const auth = useAuth();
    useEffect(() => {
      latest.current = auth;
    });
    return <p data-testid="status">{auth.status}</p>;
  }
  render(
    <AuthProvider session={session}>
      <Probe />
      <Notifications />
    </AuthProvider>,
  );
  return { auth: () => latest.current as AuthContextValue, status: () => screen.getByTestId('status').textContent };
}

describe('the auth state provider', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    jest.useRealTimers();
  });

  describe('on start', () => {
    it('is signed out at once, without asking the identity service, when no session is stored', () => {
      const session = new FakeIdentity().session();
      const { status } = renderAuth(session);
      expect(status()).toBe('signedOut');
      expect(session.currentUser).not.toHaveBeenCalled();
    });

    it('goes from loading to authenticated with the auth user and the database user', async () => {
      const session = new FakeIdentity({ signedIn: authUser() }).session();
      const { status, auth } = renderAuth(session);
      expect(status()).toBe('loading');
      await waitFor(() => expect(status()).toBe('authenticated'));
      expect(auth()).toMatchObject({ authUser: authUser(), dbUser: dbUser(), error: null });
      expect(session.findDbUser).toHaveBeenCalledWith(authUser());
    });

    it('ends loading signed out when the stored session turns out to have no user', async () => {
      const identity = new FakeIdentity({ signedIn: authUser() });
      const session = identity.session();
      session.currentUser.mockResolvedValue(null);
      const { status } = renderAuth(session);
      await waitFor(() => expect(status()).toBe('signedOut'));
    });

    it('only logs a failed lookup and ends loading, storing no error and keeping the session', async () => {
      const identity = new FakeIdentity({ signedIn: authUser() });
      identity.lookupError = new Error('GraphQL unreachable');
      const session = identity.session();
      const { status, auth } = renderAuth(session);
      await waitFor(() => expect(status()).toBe('signedOut'));
      expect(consoleError).toHaveBeenCalledWith(identity.lookupError);
      expect(auth().error).toBeNull();
      expect(session.signOut).not.toHaveBeenCalled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('signs out a session whose email has no user record, with "You are not logged in"', async () => {
      const session = new FakeIdentity({ signedIn: authUser(), users: [] }).session();
      const { status } = renderAuth(session);
      await waitFor(() => expect(status()).toBe('signedOut'));
      expect(session.signOut).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole('alert')).toHaveTextContent('You are not logged in');
    });
  });

  describe('after sign-in', () => {
    it('is authenticated when the signed-in email has a user record', async () => {
      const identity = new FakeIdentity();
      const { auth, status } = renderAuth(identity.session());
      identity.signedIn = authUser();
      let result: boolean | undefined;
      await act(async () => {
        result = await auth().completeSignIn();
      });
      expect(result).toBe(true);
      expect(status()).toBe('authenticated');
      expect(auth().dbUser).toEqual(dbUser());
    });

    it('signs out and stores "You are not logged in" when there is no user record', async () => {
      const identity = new FakeIdentity({ users: [] });
      const session = identity.session();
      const { auth, status } = renderAuth(session);
      identity.signedIn = authUser();
      let result: boolean | undefined;
      await act(async () => {
        result = await auth().completeSignIn();
      });
      expect(result).toBe(false);
      expect(session.signOut).toHaveBeenCalledTimes(1);
      expect(status()).toBe('signedOut');
      expect(auth().error).toBe('You are not logged in');
      expect(await screen.findByRole('alert')).toHaveTextContent('You are not logged in');
    });

    it('signs out and stores "Something went wrong" when the lookup fails', async () => {
      const identity = new FakeIdentity();
      identity.lookupError = Object.assign(new Error('Network error'), { name: 'NetworkError' });
      const session = identity.session();
      const { auth } = renderAuth(session);
      identity.signedIn = authUser();
      await act(async () => {
        await auth().completeSignIn();
      });
      expect(session.signOut).toHaveBeenCalledTimes(1);
      expect(auth().error).toBe('Something went wrong');
      expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    });

    it('clears a stored error after 7 seconds', async () => {
      jest.useFakeTimers();
      const identity = new FakeIdentity({ users: [] });
      const { auth } = renderAuth(identity.session());
      identity.signedIn = authUser();
      await act(async () => {
        await auth().completeSignIn();
      });
      expect(auth().error).toBe('You are not logged in');

      act(() => jest.advanceTimersByTime(ERROR_MESSAGE_AUTO_CLEAR_MS - 1));
      expect(auth().error).toBe('You are not logged in');
      act(() => jest.advanceTimersByTime(1));
      expect(auth().error).toBeNull();
    });
  });

  it('clears the user on sign-out and ends the session', async () => {
    const session = new FakeIdentity({ signedIn: authUser() }).session();
    const { auth, status } = renderAuth(session);
    await waitFor(() => expect(status()).toBe('authenticated'));
    await act(async () => {
      await auth().signOut();
    });
    expect(status()).toBe('signedOut');
    expect(auth()).toMatchObject({ authUser: null, dbUser: null });
    expect(session.signOut).toHaveBeenCalledTimes(1);
  });

  it('removes the drafts the screens kept (pasted resumes) on sign-out, and nothing else', async () => {
    const session = new FakeIdentity({ signedIn: authUser() }).session();
    const { auth, status } = renderAuth(session);
    await waitFor(() => expect(status()).toBe('authenticated'));
    window.sessionStorage.setItem('draft:sub-ada:candidate-summary:profile', JSON.stringify('Priya Raman, backend engineer.'));
    window.sessionStorage.setItem('unrelated', 'kept');
    await act(async () => {
      await auth().signOut();
    });
    expect(window.sessionStorage.getItem('draft:sub-ada:candidate-summary:profile')).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');
  });

  it('takes the changed database user after a profile update', async () => {
    const { auth, status } = renderAuth(new FakeIdentity({ signedIn: authUser() }).session());
    await waitFor(() => expect(status()).toBe('authenticated'));
    act(() => auth().updateDbUser(dbUser({ firstName: 'Adaeze' })));
    expect(auth().dbUser?.firstName).toBe('Adaeze');
  });
});
