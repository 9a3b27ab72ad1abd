import { screen, waitFor, within } from '@testing-library/react';
import { JOB_CHANGE_RULE } from '@contracts/assistant';
import { DELETE_JOB_CONSEQUENCE } from '../../../../web/src/features/assistant/components/saved-jobs';
import { clearDrafts } from '../../../../web/src/lib/drafts';
import { FakeAssistant, savedJob } from '../../support/assistant';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { ENTERPRISE_PLAN, FakeBilling, testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

/** A signed-in subscriber (`sub`), with the assistant fake. */
function subscriber(assistant: FakeAssistant, sub = 'sub-ada') {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription(ENTERPRISE_PLAN)];
  const email = sub === 'sub-ada' ? 'ada@northbridge.example' : `${sub}@northbridge.example`;
  return {
    session: new FakeIdentity({ signedIn: authUser({ userId: sub, username: sub, email }), users: [dbUser({ id: sub, email })] }).session(),
    billing: billing.api(),
    assistant: assistant.api(),
  };
}

describe('the saved jobs on the Services hub', () => {
  it('renames a job, which the list then shows by its new name', async () => {
    const assistant = new FakeAssistant();
    assistant.jobs = [savedJob()];
    const { user } = renderApp('/services', { ports: subscriber(assistant) });
    const section = await screen.findByRole('region', { name: 'Your saved jobs' });
    await user.click(await within(section).findByRole('button', { name: 'Rename Senior Backend Engineer' }));
    const title = within(section).getByLabelText('New title');
    await user.clear(title);
    await user.click(within(section).getByRole('button', { name: 'Save the title' }));
    expect(within(section).getByLabelText('New title')).toHaveAccessibleDescription('Please give the job title.');
    await user.type(title, 'Staff Backend Engineer');
    await user.click(within(section).getByRole('button', { name: 'Save the title' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Renamed “Senior Backend Engineer” to “Staff Backend Engineer”.');
    expect(within(section).getByRole('button', { name: 'Rename Staff Backend Engineer' })).toBeInTheDocument();
    expect(assistant.jobs[0]).toMatchObject({ id: 'job-1', title: 'Staff Backend Engineer' });
  });

  it('archives a job out of the pickers and restores it from the archived list', async () => {
    const assistant = new FakeAssistant();
    assistant.jobs = [savedJob(), savedJob({ id: 'job-2', title: 'Platform Engineer' })];
    const { user } = renderApp('/services', { ports: subscriber(assistant) });
    const section = await screen.findByRole('region', { name: 'Your saved jobs' });
    await user.click(await within(section).findByRole('button', { name: 'Archive Platform Engineer' }));

    expect(await within(section).findByRole('status')).toHaveTextContent(
      /Archived “Platform Engineer”: the job pickers no longer offer it/,
    );
    expect(within(section).queryByText('Platform Engineer')).not.toBeInTheDocument();
    await user.click(within(section).getByLabelText('Show archived jobs (1)'));
    const archived = within(section).getByRole('heading', { name: 'Archived jobs' }).nextElementSibling as HTMLElement;
    await user.click(within(archived).getByRole('button', { name: 'Restore Platform Engineer' }));

    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/Restored “Platform Engineer”/));
    expect(assistant.jobs.find((job) => job.id === 'job-2')?.archived).toBe(false);
  });

  it('asks before deleting, says what happens to the results, and deletes only when confirmed', async () => {
    const assistant = new FakeAssistant();
    assistant.jobs = [savedJob()];
    const { user } = renderApp('/services', { ports: subscriber(assistant) });
    const section = await screen.findByRole('region', { name: 'Your saved jobs' });
    await user.click(await within(section).findByRole('button', { name: 'Delete Senior Backend Engineer' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Senior Backend Engineer”?' });
    expect(dialog).toHaveAccessibleDescription(DELETE_JOB_CONSEQUENCE);
    await user.click(within(dialog).getByRole('button', { name: 'Keep the job' }));
    expect(assistant.jobs).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Delete Senior Backend Engineer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete the job' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Deleted “Senior Backend Engineer”.');
    expect(assistant.jobs).toEqual([]);
    expect(within(section).getByText(/No saved jobs/)).toBeInTheDocument();
  });
  it('offers no changes on a teammate’s job the caller may not change, and says who may', async () => {
    const assistant = new FakeAssistant();
    assistant.jobs = [
      savedJob({ createdBy: { userId: 'sub-rita', name: 'Rita Mensah' }, mayChange: false }),
      savedJob({ id: 'job-2', title: 'Platform Engineer' }),
    ];
    renderApp('/services', { ports: subscriber(assistant) });
    const section = await screen.findByRole('region', { name: 'Your saved jobs' });
    const teammates = (await within(section).findByText('Saved by Rita Mensah')).closest('li') as HTMLElement;

    expect(within(teammates).getByText('Senior Backend Engineer')).toBeInTheDocument();
    expect(within(teammates).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Rename Platform Engineer' })).toBeInTheDocument();
    expect(within(section).getByText(JOB_CHANGE_RULE)).toBeInTheDocument();
  });

  it('says nothing of who may change jobs when the caller may change them all', async () => {
    const assistant = new FakeAssistant();
    assistant.jobs = [savedJob()];
    renderApp('/services', { ports: subscriber(assistant) });
    const section = await screen.findByRole('region', { name: 'Your saved jobs' });
    expect(await within(section).findByRole('button', { name: 'Delete Senior Backend Engineer' })).toBeInTheDocument();
    expect(within(section).queryByText(JOB_CHANGE_RULE)).not.toBeInTheDocument();
  });
});

describe('the job pickers', () => {
  it('leave archived jobs out until asked to show them', async () => {
    const assistant = new FakeAssistant();
    assistant.jobs = [savedJob(), savedJob({ id: 'job-2', title: 'Platform Engineer', archived: true })];
    const { user } = renderApp('/services/screening-questions', { ports: subscriber(assistant) });
    const picker = await screen.findByLabelText('Job');
    await waitFor(() => expect(within(picker).getByRole('option', { name: /Senior Backend Engineer/ })).toBeInTheDocument());
    expect(within(picker).queryByRole('option', { name: /Platform Engineer/ })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Show archived jobs (1)'));

    expect(within(picker).getByRole('option', { name: 'Platform Engineer · Berlin (archived)' })).toBeInTheDocument();
  });
});

describe('drafts', () => {
  it('keep a pasted description and resumes when the screen is left and opened again, for the same user only', async () => {
    const assistant = new FakeAssistant();
    const first = renderApp('/services/best-fit', { ports: subscriber(assistant) });
    await first.user.type(await screen.findByLabelText('Job description'), 'Run our payment platform.');
    await first.user.type(screen.getByLabelText('Candidate 1: resume or profile'), 'Eight years of Go.');
    first.unmount();

    const again = renderApp('/services/best-fit', { ports: subscriber(assistant) });
    expect(await screen.findByLabelText('Job description')).toHaveValue('Run our payment platform.');
    expect(screen.getByLabelText('Candidate 1: resume or profile')).toHaveValue('Eight years of Go.');
    again.unmount();

    // Each screen has its own draft.
    renderApp('/services/sourcing-terms', { ports: subscriber(assistant) });
    expect(await screen.findByLabelText('Job description')).toHaveValue('');
  });

  it('forget a chosen job that has since been deleted', async () => {
    const assistant = new FakeAssistant();
    assistant.jobs = [savedJob()];
    window.sessionStorage.setItem('draft:sub-ada:screening-questions:job-id', JSON.stringify('job-deleted'));
    window.sessionStorage.setItem('draft:sub-ada:sourcing-terms:job-id', JSON.stringify('job-1'));
    const first = renderApp('/services/screening-questions', { ports: subscriber(assistant) });
    await waitFor(() => expect(screen.getByLabelText('Job')).toHaveValue(''));
    expect(screen.getByLabelText('Job title')).toBeInTheDocument();
    first.unmount();

    renderApp('/services/sourcing-terms', { ports: subscriber(assistant) });
    await waitFor(() => expect(screen.getByLabelText('Job')).toHaveValue('job-1'));
  });

  it('are not shown to another user of the browser, and are gone once cleared (sign-out)', async () => {
    const assistant = new FakeAssistant();
    const first = renderApp('/services/candidate-summary', { ports: subscriber(assistant) });
    await first.user.type(await screen.findByLabelText('Resume or profile'), 'Priya Raman, backend engineer.');
    first.unmount();

    const other = renderApp('/services/candidate-summary', { ports: subscriber(assistant, 'sub-ben') });
    expect(await screen.findByLabelText('Resume or profile')).toHaveValue('');
    other.unmount();

    clearDrafts();
    renderApp('/services/candidate-summary', { ports: subscriber(assistant) });
    expect(await screen.findByLabelText('Resume or profile')).toHaveValue('');
  });
});
