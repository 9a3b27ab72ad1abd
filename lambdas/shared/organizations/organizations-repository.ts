import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ORGANIZATIONS_BY_PERSON_INDEX, TABLES } from '../../../lib/definitions/tables';
import { isConditionalCheckFailed } from '../dynamodb/document-client';
import { readEnvironment, requiredNameVariable } from '../read-environment';
import * as z from '../zod';
import { invitationEmail, type Invitation, type Member, type Organization, type TeamState } from '../domain/organization-rules';

/**
 * Organizations, their members and invitations in the organizations table (one partition per
 * firm, `pk` = `org#<id>`; the `byPerson` index finds a user's memberships and an address's
 * invitations). The rules live in lambdas/shared/domain/organization-rules.ts; this stores what
 * they decide. Items are the domain records plus their keys, which {@link fromItem} strips.
 */
export interface OrganizationsRepository {
  /** The organization with this id (strongly consistent), or `undefined`. */
  getOrganization(organizationId: string): Promise<Organization | undefined>;
  /** The firm with every member (removed ones too) and invitation, read at once (strongly consistent). */
  getTeam(organizationId: string): Promise<TeamState | undefined>;
  /**
   * The member item of this user in this firm, read strongly consistent (removed ones too), or
   * `undefined`: what confirms a membership found in the eventually consistent index.
   */
  getMember(organizationId: string, userId: string): Promise<Member | undefined>;
  /** Every membership of a user, removed ones too, in no particular order (the index is eventually consistent). */
  membershipsOf(userId: string): Promise<Member[]>;
  /** The user's active membership (a person is an active member of one firm at a time), or `undefined`. */
  activeMembershipOf(userId: string): Promise<Member | undefined>;
  /** Every invitation sent to this address, by any firm. */
  invitationsFor(email: string): Promise<Invitation[]>;
  /**
   * Writes a new organization and its owner unless they exist (conditional puts, each on its own:
   * a retry after a failure between the two completes the pair and overwrites nothing).
   * `created` says whether the organization item was written now.
   */
  createOrganization(input: { readonly organization: Organization; readonly owner: Member }): Promise<{ readonly created: boolean }>;
  /**
   * Replaces the organization when it still holds `expectedUpdatedAt` (another change in between
   * fails with `false`: read the team again and decide again).
   */
  saveOrganization(organization: Organization, expectedUpdatedAt: string): Promise<boolean>;
  /** Writes a member (new or changed) of an existing organization. */
  saveMember(member: Member): Promise<void>;
  /** Writes an invitation (new or changed) of an existing organization. */
  saveInvitation(invitation: Invitation): Promise<void>;
}

export interface OrganizationsRepositoryOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ORGANIZATIONS_TABLE`. */
  readonly tableName: string;
}

const ORGANIZATION_SK = 'organization';
const MEMBER_PREFIX = 'member#';
const INVITATION_PREFIX = 'invitation#';

/** The partition of a firm. */
export function organizationKey(organizationId: string): string {
  return `org#${organizationId}`;
}

function organizationItem(organization: Organization) {
  return { pk: organizationKey(organization.id), sk: ORGANIZATION_SK, ...organization };
}

function memberItem(member: Member) {
  return {
    pk: organizationKey(member.organizationId),
    sk: `${MEMBER_PREFIX}${member.userId}`,
    personKey: `user#${member.userId}`,
    ...member,
  };
}

function invitationItem(invitation: Invitation) {
  return {
    pk: organizationKey(invitation.organizationId),
    sk: `${INVITATION_PREFIX}${invitation.email}`,
    personKey: `email#${invitation.email}`,
    ...invitation,
  };
}

/** The domain record of an item: everything but the keys. */
function fromItem<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, personKey: _personKey, ...record } = item;
  return record as T;
}

/** Every item a query finds, page after page. */
async function queryAll(
  { client, tableName }: OrganizationsRepositoryOptions,
  input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: exclusiveStartKey }));
    items.push(...(page.Items ?? []));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return items;
}

/** The items of one person (`user#<id>`, `email#<address>`) in the `byPerson` index. */
const byPerson = (options: OrganizationsRepositoryOptions, personKey: string) =>
  queryAll(options, {
    IndexName: ORGANIZATIONS_BY_PERSON_INDEX,
    KeyConditionExpression: 'personKey = :personKey',
    ExpressionAttributeValues: { ':personKey': personKey },
  });

/**
 * The two reads that find a caller's firm (caller-firm.ts `FirmLookups`): what the subscriber
 * gate's routes use, built apart so their bundles do not carry the team's writes.
 */
export function createFirmLookups(options: OrganizationsRepositoryOptions): Pick<OrganizationsRepository, 'membershipsOf' | 'getMember'> {
  const { client, tableName } = options;
  return {
    async getMember(organizationId, userId) {
      const result = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: { pk: organizationKey(organizationId), sk: `${MEMBER_PREFIX}${userId}` },
          ConsistentRead: true,
        }),
      );
      return result.Item ? fromItem<Member>(result.Item) : undefined;
    },

    membershipsOf: async (userId) => (await byPerson(options, `user#${userId}`)).map((item) => fromItem<Member>(item)),
  };
}

export function createOrganizationsRepository(options: OrganizationsRepositoryOptions): OrganizationsRepository {
  const { client, tableName } = options;
  const lookups = createFirmLookups(options);

  /** A put that must not replace an item; `false` when one was there. */
  const putIfAbsent = async (item: Record<string, unknown>): Promise<boolean> => {
    try {
      await client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  };

  /** A put into a firm that exists (an item without its organization would be an orphan). */
  const putInOrganization = async (item: Record<string, unknown> & { pk: string }): Promise<void> => {
    const organization = await client.send(
      new GetCommand({ TableName: tableName, Key: { pk: item.pk, sk: ORGANIZATION_SK }, ProjectionExpression: 'pk', ConsistentRead: true }),
    );
    if (!organization.Item) throw new Error(`There is no organization ${item.pk}.`);
    await client.send(new PutCommand({ TableName: tableName, Item: item }));
  };

  return {
    async getOrganization(organizationId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { pk: organizationKey(organizationId), sk: ORGANIZATION_SK }, ConsistentRead: true }),
      );
      return result.Item ? fromItem<Organization>(result.Item) : undefined;
    },

    async getTeam(organizationId) {
      const items = await queryAll(options, {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': organizationKey(organizationId) },
        ConsistentRead: true,
      });
      const organization = items.find((item) => item.sk === ORGANIZATION_SK);
      if (!organization) return undefined;
      const withPrefix = (prefix: string) => items.filter((item) => String(item.sk).startsWith(prefix));
      return {
        organization: fromItem<Organization>(organization),
        members: withPrefix(MEMBER_PREFIX).map((item) => fromItem<Member>(item)),
        invitations: withPrefix(INVITATION_PREFIX).map((item) => fromItem<Invitation>(item)),
      };
    },

    ...lookups,

    async activeMembershipOf(userId) {
      return (await lookups.membershipsOf(userId)).find((member) => member.state === 'active');
    },

    async invitationsFor(email) {
      return (await byPerson(options, `email#${invitationEmail(email)}`)).map((item) => fromItem<Invitation>(item));
    },

    async createOrganization({ organization, owner }) {
      if (owner.organizationId !== organization.id || owner.userId !== organization.ownerId || owner.role !== 'owner') {
        throw new Error('The owner given is not the owner of this organization.');
      }
      const created = await putIfAbsent(organizationItem(organization));
      await putIfAbsent(memberItem(owner));
      return { created };
    },

    async saveOrganization(organization, expectedUpdatedAt) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: organizationItem(organization),
            ConditionExpression: 'updatedAt = :expected',
            ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    saveMember: (member) => putInOrganization(memberItem(member)),

    saveInvitation: (invitation) => putInOrganization(invitationItem(invitation)),
  };
}

/** The organizations repository of a deployed function (`ORGANIZATIONS_TABLE`), on its document client. */
export function organizationsFromEnvironment(client: DynamoDBDocumentClient): OrganizationsRepository {
  const env = readEnvironment(z.object({ [TABLES.organizations.envVar]: requiredNameVariable }));
  return createOrganizationsRepository({ client, tableName: env[TABLES.organizations.envVar] });
}
