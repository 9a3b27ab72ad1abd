/**
 * A problem the person starting the local runtime can fix (busy port, missing build, unreadable
 * data folder, a resolver the AppSync runtime would reject). `start.ts` prints its message as
 * is, without a stack trace, and exits with code 1.
 */
export class LocalRuntimeError extends Error {
  override readonly name = 'LocalRuntimeError';
}
