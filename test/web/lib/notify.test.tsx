import { render, screen } from '@testing-library/react';
import { Notifications } from '../../../web/src/components/ui/notifications';
import { notifyError, notifySuccess, readableMessage, UserFacingError } from '../../../web/src/lib/notify';

describe('notifications for errors and successes', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Notifications />);
  });
  afterEach(() => consoleError.mockRestore());

  it('logs an error to the console and shows it in an error toast announced as an alert', async () => {
    const error = new UserFacingError('Could not get plans');
    notifyError(error);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not get plans');
    expect(consoleError).toHaveBeenCalledWith(error);
  });

  it('shows "Something went wrong" for an error without a message meant for people', async () => {
    notifyError(new TypeError("Cannot read properties of undefined (reading 'items')"));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('shows a caller’s fallback instead when given one', async () => {
    notifyError({ status: 500 }, 'Could not get plans');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not get plans');
  });

  it('shows a success toast', async () => {
    notifySuccess('Profile saved');
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });
});

describe('readable messages', () => {
  it('uses strings and user-facing errors as they are, anything else falls back', () => {
    expect(readableMessage('You are not logged in')).toBe('You are not logged in');
    expect(readableMessage(new UserFacingError('Could not get plans'))).toBe('Could not get plans');
    expect(readableMessage(new Error('ECONNRESET'))).toBe('Something went wrong');
    expect(readableMessage(undefined, 'Try again')).toBe('Try again');
  });
});
