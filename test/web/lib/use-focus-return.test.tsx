import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useFocusReturn } from '../../../web/src/lib/use-focus-return';

/** A submit button that is disabled while busy, as the app's forms do. */
function Submitter({ onStart }: { readonly onStart?: () => void }) {
  const [busy, setBusy] = useState(false);
  const remember = useFocusReturn(busy);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          remember();
          setBusy(true);
          onStart?.();
        }}
      >
        Send
      </button>
      <button type="button" onClick={() => setBusy(false)}>
        Done
      </button>
      <input aria-label="Elsewhere" />
    </>
  );
}

describe('focus after a submission', () => {
  it('returns to the control that submitted when disabling it dropped focus on the page body', () => {
    // Browsers move focus off a control that becomes disabled; jsdom does not, so do it here.
    render(<Submitter onStart={() => (document.activeElement as HTMLElement).blur()} />);
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    act(() => send.click());
    expect(document.activeElement).toBe(document.body);
    act(() => screen.getByRole('button', { name: 'Done' }).click());
    expect(send).toHaveFocus();
  });

  it('leaves focus alone when it moved somewhere else meanwhile (an invalid field, a new page)', () => {
    render(<Submitter />);
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    act(() => send.click());
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    act(() => screen.getByRole('button', { name: 'Done' }).click());
    expect(elsewhere).toHaveFocus();
  });
});
