import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { OrganizationMemberView, OrganizationResponse, TeamChangeResponse } from '@contracts/organization';
import { ASSIGNABLE_ROLES, mayPerform, type AssignableRole, type OrganizationRole } from '@shared-domain/organization-rules';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldFrame, SubmitButton } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useDraft } from '../../../lib/drafts';
import { formatWhen } from '../../../lib/format-when';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { cacheTeam, organizationQuery } from '../../../lib/organization/organization-query';
import { phaseOf } from '../../../lib/server-state/query-state';
import { RestApiError } from '../../../lib/rest-client';
import { emailError } from '../../../lib/validation';
import { seatsToAddOf, type TeamApi } from '../api/team-api';
import { teamKeys, teamQueries } from '../team-queries';
import './team.css';

export const ROLE_NAMES: Readonly<Record<OrganizationRole, string>> = { owner: 'Owner', admin: 'Admin', recruiter: 'Recruiter' };
const STATUS_NAMES = { pending: 'Pending', expired: 'Expired', revoked: 'Revoked', accepted: 'Accepted' } as const;

/** A member's name, or their address when their profile has none yet. */
export function memberName(member: Pick<OrganizationMemberView, 'firstName' | 'lastName' | 'email' | 'userId'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || member.userId;
}

/** Where "Add seats" leads: the billing page's seat dialog, asking for the seats the invitation needs, and back here. */
export function addSeatsLink(total: number, missing: number): string {
  // `/` is allowed in a query: the link reads as the billing page expects it, `returnTo=/team`.
  return `${paths.account}?seats=${total + missing}&returnTo=${paths.team}`;
}

/** A team change's answer becomes the cached team at once (the page shows it without asking again). */
function useTeamChange<I>(change: (input: I) => Promise<TeamChangeResponse>, done: (input: I, team: TeamChangeResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (team, input) => {
      cacheTeam(queryClient, team);
      done(input, team);
    },
    onError: (error) => notifyError(error),
  });
}

/**
 * The Team page (issue 18): the firm's members with their roles, its seats, its invitations, and,
 * for owners and admins, inviting, resending, revoking, changing roles and removing; for the owner,
 * handing over ownership. Recruiters see the team read-only. Someone invited sees the invitations
 * waiting for them and joins from here.
 */
export function TeamPage({ api, selfId }: { readonly api: TeamApi; readonly selfId: string }) {
  const team = useQuery(organizationQuery(api));
  const phase = phaseOf(team);
  return (
    <div className="container page team-page">
      <div className="page__header">
        <p className="page__eyebrow">Team</p>
        <h1>{phase.status === 'ready' && phase.data ? phase.data.organization.name : 'Your team'}</h1>
      </div>
      <InvitationsForYou api={api} member={phase.status === 'ready' && phase.data !== null} />
      {phase.status === 'loading' ? (
        <Spinner label="Loading your team…" />
      ) : phase.status === 'error' ? (
        <div className="card" role="alert">
          <p>We could not load your team. {phase.error instanceof Error ? phase.error.message : ''}</p>
          <button type="button" className="button button--secondary" onClick={() => void team.refetch()}>
            Try again
          </button>
        </div>
      ) : phase.data === null ? (
        <p className="card">You are not part of a team yet. When a firm invites you, its invitation shows here.</p>
      ) : (
        <Team api={api} team={phase.data} selfId={selfId} />
      )}
    </div>
  );
}

/** The invitations to the caller's own address, each with a Join button. */
function InvitationsForYou({ api, member }: { readonly api: TeamApi; readonly member: boolean }) {
  const queryClient = useQueryClient();
  const invitations = useQuery(teamQueries.myInvitations(api));
  const accept = useTeamChange(
    (organizationId: string) => api.accept({ organizationId }),
    (_id, team) => {
      notifySuccess(`You joined ${team.organization.name} as ${ROLE_NAMES[team.role].toLowerCase()}.`);
      void queryClient.invalidateQueries({ queryKey: teamKeys.myInvitations });
    },
  );
  const waiting = invitations.data?.invitations ?? [];
  if (waiting.length === 0) return null;
  return (
    <section className="card team-section" aria-labelledby="team-for-you">
      <h2 id="team-for-you">Invitations for you</h2>
      {member ? (
        <p className="team-note">
          Joining another team moves you there. If your current team is yours alone, you leave it; otherwise leave it first.
        </p>
      ) : null}
      <ul className="team-list">
        {waiting.map((invitation) => (
          <li key={invitation.organizationId} className="team-item">
            <p>
              <strong>{invitation.organizationName}</strong> invites you as {ROLE_NAMES[invitation.role].toLowerCase()} (until{' '}
              {formatWhen(invitation.expiresAt)}).
            </p>
            <button type="button" className="button" disabled={accept.isPending} onClick={() => accept.mutate(invitation.organizationId)}>
              {accept.isPending && accept.variables === invitation.organizationId ? 'Joining…' : `Join ${invitation.organizationName}`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Pending = { readonly kind: 'remove' | 'transfer'; readonly member: OrganizationMemberView };

function Team({ api, team, selfId }: { readonly api: TeamApi; readonly team: OrganizationResponse; readonly selfId: string }) {
  const manages = mayPerform(team.role, 'invite');
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [focusMembers, setFocusMembers] = useState(0);
  // After the dialog has closed (and given focus back to a button that is now gone): focus goes to the list.
  useEffect(() => {
    if (focusMembers > 0) membersHeading.current?.focus();
  }, [focusMembers]);
  const afterDialog = () => {
    setPending(null);
    setFocusMembers((count) => count + 1);
  };
  const removal = useTeamChange(
    (member: OrganizationMemberView) => api.removeMember(member.userId),
    (member) => {
      notifySuccess(`${memberName(member)} is removed from the team.`);
      afterDialog();
    },
  );
  const transfer = useTeamChange(
    (member: OrganizationMemberView) => api.transferOwnership(member.userId),
    (member) => {
      notifySuccess(`${memberName(member)} is now the owner; you are an admin.`);
      afterDialog();
    },
  );
  const roleChange = useTeamChange(
    ({ member, role }: { member: OrganizationMemberView; role: AssignableRole }) => api.changeRole(member.userId, role),
    ({ member, role }) => notifySuccess(`${memberName(member)} is now ${ROLE_NAMES[role].toLowerCase()}.`),
  );

  return (
    <>
      <section className="card team-section" aria-labelledby="team-seats">
        <h2 id="team-seats">Seats</h2>
        <dl className="team-seats">
          <div>
            <dt>Total</dt>
            <dd>{team.seats.total}</dd>
          </div>
          <div>
            <dt>In use</dt>
            <dd>{team.seats.inUse}</dd>
          </div>
          <div>
            <dt>Free</dt>
            <dd>{team.seats.free}</dd>
          </div>
        </dl>
        <p className="team-note">Members and pending invitations each take a seat. You are {ROLE_NAMES[team.role].toLowerCase()}.</p>
        {mayPerform(team.role, 'viewActivity') && (
          <p className="team-note">
            <Link to={paths.activity}>See who did what in the activity log</Link>
          </p>
        )}
      </section>

      <section className="card team-section" aria-labelledby="team-members">
        <h2 id="team-members" ref={membersHeading} tabIndex={-1}>
          Members
        </h2>
        <ul className="team-list">
          {team.members.map((member) => (
            <MemberItem
              key={member.userId}
              member={member}
              viewer={team}
              self={member.userId === selfId}
              busy={roleChange.isPending}
              onRole={(role) => roleChange.mutate({ member, role })}
              onRemove={() => setPending({ kind: 'remove', member })}
              onTransfer={() => setPending({ kind: 'transfer', member })}
            />
          ))}
        </ul>
      </section>

      {manages && team.invitations ? <Invitations api={api} team={team} /> : null}

      {pending?.kind === 'remove' ? (
        <ConfirmDialog
          title={`Remove ${memberName(pending.member)}?`}
          confirmLabel="Remove"
          busyLabel="Removing…"
          cancelLabel="Keep"
          busy={removal.isPending}
          onConfirm={() => removal.mutate(pending.member)}
          onCancel={() => setPending(null)}
        >
          <p>
            They lose access at once and are signed out everywhere. Their jobs and results stay with the team, and their seat is free again.
          </p>
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'transfer' ? (
        <ConfirmDialog
          title={`Make ${memberName(pending.member)} the owner?`}
          confirmLabel="Transfer ownership"
          busyLabel="Transferring…"
          cancelLabel="Keep ownership"
          busy={transfer.isPending}
          onConfirm={() => transfer.mutate(pending.member)}
          onCancel={() => setPending(null)}
        >
          <p>They become the team&apos;s owner and you become an admin. Only the new owner can hand ownership back.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function MemberItem({
  member,
  viewer,
  self,
  busy,
  onRole,
  onRemove,
  onTransfer,
}: {
  readonly member: OrganizationMemberView;
  readonly viewer: OrganizationResponse;
  /** The signed-in person's own entry: nobody changes their own role or removes themselves here. */
  readonly self: boolean;
  readonly busy: boolean;
  readonly onRole: (role: AssignableRole) => void;
  readonly onRemove: () => void;
  readonly onTransfer: () => void;
}) {
  const roleId = useId();
  const name = memberName(member);
  const manageable = mayPerform(viewer.role, 'changeRole') && member.role !== 'owner' && !self;
  return (
    <li className="team-item">
      <div className="team-item__who">
        <strong>
          {name}
          {self ? ' (you)' : ''}
        </strong>
        {member.email && member.email !== name ? <span className="team-item__email">{member.email}</span> : null}
      </div>
      <dl className="team-item__facts">
        <div>
          <dt>Role</dt>
          <dd>{ROLE_NAMES[member.role]}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatWhen(member.joinedAt)}</dd>
        </div>
      </dl>
      {manageable ? (
        <div className="team-item__actions">
          <label htmlFor={roleId} className="visually-hidden">
            Role of {name}
          </label>
          <select id={roleId} value={member.role} disabled={busy} onChange={(event) => onRole(event.target.value as AssignableRole)}>
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </select>
          <button type="button" className="button button--secondary" onClick={onRemove}>
            Remove<span className="visually-hidden"> {name}</span>
          </button>
          {mayPerform(viewer.role, 'transferOwnership') ? (
            <button type="button" className="button button--secondary" onClick={onTransfer}>
              Make owner<span className="visually-hidden"> ({name})</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The firm's invitations with Resend and Revoke, and the invite form (owners and admins). */
function Invitations({ api, team }: { readonly api: TeamApi; readonly team: OrganizationResponse }) {
  const resend = useTeamChange(
    (email: string) => api.resendInvitation(email),
    (email, answer) =>
      notifySuccess(
        answer.delivery === 'account'
          ? `${email} already has an account: they see the invitation when they sign in.`
          : `The invitation is sent to ${email} again, with a new temporary password.`,
      ),
  );
  const revoke = useTeamChange(
    (email: string) => api.revokeInvitation(email),
    (email) => notifySuccess(`The invitation for ${email} is revoked; its seat is free.`),
  );
  const open = team.invitations?.filter((invitation) => invitation.status === 'pending' || invitation.status === 'expired') ?? [];
  return (
    <section className="card team-section" aria-labelledby="team-invitations">
      <h2 id="team-invitations">Invitations</h2>
      {open.length === 0 ? (
        <p>No invitations are waiting.</p>
      ) : (
        <ul className="team-list">
          {open.map((invitation) => (
            <li key={invitation.email} className="team-item">
              <div className="team-item__who">
                <strong>{invitation.email}</strong>
              </div>
              <dl className="team-item__facts">
                <div>
                  <dt>Role</dt>
                  <dd>{ROLE_NAMES[invitation.role]}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>{STATUS_NAMES[invitation.status]}</dd>
                </div>
                <div>
                  <dt>{invitation.status === 'expired' ? 'Expired' : 'Expires'}</dt>
                  <dd>{formatWhen(invitation.expiresAt)}</dd>
                </div>
              </dl>
              <div className="team-item__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(invitation.email)}
                >
                  Resend<span className="visually-hidden"> the invitation for {invitation.email}</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={revoke.isPending || invitation.status !== 'pending'}
                  onClick={() => revoke.mutate(invitation.email)}
                >
                  Revoke<span className="visually-hidden"> the invitation for {invitation.email}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <InviteForm api={api} team={team} />
    </section>
  );
}

/** The role of a stored draft, when it is still one an invitation may give. */
function assignableRole(role: string): AssignableRole {
  return ASSIGNABLE_ROLES.find((candidate) => candidate === role) ?? 'recruiter';
}

function InviteForm({ api, team }: { readonly api: TeamApi; readonly team: OrganizationResponse }) {
  // Drafts (this tab's sessionStorage): an invitation beyond the seats leads to the account page's
  // seat change and back here, where the address and role wait to be sent.
  const [email, setEmail] = useDraft('team:invite-email', '');
  const [draftRole, setRole] = useDraft<string>('team:invite-role', 'recruiter');
  const role = assignableRole(draftRole);
  const [error, setError] = useState<string | undefined>();
  const [missingSeats, setMissingSeats] = useState<{ readonly seats: number; readonly message: string } | null>(null);
  const roleId = useId();
  const queryClient = useQueryClient();
  const invite = useMutation({
    mutationFn: () => api.invite({ email: email.trim(), role }),
    onSuccess: (answer) => {
      cacheTeam(queryClient, answer);
      notifySuccess(
        answer.delivery === 'account'
          ? `${email.trim()} is invited. They already have an account: they see the invitation when they sign in.`
          : `${email.trim()} is invited: they get an email with a temporary password.`,
      );
      setEmail('');
    },
    onError: (failure) => {
      const seats = seatsToAddOf(failure);
      if (seats !== undefined) setMissingSeats({ seats, message: (failure as RestApiError).message });
      else if (failure instanceof RestApiError && failure.fields.email) setError(failure.fields.email);
      else notifyError(failure);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    setMissingSeats(null);
    if (!problem) invite.mutate();
  };
  return (
    <form className="form team-invite" onSubmit={submit} noValidate aria-labelledby="team-invite">
      <h3 id="team-invite">Invite a teammate</h3>
      <div className="team-invite__fields">
        <FieldFrame label="Email" error={error}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FieldFrame>
        <div className="field">
          <label className="field__label" htmlFor={roleId}>
            Role
          </label>
          <select id={roleId} name="role" value={role} onChange={(event) => setRole(event.target.value as AssignableRole)}>
            {ASSIGNABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_NAMES[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {missingSeats ? (
        <div className="team-seats-needed" role="alert">
          <p>{missingSeats.message}</p>
          <Link to={addSeatsLink(team.seats.total, missingSeats.seats)} className="button">
            Add seats
          </Link>
        </div>
      ) : null}
      <SubmitButton busy={invite.isPending} busyLabel="Inviting…">
        Invite
      </SubmitButton>
    </form>
  );
}
