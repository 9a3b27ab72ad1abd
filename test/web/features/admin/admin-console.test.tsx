import { screen, waitFor, within } from '@testing-library/react';
import { adminCode, adminContact, adminUser, FakeAdmin } from '../../support/admin';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { renderApp } from '../../support/render';
import { RestApiError } from '../../../../web/src/lib/rest-client';

afterEach(() => jest.restoreAllMocks());

const ADMIN = authUser({ userId: 'sub-admin', username: 'sub-admin', email: 'ops@talentpilot.example', groups: ['Admins'] });
const MEMBER = authUser({ groups: ['Beta_Customer_R1'] });

function signedIn(who: typeof ADMIN, admin: FakeAdmin) {
  const users = [dbUser({ id: who.userId, email: who.email, firstName: who === ADMIN ? 'Olu' : 'Ada' })];
  return { session: new FakeIdentity({ signedIn: who, users }).session(), admin: admin.api() };
}

describe('the admin console', () => {
  it('tells a signed-in person who is no administrator that it is not for them, calls nothing, and has no menu link', async () => {
    const admin = new FakeAdmin();
    const ports = signedIn(MEMBER, admin);
    const { user } = renderApp('/admin', { ports });

    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not allowed · TalentPilot'));
    expect(ports.admin.listContacts).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Hi, Ada/ }));
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal to an admin demoted since their token was issued, with a way to try again', async () => {
    const admin = new FakeAdmin();
    const ports = signedIn(ADMIN, admin);
    ports.admin.listContacts.mockRejectedValue(new RestApiError(403, 'forbidden', 'Only administrators may manage users.'));
    renderApp('/admin', { ports });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only administrators may manage users.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is linked in an administrator’s account menu', async () => {
    const { user } = renderApp('/account', { ports: signedIn(ADMIN, new FakeAdmin()) });

    await user.click(await screen.findByRole('button', { name: /Hi, Olu/ }));

    expect(screen.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('lists open contact messages, searches them, and marks one handled', async () => {
    const admin = new FakeAdmin();
    admin.contacts = [
      adminContact(),
      adminContact({ id: 'msg-2', name: 'Sam Ortiz', email: 'sam@ortiz.example', message: 'Pricing for a team of ten?' }),
      adminContact({ id: 'msg-3', name: 'Old One', handledAt: '2026-11-01T00:00:00.000Z', handledBy: 'sub-admin' }),
    ];
    const ports = signedIn(ADMIN, admin);
    const { user } = renderApp('/admin', { ports });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Rosa Díaz' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Old One' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 messages.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more messages' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'pricing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Rosa Díaz' })).not.toBeInTheDocument());
    expect(ports.admin.listContacts).toHaveBeenLastCalledWith({ search: 'pricing', state: 'open', cursor: undefined });

    await user.click(screen.getByRole('button', { name: 'Mark handled (message from Sam Ortiz)' }));

    expect(ports.admin.setContactHandled).toHaveBeenCalledWith({ id: 'msg-2', handled: true });
    expect(await screen.findByText('No open messages match “pricing”.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'handled');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Sam Ortiz' })).closest('article')!;
    expect(within(card).getByText('Handled')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Mark open (message from Sam Ortiz)' })).toBeInTheDocument();
  });

  it('shows users with their subscription, invites a person, shows the server’s field message, and removes someone after confirming', async () => {
    const admin = new FakeAdmin();
    admin.users = [
      adminUser({
        subscription: {
          state: 'active',
          planCode: 'professional_2weeksfree_monthly_onetimesetup_dev',
          currentPeriodEndsAt: '2026-12-01T00:00:00.000Z',
          trialEndsAt: null,
        },
      }),
      adminUser({ id: 'sub-admin', email: ADMIN.email, firstName: 'Olu', lastName: 'Admin' }),
    ];
    const ports = signedIn(ADMIN, admin);
    const { user } = renderApp('/admin?section=users', { ports });

    const quinn = (await screen.findByRole('heading', { level: 3, name: 'Quinn Lopez' })).closest('article')!;
    expect(within(quinn).getByText(/^Professional, active until/)).toBeInTheDocument();
    const self = screen.getByRole('heading', { level: 3, name: 'Olu Admin' }).closest('article')!;
    expect(within(self).getByText('No subscription')).toBeInTheDocument();
    expect(within(self).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Invite a person' });
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByText('Please give the email.')).toBeInTheDocument();
    expect(ports.admin.inviteUser).not.toHaveBeenCalled();

    admin.inviteError = new RestApiError(400, 'validation_error', 'Some fields are missing or invalid.', {
      email: 'Please give a valid email address, like name@company.com.',
    });
    await user.type(within(form).getByLabelText('Email'), 'lee@');
    await user.type(within(form).getByLabelText('First name'), 'Lee');
    await user.type(within(form).getByLabelText('Last name'), 'Park');
    await user.type(within(form).getByLabelText('Company'), 'Park Search');
    await user.selectOptions(within(form).getByLabelText('Beta group'), 'Beta_Customer_R2');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Please give a valid email address, like name@company.com.')).toBeInTheDocument();

    admin.inviteError = undefined;
    await user.type(within(form).getByLabelText('Email'), 'park.example');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(ports.admin.inviteUser).toHaveBeenLastCalledWith({
      email: 'lee@park.example',
      firstName: 'Lee',
      lastName: 'Park',
      companyName: 'Park Search',
      group: 'Beta_Customer_R2',
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Lee Park' })).toBeInTheDocument();

    await user.click(within(quinn).getByRole('button', { name: 'Remove Quinn Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Quinn Lopez?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(ports.admin.removeUser).toHaveBeenCalledWith('quinn@northwind.example');
    const removed = (await screen.findAllByText('Removed')).map((badge) => badge.closest('article'));
    expect(removed).toContain(screen.getByRole('heading', { level: 3, name: 'Quinn Lopez' }).closest('article'));
  });

  it('loads more users below the first page, with the cursor the last page gave, until there are no more', async () => {
    const admin = new FakeAdmin();
    admin.users = Array.from({ length: 45 }, (_, index) =>
      adminUser({ id: `sub-${index}`, email: `person${index}@example.com`, firstName: 'Person', lastName: String(index) }),
    );
    const ports = signedIn(ADMIN, admin);
    const { user } = renderApp('/admin?section=users', { ports });

    expect(await screen.findByText('Showing 20 users; there may be more.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more users' }));
    expect(await screen.findByText('Showing 40 users; there may be more.')).toBeInTheDocument();
    expect(ports.admin.listUsers).toHaveBeenLastCalledWith({ search: undefined, cursor: 'offset-20' });
    await user.click(screen.getByRole('button', { name: 'Load more users' }));

    expect(await screen.findByText('Showing 45 users.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3, name: /^Person \d+$/ })).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Load more users' })).not.toBeInTheDocument();
  });

  it('creates a code with the safe defaults, shows each code’s uses, and expires one', async () => {
    const admin = new FakeAdmin();
    admin.codes = [adminCode(), adminCode({ code: 'USED-UP-CODE', uses: 5, maxUses: 5, standing: 'used_up' })];
    const ports = signedIn(ADMIN, admin);
    const { user } = renderApp('/admin?section=codes', { ports });

    const form = await screen.findByRole('form', { name: 'New registration code' });
    expect(within(form).getByText('Empty: 25 sign-ups.')).toBeInTheDocument();
    expect(within(form).getByText('Empty: 30 days from now.')).toBeInTheDocument();
    const live = screen.getByRole('heading', { level: 3, name: 'K7QH-3XRM-PZ2A-9WTE' }).closest('article')!;
    expect(within(live).getByText('3 of 25 used')).toBeInTheDocument();
    expect(within(live).getByText('Admits sign-ups')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Use limit/), 'ten');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByText('The use limit must be a whole number, at least 1.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Use limit/));
    await user.selectOptions(within(form).getByLabelText('Beta group'), 'Beta_Customer_R3');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));

    expect(ports.admin.createRegistrationCode).toHaveBeenCalledWith({ group: 'Beta_Customer_R3' });
    expect(await screen.findByRole('heading', { level: 3, name: 'NEW0-CODE-0000-0001' })).toBeInTheDocument();

    await user.click(within(live).getByRole('button', { name: 'Expire now (K7QH-3XRM-PZ2A-9WTE)' }));
    expect(ports.admin.expireRegistrationCode).toHaveBeenCalledWith({ code: 'K7QH-3XRM-PZ2A-9WTE' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('heading', { level: 3, name: 'K7QH-3XRM-PZ2A-9WTE' }).closest('article')!).getByText('Expired', {
          selector: '.admin-badge',
        }),
      ).toBeInTheDocument(),
    );
  });
});
