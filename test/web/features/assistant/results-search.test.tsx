import { screen, waitFor, within } from '@testing-library/react';
import type { AssistantResult, JobView } from '@contracts/assistant';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { FakeAssistant, summaryResult } from '../../support/assistant';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { ENTERPRISE_PLAN, FakeBilling, testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

function subscriber(assistant: FakeAssistant) {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription(ENTERPRISE_PLAN)];
  return {
    session: new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session(),
    billing: billing.api(),
    assistant: assistant.api(),
  };
}

const JOB: JobView = {
  id: 'job-7',
  title: 'Night Charge Nurse',
  companyInfo: '',
  description: 'Lead the night shift.',
  location: '',
  mustHaves: [],
  niceToHaves: [],
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  mayChange: true,
};

/** Twelve summaries (newest first) and a job description for the job. */
function stocked(): FakeAssistant {
  const assistant = new FakeAssistant();
  assistant.jobs = [JOB];
  const description = {
    ...summaryResult({ id: 'jd-1', label: 'Night Charge Nurse', jobId: JOB.id }),
    capability: 'job-description',
  } as unknown as AssistantResult;
  assistant.results = [
    description,
    ...Array.from({ length: 12 }, (_, index) =>
      summaryResult({ id: `s-${index}`, label: index === 3 ? 'Priya Raman' : `Candidate ${index}` }),
    ),
  ];
  return assistant;
}

async function openHub(assistant: FakeAssistant) {
  const rendered = renderApp('/services', { ports: subscriber(assistant) });
  const recent = await screen.findByRole('region', { name: 'Your recent results' });
  await within(recent).findByRole('link', { name: 'External job description: Night Charge Nurse' });
  return { ...rendered, recent };
}

describe('searching the results on the hub', () => {
  it('shows a page of ten, then the next page on "Show more results"', async () => {
    const assistant = stocked();
    const { user, recent } = await openHub(assistant);

    expect(within(recent).getAllByRole('link')).toHaveLength(10);
    await user.click(within(recent).getByRole('button', { name: 'Show more results' }));
    await waitFor(() => expect(within(recent).getAllByRole('link')).toHaveLength(13));
    expect(within(recent).queryByRole('button', { name: 'Show more results' })).toBeNull();
    expect(assistant.searches.at(-1)).toMatchObject({ before: 's-8', limit: 10 });
  });

  it('asks the server for the words searched, and filters by service and by job', async () => {
    const assistant = stocked();
    const { user, recent } = await openHub(assistant);

    await user.type(within(recent).getByRole('searchbox', { name: 'Search' }), 'priya{Enter}');
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Candidate summary: Priya Raman']),
    );
    expect(assistant.searches.at(-1)).toEqual({ q: 'priya', limit: 10 });

    await user.click(within(recent).getByRole('button', { name: 'Show all' }));
    await user.selectOptions(within(recent).getByRole('combobox', { name: 'Job' }), 'Night Charge Nurse');
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['External job description: Night Charge Nurse']),
    );
    expect(assistant.searches.at(-1)).toEqual({ jobId: JOB.id, limit: 10 });

    await user.selectOptions(within(recent).getByRole('combobox', { name: 'Service' }), 'Candidate summary');
    expect(await within(recent).findByText('No results match. Try other words, or show all.')).toBeVisible();
    expect(assistant.searches.at(-1)).toEqual({ capability: 'candidate-summary', jobId: JOB.id, limit: 10 });
  });
});

describe('deleting a result', () => {
  it('asks first; "Keep it" keeps the result, "Delete" removes it and says so', async () => {
    const assistant = stocked();
    const { user, recent } = await openHub(assistant);

    await user.click(within(recent).getByRole('button', { name: 'Delete Candidate summary: Priya Raman' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this result?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(assistant.deleted).toEqual([]);

    await user.click(within(recent).getByRole('button', { name: 'Delete Candidate summary: Priya Raman' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this result?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(recent).queryByRole('link', { name: 'Candidate summary: Priya Raman' })).toBeNull());
    expect(assistant.deleted).toEqual(['s-3']);
    expect(within(recent).getByRole('status')).toHaveTextContent('Deleted Candidate summary: Priya Raman.');
    expect(screen.getByRole('heading', { name: 'Your recent results' })).toHaveFocus();
  });

  it('keeps the dialog open with the server’s message when the deletion fails, and drops a result deleted elsewhere from the list', async () => {
    const assistant = stocked();
    assistant.failDeletes = new RestApiError(404, 'result_not_found', 'We could not find that result. It may have been deleted already.');
    const { user, recent } = await openHub(assistant);
    // Deleted in another tab since the list was loaded.
    assistant.results = assistant.results.filter((result) => result.id !== 's-0');

    await user.click(within(recent).getByRole('button', { name: 'Delete Candidate summary: Candidate 0' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(/could not find that result/);
    await waitFor(() => expect(within(recent).queryByRole('link', { name: 'Candidate summary: Candidate 0' })).toBeNull());
    expect(within(recent).getByRole('link', { name: 'Candidate summary: Candidate 1' })).toBeVisible();
  });
});

describe('deleting a result from a screen’s recent results', () => {
  it('asks first, then the result leaves the panel and stops being shown, and the panel says so', async () => {
    const assistant = stocked();
    const { user } = renderApp('/services/candidate-summary', { ports: subscriber(assistant) });
    const panel = await screen.findByRole('complementary', { name: 'Recent results' });
    await user.click(await within(panel).findByRole('button', { name: /^Priya Raman/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Summary of Priya Raman' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Delete Candidate summary: Priya Raman' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this result?' });
    expect(dialog).toHaveTextContent('Candidate summary: Priya Raman, from');
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Priya Raman/ })).toBeNull());
    expect(assistant.deleted).toEqual(['s-3']);
    expect(screen.queryByRole('heading', { level: 2, name: 'Summary of Priya Raman' })).toBeNull();
    expect(within(panel).getByRole('status')).toHaveTextContent('Deleted Candidate summary: Priya Raman.');
    expect(within(panel).getByRole('heading', { name: 'Your recent results' })).toHaveFocus();
    // The others stay, each with its own Delete button.
    expect(within(panel).getByRole('button', { name: 'Delete Candidate summary: Candidate 0' })).toBeVisible();
  });

  it('keeps the result and shows the server’s message in the dialog when the deletion is refused', async () => {
    const assistant = stocked();
    assistant.failDeletes = new RestApiError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
    const { user } = renderApp('/services/candidate-summary', { ports: subscriber(assistant) });
    const panel = await screen.findByRole('complementary', { name: 'Recent results' });
    await user.click(await within(panel).findByRole('button', { name: 'Delete Candidate summary: Candidate 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(within(panel).getByRole('button', { name: 'Delete Candidate summary: Candidate 1' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('sharing results with the firm', () => {
  it('shares a result from the hub, says so, and offers to stop sharing it', async () => {
    const assistant = stocked();
    const { user, recent } = await openHub(assistant);

    await user.click(within(recent).getByRole('button', { name: 'Share with my firm Candidate summary: Priya Raman' }));
    expect(await within(recent).findByText('Shared Candidate summary: Priya Raman with your firm.')).toBeVisible();
    expect(assistant.shares).toEqual([['s-3', true]]);

    await user.click(await within(recent).findByRole('button', { name: 'Stop sharing Candidate summary: Priya Raman' }));
    expect(await within(recent).findByText('Stopped sharing Candidate summary: Priya Raman: it is yours alone again.')).toBeVisible();
    expect(assistant.shares).toEqual([
      ['s-3', true],
      ['s-3', false],
    ]);
  });

  it('lists what teammates shared under "Shared with the firm", with who shared it and who left, without share or delete buttons', async () => {
    const assistant = stocked();
    assistant.teamResults = [
      { ...summaryResult({ id: 't-1', label: 'Marcus Webb' }), author: { userId: 'u-2', name: 'Rui Costa', shared: true, removed: false } },
      { ...summaryResult({ id: 't-2', label: 'Lena Ortiz' }), author: { userId: 'u-3', name: 'Lea Moss', shared: false, removed: true } },
    ];
    const { user, recent } = await openHub(assistant);

    await user.selectOptions(within(recent).getByRole('combobox', { name: 'Results' }), 'Shared with the firm');
    expect(await within(recent).findByText(/Shared by Rui Costa/)).toBeVisible();
    expect(within(recent).getByText(/By Lea Moss, no longer on the team/)).toBeVisible();
    expect(assistant.searches.at(-1)).toEqual({ scope: 'firm', limit: 10 });
    expect(within(recent).getByRole('link', { name: 'Candidate summary: Marcus Webb' })).toHaveAttribute(
      'href',
      '/services/candidate-summary?result=t-1&scope=firm',
    );
    expect(within(recent).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(recent).queryByRole('button', { name: /Share with my firm/ })).toBeNull();
  });

  it("shows who saved each of the firm's jobs", async () => {
    const assistant = stocked();
    assistant.jobs = [{ ...JOB, createdBy: { userId: 'u-2', name: 'Rui Costa' } }];
    renderApp('/services', { ports: subscriber(assistant) });
    expect(await screen.findByText('Saved by Rui Costa')).toBeVisible();
  });
});
