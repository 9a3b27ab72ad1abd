import { screen, waitFor, within } from '@testing-library/react';
import { leavePage } from '../../../../web/src/lib/leave-page';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { BULLHORN_AUTHORIZE_URL, FakeAts, greenhouseConnection } from '../../support/ats';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testSubscription } from '../../support/billing';
import { errorOf, fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

jest.mock('../../../../web/src/lib/leave-page', () => ({ leavePage: jest.fn() }));
const left = jest.mocked(leavePage);

afterEach(() => {
  jest.restoreAllMocks();
  left.mockReset();
});

function accountPage(ats: FakeAts, path = '/account') {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription()];
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  return renderApp(path, { ports: { session, billing: billing.api(), ats: ats.api() } });
}

describe('connecting Bullhorn on the account page', () => {
  it('asks for the OAuth client, its secret and the API user name, then sends the browser to Bullhorn', async () => {
    const ats = new FakeAts();
    const { user } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    await user.selectOptions(await within(section).findByLabelText('ATS'), 'bullhorn');
    const clientId = within(section).getByLabelText('OAuth client id');
    const secret = within(section).getByLabelText('OAuth client secret');
    const username = within(section).getByLabelText('Bullhorn API user name');
    expect(clientId).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('type', 'password');
    expect(username).toHaveAttribute('type', 'text');

    // Pasted: the form reads its fields in onChange (ats-settings' first test types its key); the user name is typed.
    await fillIn(user, clientId, 'bh-client-6250');
    await fillIn(user, secret, 'bh-secret-6250');
    await user.click(within(section).getByRole('button', { name: 'Sign in with Bullhorn' }));
    expect(errorOf(username)).toBe('Please give the Bullhorn API user name.');
    expect(ats.bullhornStarts).toEqual([]);
    await user.type(username, 'demo.api');
    await user.click(within(section).getByRole('button', { name: 'Sign in with Bullhorn' }));

    await waitFor(() => expect(left).toHaveBeenCalledWith(BULLHORN_AUTHORIZE_URL));
    expect(ats.bullhornStarts).toEqual([
      { apikey1: 'bh-client-6250', apikey2: 'bh-secret-6250', username: 'demo.api', redirectUri: `${window.location.origin}/account` },
    ]);
    expect(ats.connected).toEqual([]);
  });

  it('shows the server’s refusal under the user name and does not leave the page', async () => {
    const ats = new FakeAts();
    const message = 'Bullhorn did not find a data centre for that API user name: check the name.';
    ats.failNext('startBullhorn', new RestApiError(400, 'VALIDATION', message, { username: message }));
    const { user } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    await user.selectOptions(await within(section).findByLabelText('ATS'), 'bullhorn');
    await fillIn(user, within(section).getByLabelText('OAuth client id'), 'bh-client-6250');
    await fillIn(user, within(section).getByLabelText('OAuth client secret'), 'bh-secret-6250');
    await fillIn(user, within(section).getByLabelText('Bullhorn API user name'), 'nobody');
    await user.click(within(section).getByRole('button', { name: 'Sign in with Bullhorn' }));

    const username = within(section).getByLabelText('Bullhorn API user name');
    await waitFor(() => expect(errorOf(username)).toBe(message));
    expect(left).not.toHaveBeenCalled();
  });
});

describe('coming back from Bullhorn to the account page', () => {
  it('posts the code and state once, takes them out of the address and shows Bullhorn connected', async () => {
    const ats = new FakeAts();
    const { router } = accountPage(ats, '/account?code=bh-code-1&state=bh-state-1');
    const section = await screen.findByRole('region', { name: 'Your ATS' });

    const connection = await within(section).findByRole('region', { name: 'Connected ATS' });
    expect(within(connection).getByText('Bullhorn')).toBeInTheDocument();
    expect(ats.bullhornCallbacks).toEqual([{ state: 'bh-state-1', code: 'bh-code-1' }]);
    expect(router.state.location.search).toBe('');
    expect(within(section).getByText(/^Connected to Bullhorn/)).toHaveClass('ats-announcement');
  });

  it('says why when the recruiter refused in Bullhorn, keeping the connection they had', async () => {
    const ats = new FakeAts();
    ats.connection = greenhouseConnection();
    const message = 'You did not allow TalentPilot in Bullhorn, so nothing was connected and nothing was changed.';
    ats.failNext('completeBullhorn', new RestApiError(400, 'VALIDATION', message, { state: message }));
    accountPage(ats, '/account?error=access_denied&state=bh-state-2');
    const section = await screen.findByRole('region', { name: 'Your ATS' });

    expect(await within(section).findByRole('alert')).toHaveTextContent(message);
    expect(ats.bullhornCallbacks).toEqual([]);
    const connection = within(section).getByRole('region', { name: 'Connected ATS' });
    expect(within(connection).getByText('Greenhouse')).toBeInTheDocument();
  });
});
