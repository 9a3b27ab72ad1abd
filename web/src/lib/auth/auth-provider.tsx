import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { User } from '@contracts/user';
import { ERROR_MESSAGE_AUTO_CLEAR_MS } from '../../config/constants';
import { clearDrafts } from '../drafts';
import { notifyError } from '../notify';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState, NOT_LOGGED_IN_MESSAGE, SIGN_IN_FAILED_MESSAGE } from './auth-state';
import type { SessionPort } from './session';

async function signOutQuietly(session: SessionPort): Promise<void> {
  try {
    await session.signOut();
  } catch (error) {
    console.error(error);
  }
}

/**
 * Holds the authentication state for the whole app (spec section 4). On start it looks up the
 * current user (only when a session may be stored, so signed-out visitors never wait for
 * Amplify); a failure of that lookup is only logged. A stored error is shown as a toast and
 * clears itself after {@link ERROR_MESSAGE_AUTO_CLEAR_MS}.
 */
export function AuthProvider({ session, children }: { readonly session: SessionPort; readonly children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, session, (port) => initialAuthState(port.mayHaveSession()));
  const started = useRef(false);

  useEffect(() => {
    if (started.current || state.status !== 'loading') return;
    started.current = true;
    void (async () => {
      try {
        const authUser = await session.currentUser();
        if (!authUser) {
          dispatch({ type: 'signedOut' });
          return;
        }
        const dbUser = await session.findDbUser(authUser);
        if (dbUser) {
          dispatch({ type: 'authenticated', authUser, dbUser });
        } else {
          await signOutQuietly(session);
          dispatch({ type: 'failed', message: NOT_LOGGED_IN_MESSAGE });
        }
      } catch (error) {
        console.error(error);
        dispatch({ type: 'signedOut' });
      }
    })();
  }, [session, state.status]);

  useEffect(() => {
    if (state.error === null) return;
    // The id makes the toast idempotent (StrictMode runs effects twice).
    notifyError(state.error, undefined, `auth-error-${state.errorSeq}`);
    const seq = state.errorSeq;
    const timer = setTimeout(() => dispatch({ type: 'errorExpired', errorSeq: seq }), ERROR_MESSAGE_AUTO_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [state.error, state.errorSeq]);

  const completeSignIn = useCallback(async () => {
    try {
      const authUser = await session.currentUser();
      if (!authUser) throw new Error('The identity service reported no signed-in user after sign-in.');
      const dbUser = await session.findDbUser(authUser);
      if (dbUser) {
        dispatch({ type: 'authenticated', authUser, dbUser });
        return true;
      }
      await signOutQuietly(session);
      dispatch({ type: 'failed', message: NOT_LOGGED_IN_MESSAGE });
    } catch (error) {
      console.error(error);
      await signOutQuietly(session);
      dispatch({ type: 'failed', message: SIGN_IN_FAILED_MESSAGE });
    }
    return false;
  }, [session]);

  // The identity session ends first, so the app never shows a signed-out state over tokens that
  // a reload would bring back.
  const signOut = useCallback(async () => {
    await signOutQuietly(session);
    // What the user pasted on the screens (resumes, descriptions) does not outlive their session.
    clearDrafts();
    dispatch({ type: 'signedOut' });
  }, [session]);

  const updateDbUser = useCallback((dbUser: User) => dispatch({ type: 'dbUserUpdated', dbUser }), []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, completeSignIn, signOut, updateDbUser }),
    [state, completeSignIn, signOut, updateDbUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
