import { toast } from 'react-hot-toast';
import { FALLBACK_ERROR_MESSAGE } from '../config/constants';
import { UserFacingError } from './errors';

export { UserFacingError };

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
 * Returns the toast id; pass `id` to show a given error only once.
 */
export function notifyError(error: unknown, fallback: string = FALLBACK_ERROR_MESSAGE, id?: string): string {
  console.error(error);
  return toast.error(readableMessage(error, fallback), { id, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
}

/** Shows a success toast. Returns the toast id. */
export function notifySuccess(message: string): string {
  return toast.success(message);
}
