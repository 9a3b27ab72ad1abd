import { paths } from '../../config/paths';

/** What the sign-in guard puts in the location state of its redirect to /sign-in. */
export interface SignInRedirectState {
  /** The page the visitor wanted (path, query and hash). */
  readonly from: string;
}

/**
 * The in-app page to return to after signing in, read from a location state. Only same-origin
 * paths are accepted (never `//host` or a URL), and never the sign-in page itself.
 */
export function returnPathFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state as { from: unknown };
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return undefined;
  if (from === paths.signIn || from.startsWith(`${paths.signIn}?`) || from.startsWith(`${paths.signIn}#`)) return undefined;
  return from;
}
