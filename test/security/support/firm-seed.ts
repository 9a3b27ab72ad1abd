import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  planAcceptance,
  planInvitation,
  planRemoval,
  seatChange,
  type AssignableRole,
} from '../../../lambdas/shared/domain/organization-rules';
import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../lambdas/shared/organizations/organizations-repository';

/**
 * Seed for the security tests (issue 18): people join and leave a firm through the organization
 * rules and the repository, as an accepted invitation and a removal by the owner do, without the
 * Team routes' Cognito mail round trip. Each step is a rule's decision; a refusal fails the seed.
 */

export interface Person {
  readonly sub: string;
  readonly email: string;
}

export interface FirmSeed {
  /** Makes `person` a member of the firm founded by `ownerId` with `role`, adding the seat it needs. */
  join(ownerId: string, person: Person, role: AssignableRole): Promise<void>;
  /** The owner removes `person` from their firm. */
  remove(ownerId: string, person: Person): Promise<void>;
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
  };
}
