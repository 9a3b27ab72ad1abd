import { screen, waitFor, within } from '@testing-library/react';
import { changedFields } from '../../../../web/src/features/profile/components/edit-profile-form';
import { authUser, dbUser, FakeIdentity, fakeProfileApi } from '../../support/auth';
import { errorOf, field } from '../../support/forms';
import { renderApp } from '../../support/render';

async function openEditProfile(profile = fakeProfileApi()) {
  const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
  const app = renderApp('/edit-profile', { ports: { session: identity.session(), profile } });
  await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
  return { ...app, profile };
}

describe('the profile page', () => {
  it('shows the user’s fields', async () => {
    const identity = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] });
    renderApp('/profile', { ports: { session: identity.session() } });
    const details = await screen.findByRole('region', { name: 'Profile details' });
    const rows = within(details)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['First name', 'Ada'],
      ['Last name', 'Okafor'],
      ['Email', 'ada@northbridge.example'],
      ['Phone number', '+1 555 010 0142'],
      ['Company', 'Northbridge Staffing'],
      ['Role', 'Recruiter'],
      ['Status', 'Active'],
      ['Member since', 'March 4, 2024'],
    ]);
    expect(within(details).getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/edit-profile');
  });
});

describe('editing the profile', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('starts from the stored values, with the role chosen from the list', async () => {
    await openEditProfile();
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Last name')).toHaveValue('Okafor');
    expect(field('Phone number (optional)')).toHaveValue('+1 555 010 0142');
    expect(field('Company')).toHaveValue('Northbridge Staffing');
    const role = field('Role (optional)');
    expect(role).toHaveValue('Recruiter');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Not set',
      'Recruiter',
      'Senior Recruiter',
      'Sourcer',
      'Recruiting Coordinator',
      'Recruiting Manager',
      'Account Manager',
      'Agency Owner',
      'Other',
    ]);
  });

  it('checks the fields with the shared rules and saves nothing while they are wrong', async () => {
    const { user, profile } = await openEditProfile();
    await user.clear(field('First name'));
    await user.clear(field('Company'));
    await user.type(field('Company'), '<script>');
    await user.clear(field('Phone number (optional)'));
    await user.type(field('Phone number (optional)'), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(errorOf(field('First name'))).toBe('Please enter your first name.');
    expect(errorOf(field('Company'))).toBe('Company name cannot contain symbols such as < > { } [ ] ; $.');
    expect(errorOf(field('Phone number (optional)'))).toBe('Please enter a valid phone number, like +1 555 010 0199.');
    expect(field('First name')).toHaveFocus();
    expect(profile.updateUser).not.toHaveBeenCalled();
  });

  it('saves only the changed fields, updates the greeting and returns to the profile', async () => {
    const { user, profile, router } = await openEditProfile();
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Adaeze');
    await user.clear(field('Company'));
    await user.type(field('Company'), '  Northbridge Talent Partners ');
    await user.selectOptions(field('Role (optional)'), 'Recruiting Manager');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(profile.updateUser).toHaveBeenCalledWith({
      id: 'sub-ada',
      firstName: 'Adaeze',
      companyName: 'Northbridge Talent Partners',
      profileRole: 'Recruiting Manager',
    });
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Hi, Adaeze' })).toBeInTheDocument();
    expect(screen.getByText('Northbridge Talent Partners')).toBeInTheDocument();
  });

  it('shows the server’s field errors on the fields', async () => {
    const profile = fakeProfileApi({
      updateUser: jest.fn().mockRejectedValue({
        data: null,
        errors: [
          {
            message: 'Please correct the highlighted fields.',
            errorType: 'ValidationError',
            errorInfo: { fields: { lastName: 'Last name is taken.' } },
          },
        ],
      }),
    });
    const { user } = await openEditProfile(profile);
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Okafor-Bell');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(errorOf(field('Last name'))).toBe('Last name is taken.');
    expect(field('Last name')).toHaveFocus();
  });

  it('explains a failure to save', async () => {
    const profile = fakeProfileApi({
      updateUser: jest.fn().mockRejectedValue({ data: null, errors: [{ message: 'Unauthorized', errorType: 'Unauthorized' }] }),
    });
    const { user, router } = await openEditProfile(profile);
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Bell');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be saved. Please try again in a moment.');
    expect(router.state.location.pathname).toBe('/edit-profile');
  });

  it('calls nothing when nothing changed', async () => {
    const { user, profile, router } = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(profile.updateUser).not.toHaveBeenCalled();
  });
});

describe('the changes sent to updateUser', () => {
  const values = {
    firstName: 'Ada',
    lastName: 'Okafor',
    phoneNumber: '+1 555 010 0142',
    companyName: 'Northbridge Staffing',
    profileRole: 'Recruiter',
  };

  it('holds only self-editable fields that changed, trimmed', () => {
    expect(changedFields(dbUser(), values)).toEqual({});
    expect(changedFields(dbUser(), { ...values, lastName: ' Okafor-Bell ' })).toEqual({ lastName: 'Okafor-Bell' });
  });

  it('clears an optional field with null', () => {
    expect(changedFields(dbUser(), { ...values, phoneNumber: ' ', profileRole: '' })).toEqual({
      phoneNumber: null,
      profileRole: null,
    });
  });

  it('treats a missing stored value as empty', () => {
    expect(changedFields(dbUser({ phoneNumber: null, profileRole: null }), { ...values, phoneNumber: '', profileRole: '' })).toEqual({});
  });
});
