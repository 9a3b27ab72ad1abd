import * as z from '../zod';
import { ASSIGNABLE_ROLES, ORGANIZATION_ROLES } from '../domain/organization-rules';
import { EMAIL_MAX_LENGTH } from '../domain/patterns';

/**
 * The caller's firm (issue 18), as `GET /user/organization` answers it, in one of two views
 * (`?view=`): `team` (the default, the Team page's) has the organization, the caller's role in it,
 * the seats (the subscription's quantity, how many are taken and free), the members and, for those
 * who manage invitations (owners and admins), the invitations; `summary` (every page's account
 * menu and the ATS settings' role check) has only the firm's id and name and the caller's role,
 * read in a few items whatever the firm's size.
 */

const Instant = z.iso.datetime({ offset: true });
const Role = z.enum(ORGANIZATION_ROLES);

export const ORGANIZATION_VIEWS = ['team', 'summary'] as const;
export type OrganizationView = (typeof ORGANIZATION_VIEWS)[number];

/** The query of `GET /user/organization`: which view; nothing else is accepted. */
export const OrganizationQuerySchema = z.strictObject({
  view: z.optional(z.enum(ORGANIZATION_VIEWS, { error: 'The view is team or summary.' })),
});

const FirmIdentity = z.object({ id: z.string(), name: z.string() });

/** `GET /user/organization?view=summary`: the firm and the caller's role in it. */
export const OrganizationSummarySchema = z.object({ organization: FirmIdentity, role: Role });
export type OrganizationSummary = z.infer<typeof OrganizationSummarySchema>;

export const OrganizationMemberViewSchema = z.object({
  userId: z.string(),
  role: Role,
  joinedAt: Instant,
  /** From the member's User record; null when it is gone. */
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type OrganizationMemberView = z.infer<typeof OrganizationMemberViewSchema>;

export const OrganizationInvitationViewSchema = z.object({
  email: z.string(),
  role: z.enum(['admin', 'recruiter']),
  /** `expired`: pending past its expiry (it holds no seat). */
  status: z.enum(['pending', 'expired', 'revoked', 'accepted']),
  invitedBy: z.string(),
  expiresAt: Instant,
});
export type OrganizationInvitationView = z.infer<typeof OrganizationInvitationViewSchema>;

/** `GET /user/organization` (`?view=team`): the summary's firm with its owner, seats, members and invitations. */
export const OrganizationResponseSchema = z.object({
  organization: z.extend(FirmIdentity, { ownerId: z.string() }),
  role: Role,
  seats: z.object({
    total: z.number().check(z.int(), z.gte(1)),
    inUse: z.number().check(z.int(), z.gte(0)),
    free: z.number().check(z.int(), z.gte(0)),
  }),
  /** Active members, the owner first, then by when they joined. */
  members: z.array(OrganizationMemberViewSchema),
  /** Null for a recruiter (who may not manage invitations); newest first. */
  invitations: z.nullable(z.array(OrganizationInvitationViewSchema)),
});
export type OrganizationResponse = z.infer<typeof OrganizationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Team management (issue 18): the requests of the team routes (lambdas/organizations/team-routes.ts)
// ---------------------------------------------------------------------------------------------

const EMAIL_MESSAGE = 'Please give a valid email address, like name@company.com.';
const TeammateEmail = z.pipe(
  z.string({ error: EMAIL_MESSAGE }).check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, EMAIL_MESSAGE)),
  z.email(EMAIL_MESSAGE),
);
const AssignableRole = z.enum(ASSIGNABLE_ROLES, { error: 'The role is admin or recruiter.' });
const Id = (what: string) =>
  z.string({ error: `Please give the ${what}.` }).check(z.trim(), z.minLength(1, `Please give the ${what}.`), z.maxLength(128));

/** `POST /user/organization/invitations`: who to invite, as what. */
export const InviteTeammateRequestSchema = z.strictObject({ email: TeammateEmail, role: AssignableRole });
export type InviteTeammateRequest = z.infer<typeof InviteTeammateRequestSchema>;

/** `POST /user/organization/invitations/resend` and `/revoke`: the invitation, by its address. */
export const InvitationAddressRequestSchema = z.strictObject({ email: TeammateEmail });
export type InvitationAddressRequest = z.infer<typeof InvitationAddressRequestSchema>;

/** `PATCH /user/organization/members/{userId}`: the member's new role. */
export const ChangeRoleRequestSchema = z.strictObject({ role: AssignableRole });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequestSchema>;

/** `PUT /user/organization/owner`: the member who becomes the owner. */
export const TransferOwnershipRequestSchema = z.strictObject({ userId: Id('new owner') });
export type TransferOwnershipRequest = z.infer<typeof TransferOwnershipRequestSchema>;

/** `POST /user/invitations/accept`: the firm whose invitation the caller accepts. */
export const AcceptInvitationRequestSchema = z.strictObject({ organizationId: Id('team') });
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;

/**
 * How an invitation reached the person: `email` (Cognito emailed a temporary password) or
 * `account` (the address already has an account, which Cognito sends nothing to: they see the
 * invitation on their Team page when they sign in).
 */
export const INVITATION_DELIVERIES = ['email', 'account'] as const;
export type InvitationDelivery = (typeof INVITATION_DELIVERIES)[number];

/** The answer of every team change: the team as it is now; an invitation adds how it was delivered. */
export const TeamChangeResponseSchema = z.extend(OrganizationResponseSchema, {
  delivery: z.optional(z.enum(INVITATION_DELIVERIES)),
});
export type TeamChangeResponse = z.infer<typeof TeamChangeResponseSchema>;

/** The 409 of an invitation beyond the seats: how many seats to add first. */
export const SEATS_REQUIRED_CODE = 'seats_required';
export interface SeatsRequiredBody {
  readonly message: string;
  readonly code: typeof SEATS_REQUIRED_CODE;
  readonly seatsToAdd: number;
}

/** `GET /user/invitations`: the pending invitations to the caller's address, from any firm. */
export const MyInvitationsResponseSchema = z.object({
  invitations: z.array(
    z.object({
      organizationId: z.string(),
      organizationName: z.string(),
      role: z.enum(ASSIGNABLE_ROLES),
      expiresAt: Instant,
    }),
  ),
});
export type MyInvitationsResponse = z.infer<typeof MyInvitationsResponseSchema>;
