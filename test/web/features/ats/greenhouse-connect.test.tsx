import { screen, waitFor, within } from '@testing-library/react';
import type { AtsOption } from '@contracts/ats';
import { FakeAts, greenhouseConnection } from '../../support/ats';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testSubscription } from '../../support/billing';
import { errorOf, fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

/** Greenhouse as the server offers it since Harvest v3: client ID, the user the token acts for, client secret. */
const GREENHOUSE_V3: AtsOption = {
  atsname: 'greenhouse',
  label: 'Greenhouse',
  apikeytype: 'oauth2',
  keyLabel: 'Client ID',
  secondLabel: 'Client secret',
  userIdLabel: 'Greenhouse user ID',
  help: 'A Greenhouse admin opens Configure › Dev Center › API Credentials and creates Harvest V3 (OAuth) credentials.',
  available: true,
};

function accountPage(ats: FakeAts) {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription()];
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  return renderApp('/account', { ports: { session, billing: billing.api(), ats: ats.api() } });
}

describe('connecting Greenhouse (Harvest v3) on the account page', () => {
  it('asks for the client ID, the Greenhouse user ID and the client secret, and sends the ID pair as the first key', async () => {
    const ats = new FakeAts();
    ats.options = [GREENHOUSE_V3];
    const { user } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    const clientId = await within(section).findByLabelText('Client ID');
    const userId = within(section).getByLabelText('Greenhouse user ID');
    const secret = within(section).getByLabelText('Client secret');
    expect(clientId).toHaveAccessibleDescription(/Configure › Dev Center › API Credentials/);
    expect(userId).toHaveAttribute('type', 'text');
    expect(secret).toHaveAttribute('type', 'password');

    // Pasted: the form reads its fields in onChange (ats-settings' first test types its key); the user ID is typed.
    await fillIn(user, clientId, 'gh-client-7a1d');
    await fillIn(user, secret, 'gh-secret-4f9e2b71');
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));
    expect(errorOf(userId)).toBe('Please give the Greenhouse user ID.');
    await user.type(userId, 'jane');
    expect(errorOf(userId)).toBe('The Greenhouse user ID is a number.');
    await user.clear(userId);
    await user.type(userId, '4410982');
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));

    await within(section).findByRole('heading', { level: 3, name: 'Connected ATS' });
    expect(ats.connected).toEqual([
      { atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: 'gh-client-7a1d:4410982', apikey2: 'gh-secret-4f9e2b71' },
    ]);
  });

  it('keeps the saved client ID and user ID when both are left empty, and wants both when one is typed', async () => {
    const ats = new FakeAts();
    ats.options = [GREENHOUSE_V3];
    ats.connection = greenhouseConnection({ apikeytype: 'oauth2', apikey1: '••••0982', apikey2: '••••2b71' });
    const { user } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    const userId = await within(section).findByLabelText('Greenhouse user ID');
    expect(userId).toHaveAccessibleDescription('Leave it and the client ID empty to keep the saved ones.');

    await fillIn(user, userId, '4410982');
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));
    expect(errorOf(within(section).getByLabelText('Client ID'))).toBe('Please give the Client ID with the Greenhouse user ID.');
    await user.clear(userId);
    await fillIn(user, within(section).getByLabelText('Client secret'), 'gh-secret-new-0001');
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));

    await waitFor(() => expect(ats.connected).toHaveLength(1));
    expect(ats.connected[0]).toEqual({ atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: '••••0982', apikey2: 'gh-secret-new-0001' });
  });
});
