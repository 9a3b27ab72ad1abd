import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { Notifications, TOAST_OPTIONS } from '../../../../web/src/components/ui/notifications';
import { TOAST_LIMIT } from '../../../../web/src/config/constants';

describe('the toaster', () => {
  afterEach(() => jest.useRealTimers());

  it('uses the spec’s durations per type, removal 1 s after dismissal and a 350px maximum width', () => {
    expect(TOAST_OPTIONS).toEqual(
      expect.objectContaining({
        removeDelay: 1000,
        style: { maxWidth: '350px' },
        blank: { duration: 4000 },
        error: { duration: 4000 },
        success: { duration: 2000 },
        loading: { duration: Infinity },
        custom: { duration: 4000 },
      }),
    );
  });

  it('shows at most 20 toasts, dismissing the oldest first', async () => {
    expect(TOAST_LIMIT).toBe(20);
    render(<Notifications />);
    act(() => {
      for (let n = 1; n <= 25; n += 1) toast(`Message ${n}`, { duration: Infinity });
    });
    await screen.findByText('Message 25');

    // The oldest toasts are dismissed (and removed after the removal delay); the newest 20 stay.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
    });
    const remaining = screen.getAllByText(/^Message \d+$/).map((element) => element.textContent);
    expect(remaining).toHaveLength(20);
    expect(remaining).toContain('Message 25');
    expect(remaining).toContain('Message 6');
    expect(remaining).not.toContain('Message 5');
  });

  it('removes a dismissed toast from the page 1 s after dismissal', async () => {
    jest.useFakeTimers();
    render(<Notifications />);
    let id = '';
    act(() => {
      id = toast('Saved draft', { duration: Infinity });
    });
    expect(screen.getByText('Saved draft')).toBeInTheDocument();

    act(() => toast.dismiss(id));
    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByText('Saved draft')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved draft')).not.toBeInTheDocument();
  });
});
