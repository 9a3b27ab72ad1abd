import { screen, waitFor, within } from '@testing-library/react';
import { internalReturnPath, requestedSeats } from '../../../../web/src/features/subscriptions/return-to';
import { seatChangePath } from '../../../../web/src/config/paths';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testAccount, testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';
import { FakeSeats, firmAs } from '../../support/seats';

/** The account page's seats (issue 18): the count, the previewed price, the confirmed change, the deep link. */

function accountPage(seats: FakeSeats, path = '/account') {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription()];
  billing.account = testAccount();
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  const api = seats.api();
  return { ...renderApp(path, { ports: { session, billing: billing.api(), seats: api } }), api };
}

/** The page is lazy and the machine busy: the first find waits longer than the default second. */
const LOADED = { timeout: 10_000 };

async function seatsRegion() {
  return screen.findByRole('region', { name: 'Seats' }, LOADED);
}

describe('the account page’s seats', () => {
  it('shows an owner the seats and those in use, previews a change with its price, and makes it once confirmed', async () => {
    const seats = new FakeSeats(firmAs('owner', { total: 3, inUse: 2 }));
    seats.chargedNow = 32.67;
    const { user, api } = accountPage(seats);

    const region = await seatsRegion();
    expect(within(region).getByText('Seats: 3 (2 in use)')).toBeInTheDocument();
    const field = within(region).getByLabelText('Number of seats');
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(region).getByRole('button', { name: 'Change seats' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change to 5 seats?' });
    expect(api.previewSeats).toHaveBeenCalledWith(5);
    expect(within(dialog).getByText('$245 / month (5 × $49)')).toBeInTheDocument();
    expect(within(dialog).getByText('$147 / month')).toBeInTheDocument();
    expect(within(dialog).getByText('$32.67 charged now to your card on file, for the rest of this billing period.')).toBeInTheDocument();
    expect(api.changeSeats).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm 5 seats' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seats.changes).toEqual([
      { request: { seats: 5, confirmedRecurringTotal: 245, confirmedChargedNow: 32.67 }, idempotencyKey: expect.any(String) },
    ]);
    expect(await screen.findByText('Your firm now has 5 seats.')).toBeInTheDocument();
    expect(await within(region).findByText('Seats: 5 (2 in use)')).toBeInTheDocument();
  });

  it('changes nothing when the person keeps their seats', async () => {
    const seats = new FakeSeats(firmAs('admin', { total: 3, inUse: 1 }));
    const { user, api } = accountPage(seats);
    const region = await seatsRegion();
    await user.clear(within(region).getByLabelText('Number of seats'));
    await user.type(within(region).getByLabelText('Number of seats'), '4');
    await user.click(within(region).getByRole('button', { name: 'Change seats' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change to 4 seats?' });
    expect(within(dialog).getByText('$0 due now.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep 3 seats' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.changeSeats).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal below the seats in use by the field, with no dialog', async () => {
    const seats = new FakeSeats(firmAs('owner', { total: 4, inUse: 3 }));
    const { user } = accountPage(seats);
    const region = await seatsRegion();
    const field = within(region).getByLabelText('Number of seats');
    await user.clear(field);
    await user.type(field, '2');
    await user.click(within(region).getByRole('button', { name: 'Change seats' }));

    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(
      '3 seats are in use (members and pending invitations): revoke invitations or remove members before going below 3.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(alert.textContent ?? '');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a whole number before asking the server', async () => {
    const seats = new FakeSeats(firmAs('owner', { total: 2, inUse: 1 }));
    const { user, api } = accountPage(seats);
    const region = await seatsRegion();
    await user.clear(within(region).getByLabelText('Number of seats'));
    await user.click(within(region).getByRole('button', { name: 'Change seats' }));

    expect(await within(region).findByRole('alert')).toHaveTextContent('Enter a whole number of seats.');
    expect(api.previewSeats).not.toHaveBeenCalled();
  });

  it('shows nothing of the seats to a recruiter or to a person in no firm', async () => {
    const seats = new FakeSeats(firmAs('recruiter', { total: 3, inUse: 2 }));
    const { api } = accountPage(seats);
    await screen.findByRole('region', { name: 'Your subscription' }, LOADED);
    await waitFor(() => expect(api.getOrganization).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Seats' })).not.toBeInTheDocument();
  });

  it('opens the dialog from the Team page’s link with the seats filled in, and goes back there after the change', async () => {
    const seats = new FakeSeats(firmAs('owner', { total: 3, inUse: 3 }));
    const { user, api, router } = accountPage(seats, seatChangePath(4, '/team'));

    const dialog = await screen.findByRole('dialog', { name: 'Change to 4 seats?' }, LOADED);
    expect(api.previewSeats).toHaveBeenCalledWith(4);
    expect(within(await seatsRegion()).getByLabelText('Number of seats')).toHaveValue(4);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm 4 seats' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/team'));
  });

  it('stays on the account page when the link’s returnTo is not a path of this app', async () => {
    const seats = new FakeSeats(firmAs('owner', { total: 3, inUse: 3 }));
    const { user, router } = accountPage(seats, '/account?seats=4&returnTo=//evil.example.com/team');

    const dialog = await screen.findByRole('dialog', { name: 'Change to 4 seats?' }, LOADED);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm 4 seats' }));

    expect(await screen.findByText('Your firm now has 4 seats.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});

describe('the deep link’s parameters', () => {
  it('accepts only paths of this app as returnTo', () => {
    expect(internalReturnPath('/team')).toBe('/team');
    expect(internalReturnPath('/team?tab=invitations#seats')).toBe('/team?tab=invitations#seats');
    for (const outside of ['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com', 'team', '/te am', '/\tteam', '', null])
      expect(internalReturnPath(outside)).toBeUndefined();
  });

  it('reads the seats as a whole number of at least one', () => {
    expect(requestedSeats('4')).toBe(4);
    for (const bad of ['0', '-1', '2.5', 'four', '', null, '99999']) expect(requestedSeats(bad)).toBeUndefined();
  });

  it('builds the Team page’s link to the seat change', () => {
    expect(seatChangePath(4, '/team')).toBe('/account?seats=4&returnTo=%2Fteam');
  });
});
