import { screen, waitFor } from '@testing-library/react';
import {
  loadRecurlyJs,
  RECURLY_JS_URL,
  type RecurlyElements,
  type RecurlyJs,
  type RecurlyTokenError,
} from '../../../../web/src/features/subscriptions/api/recurly-js';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling } from '../../support/billing';
import { renderApp, testConfig } from '../../support/render';

/** A stand-in for the global `recurly` that Recurly.js defines (the real one needs the network). */
function fakeRecurly(answer: { error: RecurlyTokenError } | { id: string }) {
  const element = { attach: jest.fn(), remove: jest.fn() };
  const elements: RecurlyElements = { CardElement: jest.fn(() => element) };
  const recurly: RecurlyJs & { [K in keyof RecurlyJs]: jest.Mock } = {
    configure: jest.fn(),
    Elements: jest.fn(() => elements),
    Risk: jest.fn(),
    token: jest.fn((_elements: RecurlyElements, _form: HTMLFormElement, done: Parameters<RecurlyJs['token']>[2]) =>
      'error' in answer ? done(answer.error, { id: '' }) : done(null, { id: answer.id }),
    ),
  };
  (window as Window & { recurly?: RecurlyJs }).recurly = recurly;
  return { recurly, element, elements };
}

afterEach(() => {
  delete (window as Window & { recurly?: RecurlyJs }).recurly;
  jest.restoreAllMocks();
});

function subscribeWithRecurly() {
  const billing = new FakeBilling();
  const api = billing.api();
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  const rendered = renderApp('/subscribe', {
    config: testConfig({ recurlyPublicKey: 'ewr1-test-public-key' }),
    ports: { session, billing: api },
  });
  return { ...rendered, api };
}

describe('card entry with Recurly.js', () => {
  it('attaches the card Element, tokenizes the form with the name on card, and sends only the token', async () => {
    const { recurly, element, elements } = fakeRecurly({ id: 'recurly-token-1' });
    const { user, api } = subscribeWithRecurly();
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));

    await waitFor(() => expect(element.attach).toHaveBeenCalled());
    expect(recurly.configure).toHaveBeenCalledWith({ publicKey: 'ewr1-test-public-key' });
    const container = element.attach.mock.calls[0][0] as HTMLElement;
    expect(container.closest('form')).not.toBeNull();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Okafor');

    await user.click(screen.getByRole('button', { name: 'Start free trial' }));

    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeInTheDocument();
    const [tokenElements, form] = recurly.token.mock.calls[0] as [RecurlyElements, HTMLFormElement];
    expect(tokenElements).toBe(elements);
    expect(form.querySelector<HTMLInputElement>('[data-recurly="first_name"]')?.value).toBe('Ada');
    expect(form.querySelector<HTMLInputElement>('[data-recurly="last_name"]')?.value).toBe('Okafor');
    expect(api.createChange).toHaveBeenCalledWith(
      { planCode: 'starter_2weeksfree_monthly_onetimesetup_dev', currency: 'USD', billingToken: 'recurly-token-1', seats: 1 },
      expect.any(String),
    );
  });

  it('shows a message and sends nothing when Recurly.js refuses the card', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element } = fakeRecurly({
      error: { code: 'validation', message: 'There was an error validating your request.', fields: ['number'] },
    });
    const { user, api } = subscribeWithRecurly();
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    await waitFor(() => expect(element.attach).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card details could not be verified. Check them and try again.');
    expect(api.createChange).not.toHaveBeenCalled();
  });
});

describe('loading Recurly.js', () => {
  const script = () => document.head.querySelector<HTMLScriptElement>(`script[src="${RECURLY_JS_URL}"]`);

  it('adds Recurly’s script once, configures it with the public key, and tries again after a failed load', async () => {
    const failed = loadRecurlyJs('ewr1-key');
    script()?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow(`Recurly.js could not be loaded from ${RECURLY_JS_URL}.`);
    expect(script()).toBeNull();

    const loaded = loadRecurlyJs('ewr1-key');
    const again = loadRecurlyJs('ewr1-key');
    expect(document.head.querySelectorAll(`script[src="${RECURLY_JS_URL}"]`)).toHaveLength(1);
    const { recurly } = fakeRecurly({ id: 'unused' });
    script()?.onload?.(new Event('load'));

    await expect(loaded).resolves.toBe(recurly);
    await expect(again).resolves.toBe(recurly);
    expect(recurly.configure).toHaveBeenCalledTimes(1);
    expect(recurly.configure).toHaveBeenCalledWith({ publicKey: 'ewr1-key' });
    script()?.remove();
  });
});
