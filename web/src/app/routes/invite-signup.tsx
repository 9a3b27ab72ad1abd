import { useEffect, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { createAmplifyInviteSignupApi } from '../../features/auth/api/invite-signup-api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { InviteSignupFlow } from '../../features/auth/components/invite-signup-flow';
import { preloadAuthOnInteraction } from '../../lib/amplify';
import { useAuth } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';

/** Sign-up through an invitation. A signed-in user (including one who just finished) goes to the account page. */
export default function InviteSignupPage() {
  useDocumentTitle('Create your account');
  const config = useRuntimeConfig();
  const { inviteSignup } = usePortOverrides();
  const api = useMemo(() => inviteSignup ?? createAmplifyInviteSignupApi(config), [inviteSignup, config]);
  const { status } = useAuth();

  useEffect(() => (inviteSignup ? undefined : preloadAuthOnInteraction(config)), [inviteSignup, config]);

  if (status === 'authenticated') return <Navigate to={paths.account} replace />;
  return (
    <AuthCard wide>
      <InviteSignupFlow api={api} />
    </AuthCard>
  );
}
