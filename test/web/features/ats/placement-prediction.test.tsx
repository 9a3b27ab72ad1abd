import { screen, waitFor, within } from '@testing-library/react';
import { FakeAssistant } from '../../support/assistant';
import { atsJob, evaluation, FakeAts, greenhouseConnection, syncWith, trainedPrediction } from '../../support/ats';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { ENTERPRISE_PLAN, FakeBilling, testSubscription } from '../../support/billing';
import { chooseInCombobox, errorOf } from '../../support/forms';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

/** A signed-in subscriber, with the ATS fake. */
function subscriber(ats: FakeAts) {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription(ENTERPRISE_PLAN)];
  return {
    session: new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session(),
    billing: billing.api(),
    assistant: new FakeAssistant().api(),
    ats: ats.api(),
  };
}

/** Greenhouse connected and synced, with two jobs. */
function synced(): FakeAts {
  const ats = new FakeAts();
  ats.connection = greenhouseConnection();
  ats.sync = syncWith('complete', 2, { lastCompleteAt: '2026-11-23T08:00:00.000Z' });
  ats.jobs = [atsJob(), atsJob({ id: 'gh-4002', title: 'Payroll Accountant', location: '', activeApplications: 1, status: 'closed' })];
  return ats;
}

function openScreen(ats: FakeAts) {
  return renderApp('/services/placement-prediction', { ports: subscriber(ats) });
}

describe('placement prediction', () => {
  it('is a card on the services hub, next to the way to the ATS settings', async () => {
    renderApp('/services', { ports: subscriber(new FakeAts()) });
    expect(await screen.findByRole('link', { name: 'Placement prediction' })).toHaveAttribute('href', '/services/placement-prediction');
    expect(screen.getByRole('link', { name: 'Your ATS settings' })).toHaveAttribute('href', '/account');
  });

  it('ranks a synced job’s active applications with their chance and reasons, after saying how often the model was right', async () => {
    const ats = synced();
    ats.predictions['gh-4001'] = trainedPrediction();
    const { user } = openScreen(ats);
    expect(await screen.findByRole('heading', { level: 1, name: 'Placement prediction' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Placement prediction · TalentPilot'));
    const job = await screen.findByRole('combobox', { name: 'ATS job' });
    await user.click(job);
    const list = screen.getByRole('listbox', { name: 'ATS job' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Senior Backend Engineer · Berlin (3 active applications)', 'Payroll Accountant (1 active application, closed)']);
    // Searchable: typing narrows the jobs, the keyboard picks one.
    await user.type(job, 'berlin');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Senior Backend Engineer · Berlin (3 active applications)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(job).toHaveValue('Senior Backend Engineer · Berlin (3 active applications)');
    await user.click(screen.getByRole('button', { name: 'Predict placements' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Placement prediction for Senior Backend Engineer' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText(
        'Right 82% of the time on 40 past applications it did not learn from; always guessing ‘not placed’ would be right 57%.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Active applications for Senior Backend Engineer, most likely placement first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['72%', '18%']);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Priya Raman');
    expect(rows[0]).toHaveTextContent('Raises: Must-haves met');
    expect(rows[0]).toHaveTextContent('Meets 4 of 5 must-haves (80%)');
    expect(rows[0]).toHaveTextContent('Lowers: Time in process');
  });

  it('asks for a job before predicting', async () => {
    const ats = synced();
    const api = ats.api();
    const ports = { ...subscriber(ats), ats: api };
    const { user } = renderApp('/services/placement-prediction', { ports });
    await user.click(await screen.findByRole('button', { name: 'Predict placements' }));
    const job = screen.getByRole('combobox', { name: 'ATS job' });
    expect(job).toHaveFocus();
    expect(errorOf(job)).toBe('Choose the job whose applications to rank.');
    expect(api.predict).not.toHaveBeenCalled();
  });

  it('says how much history is missing when there is too little, without a ranking', async () => {
    const ats = synced();
    ats.predictions['gh-4001'] = {
      job: atsJob(),
      prediction: {
        status: 'insufficient-history',
        message: 'Predictions need at least 30 closed applications including 5 placements; you have 12 (2 placements).',
        closedApplications: 12,
        placements: 2,
        required: { closedApplications: 30, placements: 5 },
      },
    };
    const { user } = openScreen(ats);
    await chooseInCombobox(user, document.body, 'ATS job', /^Senior Backend Engineer/);
    await user.click(screen.getByRole('button', { name: 'Predict placements' }));
    const status = await screen.findByText(
      'Predictions need at least 30 closed applications including 5 placements; you have 12 (2 placements).',
    );
    expect(status.closest('[role="status"]')).toHaveTextContent('Closed applications: 12 of the 30 needed. Placements: 2 of the 5 needed.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the history does not predict placements better than guessing, with the figures, without a ranking', async () => {
    const ats = synced();
    ats.predictions['gh-4001'] = {
      job: atsJob(),
      prediction: {
        status: 'weak-signal',
        message: 'Your past placements do not predict new ones better than guessing yet, so no ranking is shown.',
        evaluation: evaluation({ accuracy: 0.71, baselineAccuracy: 0.7 }),
      },
    };
    const { user } = openScreen(ats);
    await chooseInCombobox(user, document.body, 'ATS job', /^Senior Backend Engineer/);
    await user.click(screen.getByRole('button', { name: 'Predict placements' }));
    const message = await screen.findByText(
      'Your past placements do not predict new ones better than guessing yet, so no ranking is shown.',
    );
    expect(message.closest('[role="status"]')).toHaveTextContent(
      'Right 71% of the time on 40 past applications it did not learn from; always guessing ‘not placed’ would be right 70%.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal as an alert, on the job when it is about the job', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ats = synced();
    const { user } = openScreen(ats);
    const job = await chooseInCombobox(user, document.body, 'ATS job', /^Payroll Accountant/);
    await user.click(screen.getByRole('button', { name: 'Predict placements' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find that ATS job.');
    await waitFor(() => expect(job).toHaveFocus());
    expect(errorOf(job)).toBe('We could not find that ATS job.');
  });

  it('leads to the ATS settings when no ATS is connected', async () => {
    const ats = new FakeAts();
    openScreen(ats);
    expect(await screen.findByRole('link', { name: 'Connect your ATS in your account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('button', { name: 'Predict placements' })).not.toBeInTheDocument();
  });

  it('leads to the ATS settings to sync when nothing is synced yet', async () => {
    const ats = new FakeAts();
    ats.connection = greenhouseConnection();
    openScreen(ats);
    expect(await screen.findByRole('link', { name: 'Sync your ATS in your account' })).toHaveAttribute('href', '/account');
    expect(screen.getByText(/Nothing is synced from your ATS yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Predict placements' })).not.toBeInTheDocument();
  });
});
