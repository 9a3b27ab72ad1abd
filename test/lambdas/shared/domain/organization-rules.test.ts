import {
  MAX_SEATS,
  ORGANIZATION_ROLES,
  PERMISSIONS,
  invitationStatus,
  minimumSeats,
  mayChangeJob,
  mayPerform,
  newOrganization,
  planAcceptance,
  planInvitation,
  planOwnershipTransfer,
  planRemoval,
  planResend,
  planRevoke,
  planRoleChange,
  planSeatChange,
  seatsInUse,
  seatsToAdd,
  teamProblems,
  type Actor,
  type Invitation,
  type Member,
  type OrganizationAction,
  type OrganizationRole,
  type TeamState,
} from '../../../../lambdas/shared/domain/organization-rules';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function member(userId: string, role: OrganizationRole, overrides: Partial<Member> = {}): Member {
  return { organizationId: 'org-1', userId, role, joinedAt: '2026-01-01T00:00:00.000Z', state: 'active', ...overrides };
}

function invitation(email: string, overrides: Partial<Invitation> = {}): Invitation {
  return {
    organizationId: 'org-1',
    email,
    role: 'recruiter',
    invitedBy: 'owner-1',
    state: 'pending',
    createdAt: '2026-11-25T00:00:00.000Z',
    expiresAt: new Date(NOW.getTime() + DAY).toISOString(),
    updatedAt: '2026-11-25T00:00:00.000Z',
    ...overrides,
  };
}

/** A firm of 4 seats: the owner, an admin, two recruiters (one removed) and one pending invitation. */
function team(overrides: Partial<TeamState> = {}): TeamState {
  return {
    organization: {
      id: 'org-1',
      name: 'Acme Staffing',
      seats: 4,
      ownerId: 'owner-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    members: [
      member('owner-1', 'owner'),
      member('admin-1', 'admin'),
      member('recruiter-1', 'recruiter'),
      member('gone-1', 'recruiter', { state: 'removed', removedAt: '2026-06-01T00:00:00.000Z', removedBy: 'owner-1' }),
    ],
    invitations: [
      invitation('pending@example.com'),
      invitation('expired@example.com', { expiresAt: '2026-11-20T00:00:00.000Z' }),
      invitation('revoked@example.com', { state: 'revoked' }),
      invitation('accepted@example.com', { state: 'accepted' }),
    ],
    ...overrides,
  };
}

const OWNER: Actor = { userId: 'owner-1', role: 'owner' };
const ADMIN: Actor = { userId: 'admin-1', role: 'admin' };
const RECRUITER: Actor = { userId: 'recruiter-1', role: 'recruiter' };
const ACTORS: Record<OrganizationRole, Actor> = { owner: OWNER, admin: ADMIN, recruiter: RECRUITER };

/** The permission table as the decisions document states it, written out independently of the code. */
const EXPECTED: Record<OrganizationAction, Record<OrganizationRole, boolean>> = {
  view: { owner: true, admin: true, recruiter: true },
  invite: { owner: true, admin: true, recruiter: false },
  resendInvitation: { owner: true, admin: true, recruiter: false },
  revokeInvitation: { owner: true, admin: true, recruiter: false },
  changeRole: { owner: true, admin: true, recruiter: false },
  removeMember: { owner: true, admin: true, recruiter: false },
  transferOwnership: { owner: true, admin: false, recruiter: false },
  changeSeats: { owner: true, admin: true, recruiter: false },
  // The activity (audit) log is for those who run the team.
  viewActivity: { owner: true, admin: true, recruiter: false },
  manageAts: { owner: true, admin: true, recruiter: false },
  changeAnyJob: { owner: true, admin: true, recruiter: false },
  viewRemovedMembersWork: { owner: true, admin: true, recruiter: false },
};

/** The actions without a planner: the routes check them with `mayPerform` (the ATS routes, the Activity page, the assistant's jobs and results). */
type PlannedAction = Exclude<OrganizationAction, 'view' | 'manageAts' | 'viewActivity' | 'changeAnyJob' | 'viewRemovedMembersWork'>;

const ROLE_ACTION_PAIRS = (Object.keys(EXPECTED) as OrganizationAction[]).flatMap((action) =>
  ORGANIZATION_ROLES.map((role) => [role, action, EXPECTED[action][role]] as const),
);

/** Runs the plan behind each action with a valid target, so only the permission can refuse it. */
const PLAN_OF: Record<PlannedAction, (actor: Actor) => { ok: boolean; kind?: string }> = {
  invite: (actor) =>
    planInvitation(
      actor,
      team({ organization: { ...team().organization, seats: 5 } }),
      { email: 'new@example.com', role: 'recruiter', memberEmails: [] },
      NOW,
    ),
  resendInvitation: (actor) => planResend(actor, team(), 'pending@example.com', NOW),
  revokeInvitation: (actor) => planRevoke(actor, team(), 'pending@example.com', NOW),
  changeRole: (actor) =>
    planRoleChange(actor, team({ members: [...team().members, member('recruiter-2', 'recruiter')] }), {
      userId: 'recruiter-2',
      role: 'admin',
    }),
  removeMember: (actor) =>
    planRemoval(actor, team({ members: [...team().members, member('recruiter-2', 'recruiter')] }), 'recruiter-2', NOW),
  transferOwnership: (actor) => planOwnershipTransfer(actor, team(), actor.userId === 'admin-1' ? 'recruiter-1' : 'admin-1', NOW),
  changeSeats: (actor) => planSeatChange(actor, team(), 6, NOW),
};

describe('organization permissions', () => {
  it('lists every action for every role, and nothing else', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ORGANIZATION_ROLES].sort());
    for (const role of ORGANIZATION_ROLES) {
      const expected = (Object.keys(EXPECTED) as OrganizationAction[]).filter((action) => EXPECTED[action][role]).sort();
      expect([...PERMISSIONS[role]].sort()).toEqual(expected);
    }
  });

  it.each(ROLE_ACTION_PAIRS)('a %s may %s: %s', (role, action, allowed) => {
    expect(mayPerform(role, action)).toBe(allowed);
  });

  it.each(ROLE_ACTION_PAIRS.filter(([, action]) => action in PLAN_OF))(
    "a %s's %s is decided by the table (allowed: %s)",
    (role, action, allowed) => {
      const decision = PLAN_OF[action as PlannedAction](ACTORS[role]);
      expect(decision.ok).toBe(allowed);
      if (!allowed) expect(decision.kind).toBe('forbidden');
    },
  );
});

describe("who may change a firm's job", () => {
  it('lets its creator change it, whatever their role', () => {
    expect(mayChangeJob(RECRUITER, RECRUITER.userId)).toBe(true);
  });

  it("lets owners and admins change anyone's job, and not a recruiter another's", () => {
    expect(mayChangeJob(OWNER, 'recruiter-2')).toBe(true);
    expect(mayChangeJob(ADMIN, 'recruiter-2')).toBe(true);
    expect(mayChangeJob(RECRUITER, 'recruiter-2')).toBe(false);
    expect(mayChangeJob(RECRUITER, OWNER.userId)).toBe(false);
  });
});

describe('seats', () => {
  it('counts active members and pending invitations, not removed members or expired, revoked or accepted invitations', () => {
    // owner, admin, recruiter + pending@
    expect(seatsInUse(team().members, team().invitations, NOW)).toBe(4);
    expect(minimumSeats(team().members, team().invitations, NOW)).toBe(4);
  });

  it('never lets the minimum go below one seat (the owner)', () => {
    expect(minimumSeats([], [], NOW)).toBe(1);
  });

  it('frees the seat of an invitation the moment it expires', () => {
    const expiring = [invitation('a@example.com', { expiresAt: NOW.toISOString() })];
    expect(seatsInUse([], expiring, NOW)).toBe(0);
    expect(seatsInUse([], expiring, new Date(NOW.getTime() - 1))).toBe(1);
  });

  it('says how many seats an invitation needs', () => {
    expect(seatsToAdd({ seats: 4 }, team().members, team().invitations, NOW)).toBe(1);
    expect(seatsToAdd({ seats: 5 }, team().members, team().invitations, NOW)).toBe(0);
    expect(seatsToAdd({ seats: 4 }, team().members, team().invitations, NOW, 3)).toBe(3);
    expect(seatsToAdd({ seats: 10 }, team().members, team().invitations, NOW, 3)).toBe(0);
  });

  it.each([
    [4, true],
    [5, true],
    [MAX_SEATS, true],
    [3, false],
    [1, false],
  ])('lets the owner set %i seats when 4 are in use: %s', (seats, allowed) => {
    const decision = planSeatChange(OWNER, team(), seats, NOW);
    expect(decision.ok).toBe(allowed);
    if (decision.ok) expect(decision.organization).toMatchObject({ seats, updatedAt: NOW.toISOString() });
    else expect(decision).toMatchObject({ kind: 'conflict', message: expect.stringContaining('4 seats are in use') });
  });

  it.each([0, -1, 2.5, MAX_SEATS + 1, Number.NaN])('refuses %p seats as invalid', (seats) => {
    expect(planSeatChange(OWNER, team(), seats, NOW)).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('lets seats drop once an invitation is revoked', () => {
    const revoked = planRevoke(OWNER, team(), 'pending@example.com', NOW);
    if (!revoked.ok) throw new Error(revoked.message);
    const invitations = team().invitations.map((item) => (item.email === revoked.invitation.email ? revoked.invitation : item));
    expect(planSeatChange(OWNER, team({ invitations }), 3, NOW).ok).toBe(true);
  });
});

describe('invitations', () => {
  it('invites with a normalized address, the role, the inviter and a 7-day expiry', () => {
    const decision = planInvitation(
      ADMIN,
      team({ organization: { ...team().organization, seats: 5 } }),
      {
        email: '  New.Person@Example.COM ',
        role: 'admin',
        memberEmails: [],
      },
      NOW,
    );
    expect(decision).toEqual({
      ok: true,
      invitation: {
        organizationId: 'org-1',
        email: 'new.person@example.com',
        role: 'admin',
        invitedBy: 'admin-1',
        state: 'pending',
        createdAt: NOW.toISOString(),
        expiresAt: '2026-12-03T12:00:00.000Z',
        updatedAt: NOW.toISOString(),
      },
    });
  });

  it('asks for a seat increase when every seat is taken', () => {
    expect(
      planInvitation(
        OWNER,
        team({ organization: { ...team().organization, seats: 4 } }),
        { email: 'x@example.com', role: 'recruiter', memberEmails: [] },
        NOW,
      ),
    ).toMatchObject({
      ok: false,
      kind: 'conflict',
      seatsToAdd: 1,
    });
  });

  it.each(['owner', 'boss', ''])('refuses to invite as %p', (role) => {
    expect(planInvitation(OWNER, team(), { email: 'x@example.com', role, memberEmails: [] }, NOW)).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
  });

  it('refuses a member and an address with a pending invitation, but invites again after expiry or revocation', () => {
    const roomy = team({ organization: { ...team().organization, seats: 10 } });
    const invite = (email: string, memberEmails: string[] = []) =>
      planInvitation(OWNER, roomy, { email, role: 'recruiter', memberEmails }, NOW);
    expect(invite('Dana@example.com', ['dana@example.com'])).toMatchObject({ ok: false, kind: 'conflict' });
    expect(invite('pending@example.com')).toMatchObject({ ok: false, kind: 'conflict', message: expect.stringContaining('resend') });
    expect(invite('expired@example.com').ok).toBe(true);
    expect(invite('revoked@example.com').ok).toBe(true);
  });

  it('tells pending, expired, revoked and accepted apart', () => {
    expect(team().invitations.map((item) => invitationStatus(item, NOW))).toEqual(['pending', 'expired', 'revoked', 'accepted']);
  });

  it('resends a pending invitation with a new expiry and keeps the rest', () => {
    const decision = planResend(OWNER, team(), 'PENDING@example.com', NOW);
    expect(decision).toEqual({
      ok: true,
      invitation: { ...invitation('pending@example.com'), expiresAt: '2026-12-03T12:00:00.000Z', updatedAt: NOW.toISOString() },
    });
  });

  it('resends an expired invitation only when a seat is free (it takes one again)', () => {
    expect(planResend(OWNER, team(), 'expired@example.com', NOW)).toMatchObject({ ok: false, kind: 'conflict' });
    expect(planResend(OWNER, team({ organization: { ...team().organization, seats: 5 } }), 'expired@example.com', NOW).ok).toBe(true);
  });

  it.each(['revoked@example.com', 'accepted@example.com', 'unknown@example.com'])('neither resends nor revokes %s', (email) => {
    expect(planResend(OWNER, team(), email, NOW)).toMatchObject({ ok: false, kind: 'conflict' });
    expect(planRevoke(OWNER, team(), email, NOW)).toMatchObject({ ok: false, kind: 'conflict' });
  });

  it('revokes a pending or expired invitation', () => {
    expect(planRevoke(ADMIN, team(), 'pending@example.com', NOW)).toMatchObject({ ok: true, invitation: { state: 'revoked' } });
    expect(planRevoke(ADMIN, team(), 'expired@example.com', NOW)).toMatchObject({ ok: true, invitation: { state: 'revoked' } });
  });

  it('makes the invited person a member with the invitation role', () => {
    const decision = planAcceptance(team(), { userId: 'new-1', email: 'Pending@example.com', alreadyMember: false }, NOW);
    expect(decision).toEqual({
      ok: true,
      invitation: { ...invitation('pending@example.com'), state: 'accepted', updatedAt: NOW.toISOString() },
      member: { organizationId: 'org-1', userId: 'new-1', role: 'recruiter', joinedAt: NOW.toISOString(), state: 'active' },
    });
  });

  it('refuses to accept an expired, revoked, foreign invitation, or for a member of another team', () => {
    const accept = (email: string, alreadyMember = false) => planAcceptance(team(), { userId: 'new-1', email, alreadyMember }, NOW);
    expect(accept('expired@example.com')).toMatchObject({ ok: false, kind: 'conflict' });
    expect(accept('revoked@example.com')).toMatchObject({ ok: false, kind: 'conflict' });
    expect(accept('someone@example.com')).toMatchObject({ ok: false, kind: 'forbidden' });
    expect(accept('pending@example.com', true)).toMatchObject({ ok: false, kind: 'conflict' });
  });
});

describe('members', () => {
  it.each([
    [OWNER, 'admin-1', 'recruiter', true],
    [OWNER, 'recruiter-1', 'admin', true],
    [ADMIN, 'recruiter-1', 'admin', true],
    [OWNER, 'owner-1', 'admin', false],
    [ADMIN, 'owner-1', 'recruiter', false],
    [ADMIN, 'admin-1', 'recruiter', false],
    [OWNER, 'gone-1', 'admin', false],
    [OWNER, 'nobody', 'admin', false],
  ] as const)('role change by %o of %s to %s: %s', (actor, userId, role, allowed) => {
    const decision = planRoleChange(actor, team(), { userId, role });
    expect(decision.ok).toBe(allowed);
    if (decision.ok) expect(decision.member).toMatchObject({ userId, role, state: 'active' });
    else expect(decision.kind).toBe('conflict');
  });

  it.each(['owner', 'manager'])('never gives the role %p by a role change', (role) => {
    expect(planRoleChange(OWNER, team(), { userId: 'admin-1', role })).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('removes a member and keeps the record (the firm keeps their work), saying who and when', () => {
    expect(planRemoval(ADMIN, team(), 'recruiter-1', NOW)).toEqual({
      ok: true,
      member: { ...member('recruiter-1', 'recruiter'), state: 'removed', removedAt: NOW.toISOString(), removedBy: 'admin-1' },
    });
  });

  it.each([
    [OWNER, 'owner-1', 'transfer ownership first'],
    [ADMIN, 'owner-1', 'transfer ownership first'],
    [ADMIN, 'admin-1', 'cannot remove yourself'],
    [OWNER, 'gone-1', 'not a member'],
  ] as const)('refuses the removal by %o of %s', (actor, userId, reason) => {
    expect(planRemoval(actor, team(), userId, NOW)).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: expect.stringContaining(reason),
    });
  });

  it('transfers ownership: the new owner owns the organization, the old one becomes an admin', () => {
    const decision = planOwnershipTransfer(OWNER, team(), 'recruiter-1', NOW);
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.organization).toMatchObject({ ownerId: 'recruiter-1', updatedAt: NOW.toISOString() });
    expect(decision.previousOwner).toMatchObject({ userId: 'owner-1', role: 'admin' });
    expect(decision.newOwner).toMatchObject({ userId: 'recruiter-1', role: 'owner' });
    const members = team().members.map((item) =>
      item.userId === 'owner-1' ? decision.previousOwner : item.userId === 'recruiter-1' ? decision.newOwner : item,
    );
    expect(teamProblems({ organization: decision.organization, members })).toEqual([]);
  });

  it.each(['owner-1', 'gone-1', 'nobody'])('refuses to transfer ownership to %s', (userId) => {
    expect(planOwnershipTransfer(OWNER, team(), userId, NOW)).toMatchObject({ ok: false, kind: 'conflict' });
  });

  it('finds a team without exactly one owner, or whose owner is not the organization owner', () => {
    expect(teamProblems(team())).toEqual([]);
    expect(teamProblems({ ...team(), members: [member('admin-1', 'admin')] })).toEqual(['0 active owners (exactly one expected)']);
    expect(teamProblems({ ...team(), members: [member('owner-1', 'owner'), member('admin-1', 'owner')] })).toEqual([
      '2 active owners (exactly one expected)',
    ]);
    expect(teamProblems({ ...team(), members: [member('admin-1', 'owner')] })).toEqual(['the owner member is not the organization owner']);
    expect(teamProblems({ ...team(), members: [member('owner-1', 'owner', { state: 'removed' })] })).toEqual([
      '0 active owners (exactly one expected)',
    ]);
  });
});

describe('newOrganization', () => {
  it('makes the founder the one owner of a firm with at least one seat', () => {
    const created = newOrganization({ id: 'org-9', name: 'Acme', seats: 3, ownerId: 'user-9', now: NOW });
    expect(created).toEqual({
      organization: { id: 'org-9', name: 'Acme', seats: 3, ownerId: 'user-9', createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() },
      owner: { organizationId: 'org-9', userId: 'user-9', role: 'owner', joinedAt: NOW.toISOString(), state: 'active' },
    });
    expect(teamProblems({ organization: created.organization, members: [created.owner] })).toEqual([]);
    expect(newOrganization({ id: 'o', name: 'A', seats: 0, ownerId: 'u', now: NOW }).organization.seats).toBe(1);
  });
});
