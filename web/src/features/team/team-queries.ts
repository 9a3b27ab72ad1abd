import { queryOptions } from '@tanstack/react-query';
import type { TeamApi } from './api/team-api';

/** The team page's other server state: the invitations waiting for the caller (their firm is lib/organization's). */
export const teamKeys = { myInvitations: ['organization', 'my-invitations'] } as const;

export const teamQueries = {
  myInvitations: (api: Pick<TeamApi, 'myInvitations'>) =>
    queryOptions({ queryKey: teamKeys.myInvitations, queryFn: () => api.myInvitations() }),
};
