import type { ActivityRecorder } from '../shared/activity/activity-log';
import {
  SEATS_REQUIRED_CODE,
  type InvitationDelivery,
  type MyInvitationsResponse,
  type SeatsRequiredBody,
} from '../shared/contracts/organization';
import type { User } from '../shared/contracts/user';
import type { ActivityInput } from '../shared/domain/activity';
import {
  invitationStatus,
  planAcceptance,
  planInvitation,
  planOwnershipTransfer,
  planRemoval,
  planResend,
  planRevoke,
  planRoleChange,
  type Actor,
  type AssignableRole,
  type Decision,
  type Invitation,
  type Member,
  type Organization,
  type TeamState,
} from '../shared/domain/organization-rules';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import type { Logger } from '../shared/logger';
import type { OrganizationsRepository } from '../shared/organizations/organizations-repository';
import type { UserDirectory } from '../shared/user-directory/user-directory';
import { newUserRecord } from '../shared/users/new-user-record';
import type { UsersRepository } from '../shared/users/users-repository';

/**
 * Team management (issue 18): invitations through Cognito, acceptance, role changes, removals
 * and ownership transfers. The rules are organization-rules.ts's planners; this carries out what
 * they decide, in an order that a failure halfway leaves safe:
 *
 * - Every change first moves the firm's `updatedAt` with a conditional write (optimistic lock),
 *   so two changes of one team never both pass the planners' checks on the same state (two
 *   invitations for the last seat): the second gets a 409 `team_changed` and asks again.
 * - The identity service comes before the stored invitation (nothing stored when Cognito fails),
 *   and an account created for an invitation is deleted again when storing fails.
 * - Every change is recorded in the activity log after it happened (the recorder never fails it).
 */

export interface TeamDependencies {
  readonly users: UsersRepository;
  readonly organizations: OrganizationsRepository;
  readonly directory: UserDirectory;
  readonly activity: ActivityRecorder;
  readonly now: () => Date;
  readonly logger: Logger;
}

/** Who acts, on which team: the caller's active membership, read strongly consistent. */
export interface TeamCaller {
  readonly user: User;
  readonly team: TeamState;
  readonly actor: Actor;
}

export const TEAM_CHANGED_MESSAGE = 'The team changed meanwhile: reload it and try again.';

/** A planner's refusal as the HTTP answer its kind stands for (403, 409, 400). */
function decided<T>(decision: Decision<T>): { readonly ok: true } & T {
  if (decision.ok) return decision;
  if (decision.kind === 'forbidden') throw new ForbiddenError(decision.message, { code: 'team_forbidden' });
  if (decision.kind === 'conflict') throw new ConflictError(decision.message, { code: 'team_conflict' });
  throw new ValidationError(decision.message);
}

/**
 * Claims the team for one change: its `updatedAt` moves only if nobody changed it since it was
 * read (`organization` carries the change's own edits of the firm, an ownership transfer's).
 */
async function lockTeam(deps: TeamDependencies, team: TeamState, now: Date, organization: Organization = team.organization): Promise<void> {
  const saved = await deps.organizations.saveOrganization({ ...organization, updatedAt: now.toISOString() }, team.organization.updatedAt);
  if (!saved) throw new ConflictError(TEAM_CHANGED_MESSAGE, { code: 'team_changed' });
}

async function activeMemberEmails(deps: TeamDependencies, team: TeamState, caller: User): Promise<string[]> {
  const ids = team.members.filter((member) => member.state === 'active').map((member) => member.userId);
  const records = await Promise.all(ids.map((id) => (id === caller.id ? caller : deps.users.getById(id))));
  return records.flatMap((record) => (record ? [record.email] : []));
}

/**
 * Has the invitation delivered through Cognito: a new account for an address without one (Cognito
 * emails the temporary password; their User record is made now, as an admin's invitation does,
 * named after nobody yet, in the firm's company); the same email again, with a new temporary
 * password, to an account that never signed in; nothing to an account in use (Cognito has no
 * message for it: they find the invitation on their Team page).
 */
async function deliverInvitation(
  deps: TeamDependencies,
  email: string,
  organization: Organization,
  now: Date,
): Promise<{ readonly delivery: InvitationDelivery; readonly createdUserId?: string }> {
  const existing = await deps.directory.getUser(email);
  if (existing?.status === 'FORCE_CHANGE_PASSWORD') {
    await deps.directory.resendInvitation(existing.username);
    return { delivery: 'email' };
  }
  if (existing) return { delivery: 'account' };
  const invited = await deps.directory.inviteUser({ email, companyName: organization.name });
  try {
    await deps.users.putIfAbsent(newUserRecord({ id: invited.sub, email, details: { companyName: organization.name }, now }));
  } catch (error) {
    await undoAccount(deps, invited.username);
    throw error;
  }
  return { delivery: 'email', createdUserId: invited.sub };
}

/** Deletes an account made for an invitation that could not be kept; a failure is logged for an operator. */
async function undoAccount(deps: TeamDependencies, username: string): Promise<void> {
  await deps.directory.deleteUser(username).then(
    () => deps.logger.warn('Team invitation rolled back: the account made for it was deleted again', { username }),
    (error: unknown) =>
      deps.logger.error('Team invitation half done: the account made for it could not be deleted; delete it by hand', { username, error }),
  );
}

function record(deps: TeamDependencies, team: TeamState, actorId: string, entry: Omit<ActivityInput, 'organizationId' | 'actorId'>) {
  return deps.activity.record({ organizationId: team.organization.id, actorId, ...entry });
}

export type InvitationOutcome =
  { readonly ok: true; readonly delivery: InvitationDelivery } | { readonly ok: false; readonly refusal: SeatsRequiredBody };

/** Invites `email` as `role` (owners and admins); beyond the free seats, how many to add instead. */
export async function inviteTeammate(
  deps: TeamDependencies,
  { user, team, actor }: TeamCaller,
  request: { readonly email: string; readonly role: AssignableRole },
): Promise<InvitationOutcome> {
  const now = deps.now();
  const memberEmails = await activeMemberEmails(deps, team, user);
  const decision = planInvitation(actor, team, { ...request, memberEmails }, now);
  if (!decision.ok && 'seatsToAdd' in decision) {
    return { ok: false, refusal: { message: decision.message, code: SEATS_REQUIRED_CODE, seatsToAdd: decision.seatsToAdd } };
  }
  const { invitation } = decided(decision);
  await lockTeam(deps, team, now);
  const { delivery, createdUserId } = await deliverInvitation(deps, invitation.email, team.organization, now);
  try {
    // An account an earlier (revoked or expired) invitation made is still this invitation's to remove.
    const accountOf = createdUserId ?? team.invitations.find((earlier) => earlier.email === invitation.email)?.createdUserId;
    await deps.organizations.saveInvitation({ ...invitation, ...(accountOf ? { createdUserId: accountOf } : {}) });
  } catch (error) {
    if (createdUserId) await undoAccount(deps, createdUserId);
    throw error;
  }
  await record(deps, team, actor.userId, {
    action: 'member.invited',
    subject: { kind: 'invitation', id: invitation.email },
    details: { role: invitation.role },
  });
  return { ok: true, delivery };
}

/** Sends an invitation again (a new temporary password and expiry); an expired one needs a free seat. */
export async function resendInvitation(deps: TeamDependencies, { team, actor }: TeamCaller, email: string): Promise<InvitationDelivery> {
  const now = deps.now();
  const { invitation } = decided(planResend(actor, team, email, now));
  await lockTeam(deps, team, now);
  const { delivery, createdUserId } = await deliverInvitation(deps, invitation.email, team.organization, now);
  await deps.organizations.saveInvitation({ ...invitation, ...(createdUserId ? { createdUserId } : {}) });
  await record(deps, team, actor.userId, {
    action: 'invitation.resent',
    subject: { kind: 'invitation', id: invitation.email },
    details: { role: invitation.role },
  });
  return delivery;
}

/**
 * Withdraws an invitation; its seat is free at once. The account it created is deleted again
 * (and its User record marked REMOVED) while that person never signed in and no other firm's
 * invitation is waiting for them: an account somebody uses, or was invited to use elsewhere, stays.
 */
export async function revokeInvitation(deps: TeamDependencies, { team, actor }: TeamCaller, email: string): Promise<void> {
  const now = deps.now();
  const { invitation } = decided(planRevoke(actor, team, email, now));
  await lockTeam(deps, team, now);
  await deps.organizations.saveInvitation(invitation);
  if (invitation.createdUserId) await removeUnusedAccount(deps, invitation, now);
  await record(deps, team, actor.userId, {
    action: 'invitation.revoked',
    subject: { kind: 'invitation', id: invitation.email },
    details: { role: invitation.role },
  });
}

async function removeUnusedAccount(deps: TeamDependencies, invitation: Invitation, now: Date): Promise<void> {
  const userId = invitation.createdUserId as string;
  try {
    const [account, elsewhere, memberships] = await Promise.all([
      deps.directory.getUser(userId),
      deps.organizations.invitationsFor(invitation.email),
      deps.organizations.membershipsOf(userId),
    ]);
    const waiting = elsewhere.some(
      (other) => other.organizationId !== invitation.organizationId && invitationStatus(other, now) === 'pending',
    );
    if (!account || account.status !== 'FORCE_CHANGE_PASSWORD' || waiting || memberships.some((member) => member.state === 'active'))
      return;
    await deps.users.markRemoved(userId, now);
    await deps.directory.deleteUser(account.username);
  } catch (error) {
    // The invitation is revoked either way; an unused account left behind harms nobody.
    deps.logger.error('The account of a revoked invitation could not be removed', { userId, error });
  }
}

/** Gives a member another role (admin or recruiter). */
export async function changeRole(deps: TeamDependencies, { team, actor }: TeamCaller, userId: string, role: AssignableRole): Promise<void> {
  const now = deps.now();
  const previous = team.members.find((member) => member.userId === userId && member.state === 'active');
  const { member } = decided(planRoleChange(actor, team, { userId, role }));
  await lockTeam(deps, team, now);
  await deps.organizations.saveMember(member);
  await record(deps, team, actor.userId, {
    action: 'member.role_changed',
    subject: { kind: 'member', id: userId },
    details: { role: member.role, ...(previous ? { previousRole: previous.role } : {}) },
  });
}

/**
 * Removes a member: the member record says `removed` (their jobs and results stay with the firm,
 * and the subscriber gate reads the record strongly consistent, so the next request is refused),
 * and Cognito signs them out everywhere, so no device keeps refreshing their session.
 */
export async function removeMember(deps: TeamDependencies, { team, actor }: TeamCaller, userId: string): Promise<void> {
  const now = deps.now();
  const { member } = decided(planRemoval(actor, team, userId, now));
  await lockTeam(deps, team, now);
  await deps.organizations.saveMember(member);
  try {
    await deps.directory.signOutEverywhere(userId);
  } catch (error) {
    // The removal stands (every route checks the membership); only their refresh tokens live on.
    deps.logger.error('A removed member could not be signed out everywhere', { userId, error });
  }
  await record(deps, team, actor.userId, {
    action: 'member.removed',
    subject: { kind: 'member', id: userId },
    details: { role: member.role },
  });
}

/** Hands ownership to another member (owner only); the previous owner becomes an admin. */
export async function transferOwnership(deps: TeamDependencies, { team, actor }: TeamCaller, newOwnerId: string): Promise<void> {
  const now = deps.now();
  const previousRole = team.members.find((member) => member.userId === newOwnerId && member.state === 'active')?.role;
  const { organization, newOwner, previousOwner } = decided(planOwnershipTransfer(actor, team, newOwnerId, now));
  await lockTeam(deps, team, now, organization);
  // The new owner first: in between, the firm has two owners rather than none.
  await deps.organizations.saveMember(newOwner);
  await deps.organizations.saveMember(previousOwner);
  await record(deps, team, actor.userId, {
    action: 'ownership.transferred',
    subject: { kind: 'member', id: newOwnerId },
    details: { role: 'owner', ...(previousRole ? { previousRole } : {}) },
  });
}

/** The pending invitations to the caller's address, with each firm's name. */
export async function invitationsForCaller(deps: TeamDependencies, user: User): Promise<MyInvitationsResponse> {
  const now = deps.now();
  const pending = (await deps.organizations.invitationsFor(user.email)).filter(
    (invitation) => invitationStatus(invitation, now) === 'pending',
  );
  const firms = await Promise.all(pending.map((invitation) => deps.organizations.getOrganization(invitation.organizationId)));
  return {
    invitations: pending.flatMap((invitation, index) => {
      const firm = firms[index];
      return firm ? [{ organizationId: firm.id, organizationName: firm.name, role: invitation.role, expiresAt: invitation.expiresAt }] : [];
    }),
  };
}

export const NO_INVITATION_MESSAGE = 'This invitation is not for you.';

/**
 * The caller joins the firm that invited their address, with the invitation's role. A person is
 * an active member of one firm at a time: one who owns a firm of their own where nobody else works
 * or is invited (every user got one in the migration) leaves it for the new one; its records stay,
 * as a removed member's do, and it comes back to life for nobody. Anyone else must leave their
 * firm first (409).
 */
export async function acceptInvitation(deps: TeamDependencies, user: User, organizationId: string): Promise<TeamState> {
  const now = deps.now();
  const team = await deps.organizations.getTeam(organizationId);
  // An unknown firm reads as an invitation that is not theirs: nobody learns which firms exist.
  if (!team) throw new ForbiddenError(NO_INVITATION_MESSAGE, { code: 'team_forbidden' });
  const current = await deps.organizations.activeMembershipOf(user.id);
  const solo = current && current.organizationId !== organizationId ? await soloFirmOf(deps, current, now) : undefined;
  const { invitation, member } = decided(
    planAcceptance(team, { userId: user.id, email: user.email, alreadyMember: current !== undefined && solo === undefined }, now),
  );
  await lockTeam(deps, team, now);
  if (solo) {
    // Left first: should joining fail now, they accept again (the invitation still waits) rather than hold two firms.
    await lockTeam(deps, solo.team, now);
    await deps.organizations.saveMember({ ...solo.owner, state: 'removed', removedAt: now.toISOString(), removedBy: user.id });
  }
  await deps.organizations.saveMember(member);
  await deps.organizations.saveInvitation(invitation);
  await record(deps, team, user.id, {
    action: 'invitation.accepted',
    subject: { kind: 'member', id: user.id },
    details: { role: member.role },
  });
  return (await deps.organizations.getTeam(organizationId)) ?? team;
}

/** The firm `membership` belongs to when the caller owns it alone (no other active member, no pending invitation). */
async function soloFirmOf(
  deps: TeamDependencies,
  membership: Member,
  now: Date,
): Promise<{ readonly team: TeamState; readonly owner: Member } | undefined> {
  if (membership.role !== 'owner') return undefined;
  const team = await deps.organizations.getTeam(membership.organizationId);
  if (!team) return undefined;
  const others = team.members.some((member) => member.state === 'active' && member.userId !== membership.userId);
  const invited = team.invitations.some((invitation) => invitationStatus(invitation, now) === 'pending');
  const owner = team.members.find((member) => member.userId === membership.userId && member.state === 'active');
  return others || invited || !owner ? undefined : { team, owner };
}
