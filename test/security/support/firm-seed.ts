import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isDeepStrictEqual } from 'node:util';
import {
  newOrganization,
  planAcceptance,
  planInvitation,
  planRemoval,
  seatChange,
  type AssignableRole,
  type Member,
  type OrganizationRole,
} from '../../../lambdas/shared/domain/organization-rules';
import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../lambdas/shared/organizations/organizations-repository';

/**
 * The one way the security tests put people in a firm (issue 18), in two kinds:
 * - `join`/`remove`: people join and leave through the organization rules and the repository, as
 *   an accepted invitation and a removal by the owner do, without the Team routes' Cognito mail
 *   round trip. Each step is a rule's decision; a refusal fails the seed.
 * - `ensureFirm`: a firm put back to a stated shape (its owner, seats and the named members'
 *   records), whatever a Team route did to it, for the matrix's cells that start from the same
 *   firm. It reads the firm and writes only the items that differ, so a cell that changed nothing
 *   costs a read (and leaves the state digest's write marker alone, see state-digest.ts).
 */

export interface Person {
  readonly sub: string;
  readonly email: string;
}

/** A member record as `ensureFirm` states it. */
export interface StatedMember {
  readonly userId: string;
  readonly role: OrganizationRole;
  readonly state?: Member['state'];
}

/** What `ensureFirm` puts back: members not named are left as they are. */
export interface StatedFirm {
  readonly id: string;
  readonly ownerId: string;
  readonly seats: number;
  readonly members: readonly StatedMember[];
}

export interface FirmSeed {
  /** Makes `person` a member of the firm founded by `ownerId` with `role`, adding the seat it needs. */
  join(ownerId: string, person: Person, role: AssignableRole): Promise<void>;
  /** The owner removes `person` from their firm. */
  remove(ownerId: string, person: Person): Promise<void>;
  /** The firm as stated (founded if absent), writing only what differs. */
  ensureFirm(firm: StatedFirm): Promise<void>;
}

/** The fixed record `ensureFirm` writes for a stated member (dates fixed, so equal states compare equal). */
function memberRecord(organizationId: string, { userId, role, state = 'active' }: StatedMember): Member {
  return {
    organizationId,
    userId,
    role,
    joinedAt: '2026-11-01T00:00:00.000Z',
    state,
    ...(state === 'removed' ? { removedAt: '2026-11-02T00:00:00.000Z', removedBy: organizationId } : {}),
  };
}

export function firmSeed(client: DynamoDBDocumentClient, tableName: string): FirmSeed {
  const organizations: OrganizationsRepository = createOrganizationsRepository({ client, tableName });
  const teamOf = async (ownerId: string) => {
    const team = await organizations.getTeam(ownerId);
    if (!team) throw new Error(`${ownerId} founded no firm (a firm's id is its founder's).`);
    return team;
  };

  return {
    async join(ownerId, person, role) {
      const now = new Date();
      const owner = { userId: ownerId, role: 'owner' as const };
      const before = await teamOf(ownerId);
      const grown = seatChange(before, before.organization.seats + 1, now);
      if (!grown.ok || !(await organizations.saveOrganization(grown.organization, before.organization.updatedAt)))
        throw new Error(`The firm of ${ownerId} could not grow: ${JSON.stringify(grown)}`);
      const invited = planInvitation(owner, await teamOf(ownerId), { email: person.email, role, memberEmails: [] }, now);
      if (!invited.ok) throw new Error(`Inviting ${person.email}: ${invited.message}`);
      await organizations.saveInvitation(invited.invitation);
      const accepted = planAcceptance(await teamOf(ownerId), { userId: person.sub, email: person.email, alreadyMember: false }, now);
      if (!accepted.ok) throw new Error(`${person.email} could not join: ${accepted.message}`);
      await organizations.saveInvitation(accepted.invitation);
      await organizations.saveMember(accepted.member);
    },

    async remove(ownerId, person) {
      const removal = planRemoval({ userId: ownerId, role: 'owner' }, await teamOf(ownerId), person.sub, new Date());
      if (!removal.ok) throw new Error(`Removing ${person.email}: ${removal.message}`);
      await organizations.saveMember(removal.member);
    },

    async ensureFirm({ id, ownerId, seats, members }) {
      const team = await organizations.getTeam(id);
      if (!team) {
        await organizations.createOrganization(newOrganization({ id, name: `Firm ${id.slice(0, 6)}`, seats, ownerId, now: new Date() }));
      } else if (team.organization.ownerId !== ownerId || team.organization.seats !== seats) {
        if (!(await organizations.saveOrganization({ ...team.organization, ownerId, seats }, team.organization.updatedAt)))
          throw new Error(`The firm ${id} changed while it was being reset.`);
      }
      for (const stated of members) {
        const wanted = memberRecord(id, stated);
        const current = team?.members.find((member) => member.userId === stated.userId);
        if (current && isDeepStrictEqual(current, wanted)) continue;
        await organizations.saveMember(wanted);
      }
    },
  };
}
