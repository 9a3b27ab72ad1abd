import type { User } from '../shared/contracts/user';
import {
  OrganizationQuerySchema,
  OrganizationResponseSchema,
  type OrganizationResponse,
  type OrganizationSummary,
} from '../shared/contracts/organization';
import { invitationStatus, mayPerform, seatsInUse, type Member, type TeamState } from '../shared/domain/organization-rules';
import { NotFoundError } from '../shared/errors';
import { callerFromEvent } from '../shared/http/caller';
import { httpHandler, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { confirmedMembership } from '../shared/organizations/caller-firm';
import type { OrganizationsRepository } from '../shared/organizations/organizations-repository';
import { requireActiveUser } from '../shared/users/active-user';
import type { UsersRepository } from '../shared/users/users-repository';

/**
 * `GET /user/organization` (issue 18), served by the team function (team-routes.ts, which
 * dispatches by route), in two views (`?view=`, contracts/organization.ts):
 * - `team` (the default, the Team page's): the caller's firm, their role, its seats and members,
 *   and its invitations for those who manage them. It reads the firm's whole partition and every
 *   active member's User record, so only the Team page asks for it.
 * - `summary` (the account menu's firm name and the ATS settings' role check, on every page): the
 *   firm's id and name and the caller's role, from the caller's confirmed membership and the
 *   organization item: the same few reads whatever the firm's size.
 * Either way the membership is confirmed strongly consistent, so a member removed a moment ago
 * gets the 404 at once.
 */

export interface GetOrganizationDependencies {
  readonly users: UsersRepository;
  readonly organizations: Pick<
    OrganizationsRepository,
    'activeMembershipOf' | 'getTeam' | 'membershipsOf' | 'getMember' | 'getOrganization'
  >;
  readonly now?: () => Date;
}

export const GET_ORGANIZATION_ROUTE = 'GET /user/organization';
export const NOT_IN_ORGANIZATION_MESSAGE = 'You are not part of a team yet.';

const ROLE_ORDER = { owner: 0, admin: 1, recruiter: 2 } as const;

/** What the caller sees of their firm: invitations only when their role may manage them. */
export function organizationView(team: TeamState, viewer: Member, people: ReadonlyMap<string, User>, now: Date): OrganizationResponse {
  const active = team.members
    .filter((member) => member.state === 'active')
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.joinedAt.localeCompare(b.joinedAt));
  const inUse = seatsInUse(team.members, team.invitations, now);
  return {
    organization: { id: team.organization.id, name: team.organization.name, ownerId: team.organization.ownerId },
    role: viewer.role,
    seats: { total: team.organization.seats, inUse, free: Math.max(0, team.organization.seats - inUse) },
    members: active.map((member) => {
      const person = people.get(member.userId);
      return {
        userId: member.userId,
        role: member.role,
        joinedAt: member.joinedAt,
        firstName: person?.firstName ?? null,
        lastName: person?.lastName ?? null,
        email: person?.email ?? null,
      };
    }),
    invitations: mayPerform(viewer.role, 'invite')
      ? [...team.invitations]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((invitation) => ({
            email: invitation.email,
            role: invitation.role,
            status: invitationStatus(invitation, now),
            invitedBy: invitation.invitedBy,
            expiresAt: invitation.expiresAt,
          }))
      : null,
  };
}

const notInOrganization = () => new NotFoundError(NOT_IN_ORGANIZATION_MESSAGE, { code: 'organization_not_found' });

/** The caller's firm and their active membership in it, or the 404 `organization_not_found`. */
export async function callerTeam(
  organizations: GetOrganizationDependencies['organizations'],
  user: User,
): Promise<{ readonly team: TeamState; readonly viewer: Member }> {
  const membership = await organizations.activeMembershipOf(user.id);
  const team = membership ? await organizations.getTeam(membership.organizationId) : undefined;
  const viewer = team?.members.find((member) => member.userId === user.id && member.state === 'active');
  if (!team || !viewer) throw notInOrganization();
  return { team, viewer };
}

/**
 * The caller's firm in brief: their confirmed membership (caller-firm.ts) and the firm's
 * organization item, never its members or invitations; the 404 `organization_not_found` as the
 * team view answers it (a person in no firm, or a member removed a moment ago).
 */
export async function callerSummary(organizations: GetOrganizationDependencies['organizations'], user: User): Promise<OrganizationSummary> {
  const membership = await confirmedMembership(organizations, user.id);
  if (membership.status !== 'active') throw notInOrganization();
  const organization = await organizations.getOrganization(membership.member.organizationId);
  if (!organization) throw notInOrganization();
  return { organization: { id: organization.id, name: organization.name }, role: membership.member.role };
}

/** The team as `viewer` sees it, with each active member's name and address from their User record. */
export async function teamView(
  users: UsersRepository,
  team: TeamState,
  viewer: Member,
  caller: User,
  now: Date,
): Promise<OrganizationResponse> {
  const ids = team.members.filter((member) => member.state === 'active').map((member) => member.userId);
  const records = await Promise.all(ids.map((id) => (id === caller.id ? caller : users.getById(id))));
  const people = new Map(records.filter((record): record is User => record !== undefined).map((record) => [record.id, record]));
  return OrganizationResponseSchema.parse(organizationView(team, viewer, people, now));
}

export function createGetOrganizationHandler(
  dependencies: () => GetOrganizationDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    // Checked before any read, so a malformed request costs no lookup.
    const { view = 'team' } = validateBody({ ...event.queryStringParameters }, OrganizationQuerySchema);
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, caller);
    if (view === 'summary') return { body: await callerSummary(deps.organizations, user) };
    const { team, viewer } = await callerTeam(deps.organizations, user);
    return { body: await teamView(deps.users, team, viewer, user, (deps.now ?? (() => new Date()))()) };
  }, options);
}
