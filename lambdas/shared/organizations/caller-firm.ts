import type { OrganizationRole } from '../domain/organization-rules';
import { ForbiddenError } from '../errors';
import type { OrganizationsRepository } from './organizations-repository';

/**
 * Which firm a signed-in person works for (issue 18): the one rule the subscriber gate
 * (shared/http/subscriber-route.ts) and the web's subscription answer (`GET /user/subscriptions`)
 * both apply. The firm's subscription is the subscriptions stored under the firm's id (the
 * founder's user id, organization-founding.ts), and the firm's id keys its ATS connection.
 */

/** The caller's active firm and their role in it. */
export interface Firm {
  readonly id: string;
  readonly role: OrganizationRole;
}

export type FirmLookups = Pick<OrganizationsRepository, 'membershipsOf' | 'getMember'>;

export const MEMBERSHIP_REMOVED = 'membership_removed';
export const MEMBERSHIP_REMOVED_MESSAGE =
  'You were removed from your team, so its subscription no longer covers you. Ask its owner or an admin to invite you again.';

/**
 * The caller's firm: their active membership, found in the `byPerson` index and confirmed by a
 * strongly consistent read of the member item, so a member removed a moment ago (the index may
 * still say active) is refused at once, as is one the index already shows removed (403
 * `membership_removed`). A person in no firm at all (nobody has migrated them, or founded one
 * for them yet) is their own one-person firm: their own id, as owner — today's behaviour, and the
 * same key the migration gives their firm.
 */
export async function callersFirm(organizations: FirmLookups, userId: string): Promise<Firm> {
  const memberships = await organizations.membershipsOf(userId);
  const indexed = memberships.find((member) => member.state === 'active');
  if (!indexed) {
    if (memberships.length > 0) throw new ForbiddenError(MEMBERSHIP_REMOVED_MESSAGE, { code: MEMBERSHIP_REMOVED });
    return { id: userId, role: 'owner' };
  }
  const member = await organizations.getMember(indexed.organizationId, userId);
  if (member?.state !== 'active') throw new ForbiddenError(MEMBERSHIP_REMOVED_MESSAGE, { code: MEMBERSHIP_REMOVED });
  return { id: member.organizationId, role: member.role };
}
