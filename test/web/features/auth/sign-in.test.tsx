import { screen, waitFor, within } from '@testing-library/react';
import { authUser, cognitoError, dbUser, FakeIdentity, fakeAuthApi } from '../../support/auth';
import { errorOf, field, fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

const EMAIL = 'ada@northbridge.example';

async function openSignIn(identity = new FakeIdentity(), auth = fakeAuthApi(identity)) {
  const session = identity.session();
  const app = renderApp('/sign-in', { ports: { session, auth } });
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return { ...app, identity, session, auth };
}

describe('the sign-in page', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('checks the email and password inline and sends nothing until they are valid', async () => {
    const { user, auth } = await openSignIn();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(errorOf(field('Email'))).toBe('Please enter your email address.');
    expect(errorOf(field('Password'))).toBe('Please enter your password.');
    expect(field('Email')).toHaveFocus();

    await user.type(field('Email'), 'ada@northbridge');
    await user.tab();
    expect(errorOf(field('Email'))).toBe('Please enter a valid email address, like name@company.com.');
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('signs a user in and goes to the account page, greeting them by first name', async () => {
    const { user, router, auth } = await openSignIn();
    await fillIn(user, field('Email'), ` ${EMAIL} `);
    await fillIn(user, field('Password'), 'placements-2024');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(auth.signIn).toHaveBeenCalledWith(EMAIL, 'placements-2024');
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Hi, Ada' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('refuses a wrong password with a friendly message and signs nobody in', async () => {
    const { user, router } = await openSignIn();
    await fillIn(user, field('Email'), EMAIL);
    await fillIn(user, field('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('signs out a Cognito user without a user record, with "You are not logged in"', async () => {
    const identity = new FakeIdentity({ users: [] });
    const { user, router, session } = await openSignIn(identity);
    await fillIn(user, field('Email'), EMAIL);
    await fillIn(user, field('Password'), 'placements-2024');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not logged in');
    expect(session.signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the service being unreachable as such', async () => {
    const identity = new FakeIdentity();
    const auth = fakeAuthApi(identity, {
      signIn: jest.fn().mockRejectedValue(cognitoError('NetworkError', 'A network error has occurred.')),
    });
    const { user } = await openSignIn(identity, auth);
    await fillIn(user, field('Email'), EMAIL);
    await fillIn(user, field('Password'), 'placements-2024');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the sign-in service. Check your connection and try again.',
    );
  });

  describe('an invited user’s first sign-in with a temporary password', () => {
    it('asks for a new password of at least 8 characters, typed twice, then signs in', async () => {
      const identity = new FakeIdentity();
      const auth = fakeAuthApi(identity, {
        signIn: jest.fn().mockResolvedValue('newPasswordRequired'),
        confirmNewPassword: jest.fn(async () => {
          identity.signedIn = authUser();
          return 'done' as const;
        }),
      });
      const { user, router } = await openSignIn(identity, auth);
      await fillIn(user, field('Email'), EMAIL);
      await fillIn(user, field('Password'), 'Tmp#4821x');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toHaveFocus();
      await user.type(field('New password'), 'short');
      await user.type(field('Confirm new password'), 'shorter');
      await user.click(screen.getByRole('button', { name: 'Set password' }));
      expect(errorOf(field('New password'))).toBe('Password must be at least 8 characters.');
      expect(errorOf(field('Confirm new password'))).toBe('The passwords do not match.');
      expect(auth.confirmNewPassword).not.toHaveBeenCalled();

      await user.clear(field('New password'));
      await user.type(field('New password'), 'my-own-password');
      await user.clear(field('Confirm new password'));
      await user.type(field('Confirm new password'), 'my-own-password');
      await user.click(screen.getByRole('button', { name: 'Set password' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      expect(auth.confirmNewPassword).toHaveBeenCalledWith('my-own-password');
    });

    it('sends the user back to sign in when the challenge has expired', async () => {
      const identity = new FakeIdentity();
      const auth = fakeAuthApi(identity, {
        signIn: jest.fn().mockResolvedValue('newPasswordRequired'),
        confirmNewPassword: jest
          .fn()
          .mockRejectedValue(cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.')),
      });
      const { user } = await openSignIn(identity, auth);
      await fillIn(user, field('Email'), EMAIL);
      await fillIn(user, field('Password'), 'Tmp#4821x');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await fillIn(user, await screen.findByLabelText('New password'), 'my-own-password');
      await fillIn(user, field('Confirm new password'), 'my-own-password');
      await user.click(screen.getByRole('button', { name: 'Set password' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in took too long and expired. Please sign in again.');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(field('Email')).toHaveValue(EMAIL);
    });
  });

  it('lets a user who never verified their email enter the code, then signs them in', async () => {
    const identity = new FakeIdentity();
    const auth = fakeAuthApi(identity);
    auth.signIn.mockResolvedValueOnce('confirmSignUp');
    const { user, router } = await openSignIn(identity, auth);
    await fillIn(user, field('Email'), EMAIL);
    await fillIn(user, field('Password'), 'placements-2024');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(auth.resendSignUpCode).toHaveBeenCalledWith(EMAIL);
    expect(await screen.findByText(`We sent a new code to ${EMAIL}.`)).toBeInTheDocument();

    await user.type(field('Verification code'), '12 34');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(errorOf(field('Verification code'))).toBe('The code is the 6 digits from the email.');

    await user.type(field('Verification code'), '56');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(auth.confirmSignUp).toHaveBeenCalledWith(EMAIL, '123456');
    expect(auth.signIn).toHaveBeenLastCalledWith(EMAIL, 'placements-2024');
  });

  describe('forgot password', () => {
    it('emails a code, then sets the new password with it and returns to sign in', async () => {
      const { user, auth } = await openSignIn();
      await user.type(field('Email'), EMAIL);
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toHaveFocus();
      expect(field('Email')).toHaveValue(EMAIL);
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(auth.requestPasswordReset).toHaveBeenCalledWith(EMAIL);

      expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Reset password' }));
      expect(errorOf(field('Verification code'))).toBe('Please enter the code from the email.');
      expect(errorOf(field('New password'))).toBe('Please enter a password.');

      await user.type(field('Verification code'), '654321');
      await user.type(field('New password'), 'reset-password-1');
      await user.type(field('Confirm new password'), 'reset-password-1');
      await user.click(screen.getByRole('button', { name: 'Reset password' }));

      expect(await screen.findByText('Your password was reset. Sign in with your new password.')).toBeInTheDocument();
      expect(auth.confirmPasswordReset).toHaveBeenCalledWith(EMAIL, '654321', 'reset-password-1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(field('Email')).toHaveValue(EMAIL);
    });

    it('explains a wrong code and keeps the form', async () => {
      const identity = new FakeIdentity();
      const auth = fakeAuthApi(identity, {
        confirmPasswordReset: jest.fn().mockRejectedValue(cognitoError('CodeMismatchException')),
      });
      const { user } = await openSignIn(identity, auth);
      await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
      await fillIn(user, await screen.findByLabelText('Email'), EMAIL);
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      await fillIn(user, await screen.findByLabelText('Verification code'), '000000');
      await fillIn(user, field('New password'), 'reset-password-1');
      await fillIn(user, field('Confirm new password'), 'reset-password-1');
      await user.click(screen.getByRole('button', { name: 'Reset password' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct. Check the email and try again.');
      expect(screen.getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    });

    it('starts the reset by itself when the identity service requires one at sign-in', async () => {
      const identity = new FakeIdentity();
      const auth = fakeAuthApi(identity, { signIn: jest.fn().mockResolvedValue('resetPassword') });
      const { user } = await openSignIn(identity, auth);
      await fillIn(user, field('Email'), EMAIL);
      await fillIn(user, field('Password'), 'old-password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      expect(await screen.findByText(/Your password must be reset before you can sign in/)).toBeInTheDocument();
      expect(auth.requestPasswordReset).toHaveBeenCalledWith(EMAIL);
      expect(field('Verification code')).toBeInTheDocument();
    });
  });

  it('sends a user who is already signed in on to their account', async () => {
    const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
    const { router } = renderApp('/sign-in', { ports: { session: identity.session(), auth: fakeAuthApi(identity) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });
});
