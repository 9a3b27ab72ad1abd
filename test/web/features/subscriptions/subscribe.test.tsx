import { act, screen, waitFor, within } from '@testing-library/react';
import type { RuntimeConfig } from '../../../../web/src/config/runtime-config';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { DECLINED_MESSAGE, fakeTestCardTokens, FakeBilling, testSubscription } from '../../support/billing';
import { errorOf, fillIn } from '../../support/forms';
import { renderApp, testConfig } from '../../support/render';

const STARTER = 'starter_2weeksfree_monthly_onetimesetup_dev';
const PROFESSIONAL = 'professional_2weeksfree_monthly_onetimesetup_dev';
const ENTERPRISE = 'enterprise_2weeksfree_monthly_onetimesetup_dev';

/** The local runtime's config: card entry through the test card form. */
const localConfig = (): RuntimeConfig => testConfig({ localBillingTokenUrl: 'http://127.0.0.1:5185/_local/billing/tokens' });

afterEach(() => jest.restoreAllMocks());

function subscribePage(
  billing = new FakeBilling(),
  { config = localConfig(), path = '/subscribe', state }: { config?: RuntimeConfig; path?: string; state?: unknown } = {},
) {
  const api = billing.api();
  const testCardTokens = fakeTestCardTokens();
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  const rendered = renderApp(path, { config, ports: { session, billing: api, testCardTokens }, state });
  return { ...rendered, api, testCardTokens, billing };
}

async function chooseSeats(user: ReturnType<typeof subscribePage>['user'], seats: string) {
  await user.clear(screen.getByLabelText('Seats'));
  await user.type(screen.getByLabelText('Seats'), seats);
}

/** A row of the checkout's total, before paying. */
const totalOf = (term: string) =>
  within(screen.getByRole('region', { name: 'Start your free trial' })).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/** Fills the test card's fields (pasted: 'checks the card fields before anything is sent' types). */
async function enterCard(user: ReturnType<typeof subscribePage>['user'], number = '4111 1111 1111 1111') {
  await fillIn(user, screen.getByLabelText('Card number'), number);
  await fillIn(user, screen.getByLabelText('Expiry (MM/YY)'), '12/30');
  await fillIn(user, screen.getByLabelText('CVC'), '123');
}

describe('the subscribe page', () => {
  it('shows the known plans in order, with their prices, trial, billing and setup fee', async () => {
    subscribePage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Choose Starter' });
    const names = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Starter', 'Professional', 'Enterprise']);
    expect(screen.queryByText(/Legacy/)).not.toBeInTheDocument();
    expect(screen.getByText('$149 / month after a 14-day free trial · $199 one-time setup fee')).toBeInTheDocument();
    expect(screen.getAllByText('Two weeks free · monthly billing · one-time setup fee')).toHaveLength(3);
    for (const name of ['Starter', 'Professional', 'Enterprise'])
      expect(screen.getByRole('button', { name: `Choose ${name}` })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows prices in the chosen currency, USD first', async () => {
    const { user } = subscribePage();
    const currency = await screen.findByLabelText('Currency');
    expect(currency).toHaveValue('USD');
    expect(
      within(currency)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['USD ($)', 'EUR (€)']);

    await user.selectOptions(currency, 'EUR');

    expect(screen.getByText('€139 / month after a 14-day free trial · €179 one-time setup fee')).toBeInTheDocument();
    expect(screen.queryByText(/\$149/)).not.toBeInTheDocument();
  });

  it('says Could not get plans when the plans fail to load, and loads them on Try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const billing = new FakeBilling();
    billing.failNext('listPlans', new RestApiError(502, 'HTTP_502', 'Something went wrong'));
    const { user } = subscribePage(billing);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not get plans$/);
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Choose Starter' })).toBeInTheDocument();
  });

  it('says Could not get plans when none of the known plans is offered', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const billing = new FakeBilling();
    billing.plans = billing.plans.filter((plan) => !plan.code.endsWith('_dev'));
    subscribePage(billing);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not get plans$/);
  });

  it('subscribes with the test card: the card becomes a token, only the token reaches the API, then /success', async () => {
    const { user, api, testCardTokens, router } = subscribePage();
    await user.click(await screen.findByRole('button', { name: 'Choose Professional' }));
    expect(screen.getByRole('button', { name: 'Choose Professional' })).toHaveAttribute('aria-pressed', 'true');
    const checkout = screen.getByRole('region', { name: 'Start your free trial' });
    expect(within(checkout).getByRole('group', { name: 'Test card — local billing, no real charge' })).toBeInTheDocument();
    expect(within(checkout).getByText('4111 1111 1111 1111')).toBeInTheDocument();
    expect(within(checkout).getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Okafor');

    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));

    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/success');
    expect(testCardTokens.tokenize).toHaveBeenCalledWith({
      number: '4111111111111111',
      month: '12',
      year: '2030',
      cvv: '123',
      firstName: 'Ada',
      lastName: 'Okafor',
    });
    expect(api.createChange).toHaveBeenCalledTimes(1);
    const [request, key] = api.createChange.mock.calls[0] as [unknown, string];
    expect(request).toEqual({ planCode: PROFESSIONAL, currency: 'USD', billingToken: 'tok-1111', seats: 1 });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(api.createChange.mock.calls)).not.toMatch(/4111111111111111|"123"|12\/30/);
    expect(screen.getByText('Professional', { selector: 'dd' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual(expect.objectContaining({ planName: 'Professional' }));

    // The subscriptions were refreshed: the gated area lets the user in now.
    expect(api.getUserSubscriptions).toHaveBeenCalledTimes(2);
    await act(() => router.navigate('/services'));
    expect(await screen.findByRole('heading', { level: 1, name: /What TalentPilot does for you/ })).toBeInTheDocument();
  });

  it('retries an unsettled attempt with the same Idempotency-Key and token, and disables the button while in flight', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const billing = new FakeBilling();
    billing.failNext(
      'createChange',
      new RestApiError(0, 'NETWORK', 'We could not reach our servers. Check your connection and try again.'),
    );
    const { user, api, testCardTokens } = subscribePage(billing);
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    await enterCard(user);

    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach our servers. Check your connection and try again.');

    let release: () => void = () => undefined;
    const original = api.createChange.getMockImplementation();
    api.createChange.mockImplementationOnce(async (...args: unknown[]) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return original?.(...args);
    });
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    const busy = await screen.findByRole('button', { name: 'Starting your trial…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    release();

    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
    expect(api.createChange).toHaveBeenCalledTimes(2);
    const [first, second] = api.createChange.mock.calls as [unknown, string][];
    expect(second[1]).toBe(first[1]);
    expect(second[0]).toEqual(first[0]);
    expect(testCardTokens.tokenize).toHaveBeenCalledTimes(1);
  });

  it('shows a declined card’s message, stays on the page, and starts a new attempt on the next try', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, api, router } = subscribePage();
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    await enterCard(user, '4000 0000 0000 0002');

    await user.click(screen.getByRole('button', { name: 'Start free trial' }));

    // By the card fields, which it describes, and not as a toast that goes away.
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(DECLINED_MESSAGE);
    expect(screen.getByRole('group', { name: /Test card/ })).toHaveAttribute('aria-describedby', problem.id);
    expect(screen.getByRole('region', { name: 'Start your free trial' })).toContainElement(problem);
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeEnabled();

    await fillIn(user, screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    expect(screen.getByRole('alert')).toHaveTextContent(DECLINED_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));

    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
    const [declined, approved] = api.createChange.mock.calls as [{ billingToken: string }, string][];
    expect(declined[0].billingToken).toBe('tok-0002');
    expect(approved[0].billingToken).toBe('tok-1111');
    expect(approved[1]).not.toBe(declined[1]);
  });

  describe('when the bank wants the payment confirmed (3-D Secure)', () => {
    const threeDSecureRequired = () =>
      new RestApiError(
        402,
        'three_d_secure_required',
        'Your bank wants you to confirm this payment.',
        {},
        {
          message: 'Your bank wants you to confirm this payment.',
          code: 'three_d_secure_required',
          threeDSecureActionTokenId: 'act-1',
        },
      );

    it('opens the check and, once passed, sends the same request (its seats too) again with its result token and a new key', async () => {
      const billing = new FakeBilling();
      billing.failNext('createChange', threeDSecureRequired());
      const { user, api, testCardTokens } = subscribePage(billing);
      await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
      await chooseSeats(user, '3');
      await enterCard(user, '4000 0000 0000 3220');
      await user.click(screen.getByRole('button', { name: 'Start free trial' }));

      const check = await screen.findByRole('region', { name: 'Confirm the payment with your bank' });
      await waitFor(() => expect(within(check).getByRole('heading', { name: 'Confirm the payment with your bank' })).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Start free trial' })).toBeDisabled();
      expect(api.createChange).toHaveBeenCalledTimes(1);
      // The seats and their total stay as they were while the bank's check is open.
      expect(screen.getByLabelText('Seats')).toBeDisabled();
      expect(screen.getByLabelText('Seats')).toHaveValue(3);
      expect(totalOf('Monthly total')).toMatch(/^\$147 \/ month \(3 seats × \$49\)/);

      await user.click(within(check).getByRole('button', { name: 'Complete authentication' }));

      expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
      expect(testCardTokens.completeThreeDSecure).toHaveBeenCalledWith('act-1', 'authenticate');
      const [first, second] = api.createChange.mock.calls as [Record<string, unknown>, string][];
      expect(first[0]).toEqual({ planCode: STARTER, currency: 'USD', billingToken: 'tok-3220', seats: 3 });
      expect(second[0]).toEqual({
        planCode: STARTER,
        currency: 'USD',
        billingToken: 'tok-3220',
        seats: 3,
        threeDSecureActionResultTokenId: 'result-act-1',
      });
      expect(second[1]).not.toBe(first[1]);
      expect(screen.getByText('Seats', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^3$/);
    });

    it.each([
      ['Fail authentication', 'Your bank could not confirm this payment'],
      ['Cancel', 'You closed your bank’s check before it finished'],
    ])('says so by the card fields after %s, subscribes nothing, and starts afresh on the next try', async (button, message) => {
      const billing = new FakeBilling();
      billing.failNext('createChange', threeDSecureRequired());
      const { user, api, router } = subscribePage(billing);
      await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
      await enterCard(user, '4000 0000 0000 3220');
      await user.click(screen.getByRole('button', { name: 'Start free trial' }));
      const check = await screen.findByRole('region', { name: 'Confirm the payment with your bank' });

      await user.click(within(check).getByRole('button', { name: button }));

      const problem = await screen.findByRole('alert');
      expect(problem).toHaveTextContent(message);
      expect(screen.getByRole('group', { name: /Test card/ })).toHaveAttribute('aria-describedby', problem.id);
      expect(screen.queryByRole('region', { name: 'Confirm the payment with your bank' })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Start free trial' })).toHaveFocus());
      expect(router.state.location.pathname).toBe('/subscribe');
      expect(api.createChange).toHaveBeenCalledTimes(1);
    });
  });

  describe('seats', () => {
    it('asks for the seats with their help, shows the monthly total for them before paying, and subscribes with them', async () => {
      const { user, api } = subscribePage();
      await user.click(await screen.findByRole('button', { name: 'Choose Professional' }));
      const seats = screen.getByLabelText('Seats');
      expect(seats).toHaveValue(1);
      const hint = screen.getByText('One seat per recruiter. You can add seats later from the Team page.');
      expect(seats).toHaveAttribute('aria-describedby', hint.id);
      expect(totalOf('Monthly total')).toMatch(/^\$149 \/ month \(1 seat × \$149\), from /);

      await chooseSeats(user, '3');

      expect(totalOf('Price per seat')).toBe('$149 / month');
      expect(totalOf('Monthly total')).toMatch(/^\$447 \/ month \(3 seats × \$149\), from \w+ \d+, \d{4}$/);
      expect(totalOf('Due today')).toBe('$199 (the one-time setup fee of $199, not per seat)');
      expect(screen.getByText(/monthly billing of \$447 starts then/)).toBeInTheDocument();

      await enterCard(user);
      await user.click(screen.getByRole('button', { name: 'Start free trial' }));

      expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
      expect(api.createChange.mock.calls[0][0]).toEqual({ planCode: PROFESSIONAL, currency: 'USD', billingToken: 'tok-1111', seats: 3 });
      expect(screen.getByText('Seats', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^3$/);
      expect(screen.getByText('Price', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$447 / month: 3 seats × $149 (USD)');
    });

    it.each([
      ['0', 'Choose from 1 to 1,000 seats.'],
      ['1001', 'Choose from 1 to 1,000 seats.'],
      ['2.5', 'Enter a whole number of seats.'],
      ['', 'Enter a whole number of seats.'],
    ])('refuses %p seats by the field before anything is sent', async (typed, message) => {
      const { user, api, testCardTokens } = subscribePage();
      await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
      await user.clear(screen.getByLabelText('Seats'));
      if (typed) await user.type(screen.getByLabelText('Seats'), typed);
      await enterCard(user);

      await user.click(screen.getByRole('button', { name: 'Start free trial' }));

      const seats = screen.getByLabelText('Seats');
      expect(errorOf(seats)).toBe(message);
      expect(seats).toHaveAttribute('aria-invalid', 'true');
      expect(seats).toHaveFocus();
      expect(screen.queryByText('Monthly total', { selector: 'dt' })).not.toBeInTheDocument();
      expect(testCardTokens.tokenize).not.toHaveBeenCalled();
      expect(api.createChange).not.toHaveBeenCalled();

      await chooseSeats(user, '2');
      expect(seats).not.toHaveAttribute('aria-invalid');
      expect(totalOf('Monthly total')).toMatch(/^\$98 \/ month \(2 seats × \$49\)/);
    });

    it('starts a new attempt (a new key) when the seats change after an unsettled one', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const billing = new FakeBilling();
      billing.failNext(
        'createChange',
        new RestApiError(0, 'NETWORK', 'We could not reach our servers. Check your connection and try again.'),
      );
      const { user, api } = subscribePage(billing);
      await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
      await enterCard(user);
      await user.click(screen.getByRole('button', { name: 'Start free trial' }));
      await screen.findByRole('alert');

      await chooseSeats(user, '4');
      await user.click(screen.getByRole('button', { name: 'Start free trial' }));

      expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
      const [first, second] = api.createChange.mock.calls as [{ seats: number }, string][];
      expect([first[0].seats, second[0].seats]).toEqual([1, 4]);
      expect(second[1]).not.toBe(first[1]);
    });
  });

  it('checks the card fields before anything is sent', async () => {
    const { user, api, testCardTokens } = subscribePage();
    await user.click(await screen.findByRole('button', { name: 'Choose Enterprise' }));
    await user.clear(screen.getByLabelText('Name on card'));
    await user.type(screen.getByLabelText('Card number'), '4111 1111 1111 1112');

    await user.click(screen.getByRole('button', { name: 'Start free trial' }));

    expect(errorOf(screen.getByLabelText('Card number'))).toBe('This card number is not valid. Check it and try again.');
    expect(errorOf(screen.getByLabelText('Expiry (MM/YY)'))).toBe('Enter the expiry date as MM/YY.');
    expect(errorOf(screen.getByLabelText('CVC'))).toBe('Enter the security code (CVC).');
    expect(errorOf(screen.getByLabelText('Name on card'))).toBe('Enter the name as it appears on the card.');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(testCardTokens.tokenize).not.toHaveBeenCalled();
    expect(api.createChange).not.toHaveBeenCalled();
  });

  it('changes the plan of a live subscription without a card, then shows the account', async () => {
    const billing = new FakeBilling();
    billing.subscriptions = [testSubscription({ planCode: STARTER, planName: 'Starter — two weeks free', unitAmount: 49, setupFee: 99 })];
    const { user, api, testCardTokens, router } = subscribePage(billing);

    expect(await screen.findByText(/You are on the/)).toHaveTextContent('You are on the Starter plan (In trial).');
    expect(screen.getByText('Your current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Starter' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Currency')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose Enterprise' }));
    const checkout = screen.getByRole('region', { name: 'Change your plan' });
    expect(within(checkout).queryByLabelText('Card number')).not.toBeInTheDocument();
    // Seats change on the Team page, not with the plan.
    expect(within(checkout).queryByLabelText('Seats')).not.toBeInTheDocument();
    await user.click(within(checkout).getByRole('button', { name: 'Change plan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.createChange).toHaveBeenCalledWith({ planCode: ENTERPRISE, currency: 'USD' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(testCardTokens.tokenize).not.toHaveBeenCalled();
    expect(await screen.findByText('Your plan is now Enterprise.')).toBeInTheDocument();
    const subscription = await screen.findByRole('region', { name: 'Your subscription' });
    expect(await within(subscription).findByText('Enterprise')).toBeInTheDocument();
  });

  it('cannot take a card when the deployment configures no card entry', async () => {
    const { user } = subscribePage(new FakeBilling(), { config: testConfig() });
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Card payments are not available on this site right now/);
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeDisabled();
  });

  it('offers to continue to the gated page the user came from after subscribing', async () => {
    const { user } = subscribePage(new FakeBilling(), { state: { from: '/support' } });
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', '/support');
  });
});
