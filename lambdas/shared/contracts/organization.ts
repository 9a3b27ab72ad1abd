import * as z from '../zod';
import { ORGANIZATION_ROLES } from '../domain/organization-rules';

/**
 * The caller's firm (issue 18), as `GET /user/organization` answers it: the organization, the
 * caller's role in it, the seats (the subscription's quantity, how many are taken and free), the
 * members and, for those who manage invitations (owners and admins), the invitations.
 */

const Instant = z.iso.datetime({ offset: true });
const Role = z.enum(ORGANIZATION_ROLES);

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

export const OrganizationResponseSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string(), ownerId: z.string() }),
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
