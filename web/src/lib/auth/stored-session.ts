import type { RuntimeConfig } from '../../config/runtime-config';

/**
 * What can be known about the session without loading Amplify. Kept apart from lib/amplify.ts so
 * the entry bundle can answer "may anyone be signed in?" without Amplify's loaders.
 */

/** Whether the runtime config names a Cognito user pool (every deployed stage and `npm start`). */
export function hasUserPool(config: RuntimeConfig): boolean {
  return Boolean(config.userPoolId && config.userPoolClientId);
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Whether this browser may hold a signed-in session, read without loading Amplify: Amplify's
 * token store writes `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` to localStorage on
 * sign-in and removes it on sign-out. Without it nobody is signed in, so the app can show a
 * signed-out visitor the page at once instead of loading Amplify to find that out.
 */
export function mayHaveStoredSession(config: RuntimeConfig, storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  if (!hasUserPool(config)) return false;
  // Storage we cannot read: let Amplify decide.
  if (!storage) return true;
  try {
    return storage.getItem(`CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`) !== null;
  } catch {
    return true;
  }
}
