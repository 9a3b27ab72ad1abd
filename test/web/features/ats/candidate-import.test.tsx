import { screen, waitFor, within } from '@testing-library/react';
import { FakeAssistant, summaryResult } from '../../support/assistant';
import { atsCandidate, atsJob, FakeAts, greenhouseConnection, syncWith } from '../../support/ats';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { ENTERPRISE_PLAN, FakeBilling, testSubscription } from '../../support/billing';
import { chooseInCombobox, fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

/** A signed-in subscriber, with the assistant and ATS fakes. */
function subscriber(assistant: FakeAssistant, ats: FakeAts) {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription(ENTERPRISE_PLAN)];
  return {
    session: new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session(),
    billing: billing.api(),
    assistant: assistant.api(),
    ats: ats.api(),
  };
}

/** Greenhouse connected and synced: one job with `candidates` candidates. */
function synced(candidates: number): FakeAts {
  const ats = new FakeAts();
  ats.connection = greenhouseConnection();
  ats.sync = syncWith('complete', 1);
  ats.jobs = [atsJob()];
  ats.candidates['gh-4001'] = Array.from({ length: candidates }, (_, index) => atsCandidate(index + 1));
  return ats;
}

describe('adding candidates from the ATS to best fit', () => {
  it('fills the candidates and the new job from a synced ATS job, and ranks them', async () => {
    const assistant = new FakeAssistant();
    assistant.answers.saveJob = async (request) => ({
      id: 'job-9',
      title: request.title,
      companyInfo: request.companyInfo ?? '',
      description: request.description,
      location: request.location ?? '',
      mustHaves: [],
      niceToHaves: [],
      createdAt: '2026-11-24T14:00:00.000Z',
      updatedAt: '2026-11-24T14:00:00.000Z',
      mayChange: true,
    });
    assistant.answers.bestFit = async (request) => ({
      id: 'result-8',
      capability: 'best-fit',
      jobId: request.jobId,
      label: 'Senior Backend Engineer',
      engine: { kind: 'deterministic', model: null, note: null },
      createdAt: '2026-11-24T14:05:00.000Z',
      output: { recommendation: 'Candidate A fits best.', ranking: [] },
    });
    const { user } = renderApp('/services/best-fit', { ports: subscriber(assistant, synced(3)) });
    const group = await screen.findByRole('group', { name: 'Add candidates from your ATS' });
    await chooseInCombobox(user, group, 'ATS job', /^Senior Backend Engineer/);
    await user.click(within(group).getByRole('button', { name: 'Load candidates' }));
    expect(await within(group).findByText(/the 3 in the pipeline are checked\./)).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Add the 3 checked candidates' }));

    expect(
      await within(group).findByText('Added 3 candidates from Senior Backend Engineer, and the job’s title and description.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate 1: name')).toHaveValue('Candidate A');
    expect(screen.getByLabelText('Candidate 3: name')).toHaveValue('Candidate C');
    expect(screen.getByLabelText('Candidate 2: resume or profile')).toHaveValue(
      'Backend engineer number 2: TypeScript and Node.js on AWS.',
    );
    expect(screen.getByLabelText('Job title')).toHaveValue('Senior Backend Engineer');
    expect(screen.getByLabelText('Job description')).toHaveValue(
      'Build payment services in TypeScript on AWS. Must have: TypeScript, Node.js.',
    );
    expect(screen.queryByLabelText('Candidate 4: name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rank the candidates' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Best fit for Senior Backend Engineer' })).toBeInTheDocument();
    expect(assistant.calls.map((call) => call.method)).toEqual(['saveJob', 'bestFit']);
    expect(assistant.calls[1].request).toEqual({
      jobId: 'job-9',
      candidates: [1, 2, 3].map((index) => ({
        name: `Candidate ${'ABC'[index - 1]}`,
        profile: `Backend engineer number ${index}: TypeScript and Node.js on AWS.`,
      })),
    });
  });

  it('checks the job’s pipeline by default, at most the 20 a ranking takes, and finds the others by search', async () => {
    const ats = synced(0);
    // 24 in the pipeline, then 2 past applicants (the order the server answers).
    ats.candidates['gh-4001'] = Array.from({ length: 26 }, (_, index) =>
      atsCandidate(index + 1, { inPipeline: index < 24, headline: index < 24 ? 'Backend engineer' : 'Data analyst' }),
    );
    const { user } = renderApp('/services/best-fit', { ports: subscriber(new FakeAssistant(), ats) });
    const group = await screen.findByRole('group', { name: 'Add candidates from your ATS' });
    await chooseInCombobox(user, group, 'ATS job', /^Senior Backend Engineer/);
    await user.click(within(group).getByRole('button', { name: 'Load candidates' }));
    expect(
      await within(group).findByText(/26 candidates of Senior Backend Engineer; the 20 in the pipeline are checked\./),
    ).toBeInTheDocument();
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.filter((box) => (box as HTMLInputElement).checked)).toHaveLength(20);
    // Full: the others wait until one is unchecked.
    expect(boxes[25]).toBeDisabled();

    // Pasted (the list renders once per key): the search reads its field in onChange; 'Candidate Z' below is typed.
    await fillIn(user, within(group).getByLabelText('Search the candidates'), 'data analyst');
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(group).getByText(/2 of 26 shown · 20 checked/)).toBeInTheDocument();
    await user.clear(within(group).getByLabelText('Search the candidates'));
    await user.click(within(group).getAllByRole('checkbox')[0]);
    await user.type(within(group).getByLabelText('Search the candidates'), 'Candidate Z');
    await user.click(within(group).getByRole('checkbox', { name: /Candidate Z/ }));
    await user.click(within(group).getByRole('button', { name: 'Add the 20 checked candidates' }));

    expect(await within(group).findByText(/^Added 20 candidates from Senior Backend Engineer/)).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate 1: name')).toHaveValue('Candidate B');
    expect(screen.getByLabelText('Candidate 20: name')).toHaveValue('Candidate Z');
    expect(screen.queryByLabelText('Candidate 21: name')).not.toBeInTheDocument();
  });

  it('asks for an ATS job first', async () => {
    const ats = synced(3);
    const api = ats.api();
    const { user } = renderApp('/services/best-fit', { ports: { ...subscriber(new FakeAssistant(), ats), ats: api } });
    const group = await screen.findByRole('group', { name: 'Add candidates from your ATS' });
    const picker = await within(group).findByRole('combobox', { name: 'ATS job' });
    await user.click(within(group).getByRole('button', { name: 'Load candidates' }));
    expect(picker).toHaveAccessibleDescription(/Choose an ATS job\./);
    expect(api.listCandidates).not.toHaveBeenCalled();
  });

  it('leads to the ATS settings instead when no ATS is connected', async () => {
    renderApp('/services/best-fit', { ports: subscriber(new FakeAssistant(), new FakeAts()) });
    expect(await screen.findByRole('link', { name: 'Connect your ATS in your account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('group', { name: 'Add candidates from your ATS' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rank the candidates' })).toBeInTheDocument();
  });
});

describe('picking a candidate from the ATS for a summary', () => {
  it('fills the name and profile from the candidate picked, and sends them', async () => {
    const assistant = new FakeAssistant();
    assistant.answers.candidateSummary = async () => summaryResult({ id: 'result-7', label: 'Candidate B' });
    const ats = synced(3);
    ats.candidates['gh-4001'][2] = atsCandidate(3, { headline: 'Site reliability engineer', inPipeline: false });
    const { user } = renderApp('/services/candidate-summary', { ports: subscriber(assistant, ats) });
    const group = await screen.findByRole('group', { name: 'Add a candidate from your ATS' });
    await chooseInCombobox(user, group, 'ATS job', /^Senior Backend Engineer/);
    await user.click(within(group).getByRole('button', { name: 'Load candidates' }));
    const pick = await within(group).findByRole('combobox', { name: 'ATS candidate' });
    await user.click(pick);
    const list = within(group).getByRole('listbox', { name: 'ATS candidate' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Candidate ABackend engineer · in the pipeline',
      'Candidate BBackend engineer · in the pipeline',
      'Candidate CSite reliability engineer · past applicant',
    ]);
    // Typing narrows the list (every word, anywhere in the name or the headline).
    await user.type(pick, 'reliab');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Candidate CSite reliability engineer · past applicant']);
    await user.clear(pick);
    await user.type(pick, 'candidate b');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(pick).toHaveValue('Candidate B');
    await user.click(within(group).getByRole('button', { name: 'Use this candidate' }));

    expect(within(group).getByRole('status')).toHaveTextContent('Filled in Candidate B from Senior Backend Engineer.');
    expect(screen.getByLabelText('Candidate name (optional)')).toHaveValue('Candidate B');
    expect(screen.getByLabelText('Resume or profile')).toHaveValue('Backend engineer number 2: TypeScript and Node.js on AWS.');

    await user.click(screen.getByRole('button', { name: 'Write the summary' }));
    await screen.findByRole('heading', { level: 2, name: 'Summary of Candidate B' });
    expect(assistant.calls[0]).toEqual({
      method: 'candidateSummary',
      request: { candidateName: 'Candidate B', profile: 'Backend engineer number 2: TypeScript and Node.js on AWS.' },
    });
  });

  it('says so when the job has no synced candidates', async () => {
    const ats = synced(0);
    const { user } = renderApp('/services/candidate-summary', { ports: subscriber(new FakeAssistant(), ats) });
    const group = await screen.findByRole('group', { name: 'Add a candidate from your ATS' });
    await chooseInCombobox(user, group, 'ATS job', /^Senior Backend Engineer/);
    await user.click(within(group).getByRole('button', { name: 'Load candidates' }));
    await waitFor(() =>
      expect(within(group).getByRole('status')).toHaveTextContent('No candidates are synced for Senior Backend Engineer yet.'),
    );
    expect(within(group).queryByLabelText('ATS candidate')).not.toBeInTheDocument();
  });

  it('leads to the ATS settings to sync when nothing is synced yet', async () => {
    const ats = new FakeAts();
    ats.connection = greenhouseConnection();
    renderApp('/services/candidate-summary', { ports: subscriber(new FakeAssistant(), ats) });
    expect(await screen.findByRole('link', { name: 'Sync your ATS in your account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('group', { name: 'Add a candidate from your ATS' })).not.toBeInTheDocument();
  });
});
