import { screen, waitFor } from '@testing-library/react';
import type { AssistantResult } from '@contracts/assistant';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { FakeAssistant, savedJob } from '../../support/assistant';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

/** A signed-in subscriber, with the assistant fake. */
function subscriber(assistant: FakeAssistant) {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription()];
  return {
    session: new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session(),
    billing: billing.api(),
    assistant: assistant.api(),
  };
}

function questionsResult(jobId: string): AssistantResult<'screening-questions'> {
  return {
    id: 'result-9',
    capability: 'screening-questions',
    jobId,
    label: 'Platform Engineer',
    engine: { kind: 'deterministic', model: null, note: null },
    createdAt: '2026-11-24T14:05:00.000Z',
    output: { questions: [] },
  };
}

describe('choosing the job a request is about', () => {
  it('clears the server’s complaint about a job field once it changes, and puts the job’s fields away when a saved job is chosen', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const assistant = new FakeAssistant();
    assistant.jobs = [savedJob()];
    assistant.answers.sourcingTerms = async () => {
      throw new RestApiError(400, 'VALIDATION', 'Some fields are missing or invalid.', { description: 'The description is too vague.' });
    };
    const { user } = renderApp('/services/sourcing-terms', { ports: subscriber(assistant) });
    await user.type(await screen.findByLabelText('Job description'), 'Backend work.');
    await user.click(screen.getByRole('button', { name: 'Generate search strings' }));
    const description = screen.getByLabelText('Job description');
    await waitFor(() => expect(description).toHaveAccessibleDescription(/The description is too vague\./));
    await user.type(description, ' In TypeScript.');
    expect(description).not.toHaveAccessibleDescription(/The description is too vague\./);

    await user.selectOptions(screen.getByLabelText('Job'), 'job-1');
    expect(screen.queryByLabelText('Job description')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try a sample' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Exclusions/)).toBeInTheDocument();
  });

  it('saves a new job on the way and makes it the picker’s choice', async () => {
    const assistant = new FakeAssistant();
    const created = savedJob({ id: 'job-2', title: 'Platform Engineer', location: '', mustHaves: [] });
    assistant.answers.saveJob = async () => created;
    assistant.answers.screeningQuestions = async (request) => questionsResult(request.jobId);
    const { user } = renderApp('/services/screening-questions', { ports: subscriber(assistant) });
    await user.type(await screen.findByLabelText('Job title'), 'Platform Engineer');
    await user.type(screen.getByLabelText('Job description'), 'Run our Kubernetes platform.');
    await user.click(screen.getByRole('button', { name: 'Generate screening questions' }));
    expect(await screen.findByRole('heading', { name: 'Screening questions for Platform Engineer' })).toBeInTheDocument();
    expect(assistant.calls.map((call) => call.method)).toEqual(['saveJob', 'screeningQuestions']);
    expect(assistant.calls[1].request).toEqual({ jobId: 'job-2' });
    expect(screen.getByLabelText('Job')).toHaveValue('job-2');
    expect(screen.queryByLabelText('Job title')).not.toBeInTheDocument();
  });
});
