import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { createAmplifyAuthApi } from '../../features/auth/api/auth-api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignInFlow } from '../../features/auth/components/sign-in-flow';
import { preloadAuthOnInteraction } from '../../lib/amplify';
import { useAuth } from '../../lib/auth/auth-context';
import { returnPathFrom } from '../../lib/auth/return-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';

export const SIGN_IN_TO_CONTINUE = 'Please sign in to see that page.';

/**
 * Sign in. Once the user is authenticated (here or already) it leaves for the page the guard
 * sent them from, or the account page.
 */
export default function SignInPage() {
  useDocumentTitle('Sign in');
  const config = useRuntimeConfig();
  const { auth } = usePortOverrides();
  const api = useMemo(() => auth ?? createAmplifyAuthApi(config), [auth, config]);
  const { status } = useAuth();
  const { state } = useLocation();
  const from = returnPathFrom(state);

  useEffect(() => (auth ? undefined : preloadAuthOnInteraction(config)), [auth, config]);

  if (status === 'authenticated') return <Navigate to={from ?? paths.account} replace />;
  return (
    <AuthCard>
      <SignInFlow api={api} notice={from ? SIGN_IN_TO_CONTINUE : undefined} />
    </AuthCard>
  );
}
