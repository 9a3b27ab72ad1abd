import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth/auth-context';
import type { SignInRedirectState } from '../lib/auth/return-path';

/**
 * The sign-in guard, a layout route around the protected pages: a signed-out visitor goes to
 * /sign-in, which brings them back here (`state.from`) after signing in; a spinner shows while
 * the auth state is loading. A user who signs out while on a protected page goes to the home page
 * (spec: Sign Out navigates to /), whichever comes first, the cleared user or that navigation.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const { pathname, search, hash } = useLocation();
  const [shownToUser, setShownToUser] = useState(false);
  if (status === 'authenticated' && !shownToUser) setShownToUser(true);

  if (status === 'loading') return <Spinner page label="Loading your account…" />;
  if (status === 'signedOut') {
    if (shownToUser) return <Navigate to={paths.home} replace />;
    const state: SignInRedirectState = { from: `${pathname}${search}${hash}` };
    return <Navigate to={paths.signIn} replace state={state} />;
  }
  return <Outlet />;
}
