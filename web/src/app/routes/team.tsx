import { useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context';
import { createRestTeamApi } from '../../features/team/api/team-api';
import { TeamPage } from '../../features/team/components/team-page';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';

/** The Team page (guarded, issue 18): the firm's members, seats and invitations; every change is checked on the server. */
export default function TeamRoute() {
  useDocumentTitle('Team');
  const config = useRuntimeConfig();
  const { team: fake } = usePortOverrides();
  const api = useMemo(() => fake ?? createRestTeamApi(config), [fake, config]);
  return <TeamPage api={api} selfId={useSignedInUser().id} />;
}
