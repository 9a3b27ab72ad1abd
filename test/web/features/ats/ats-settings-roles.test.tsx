import { screen, within } from '@testing-library/react';
import { ATS_MANAGERS_ONLY_SENTENCE } from '@contracts/ats';
import { formatWhen } from '../../../../web/src/features/ats/format';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { atsFacts as facts, FakeAts, greenhouseConnection, syncWith } from '../../support/ats';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';
import { FakeTeam, teamState } from '../../support/team';

/**
 * The firm's ATS settings by role (issue 18): owners and admins manage the connection; a recruiter
 * sees it, its sync and what the firm has from it, read-only, with who can change it.
 */

afterEach(() => jest.restoreAllMocks());

const CONTROLS = ['Test connection', 'Disconnect', 'Sync now', 'Test and save'];

function connected(): FakeAts {
  const ats = new FakeAts();
  ats.connection = greenhouseConnection();
  ats.sync = syncWith('complete', 12, { lastCompleteAt: '2026-11-23T08:00:00.000Z' });
  return ats;
}

/**
 * The account page of Ada, signed in, whose role the fake team says: an owner pays with her own
 * subscription, an admin or a recruiter uses the firm's (`firmAccess`, none of their own).
 */
function accountPageAs(ats: FakeAts, team: FakeTeam) {
  const billing = new FakeBilling();
  const role = team.team?.role ?? 'owner';
  if (role === 'owner') billing.subscriptions = [testSubscription()];
  else billing.firmAccess = { organizationId: 'sub-ada-founder', role, tier: 'enterprise' };
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  return renderApp('/account', { ports: { session, billing: billing.api(), ats: ats.api(), team: team.api() } });
}

function teamWithRole(role: 'owner' | 'admin' | 'recruiter'): FakeTeam {
  const team = new FakeTeam();
  team.team = teamState({ role });
  return team;
}

describe('the ATS settings by role', () => {
  it('shows a recruiter the connection and its sync read-only, and who can change them', async () => {
    const ats = connected();
    accountPageAs(ats, teamWithRole('recruiter'));
    const section = await screen.findByRole('region', { name: 'Your ATS' });

    expect(await within(section).findByText(ATS_MANAGERS_ONLY_SENTENCE)).toBeInTheDocument();
    expect(ATS_MANAGERS_ONLY_SENTENCE).toBe("Only your firm's owners and admins can connect, test, sync or disconnect its ATS.");
    expect(facts(within(section).getByRole('region', { name: 'Connected ATS' }))).toEqual({
      ATS: 'Greenhouse',
      Account: 'Northbridge Staffing',
      Connected: formatWhen('2026-11-20T09:30:00.000Z'),
      'Last tested': formatWhen('2026-11-20T09:30:00.000Z'),
    });
    expect(facts(within(section).getByRole('region', { name: 'Sync' }))).toMatchObject({
      Status: expect.any(String),
      'Last complete sync': formatWhen('2026-11-23T08:00:00.000Z'),
      Jobs: expect.stringMatching(/job/),
      Candidates: expect.stringMatching(/candidate/),
    });
    for (const control of CONTROLS) expect(within(section).queryByRole('button', { name: control })).not.toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Change the connection' })).not.toBeInTheDocument();
    // Not even masked: a recruiter has no use for the keys.
    expect(section).not.toHaveTextContent('••••1234');
  });

  it('tells a recruiter of a firm with nothing connected that it is not connected, with no form to connect it', async () => {
    accountPageAs(new FakeAts(), teamWithRole('recruiter'));
    const section = await screen.findByRole('region', { name: 'Your ATS' });

    expect(await within(section).findByText('Your firm has not connected an ATS yet.')).toBeInTheDocument();
    expect(within(section).getByText(ATS_MANAGERS_ONLY_SENTENCE)).toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Connect your ATS' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each(['owner', 'admin'] as const)('gives an %s every control, as before', async (role) => {
    accountPageAs(connected(), teamWithRole(role));
    const section = await screen.findByRole('region', { name: 'Your ATS' });

    expect(await within(section).findByRole('heading', { level: 3, name: 'Change the connection' })).toBeInTheDocument();
    for (const control of CONTROLS) expect(within(section).getByRole('button', { name: control })).toBeEnabled();
    expect(facts(within(section).getByRole('region', { name: 'Connected ATS' }))).toMatchObject({ 'Harvest API key': '••••1234' });
    expect(within(section).queryByText(ATS_MANAGERS_ONLY_SENTENCE)).not.toBeInTheDocument();
  });

  it('gives a person in no firm every control (the connection is theirs alone)', async () => {
    const team = new FakeTeam();
    team.team = null;
    accountPageAs(connected(), team);
    const section = await screen.findByRole('region', { name: 'Your ATS' });

    expect(await within(section).findByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(within(section).queryByText(ATS_MANAGERS_ONLY_SENTENCE)).not.toBeInTheDocument();
  });

  it('shows the controls when the firm cannot be read, leaving the decision to the server', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const team = new FakeTeam();
    const api = team.api();
    const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription()];
    renderApp('/account', {
      ports: {
        session,
        billing: billing.api(),
        ats: connected().api(),
        team: { ...api, getOrganization: () => Promise.reject(new RestApiError(500, 'internal_error', 'Something went wrong.')) },
      },
    });
    const section = await screen.findByRole('region', { name: 'Your ATS' });

    expect(await within(section).findByRole('button', { name: 'Test connection' })).toBeEnabled();
  });
});
