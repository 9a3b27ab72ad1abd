import type { User } from '@contracts/user';
import type { RuntimeConfig } from '../../config/runtime-config';
import type { AuthUser } from './auth-state';
import { mayHaveStoredSession } from './stored-session';

/**
 * What the auth state needs from the outside world: the identity service's session and the user
 * record. The app uses {@link createAmplifySession}; tests pass a fake.
 */
export interface SessionPort {
  /** Synchronous: whether a signed-in session may be stored. `false` → signed out, nothing loads. */
  mayHaveSession(): boolean;
  /** The signed-in user, or `null` when nobody is signed in. */
  currentUser(): Promise<AuthUser | null>;
  /** The user's database record, or `null` when there is none for their email. */
  findDbUser(authUser: AuthUser): Promise<User | null>;
  /** Ends the session (this device). */
  signOut(): Promise<void>;
}

/**
 * The real session. Only the stored-session check is in the entry bundle; the calls on Cognito
 * and AppSync (and Amplify with them) load when first used, which for a signed-out visitor is
 * when they sign in.
 */
export function createAmplifySession(config: RuntimeConfig): SessionPort {
  let calls: ReturnType<typeof load> | undefined;
  const load = () => import('./amplify-session').then((module) => module.createAmplifySessionCalls(config));
  const get = () => {
    calls ??= load().catch((error: unknown) => {
      calls = undefined;
      throw error;
    });
    return calls;
  };
  return {
    mayHaveSession: () => mayHaveStoredSession(config),
    currentUser: async () => (await get()).currentUser(),
    findDbUser: async (authUser) => (await get()).findDbUser(authUser),
    signOut: async () => (await get()).signOut(),
  };
}
