import { createContext, useContext } from 'react';
import type { User } from '@contracts/user';
import { ADMIN_GROUP } from '@shared-domain/groups';
import type { AuthState, AuthUser } from './auth-state';

export interface AuthContextValue extends AuthState {
  /**
   * Call after the identity service signed the user in: looks the user up by email in the
   * database. Found: authenticated (resolves `true`). Not found or failed: signs out and stores
   * 'You are not logged in' or 'Something went wrong' (resolves `false`).
   */
  completeSignIn(): Promise<boolean>;
  /** Ends the identity session, then clears the user. Navigation (to `/`) is the caller's. */
  signOut(): Promise<void>;
  /** Replaces the database user after the user changed their profile. */
  updateDbUser(dbUser: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The authentication state and its actions. Only usable below {@link AuthProvider}. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}

/**
 * The signed-in user's database record, for pages behind the guard (which renders them only
 * while authenticated).
 */
export function useSignedInUser(): User {
  const { dbUser } = useAuth();
  if (!dbUser) throw new Error('useSignedInUser must be used on a page behind the sign-in guard.');
  return dbUser;
}

/** Whether the signed-in person's token says Admins: what the app shows; the server decides what they may do. */
export function isAdmin(authUser: AuthUser | null): boolean {
  return authUser?.groups?.includes(ADMIN_GROUP) ?? false;
}
