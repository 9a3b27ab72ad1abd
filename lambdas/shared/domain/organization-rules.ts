/**
 * Staffing firms as organizations (issue 18): the firm owns the subscription, its `quantity` is
 * the number of seats, and people work in it as owner, admin or recruiter. This module owns every
 * rule of the model: who may do what (one permission table by role), what each change may touch,
 * and how seats are counted. Plain TypeScript: the repository stores what these functions return
 * and the handlers turn a refusal into an answer (403 forbidden, 409 conflict, 400 invalid).
 */

export const ORGANIZATION_ROLES = ['owner', 'admin', 'recruiter'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
/** The roles an invitation or a role change may give: ownership moves only by a transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'recruiter'] as const satisfies readonly OrganizationRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const INVITATION_STATES = ['pending', 'revoked', 'accepted'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/**
 * How long an invitation may be accepted: Cognito's default validity of a temporary password
 * (7 days), so the invitation and the password it comes with expire together. A resend renews it.
 */
export const INVITATION_VALIDITY_DAYS = 7;
/** The most seats a firm may hold (the firms have 5 to 500 recruiters; twice that is a typo guard). */
export const MAX_SEATS = 1000;

export interface Organization {
  readonly id: string;
  /** The firm's name: the subscription's `company` (or the founder's `companyName`). */
  readonly name: string;
  /** The subscription's quantity: how many people may be members or invited at once. */
  readonly seats: number;
  /** The one member whose role is owner. */
  readonly ownerId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const MEMBER_STATES = ['active', 'removed'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

export interface Member {
  readonly organizationId: string;
  readonly userId: string;
  readonly role: OrganizationRole;
  readonly joinedAt: string;
  /**
   * A removed member is kept (state `removed`, who and when): their jobs and results stay with
   * the firm, found by this record, and they lose access at once.
   */
  readonly state: MemberState;
  readonly removedAt?: string;
  readonly removedBy?: string;
}

export interface Invitation {
  readonly organizationId: string;
  /** Trimmed and lower-cased ({@link invitationEmail}): one invitation per address and firm. */
  readonly email: string;
  readonly role: AssignableRole;
  readonly invitedBy: string;
  readonly state: InvitationState;
  readonly createdAt: string;
  /** When a pending invitation stops being acceptable (and stops holding a seat). */
  readonly expiresAt: string;
  readonly updatedAt: string;
  /**
   * The id of the account this invitation created (the address had none): revoking the
   * invitation before that person ever signed in deletes the account again.
   */
  readonly createdUserId?: string;
}

/** What an invitation is now: its stored state, or `expired` for a pending one past its expiry. */
export type InvitationStatus = InvitationState | 'expired';

export type OrganizationAction =
  | 'view'
  | 'invite'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'changeRole'
  | 'removeMember'
  | 'transferOwnership'
  | 'changeSeats'
  // Read and export the firm's activity (audit) log (lambdas/activity).
  | 'viewActivity'
  /** Connect, test, sync or disconnect the firm's ATS (and its Bullhorn client); every member reads it. */
  | 'manageAts'
  /** Change or delete any of the firm's saved jobs (everyone may change the jobs they created). */
  | 'changeAnyJob'
  /** See the assistant results of removed members (their work stays with the firm). */
  | 'viewRemovedMembersWork';

/**
 * Who may do what, by role: the one table every check reads. Owners and admins run the team
 * (invitations, roles, removals, seats: an invitation beyond the seats offers to add one, so who
 * invites may add seats); only the owner hands over ownership. Recruiters see the team.
 */
export const PERMISSIONS: Readonly<Record<OrganizationRole, readonly OrganizationAction[]>> = {
  owner: [
    'view',
    'invite',
    'resendInvitation',
    'revokeInvitation',
    'changeRole',
    'removeMember',
    'transferOwnership',
    'changeSeats',
    'viewActivity',
    'manageAts',
    'changeAnyJob',
    'viewRemovedMembersWork',
  ],
  admin: [
    'view',
    'invite',
    'resendInvitation',
    'revokeInvitation',
    'changeRole',
    'removeMember',
    'changeSeats',
    'viewActivity',
    'manageAts',
    'changeAnyJob',
    'viewRemovedMembersWork',
  ],
  recruiter: ['view'],
};

export function mayPerform(role: OrganizationRole, action: OrganizationAction): boolean {
  return PERMISSIONS[role].includes(action);
}

/**
 * Whether a member may change or delete one of the firm's saved jobs: its creator may, and owners
 * and admins may change any (a requisition outlives the recruiter who first saved it).
 */
export function mayChangeJob(actor: Actor, creatorId: string): boolean {
  return actor.userId === creatorId || mayPerform(actor.role, 'changeAnyJob');
}

/** Why a change is refused: `forbidden` (the role may not), `conflict` (the state forbids it), `invalid` (bad input). */
export type RefusalKind = 'forbidden' | 'conflict' | 'invalid';

export interface Refusal {
  readonly ok: false;
  readonly kind: RefusalKind;
  /** Shown to the caller. */
  readonly message: string;
}

export type Decision<T> = ({ readonly ok: true } & T) | Refusal;

function refuse(kind: RefusalKind, message: string): Refusal {
  return { ok: false, kind, message };
}

/** The member doing something, as the handler found them (an active member of the organization). */
export interface Actor {
  readonly userId: string;
  readonly role: OrganizationRole;
}

/** The refusal of an action the actor's role may not perform, or `undefined` when it may. */
export function forbiddenUnless(actor: Actor, action: OrganizationAction): Refusal | undefined {
  return mayPerform(actor.role, action) ? undefined : refuse('forbidden', `A ${actor.role} may not ${ACTION_WORDS[action]}.`);
}

const ACTION_WORDS: Readonly<Record<OrganizationAction, string>> = {
  view: 'see the team',
  invite: 'invite teammates',
  resendInvitation: 'resend invitations',
  revokeInvitation: 'revoke invitations',
  changeRole: 'change roles',
  manageAts: 'manage the ATS connection',
  removeMember: 'remove members',
  transferOwnership: 'transfer ownership',
  changeSeats: 'change the number of seats',
  viewActivity: 'see the activity log',
  changeAnyJob: "change or delete a teammate's job",
  viewRemovedMembersWork: 'see the work of removed members',
};

/** The address an invitation is kept under. */
export function invitationEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function invitationStatus(invitation: Pick<Invitation, 'state' | 'expiresAt'>, now: Date): InvitationStatus {
  if (invitation.state !== 'pending') return invitation.state;
  return Date.parse(invitation.expiresAt) <= now.getTime() ? 'expired' : 'pending';
}

function expiryFrom(now: Date): string {
  return new Date(now.getTime() + INVITATION_VALIDITY_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Seats
// ---------------------------------------------------------------------------------------------

/**
 * Seats taken: every active member and every invitation still pending (an invitation holds its
 * seat until it is accepted, revoked or expires, so accepting never finds the firm full).
 */
export function seatsInUse(members: readonly Member[], invitations: readonly Invitation[], now: Date): number {
  const active = members.filter((member) => member.state === 'active').length;
  const pending = invitations.filter((invitation) => invitationStatus(invitation, now) === 'pending').length;
  return active + pending;
}

/** The fewest seats the firm may have now: never below the seats in use, never below one (the owner's). */
export function minimumSeats(members: readonly Member[], invitations: readonly Invitation[], now: Date): number {
  return Math.max(1, seatsInUse(members, invitations, now));
}

/** How many seats must be added before `additional` more people can be invited (0: they fit). */
export function seatsToAdd(
  organization: Pick<Organization, 'seats'>,
  members: readonly Member[],
  invitations: readonly Invitation[],
  now: Date,
  additional = 1,
): number {
  return Math.max(0, seatsInUse(members, invitations, now) + additional - organization.seats);
}

export interface TeamState {
  readonly organization: Organization;
  readonly members: readonly Member[];
  readonly invitations: readonly Invitation[];
}

/**
 * A change of the number of seats (the subscription's quantity): a whole number from the seats in
 * use (members and pending invitations: revoke invitations or remove members to go lower) to
 * {@link MAX_SEATS}.
 */
export function planSeatChange(actor: Actor, team: TeamState, seats: number, now: Date): Decision<{ readonly organization: Organization }> {
  return forbiddenUnless(actor, 'changeSeats') ?? seatChange(team, seats, now);
}

/**
 * The seat change itself, without asking who makes it: for the firm following its owner's
 * subscription (checkout), where the provider already holds the quantity. Kept apart so checkout's
 * bundle carries no permission table.
 */
export function seatChange(team: TeamState, seats: number, now: Date): Decision<{ readonly organization: Organization }> {
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS) {
    return refuse('invalid', `The number of seats is a whole number from 1 to ${MAX_SEATS}.`);
  }
  const minimum = minimumSeats(team.members, team.invitations, now);
  if (seats < minimum) {
    return refuse(
      'conflict',
      `${minimum} seats are in use (members and pending invitations): revoke invitations or remove members before going below ${minimum}.`,
    );
  }
  return { ok: true, organization: { ...team.organization, seats, updatedAt: now.toISOString() } };
}

// ---------------------------------------------------------------------------------------------
// Creation
// ---------------------------------------------------------------------------------------------

export interface NewOrganizationInput {
  readonly id: string;
  readonly name: string;
  readonly seats: number;
  readonly ownerId: string;
  readonly now: Date;
}

/** A firm and its owner, the one member it starts with (at least one seat: the owner's). */
export function newOrganization(input: NewOrganizationInput): { readonly organization: Organization; readonly owner: Member } {
  const timestamp = input.now.toISOString();
  const seats = Math.min(MAX_SEATS, Math.max(1, Math.floor(input.seats)));
  return {
    organization: { id: input.id, name: input.name, seats, ownerId: input.ownerId, createdAt: timestamp, updatedAt: timestamp },
    owner: { organizationId: input.id, userId: input.ownerId, role: 'owner', joinedAt: timestamp, state: 'active' },
  };
}

// ---------------------------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------------------------

function isAssignable(role: string): role is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(role);
}

export interface InvitationRequest {
  readonly email: string;
  readonly role: string;
  /** The emails of the team's active members (a member is not invited again). */
  readonly memberEmails: readonly string[];
}

/**
 * Invites a person. Refused when the address is a member's or has a pending invitation (resend
 * that instead), and when no seat is free: `seatsToAdd` says how many the caller must add first
 * (the seat increase is confirmed with its price, then the invitation is made).
 */
export function planInvitation(
  actor: Actor,
  team: TeamState,
  request: InvitationRequest,
  now: Date,
): Decision<{ readonly invitation: Invitation }> | (Refusal & { readonly seatsToAdd: number }) {
  const forbidden = forbiddenUnless(actor, 'invite');
  if (forbidden) return forbidden;
  if (!isAssignable(request.role)) return refuse('invalid', 'A teammate is invited as an admin or a recruiter.');
  const email = invitationEmail(request.email);
  if (request.memberEmails.some((memberEmail) => invitationEmail(memberEmail) === email)) {
    return refuse('conflict', `${email} is already a member of the team.`);
  }
  const existing = team.invitations.find((invitation) => invitation.email === email);
  if (existing && invitationStatus(existing, now) === 'pending') {
    return refuse('conflict', `${email} has a pending invitation: resend it instead.`);
  }
  const missing = seatsToAdd(team.organization, team.members, team.invitations, now);
  if (missing > 0) {
    return {
      ...refuse('conflict', `Every seat is taken: add ${missing} seat${missing === 1 ? '' : 's'} to invite ${email}.`),
      seatsToAdd: missing,
    };
  }
  const timestamp = now.toISOString();
  return {
    ok: true,
    invitation: {
      organizationId: team.organization.id,
      email,
      role: request.role,
      invitedBy: actor.userId,
      state: 'pending',
      createdAt: timestamp,
      expiresAt: expiryFrom(now),
      updatedAt: timestamp,
    },
  };
}

function findInvitation(team: TeamState, email: string): Invitation | undefined {
  const key = invitationEmail(email);
  return team.invitations.find((invitation) => invitation.email === key);
}

/**
 * Sends an invitation again with a new expiry. A pending one keeps its seat; an expired one takes
 * a seat again, so it needs a free one like a new invitation.
 */
export function planResend(actor: Actor, team: TeamState, email: string, now: Date): Decision<{ readonly invitation: Invitation }> {
  const forbidden = forbiddenUnless(actor, 'resendInvitation');
  if (forbidden) return forbidden;
  const invitation = findInvitation(team, email);
  if (!invitation) return refuse('conflict', `There is no invitation for ${invitationEmail(email)}.`);
  const status = invitationStatus(invitation, now);
  if (status === 'accepted' || status === 'revoked') return refuse('conflict', `The invitation for ${invitation.email} was ${status}.`);
  if (status === 'expired' && seatsToAdd(team.organization, team.members, team.invitations, now) > 0) {
    return refuse('conflict', `Every seat is taken: add a seat to invite ${invitation.email} again.`);
  }
  return { ok: true, invitation: { ...invitation, expiresAt: expiryFrom(now), updatedAt: now.toISOString() } };
}

/** Withdraws a pending (or expired) invitation: its seat is free again. */
export function planRevoke(actor: Actor, team: TeamState, email: string, now: Date): Decision<{ readonly invitation: Invitation }> {
  const forbidden = forbiddenUnless(actor, 'revokeInvitation');
  if (forbidden) return forbidden;
  const invitation = findInvitation(team, email);
  if (!invitation) return refuse('conflict', `There is no invitation for ${invitationEmail(email)}.`);
  if (invitation.state !== 'pending') return refuse('conflict', `The invitation for ${invitation.email} was ${invitation.state}.`);
  return { ok: true, invitation: { ...invitation, state: 'revoked', updatedAt: now.toISOString() } };
}

/**
 * The invited person joins with the invitation's role (their seat was held by the invitation). A
 * person is an active member of one firm at a time: `alreadyMember` refuses the second.
 */
export function planAcceptance(
  team: TeamState,
  invitee: { readonly userId: string; readonly email: string; readonly alreadyMember: boolean },
  now: Date,
): Decision<{ readonly invitation: Invitation; readonly member: Member }> {
  const invitation = findInvitation(team, invitee.email);
  if (!invitation) return refuse('forbidden', 'This invitation is not for you.');
  const status = invitationStatus(invitation, now);
  if (status !== 'pending') return refuse('conflict', `This invitation was ${status}: ask for a new one.`);
  if (invitee.alreadyMember) return refuse('conflict', 'You are already a member of a team: leave it before joining another.');
  const timestamp = now.toISOString();
  return {
    ok: true,
    invitation: { ...invitation, state: 'accepted', updatedAt: timestamp },
    member: { organizationId: team.organization.id, userId: invitee.userId, role: invitation.role, joinedAt: timestamp, state: 'active' },
  };
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

function activeMember(team: TeamState, userId: string): Member | undefined {
  return team.members.find((member) => member.userId === userId && member.state === 'active');
}

/**
 * Gives a member another role (admin or recruiter). The owner's role changes only by a transfer,
 * and nobody changes their own role (an admin cannot lock the team out by demoting themselves by
 * accident; another admin or the owner can).
 */
export function planRoleChange(
  actor: Actor,
  team: TeamState,
  target: { readonly userId: string; readonly role: string },
): Decision<{ readonly member: Member }> {
  const forbidden = forbiddenUnless(actor, 'changeRole');
  if (forbidden) return forbidden;
  if (!isAssignable(target.role)) return refuse('invalid', 'A member is an admin or a recruiter (ownership moves by a transfer).');
  const member = activeMember(team, target.userId);
  if (!member) return refuse('conflict', 'This person is not a member of the team.');
  if (member.role === 'owner') return refuse('conflict', "The owner's role changes only by transferring ownership.");
  if (member.userId === actor.userId) return refuse('conflict', 'You cannot change your own role: ask the owner or another admin.');
  return { ok: true, member: { ...member, role: target.role } };
}

/**
 * Removes a member: they lose access at once, their jobs and results stay with the firm (the
 * record is kept as `removed`). The owner is never removed (transfer ownership first), and
 * nobody removes themselves here.
 */
export function planRemoval(actor: Actor, team: TeamState, userId: string, now: Date): Decision<{ readonly member: Member }> {
  const forbidden = forbiddenUnless(actor, 'removeMember');
  if (forbidden) return forbidden;
  const member = activeMember(team, userId);
  if (!member) return refuse('conflict', 'This person is not a member of the team.');
  if (member.role === 'owner') return refuse('conflict', 'The owner cannot be removed: transfer ownership first.');
  if (member.userId === actor.userId) return refuse('conflict', 'You cannot remove yourself: ask the owner or another admin.');
  return { ok: true, member: { ...member, state: 'removed', removedAt: now.toISOString(), removedBy: actor.userId } };
}

/**
 * Hands ownership to another active member: they become the owner, the previous owner an admin,
 * so the firm always has exactly one owner.
 */
export function planOwnershipTransfer(
  actor: Actor,
  team: TeamState,
  newOwnerId: string,
  now: Date,
): Decision<{ readonly organization: Organization; readonly previousOwner: Member; readonly newOwner: Member }> {
  const forbidden = forbiddenUnless(actor, 'transferOwnership');
  if (forbidden) return forbidden;
  if (newOwnerId === actor.userId) return refuse('conflict', 'You are already the owner.');
  const previousOwner = activeMember(team, actor.userId);
  const newOwner = activeMember(team, newOwnerId);
  if (!previousOwner || previousOwner.role !== 'owner') return refuse('conflict', 'Only the owner can transfer ownership.');
  if (!newOwner) return refuse('conflict', 'Ownership goes to a member of the team.');
  return {
    ok: true,
    organization: { ...team.organization, ownerId: newOwnerId, updatedAt: now.toISOString() },
    previousOwner: { ...previousOwner, role: 'admin' },
    newOwner: { ...newOwner, role: 'owner' },
  };
}

/**
 * The model's invariants, for tests and for the repository to check what it reads: exactly one
 * active owner, who is the organization's `ownerId`. The problems found (empty: consistent).
 */
export function teamProblems(team: Pick<TeamState, 'organization' | 'members'>): string[] {
  const owners = team.members.filter((member) => member.state === 'active' && member.role === 'owner');
  const problems: string[] = [];
  if (owners.length !== 1) problems.push(`${owners.length} active owners (exactly one expected)`);
  if (owners.length === 1 && owners[0].userId !== team.organization.ownerId)
    problems.push('the owner member is not the organization owner');
  if (team.members.some((member) => member.organizationId !== team.organization.id)) problems.push('a member of another organization');
  return problems;
}
