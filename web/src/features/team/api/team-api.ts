import type {
  AcceptInvitationRequest,
  ChangeRoleRequest,
  InviteTeammateRequest,
  MyInvitationsResponse,
  SeatsRequiredBody,
  TeamChangeResponse,
} from '@contracts/organization';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createRestOrganizationReader, ORGANIZATION_PATH, type OrganizationReader } from '../../../lib/organization/organization-query';
import { createAppRestClient, RestApiError, type RestClient } from '../../../lib/rest-client';

/**
 * The team's calls on the REST API (lambdas/organizations/team-routes.ts). Every change answers
 * the team as the caller now sees it. Implementations reject with a `RestApiError`; tests pass a
 * fake through the app's ports.
 */
export interface TeamApi extends OrganizationReader {
  invite(request: InviteTeammateRequest): Promise<TeamChangeResponse>;
  resendInvitation(email: string): Promise<TeamChangeResponse>;
  revokeInvitation(email: string): Promise<TeamChangeResponse>;
  changeRole(userId: string, role: ChangeRoleRequest['role']): Promise<TeamChangeResponse>;
  removeMember(userId: string): Promise<TeamChangeResponse>;
  transferOwnership(userId: string): Promise<TeamChangeResponse>;
  /** The pending invitations to the caller's own address. */
  myInvitations(): Promise<MyInvitationsResponse>;
  accept(request: AcceptInvitationRequest): Promise<TeamChangeResponse>;
}

const SEATS_REQUIRED: SeatsRequiredBody['code'] = 'seats_required';

/** How many seats an invitation refused for want of seats needs added, or undefined for any other failure. */
export function seatsToAddOf(error: unknown): number | undefined {
  if (!(error instanceof RestApiError) || error.code !== SEATS_REQUIRED) return undefined;
  const missing = (error.cause as Partial<SeatsRequiredBody> | undefined)?.seatsToAdd;
  return typeof missing === 'number' && missing > 0 ? missing : undefined;
}

export function createRestTeamApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): TeamApi {
  const member = (userId: string) => `${ORGANIZATION_PATH}/members/${encodeURIComponent(userId)}`;
  return {
    ...createRestOrganizationReader(config, client),
    invite: (request) => client.post<TeamChangeResponse>(`${ORGANIZATION_PATH}/invitations`, request),
    resendInvitation: (email) => client.post<TeamChangeResponse>(`${ORGANIZATION_PATH}/invitations/resend`, { email }),
    revokeInvitation: (email) => client.post<TeamChangeResponse>(`${ORGANIZATION_PATH}/invitations/revoke`, { email }),
    changeRole: (userId, role) => client.request<TeamChangeResponse>('PATCH', member(userId), { body: { role } }),
    removeMember: (userId) => client.request<TeamChangeResponse>('DELETE', member(userId)),
    transferOwnership: (userId) => client.request<TeamChangeResponse>('PUT', `${ORGANIZATION_PATH}/owner`, { body: { userId } }),
    myInvitations: () => client.get<MyInvitationsResponse>('user/invitations'),
    accept: (request) => client.post<TeamChangeResponse>('user/invitations/accept', request),
  };
}
