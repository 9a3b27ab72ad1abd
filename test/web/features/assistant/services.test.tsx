import { screen, waitFor, within } from '@testing-library/react';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { FakeAssistant, summaryResult } from '../../support/assistant';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { ENTERPRISE_PLAN, FakeBilling, testSubscription } from '../../support/billing';
import { fillIn } from '../../support/forms';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

/** A signed-in subscriber, with the assistant fake. */
function subscriber(assistant: FakeAssistant) {
  const billing = new FakeBilling();
  billing.subscriptions = [testSubscription(ENTERPRISE_PLAN)];
  return {
    session: new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session(),
    billing: billing.api(),
    assistant: assistant.api(),
  };
}

describe('the Services area', () => {
  it('links every capability to its own screen and lists the recent results, each opening on its screen', async () => {
    const assistant = new FakeAssistant();
    assistant.results = [summaryResult()];
    renderApp('/services', { ports: subscriber(assistant) });
    expect(await screen.findByRole('heading', { level: 1, name: /What TalentPilot does for you/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Client must-haves' })).toHaveAttribute('href', '/services/must-haves');
    expect(screen.getByRole('link', { name: 'Best-fit recommendation' })).toHaveAttribute('href', '/services/best-fit');
    const recent = screen.getByRole('region', { name: 'Your recent results' });
    expect(await within(recent).findByRole('link', { name: 'Candidate summary: Priya Raman' })).toHaveAttribute(
      'href',
      '/services/candidate-summary?result=result-1',
    );
  });

  it('refuses an empty resume next to the field, focused, without calling the server', async () => {
    const assistant = new FakeAssistant();
    const { user } = renderApp('/services/candidate-summary', { ports: subscriber(assistant) });
    await user.click(await screen.findByRole('button', { name: 'Write the summary' }));
    const profile = screen.getByLabelText('Resume or profile');
    expect(profile).toHaveFocus();
    expect(profile).toHaveAttribute('aria-invalid', 'true');
    expect(profile).toHaveAccessibleDescription(/Please give the resume or profile\./);
    expect(assistant.calls).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Candidate summary · TalentPilot'));
  });

  it('shows the server’s message, and its field message next to the field', async () => {
    const assistant = new FakeAssistant();
    assistant.answers.candidateSummary = async () => {
      throw new RestApiError(400, 'VALIDATION', 'Some fields are missing or invalid.', {
        profile: 'Resume or profile has at most 20,000 characters.',
      });
    };
    const { user } = renderApp('/services/candidate-summary', { ports: subscriber(assistant) });
    await user.type(await screen.findByLabelText('Resume or profile'), 'Priya Raman, backend engineer.');
    await user.click(screen.getByRole('button', { name: 'Write the summary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are missing or invalid.');
    const profile = screen.getByLabelText('Resume or profile');
    expect(profile).toHaveAccessibleDescription(/at most 20,000 characters/);
    await waitFor(() => expect(profile).toHaveFocus());
  });

  it('shows a new result with the engine that produced it, focuses its heading and adds it to the history', async () => {
    const assistant = new FakeAssistant();
    const fresh = summaryResult({
      id: 'result-2',
      engine: { kind: 'deterministic', model: null, note: 'Amazon Bedrock did not answer, so the offline engine did.' },
    });
    assistant.answers.candidateSummary = async () => fresh;
    const { user } = renderApp('/services/candidate-summary', { ports: subscriber(assistant) });
    await fillIn(user, await screen.findByLabelText('Resume or profile'), 'Priya Raman, backend engineer.');
    await user.click(screen.getByRole('button', { name: 'Write the summary' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Summary of Priya Raman' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Produced by the offline engine')).toBeInTheDocument();
    expect(screen.getByText('Amazon Bedrock did not answer, so the offline engine did.')).toBeInTheDocument();
    expect(assistant.calls[0]).toEqual({ method: 'candidateSummary', request: { profile: 'Priya Raman, backend engineer.' } });
    const history = screen.getByRole('complementary', { name: 'Recent results' });
    expect(within(history).getByRole('button', { name: /^Priya Raman/ })).toHaveAttribute('aria-current', 'true');
  });

  it('copies a result and says so, or says how to copy by hand when the clipboard is not available', async () => {
    const assistant = new FakeAssistant();
    assistant.results = [summaryResult()];
    const { user } = renderApp('/services/candidate-summary?result=result-1', { ports: subscriber(assistant) });
    const copy = await screen.findByRole('button', { name: 'Copy the candidate summary' });
    // After user-event's setup, which puts its own clipboard stub on the navigator.
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith('Priya Raman — Senior backend engineer, 8 years in payments.');
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the candidate summary' }));
    expect(await screen.findByText(/select the text and copy it/)).toBeInTheDocument();
  });
});
