import type { MyInvitationsResponse, OrganizationResponse, TeamChangeResponse } from '@contracts/organization';
import type { TeamApi } from '../../../web/src/features/team/api/team-api';
import { RestApiError } from '../../../web/src/lib/rest-client';

/** Ada (the signed-in test user, sub-ada) owns Northbridge Staffing with an admin and a recruiter, 4 seats, one pending invitation. */
export function teamState(overrides: Partial<OrganizationResponse> = {}): OrganizationResponse {
  return {
    organization: { id: 'sub-ada', name: 'Northbridge Staffing', ownerId: 'sub-ada' },
    role: 'owner',
    seats: { total: 4, inUse: 4, free: 0 },
    members: [
      {
        userId: 'sub-ada',
        role: 'owner',
        joinedAt: '2026-01-05T10:00:00.000Z',
        firstName: 'Ada',
        lastName: 'Okafor',
        email: 'ada@northbridge.example',
      },
      {
        userId: 'sub-ben',
        role: 'admin',
        joinedAt: '2026-02-01T10:00:00.000Z',
        firstName: 'Ben',
        lastName: 'Ito',
        email: 'ben@northbridge.example',
      },
      {
        userId: 'sub-cy',
        role: 'recruiter',
        joinedAt: '2026-03-01T10:00:00.000Z',
        firstName: null,
        lastName: null,
        email: 'cy@northbridge.example',
      },
    ],
    invitations: [
      {
        email: 'dee@northbridge.example',
        role: 'recruiter',
        status: 'pending',
        invitedBy: 'sub-ada',
        expiresAt: '2026-12-01T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/**
 * An in-memory team API: it changes its team as the server would for the calls the page makes,
 * records every call, and refuses an invitation beyond the seats with the server's 409.
 */
export class FakeTeam {
  team: OrganizationResponse | null = teamState();
  mine: MyInvitationsResponse = { invitations: [] };
  readonly calls: string[] = [];

  private answer(delivery?: TeamChangeResponse['delivery']): TeamChangeResponse {
    if (!this.team) throw new RestApiError(404, 'organization_not_found', 'You are not part of a team yet.');
    return { ...this.team, ...(delivery ? { delivery } : {}) };
  }

  private recount(): void {
    if (!this.team) return;
    const pending = this.team.invitations?.filter((invitation) => invitation.status === 'pending').length ?? 0;
    const inUse = this.team.members.length + pending;
    this.team = { ...this.team, seats: { ...this.team.seats, inUse, free: Math.max(0, this.team.seats.total - inUse) } };
  }

  api(): TeamApi {
    return {
      getOrganization: async () => {
        this.calls.push('getOrganization');
        return this.team;
      },
      getOrganizationSummary: async () => {
        this.calls.push('getOrganizationSummary');
        return this.team && { organization: { id: this.team.organization.id, name: this.team.organization.name }, role: this.team.role };
      },
      invite: async ({ email, role }) => {
        this.calls.push(`invite ${email} ${role}`);
        const team = this.answer();
        if (team.seats.free === 0) {
          const body = { message: `Every seat is taken: add 1 seat to invite ${email}.`, code: 'seats_required', seatsToAdd: 1 };
          throw new RestApiError(409, body.code, body.message, {}, body);
        }
        this.team = {
          ...team,
          invitations: [
            { email, role, status: 'pending', invitedBy: 'sub-ada', expiresAt: '2026-12-09T10:00:00.000Z' },
            ...(team.invitations ?? []),
          ],
        };
        this.recount();
        return this.answer('email');
      },
      resendInvitation: async (email) => {
        this.calls.push(`resend ${email}`);
        return this.answer('email');
      },
      revokeInvitation: async (email) => {
        this.calls.push(`revoke ${email}`);
        const team = this.answer();
        this.team = {
          ...team,
          invitations: (team.invitations ?? []).map((invitation) =>
            invitation.email === email ? { ...invitation, status: 'revoked' } : invitation,
          ),
        };
        this.recount();
        return this.answer();
      },
      changeRole: async (userId, role) => {
        this.calls.push(`changeRole ${userId} ${role}`);
        const team = this.answer();
        this.team = { ...team, members: team.members.map((member) => (member.userId === userId ? { ...member, role } : member)) };
        return this.answer();
      },
      removeMember: async (userId) => {
        this.calls.push(`remove ${userId}`);
        const team = this.answer();
        this.team = { ...team, members: team.members.filter((member) => member.userId !== userId) };
        this.recount();
        return this.answer();
      },
      transferOwnership: async (userId) => {
        this.calls.push(`transfer ${userId}`);
        const team = this.answer();
        this.team = {
          ...team,
          role: 'admin',
          organization: { ...team.organization, ownerId: userId },
          members: team.members.map((member) =>
            member.userId === userId ? { ...member, role: 'owner' } : member.role === 'owner' ? { ...member, role: 'admin' } : member,
          ),
        };
        return this.answer();
      },
      myInvitations: async () => {
        this.calls.push('myInvitations');
        return this.mine;
      },
      accept: async ({ organizationId }) => {
        this.calls.push(`accept ${organizationId}`);
        const invitation = this.mine.invitations.find((candidate) => candidate.organizationId === organizationId);
        if (!invitation) throw new RestApiError(403, 'team_forbidden', 'This invitation is not for you.');
        this.mine = { invitations: this.mine.invitations.filter((candidate) => candidate !== invitation) };
        this.team = teamState({
          organization: { id: organizationId, name: invitation.organizationName, ownerId: 'sub-owner' },
          role: invitation.role,
          invitations: null,
        });
        return this.answer();
      },
    };
  }
}
