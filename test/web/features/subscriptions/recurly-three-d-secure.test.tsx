import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RecurlyJs, RecurlyThreeDSecure } from '../../../../web/src/features/subscriptions/api/recurly-js';
import RecurlyThreeDSecureChallenge from '../../../../web/src/features/subscriptions/components/recurly-three-d-secure';

/** A stand-in for Recurly.js's `recurly.Risk().ThreeDSecure(...)` (the real one needs the network). */
function fakeThreeDSecure() {
  const handlers: Record<string, (value: unknown) => void> = {};
  const component = {
    on: jest.fn((event: string, handler: (value: unknown) => void) => {
      handlers[event] = handler;
    }),
    attach: jest.fn(),
    remove: jest.fn(),
  };
  const ThreeDSecure = jest.fn(() => component as unknown as RecurlyThreeDSecure);
  const recurly = { configure: jest.fn(), Elements: jest.fn(), Risk: jest.fn(() => ({ ThreeDSecure })), token: jest.fn() };
  (window as Window & { recurly?: unknown }).recurly = recurly as unknown as RecurlyJs;
  return { component, ThreeDSecure, handlers };
}

afterEach(() => {
  delete (window as Window & { recurly?: unknown }).recurly;
});

describe('RecurlyThreeDSecure (AWS)', () => {
  it('attaches the bank’s check only when the subscriber starts it (a user-initiated event, as Recurly.js requires)', async () => {
    const { component, ThreeDSecure, handlers } = fakeThreeDSecure();
    const onAuthenticated = jest.fn();
    const onFailed = jest.fn();
    render(
      <RecurlyThreeDSecureChallenge publicKey="ewr1-key" actionTokenId="action-1" onAuthenticated={onAuthenticated} onFailed={onFailed} />,
    );

    const start = screen.getByRole('button', { name: 'Start the check' });
    await waitFor(() => expect(start).toBeEnabled());
    expect(ThreeDSecure).toHaveBeenCalledWith({ actionTokenId: 'action-1' });
    expect(component.attach).not.toHaveBeenCalled();

    fireEvent.click(start);
    expect(component.attach).toHaveBeenCalledWith(expect.any(HTMLDivElement));
    expect(screen.queryByRole('button', { name: 'Start the check' })).toBeNull();

    act(() => handlers.token({ id: 'result-1' }));
    expect(onAuthenticated).toHaveBeenCalledWith('result-1');
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('reports a failed check', async () => {
    const { handlers } = fakeThreeDSecure();
    const onFailed = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RecurlyThreeDSecureChallenge publicKey="ewr1-key" actionTokenId="action-2" onAuthenticated={jest.fn()} onFailed={onFailed} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start the check' })).toBeEnabled());

    act(() => handlers.error({ code: 'three-d-secure-failed', message: 'declined' }));
    expect(onFailed).toHaveBeenCalledWith(expect.stringMatching(/\S/));
  });
});
