import { screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../../web/src/features/subscriptions/format';
import { testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';

describe('the success page', () => {
  it('says what was bought, when the trial ends and the first charge falls, the setup fee, and what to do next', async () => {
    const subscription = testSubscription();
    const trialEnds = formatDate(subscription.trialEndsAt ?? '');
    renderApp('/success', { state: { subscription, planName: 'Professional' } });

    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Subscribed · TalentPilot'));
    expect(screen.getByText(`Your Professional plan is ready, and your free trial runs until ${trialEnds}.`)).toBeInTheDocument();
    const bought = screen.getByRole('region', { name: 'What you bought' });
    const facts = Object.fromEntries(
      within(bought)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Plan: 'Professional',
      Seats: '1',
      Price: '$149 / month (USD)',
      'Free trial ends': trialEnds,
      'First monthly charge': `${trialEnds}: $149`,
      'Setup fee': '$199, one-time, charged today on your first invoice',
    });

    const next = screen.getByRole('region', { name: 'Next steps' });
    expect(within(next).getByRole('link', { name: 'Go to Services' })).toHaveAttribute('href', '/services');
    expect(within(next).getByRole('heading', { name: 'Connect your ATS, read-only' })).toBeInTheDocument();
    // Connecting is self-service on /account today, not a key sent through Support.
    expect(within(next).getByRole('link', { name: 'Connect your ATS' })).toHaveAttribute('href', '/account');
    expect(next).not.toHaveTextContent(/send it to us through Support/);
    expect(within(next).getByText(/never writes anything back/)).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Visit Support' })).toHaveAttribute('href', '/support');
    expect(within(next).getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
  });

  it('shows the seats bought at checkout and their monthly total', async () => {
    const subscription = testSubscription({ quantity: 3 });
    const trialEnds = formatDate(subscription.trialEndsAt ?? '');
    renderApp('/success', { state: { subscription, planName: 'Professional' } });

    const bought = await screen.findByRole('region', { name: 'What you bought' });
    const fact = (term: string) => within(bought).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Seats')).toBe('3');
    expect(fact('Price')).toBe('$447 / month: 3 seats × $149 (USD)');
    expect(fact('First monthly charge')).toBe(`${trialEnds}: $447`);
    expect(fact('Setup fee')).toBe('$199, one-time, charged today on your first invoice');
  });

  it('is public, and without a purchase to show it points to the account page', async () => {
    renderApp('/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
  });

  it('ignores a location state that is not a purchase', async () => {
    renderApp('/success', { state: { subscription: { id: 'x' }, planName: 42 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
  });
});
