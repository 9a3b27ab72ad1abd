import { FALLBACK_ERROR_MESSAGE } from '../config/constants';
import { UserFacingError } from './errors';

export { UserFacingError };

type ToastModule = typeof import('react-hot-toast');

/**
 * react-hot-toast loads with the first toast, not with the entry: most visits show none, and the
 * home route's JavaScript is measured against a bare React app (bench, web section). The toaster
 * ({@link subscribeToToasts}) mounts once a toast was asked for; its store keeps what was shown
 * before it mounted.
 */
let toastModule: Promise<ToastModule> | undefined;
const listeners = new Set<() => void>();

function loadToasts(): Promise<ToastModule> {
  if (!toastModule) {
    toastModule = import('react-hot-toast');
    // A failed chunk load is retried by the next toast.
    toastModule.catch(() => {
      toastModule = undefined;
    });
    for (const listener of listeners) listener();
  }
  return toastModule;
}

/** Calls `listener` when the first toast is asked for (for `useSyncExternalStore`). */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any toast was asked for, so the toaster must be on the page. */
export function toastsRequested(): boolean {
  return toastModule !== undefined;
}

function show(display: (module: ToastModule) => void): void {
  loadToasts().then(display, (error: unknown) => console.error(error));
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
 * Pass `id` to show a given error only once.
 */
export function notifyError(error: unknown, fallback: string = FALLBACK_ERROR_MESSAGE, id?: string): void {
  console.error(error);
  const message = readableMessage(error, fallback);
  show(({ toast }) => toast.error(message, { id, ariaProps: { role: 'alert', 'aria-live': 'assertive' } }));
}

/** Shows a success toast. */
export function notifySuccess(message: string): void {
  show(({ toast }) => toast.success(message));
}
