import { screen, waitFor, within } from '@testing-library/react';
import { cognitoError, dbUser, FakeIdentity, fakeInviteSignupApi } from '../../support/auth';
import { errorOf, field, fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

const PRIYA = dbUser({
  id: 'sub-priya',
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya@northbridge.example',
  phoneNumber: '+1 555 010 0142',
});

async function openSignup(identity = new FakeIdentity({ users: [PRIYA] }), inviteSignup = fakeInviteSignupApi(identity)) {
  const app = renderApp('/invite-signup', { ports: { session: identity.session(), inviteSignup } });
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return { ...app, identity, inviteSignup };
}

/** Fills the form, pasting each field unless `typed` (the test of the inline checks types). */
async function fillDetails(
  user: Awaited<ReturnType<typeof openSignup>>['user'],
  overrides: Partial<Record<string, string>> = {},
  { typed = false } = {},
) {
  const values = {
    'Registration code': 'beta-r2-2024',
    'First name': 'Priya',
    'Last name': 'Raman',
    Email: 'priya@northbridge.example',
    Company: 'Northbridge Staffing',
    'Phone number (optional)': '+1 (555) 010-0142',
    Password: 'placements-2024',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (typed) {
      await user.clear(field(label));
      if (value) await user.type(field(label), value);
    } else {
      await fillIn(user, field(label), value);
    }
  }
}

describe('invitation sign-up', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('checks every field inline with the shared profile rules and sends nothing until valid', async () => {
    const { user, inviteSignup } = await openSignup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(errorOf(field('Registration code'))).toBe('Please enter your registration code.');
    expect(errorOf(field('First name'))).toBe('Please enter your first name.');
    expect(errorOf(field('Last name'))).toBe('Please enter your last name.');
    expect(errorOf(field('Email'))).toBe('Please enter your email address.');
    expect(errorOf(field('Company'))).toBe('Please enter your company name.');
    expect(field('Phone number (optional)')).not.toHaveAttribute('aria-invalid');
    expect(errorOf(field('Password'))).toBe('Please enter a password.');
    expect(field('Registration code')).toHaveFocus();

    await fillDetails(user, { 'First name': 'Pr1ya', 'Phone number (optional)': 'call me', Password: 'short' }, { typed: true });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf(field('First name'))).toBe('First name may contain letters, spaces, apostrophes, dots and hyphens only.');
    expect(errorOf(field('Phone number (optional)'))).toBe('Please enter a valid phone number, like +1 555 010 0199.');
    expect(errorOf(field('Password'))).toBe('Password must be at least 8 characters.');

    await fillDetails(user, { 'Phone number (optional)': '555 010 0142' });
    expect(errorOf(field('Phone number (optional)'))).toBe('Please enter the phone number with its country code, like +1 555 010 0199.');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(inviteSignup.signUp).not.toHaveBeenCalled();
  });

  it('registers, verifies the emailed code with the registration code, signs in and opens the account page', async () => {
    const { user, inviteSignup, router } = await openSignup();
    await fillDetails(user, { 'Registration code': ' beta-r2-2024 ', Email: ' Priya@Northbridge.example ' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(inviteSignup.signUp).toHaveBeenCalledWith({
      registrationCode: 'beta-r2-2024',
      firstName: 'Priya',
      lastName: 'Raman',
      email: 'Priya@Northbridge.example',
      companyName: 'Northbridge Staffing',
      phoneNumber: '+1 (555) 010-0142',
      password: 'placements-2024',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toHaveFocus();
    expect(screen.getByText('priya@northbridge.example')).toBeInTheDocument();

    await user.type(field('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(inviteSignup.confirmSignUp).toHaveBeenCalledWith('priya@northbridge.example', '123456', 'beta-r2-2024');
    expect(inviteSignup.signIn).toHaveBeenCalledWith('priya@northbridge.example', 'placements-2024');
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Hi, Priya' })).toBeInTheDocument();
  });

  it('leads to the Unknown Registration Code page when the code is refused', async () => {
    const identity = new FakeIdentity({ users: [PRIYA] });
    const inviteSignup = fakeInviteSignupApi(identity, {
      signUp: jest
        .fn()
        .mockRejectedValue(
          cognitoError(
            'UserLambdaValidationException',
            'PreSignUp failed with error REGISTRATION_CODE_INVALID: The registration code is not valid.',
          ),
        ),
    });
    const { user, router } = await openSignup(identity, inviteSignup);
    await fillDetails(user, { 'Registration code': 'NOT-A-REAL-CODE' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in-error'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown Registration Code' })).toBeInTheDocument();
  });

  it('explains other refusals, such as an address that already has an account', async () => {
    const identity = new FakeIdentity({ users: [PRIYA] });
    const inviteSignup = fakeInviteSignupApi(identity, {
      signUp: jest.fn().mockRejectedValue(cognitoError('UsernameExistsException', 'User already exists')),
    });
    const { user, router } = await openSignup(identity, inviteSignup);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email address already exists. Sign in instead.');
    expect(router.state.location.pathname).toBe('/invite-signup');
  });

  it('shows the server’s refusal of the details in its own words', async () => {
    const identity = new FakeIdentity({ users: [PRIYA] });
    const inviteSignup = fakeInviteSignupApi(identity, {
      signUp: jest
        .fn()
        .mockRejectedValue(
          cognitoError(
            'UserLambdaValidationException',
            'PreSignUp failed with error SIGN_UP_DETAILS_INVALID: Company name must be at most 100 characters.',
          ),
        ),
    });
    const { user, router } = await openSignup(identity, inviteSignup);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Company name must be at most 100 characters.');
    expect(router.state.location.pathname).toBe('/invite-signup');
  });

  it('resends the code and explains a wrong one', async () => {
    const identity = new FakeIdentity({ users: [PRIYA] });
    const inviteSignup = fakeInviteSignupApi(identity, {
      confirmSignUp: jest.fn().mockRejectedValue(cognitoError('CodeMismatchException')),
    });
    const { user } = await openSignup(identity, inviteSignup);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(inviteSignup.resendCode).toHaveBeenCalledWith('priya@northbridge.example');

    await fillIn(user, field('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct. Check the email and try again.');
  });

  it('signs in straight away when the identity service needs no verification', async () => {
    const identity = new FakeIdentity({ users: [PRIYA] });
    const inviteSignup = fakeInviteSignupApi(identity, {
      signUp: jest.fn().mockResolvedValue({ username: 'priya@northbridge.example', needsConfirmation: false }),
    });
    const { user, router } = await openSignup(identity, inviteSignup);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it('sends the new user to sign in when their record could not be found', async () => {
    const identity = new FakeIdentity({ users: [] });
    const { user, router } = await openSignup(identity);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await fillIn(user, await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not logged in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });
});
