import { act, screen, waitFor, within } from '@testing-library/react';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';
import { FakeTeam, teamState } from '../../support/team';

function teamPage(team: FakeTeam) {
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  return renderApp('/team', { ports: { session, team: team.api() } });
}

const members = () => screen.findByRole('region', { name: 'Members' });
const memberItem = async (name: string) =>
  (await within(await members()).findByText(name, { selector: 'strong' })).closest('li') as HTMLElement;

describe('the Team page', () => {
  it('shows the firm: its name, seats, members with role and joining date, and the invitations', async () => {
    teamPage(new FakeTeam());

    expect(await screen.findByRole('heading', { level: 1, name: 'Northbridge Staffing' })).toBeInTheDocument();
    const seats = screen.getByRole('region', { name: 'Seats' });
    expect(
      within(seats)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['4', '4', '0']);
    const ben = await memberItem('Ben Ito');
    expect(within(ben).getByText('ben@northbridge.example')).toBeInTheDocument();
    expect(within(ben).getByText('Admin', { selector: 'dd' })).toBeInTheDocument();
    expect(within(await memberItem('cy@northbridge.example')).getByText('Recruiter', { selector: 'dd' })).toBeInTheDocument();
    expect(within(await memberItem('Ada Okafor (you)')).queryByRole('button')).not.toBeInTheDocument();
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByText('dee@northbridge.example')).toBeInTheDocument();
    expect(within(invitations).getByText('Pending')).toBeInTheDocument();
    expect(document.title).toMatch(/^Team/);
    // Owners and admins reach the firm's activity log from here.
    expect(within(seats).getByRole('link', { name: 'See who did what in the activity log' })).toHaveAttribute('href', '/activity');
  });

  it('offers to add the missing seats when an invitation is beyond them, linking to the billing page', async () => {
    const team = new FakeTeam();
    const { user } = teamPage(team);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'eve@northbridge.example');
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Every seat is taken: add 1 seat to invite eve@northbridge.example.');
    expect(within(alert).getByRole('link', { name: 'Add seats' })).toHaveAttribute('href', '/account?seats=5&returnTo=/team');
    expect(team.calls).toContain('invite eve@northbridge.example recruiter');
  });

  it('keeps the address and role beyond the seats while seats are added, and sends them on the way back', async () => {
    const team = new FakeTeam();
    const { user, router } = teamPage(team);
    await fillIn(user, await screen.findByRole('textbox', { name: 'Email' }), 'eve@northbridge.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('link', { name: 'Add seats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));

    team.team = teamState({ seats: { total: 5, inUse: 4, free: 1 } });
    await act(() => router.navigate('/team'));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('eve@northbridge.example');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await within(screen.getByRole('region', { name: 'Invitations' })).findByText('eve@northbridge.example')).toBeInTheDocument();
    expect(team.calls.filter((call) => call === 'invite eve@northbridge.example admin')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('invites a teammate as the chosen role when a seat is free, and lists the invitation', async () => {
    const team = new FakeTeam();
    team.team = teamState({ seats: { total: 6, inUse: 4, free: 2 } });
    const { user } = teamPage(team);
    await fillIn(user, await screen.findByRole('textbox', { name: 'Email' }), 'eve@northbridge.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await within(screen.getByRole('region', { name: 'Invitations' })).findByText('eve@northbridge.example')).toBeInTheDocument();
    expect(team.calls).toContain('invite eve@northbridge.example admin');
    expect(await screen.findByText(/eve@northbridge.example is invited: they get an email/)).toBeInTheDocument();
  });

  it('refuses an invalid address before asking the server', async () => {
    const team = new FakeTeam();
    const { user } = teamPage(team);
    await fillIn(user, await screen.findByRole('textbox', { name: 'Email' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(team.calls.filter((call) => call.startsWith('invite'))).toEqual([]);
  });

  it('resends and revokes an invitation', async () => {
    const team = new FakeTeam();
    const { user } = teamPage(team);
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    await user.click(within(invitations).getByRole('button', { name: 'Resend the invitation for dee@northbridge.example' }));
    await waitFor(() => expect(team.calls).toContain('resend dee@northbridge.example'));
    await user.click(within(invitations).getByRole('button', { name: 'Revoke the invitation for dee@northbridge.example' }));
    await waitFor(() => expect(within(invitations).getByText('No invitations are waiting.')).toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Seats' })).getAllByRole('definition')[2]).toHaveTextContent('1');
  });

  it('changes a member’s role', async () => {
    const team = new FakeTeam();
    const { user } = teamPage(team);
    await memberItem('cy@northbridge.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of cy@northbridge.example' }), 'admin');
    await waitFor(() => expect(team.calls).toContain('changeRole sub-cy admin'));
    expect(await screen.findByText('cy@northbridge.example is now admin.')).toBeInTheDocument();
  });

  it('removes a member after a confirmation, then puts focus on the member list', async () => {
    const team = new FakeTeam();
    const { user } = teamPage(team);
    await user.click(within(await memberItem('Ben Ito')).getByRole('button', { name: 'Remove Ben Ito' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ben Ito?' });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await members()).queryByText('Ben Ito')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Members' })).toHaveFocus();
    expect(team.calls).toContain('remove sub-ben');
  });

  it('keeps the member when the removal is backed out of', async () => {
    const team = new FakeTeam();
    const { user } = teamPage(team);
    const remove = within(await memberItem('Ben Ito')).getByRole('button', { name: 'Remove Ben Ito' });
    await user.click(remove);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(team.calls.some((call) => call.startsWith('remove'))).toBe(false);
  });

  it('lets the owner hand over ownership after a confirmation; they become an admin', async () => {
    const team = new FakeTeam();
    const { user } = teamPage(team);
    await user.click(within(await memberItem('Ben Ito')).getByRole('button', { name: 'Make owner (Ben Ito)' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Make Ben Ito the owner?' })).getByRole('button', { name: 'Transfer ownership' }),
    );

    await waitFor(() => expect(team.calls).toContain('transfer sub-ben'));
    expect(within(await memberItem('Ben Ito')).getByText('Owner', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make owner/ })).not.toBeInTheDocument();
  });

  it('shows a recruiter the team read-only: no invitations, no invite form, no member actions', async () => {
    const team = new FakeTeam();
    team.team = teamState({ role: 'recruiter', invitations: null });
    teamPage(team);
    await memberItem('Ben Ito');
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Invite|Make owner/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /activity log/ })).not.toBeInTheDocument();
  });

  it('lets someone invited join the firm from here', async () => {
    const team = new FakeTeam();
    team.team = null;
    team.mine = {
      invitations: [
        { organizationId: 'firm-harbor', organizationName: 'Harbor Talent', role: 'recruiter', expiresAt: '2026-12-01T10:00:00.000Z' },
      ],
    };
    const { user } = teamPage(team);
    expect(await screen.findByText(/You are not part of a team yet/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Join Harbor Talent' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Talent' })).toBeInTheDocument();
    expect(team.calls).toContain('accept firm-harbor');
    expect(screen.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument();
  });
});
