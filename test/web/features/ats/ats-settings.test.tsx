import { screen, waitFor, within } from '@testing-library/react';
import { formatWhen } from '../../../../web/src/features/ats/format';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { atsFacts as facts, FakeAts, greenhouseConnection, syncWith, withSkipped } from '../../support/ats';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testSubscription } from '../../support/billing';
import { errorOf, fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

/** The account page of a signed-in user (a subscriber unless `subscribed` is false), with the ATS fake. */
function accountPage(ats: FakeAts, { subscribed = true }: { subscribed?: boolean } = {}) {
  const billing = new FakeBilling();
  if (subscribed) billing.subscriptions = [testSubscription()];
  const api = ats.api();
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  return { ...renderApp('/account', { ports: { session, billing: billing.api(), ats: api } }), api };
}

function connected(): FakeAts {
  const ats = new FakeAts();
  ats.connection = greenhouseConnection();
  ats.sync = syncWith('complete', 12, { lastCompleteAt: '2026-11-23T08:00:00.000Z' });
  return ats;
}

describe('the ATS settings on the account page', () => {
  it('connects an ATS with a key typed into a password field, then shows only the masked key', async () => {
    const ats = new FakeAts();
    // An ATS the server does not offer yet is shown, disabled.
    ats.options = ats.options.map((option) => (option.atsname === 'crelate' ? { ...option, available: false } : option));
    const { user, api } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    expect(await within(section).findByRole('heading', { level: 3, name: 'Connect your ATS' })).toBeInTheDocument();
    expect(within(section).getByRole('option', { name: 'Crelate (not available yet)' })).toBeDisabled();
    expect(within(section).getByLabelText('ATS')).toHaveAccessibleDescription('Crelate: not available yet.');
    const key = within(section).getByLabelText('Harvest API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('autocomplete', 'off');
    expect(key).toHaveAccessibleDescription(/Harvest key with read access/);

    await user.type(key, 'gh-harvest-secret-abcd1234');
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));

    const heading = await within(section).findByRole('heading', { level: 3, name: 'Connected ATS' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(ats.connected).toEqual([{ atsname: 'greenhouse', apikeytype: 'basic', apikey1: 'gh-harvest-secret-abcd1234', apikey2: null }]);
    expect(facts(within(section).getByRole('region', { name: 'Connected ATS' }))).toMatchObject({
      ATS: 'Greenhouse',
      Account: 'Northbridge Staffing',
      'Harvest API key': '••••1234',
    });
    expect(
      within(section)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain(
      'Connected to Greenhouse (Northbridge Staffing): the connection works and your key is saved. It is shown only as ••••1234.',
    );
    expect(document.body).not.toHaveTextContent('gh-harvest-secret-abcd1234');
    expect(within(section).getByLabelText('Harvest API key')).toHaveValue('');
    expect(within(section).getByRole('heading', { level: 3, name: 'Change the connection' })).toBeInTheDocument();
    expect(api.connect).toHaveBeenCalledTimes(1);
  });

  it('labels the key fields as the chosen ATS names them and sends that ATS’s auth style', async () => {
    const ats = new FakeAts();
    const { user } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    await user.selectOptions(await within(section).findByLabelText('ATS'), 'workable');
    expect(within(section).queryByLabelText('Harvest API key')).not.toBeInTheDocument();
    // Pasted: the form reads its fields in onChange; 'connects an ATS with a key typed…' types.
    await fillIn(user, within(section).getByLabelText('Workable API access token'), 'wk-token-9876');
    const subdomain = within(section).getByLabelText('Workable subdomain');
    expect(subdomain).toHaveAttribute('type', 'text');
    await fillIn(user, subdomain, 'northbridge');
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));
    await within(section).findByRole('heading', { name: 'Connected ATS' });
    expect(ats.connected).toEqual([{ atsname: 'workable', apikeytype: 'bearer', apikey1: 'wk-token-9876', apikey2: 'northbridge' }]);
  });

  it('asks for the key before calling the server, and shows the server’s refusal on the key field', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ats = new FakeAts();
    ats.failNext(
      'connect',
      new RestApiError(400, 'ATS_CREDENTIALS', 'Greenhouse did not accept the connection.', {
        apikey1: 'Greenhouse refused this key: check that it is a Harvest key with read access.',
      }),
    );
    const { user, api } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    await user.click(await within(section).findByRole('button', { name: 'Test and save' }));
    const key = within(section).getByLabelText('Harvest API key');
    expect(key).toHaveFocus();
    expect(errorOf(key)).toBe('Please give the Harvest API key.');
    expect(api.connect).not.toHaveBeenCalled();

    await fillIn(user, key, 'not-a-harvest-key');
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));

    await waitFor(() => expect(errorOf(key)).toBe('Greenhouse refused this key: check that it is a Harvest key with read access.'));
    expect(key).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(key).toHaveFocus());
    expect(within(section).getByRole('alert')).toHaveTextContent('Greenhouse did not accept the connection.');
    expect(within(section).queryByRole('heading', { name: 'Connected ATS' })).not.toBeInTheDocument();

    await user.type(key, 'x');
    expect(errorOf(key)).toBe('');
  });

  it('keeps the saved key when the key field is left empty on a change of the same ATS', async () => {
    const ats = connected();
    const { user } = accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    const key = await within(section).findByLabelText('Harvest API key');
    expect(key).toHaveAccessibleDescription(/Leave it empty to keep the saved one \(••••1234\)\./);
    await user.click(within(section).getByRole('button', { name: 'Test and save' }));
    await waitFor(() => expect(ats.connected).toHaveLength(1));
    expect(ats.connected[0].apikey1).toBe('••••1234');
  });

  it('tests the saved connection and says whether it works', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ats = connected();
    const { user, api } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Connected ATS' });
    expect(facts(region)['Last tested']).toBe(formatWhen('2026-11-20T09:30:00.000Z'));

    await user.click(within(region).getByRole('button', { name: 'Test connection' }));
    expect(await within(region).findByText('Greenhouse answered: the connection works.')).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('Greenhouse answered: the connection works.');
    expect(facts(region)['Last tested']).toBe(formatWhen('2026-11-24T15:00:00.000Z'));
    expect(within(region).getByRole('button', { name: 'Test connection' })).toHaveFocus();

    ats.testAnswer = {
      ok: false,
      accountName: null,
      message: 'Greenhouse refused the key: connect again with a new one.',
      testedAt: '2026-11-24T15:10:00.000Z',
    };
    await user.click(within(region).getByRole('button', { name: 'Test connection' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Greenhouse refused the key: connect again with a new one.');
    expect(within(region).queryByText('Greenhouse answered: the connection works.')).not.toBeInTheDocument();
    expect(api.testConnection).toHaveBeenCalledTimes(2);
  });

  it('disconnects only after a confirmation, then offers to connect again', async () => {
    const ats = connected();
    const { user, api } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Connected ATS' });

    await user.click(within(region).getByRole('button', { name: 'Disconnect' }));
    let dialog = screen.getByRole('dialog', { name: 'Disconnect your ATS?' });
    expect(within(dialog).getByRole('button', { name: 'Keep connected' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep connected' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.disconnect).not.toHaveBeenCalled();

    await user.click(within(region).getByRole('button', { name: 'Disconnect' }));
    dialog = screen.getByRole('dialog', { name: 'Disconnect your ATS?' });
    expect(dialog).toHaveTextContent('TalentPilot stops reading from Greenhouse and deletes the saved key.');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    const heading = await screen.findByRole('heading', { level: 3, name: 'Connect your ATS' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.disconnect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Connected ATS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sync' })).not.toBeInTheDocument();
    expect(screen.getByText('Your ATS is disconnected and its key deleted.')).toBeInTheDocument();
  });

  it('shows the sync’s state, its last complete run and what is stored', async () => {
    accountPage(connected());
    const region = await screen.findByRole('region', { name: 'Sync' });
    expect(facts(region)).toEqual({
      Status: 'Up to date',
      'Last complete sync': formatWhen('2026-11-23T08:00:00.000Z'),
      Jobs: '12 jobs',
      Candidates: '120 candidates',
      Applications: '120 applications',
      Placements: '12 placements',
    });
    expect(within(region).queryByText(/skipped/)).not.toBeInTheDocument();
  });

  it('says which records the last sync could not read and why, under what is stored', async () => {
    const ats = connected();
    ats.sync = withSkipped(ats.sync, [
      { resource: 'candidates', reason: 'unreadable "Tags"', count: 2 },
      { resource: 'candidates', reason: 'no candidate id', count: 1 },
    ]);
    accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });

    const list = within(region).getByRole('list', { name: /could not be read/ });
    expect(within(list).getByRole('listitem')).toHaveTextContent('3 candidates were skipped: unreadable "Tags" (2), no candidate id (1).');
    expect(facts(region).Candidates).toBe('120 candidates');
  });

  it('says when a sync it ran skipped records, and lists them', async () => {
    const ats = connected();
    ats.skippedOnSync = [{ resource: 'applications', reason: 'no job id', count: 3 }];
    const { user } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Sync now' }));

    expect(await within(region).findByRole('status')).toHaveTextContent(
      'Sync complete. Stored from your ATS: 17 jobs, 170 candidates, 170 applications and 17 placements. 3 records could not be read and were skipped.',
    );
    expect(within(region).getByRole('listitem')).toHaveTextContent('3 applications were skipped: no job id (3).');
  });

  it('says which features the last sync had to do without, and nothing once a sync had them all', async () => {
    const ats = connected();
    const archive = 'Greenhouse did not let this API key read rejection reasons, so rejected applications show no reason.';
    ats.sync = { ...ats.sync, notices: [archive] };
    const { user } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });

    const list = within(region).getByRole('list', { name: 'Some features are limited:' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(archive);
    expect(facts(region).Applications).toBe('120 applications');

    await user.click(within(region).getByRole('button', { name: 'Sync now' }));

    expect(await within(region).findByRole('status')).toHaveTextContent(/Sync complete/);
    expect(within(region).queryByText('Some features are limited:')).not.toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the features a sync it ran had to do without', async () => {
    const ats = connected();
    const sources = 'Lever did not let this API key read sources, so candidates show no source.';
    ats.noticesOnSync = [sources];
    const { user } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });
    expect(within(region).queryByText('Some features are limited:')).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Sync now' }));

    const list = await within(region).findByRole('list', { name: 'Some features are limited:' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(sources);
  });

  it('keeps syncing while the server answers partial, and says when the sync is complete', async () => {
    const ats = connected();
    ats.sync = syncWith('idle', 0);
    ats.syncAnswers = ['partial', 'partial', 'complete'];
    const { user, api } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });
    await user.click(within(region).getByRole('button', { name: 'Sync now' }));
    expect(
      await within(region).findByText('Sync complete. Stored from your ATS: 15 jobs, 150 candidates, 150 applications and 15 placements.'),
    ).toBeInTheDocument();
    expect(api.sync).toHaveBeenCalledTimes(3);
    expect(facts(region).Status).toBe('Up to date');
    expect(facts(region).Jobs).toBe('15 jobs');
    expect(within(region).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('says how far a long sync has got while it continues', async () => {
    const ats = connected();
    ats.sync = syncWith('idle', 0);
    ats.syncAnswers = ['partial', 'complete'];
    const { user, api } = accountPage(ats);
    const answer = api.sync.getMockImplementation() as () => Promise<unknown>;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.sync.mockImplementation(async () => {
      const result = await answer();
      if (api.sync.mock.calls.length === 2) await held;
      return result;
    });
    const region = await screen.findByRole('region', { name: 'Sync' });
    await user.click(within(region).getByRole('button', { name: 'Sync now' }));
    expect(
      await within(region).findByText('Still syncing (call 2 of at most 20): 5 jobs, 50 candidates and 50 applications read so far.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Syncing…' })).toBeDisabled();
    release();
    expect(await within(region).findByText(/^Sync complete\./)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Sync now' })).toHaveFocus();
  });

  it('stops when the ATS asks to wait, saying until when', async () => {
    const ats = connected();
    ats.syncAnswers = ['partial', 'paused', 'complete'];
    const { user, api } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });
    await user.click(within(region).getByRole('button', { name: 'Sync now' }));
    expect(
      await within(region).findByText(
        `Your ATS asked us to wait: the sync can continue after ${formatWhen('2026-11-24T15:20:00.000Z')}. Press Sync now again then.`,
      ),
    ).toBeInTheDocument();
    expect(api.sync).toHaveBeenCalledTimes(2);
    expect(facts(region)).toMatchObject({
      Status: 'Paused at the ATS’s request',
      'Can continue after': formatWhen('2026-11-24T15:20:00.000Z'),
    });
    expect(within(region).getByText('Greenhouse asked us to slow down.')).toBeInTheDocument();
  });

  it('stops when the sync fails, with the server’s message as an alert', async () => {
    const ats = connected();
    ats.syncAnswers = ['partial', 'failed', 'complete'];
    const { user, api } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });
    await user.click(within(region).getByRole('button', { name: 'Sync now' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Greenhouse refused the key: check that it is a Harvest key with read access, then connect again.',
    );
    expect(api.sync).toHaveBeenCalledTimes(2);
    expect(facts(region).Status).toBe('The last sync failed');
  });

  it('makes at most 20 sync calls for one press, then says there is more to read', async () => {
    const ats = connected();
    ats.syncAnswers = Array.from({ length: 30 }, () => 'partial' as const);
    const { user, api } = accountPage(ats);
    const region = await screen.findByRole('region', { name: 'Sync' });
    await user.click(within(region).getByRole('button', { name: 'Sync now' }));
    expect(await within(region).findByText('The sync has more to read: press Sync now to continue where it stopped.')).toBeInTheDocument();
    expect(api.sync).toHaveBeenCalledTimes(20);
  });

  it('shows a user without a subscription the way to the plans instead of the form', async () => {
    const ats = new FakeAts();
    const { api } = accountPage(ats, { subscribed: false });
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    expect(await within(section).findByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
    expect(within(section).queryByRole('button', { name: 'Test and save' })).not.toBeInTheDocument();
    expect(api.getConnection).not.toHaveBeenCalled();
  });

  it('shows the same note when the server answers that a subscription is required', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ats = new FakeAts();
    ats.failNext('getConnection', new RestApiError(403, 'subscription_required', 'This needs a live subscription.'));
    accountPage(ats);
    const section = await screen.findByRole('region', { name: 'Your ATS' });
    expect(await within(section).findByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
    expect(within(section).queryByRole('button', { name: 'Test and save' })).not.toBeInTheDocument();
  });
});
