import { toast } from 'react-hot-toast';
import { FALLBACK_ERROR_MESSAGE } from '../config/constants';

/**
 * An error whose message is written for the person using the app (as opposed to a technical
 * message from a library). {@link notifyError} shows its message as is.
 */
export class UserFacingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserFacingError';
  }
}

/** The message to show for `error`: its own when written for people, the fallback otherwise. */
export function readableMessage(error: unknown, fallback: string = FALLBACK_ERROR_MESSAGE): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof UserFacingError && error.message.trim()) return error.message;
  return fallback;
}

/**
 * Logs an error to the console and shows it as an error toast (spec: "Errors are logged to the
 * console and shown by toast"). Error toasts are alerts, announced at once by screen readers
 * (react-hot-toast makes every toast a polite status unless told otherwise, per toast).
 * Returns the toast id.
 */
export function notifyError(error: unknown, fallback: string = FALLBACK_ERROR_MESSAGE): string {
  console.error(error);
  return toast.error(readableMessage(error, fallback), { ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
}

/** Shows a success toast. Returns the toast id. */
export function notifySuccess(message: string): string {
  return toast.success(message);
}
