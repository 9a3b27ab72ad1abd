import { screen, waitFor } from '@testing-library/react';
import { authUser, cognitoError, dbUser, FakeIdentity, fakeProfileApi } from '../../support/auth';
import { errorOf, field, fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

async function openChangePassword(profile = fakeProfileApi()) {
  const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
  const app = renderApp('/change-password', { ports: { session: identity.session(), profile } });
  await screen.findByRole('heading', { level: 1, name: 'Change password' });
  return { ...app, profile };
}

describe('changing the password', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('wants the current password and a new one of at least 8 characters, typed twice', async () => {
    const { user, profile } = await openChangePassword();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(errorOf(field('Current password'))).toBe('Please enter your current password.');
    expect(errorOf(field('New password'))).toBe('Please enter a password.');
    expect(errorOf(field('Confirm new password'))).toBe('Please enter the password again.');

    await user.type(field('Current password'), 'first-password');
    await user.type(field('New password'), 'seven77');
    await user.type(field('Confirm new password'), 'seven78');
    expect(errorOf(field('New password'))).toBe('Password must be at least 8 characters.');
    expect(errorOf(field('Confirm new password'))).toBe('The passwords do not match.');

    await user.clear(field('New password'));
    await user.type(field('New password'), 'first-password');
    expect(errorOf(field('New password'))).toBe('Choose a password different from your current one.');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(profile.changePassword).not.toHaveBeenCalled();
  });

  it('changes it through the identity service and confirms by toast', async () => {
    const { user, profile, router } = await openChangePassword();
    await fillIn(user, field('Current password'), 'first-password');
    await fillIn(user, field('New password'), 'second-password');
    await fillIn(user, field('Confirm new password'), 'second-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(profile.changePassword).toHaveBeenCalledWith('first-password', 'second-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('says so when the current password is wrong', async () => {
    const profile = fakeProfileApi({
      changePassword: jest.fn().mockRejectedValue(cognitoError('NotAuthorizedException', 'Incorrect username or password.')),
    });
    const { user, router } = await openChangePassword(profile);
    await fillIn(user, field('Current password'), 'not-it-at-all');
    await fillIn(user, field('New password'), 'second-password');
    await fillIn(user, field('Confirm new password'), 'second-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is incorrect.');
    expect(router.state.location.pathname).toBe('/change-password');
  });
});
