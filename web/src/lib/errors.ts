/**
 * An error whose message is written for the person using the app (as opposed to a technical
 * message from a library). `notifyError` shows its message as is. Kept apart from notify.ts
 * (which loads the toaster) so Amplify-facing chunks can throw it without importing the toaster.
 */
export class UserFacingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserFacingError';
  }
}
