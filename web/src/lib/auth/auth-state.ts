import type { User } from '@contracts/user';
import { FALLBACK_ERROR_MESSAGE } from '../../config/constants';

/** Stored when the signed-in email has no user record (spec error catalogue). */
export const NOT_LOGGED_IN_MESSAGE = 'You are not logged in';
/** Stored when the user record could not be looked up after sign-in. */
export const SIGN_IN_FAILED_MESSAGE = FALLBACK_ERROR_MESSAGE;

/** The signed-in person as the identity service knows them. */
export interface AuthUser {
  /** Cognito `sub`. */
  readonly userId: string;
  /** Cognito user name (with email sign-in, not the email). */
  readonly username: string;
  /** The verified sign-in email: the key of the database lookup. */
  readonly email: string;
  /**
   * The groups the id token named at sign-in (`cognito:groups`). Only what the web app shows
   * depends on it (the admin console's link); the server checks an admin at every call.
   */
  readonly groups?: readonly string[];
}

export type AuthStatus = 'loading' | 'signedOut' | 'authenticated';

/**
 * The shared authentication state (spec section 4): the auth user and the database user while
 * authenticated, and the last stored error message (cleared after 7 s by the provider).
 */
export interface AuthState {
  readonly status: AuthStatus;
  readonly authUser: AuthUser | null;
  readonly dbUser: User | null;
  readonly error: string | null;
  /** Counts stored errors, so the same message stored twice is shown (and cleared) twice. */
  readonly errorSeq: number;
}

export type AuthAction =
  | { readonly type: 'authenticated'; readonly authUser: AuthUser; readonly dbUser: User }
  | { readonly type: 'signedOut' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'errorExpired'; readonly errorSeq: number }
  | { readonly type: 'dbUserUpdated'; readonly dbUser: User };

/** The state on start: `loading` while a stored session may exist, else signed out at once. */
export function initialAuthState(mayHaveSession: boolean): AuthState {
  return { status: mayHaveSession ? 'loading' : 'signedOut', authUser: null, dbUser: null, error: null, errorSeq: 0 };
}

/** The transitions of the auth state. Pure: effects (Cognito, GraphQL, timers) live in the provider. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'authenticated':
      return { ...state, status: 'authenticated', authUser: action.authUser, dbUser: action.dbUser };
    case 'signedOut':
      return { ...state, status: 'signedOut', authUser: null, dbUser: null };
    case 'failed':
      return { ...state, status: 'signedOut', authUser: null, dbUser: null, error: action.message, errorSeq: state.errorSeq + 1 };
    case 'errorExpired':
      return action.errorSeq === state.errorSeq && state.error !== null ? { ...state, error: null } : state;
    case 'dbUserUpdated':
      return state.status === 'authenticated' ? { ...state, dbUser: action.dbUser } : state;
  }
}
