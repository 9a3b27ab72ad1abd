import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { newOrganization, type Invitation } from '../../../../lambdas/shared/domain/organization-rules';
import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../../lambdas/shared/organizations/organizations-repository';
import { countItems } from '../../../local/support/local-services';
import { startTables } from '../subscriptions/support';

let tables: Awaited<ReturnType<typeof startTables>>;
let organizations: OrganizationsRepository;
const NOW = new Date('2026-11-26T12:00:00.000Z');

beforeAll(async () => {
  tables = await startTables();
  organizations = createOrganizationsRepository({ client: tables.client, tableName: tables.tableNames.organizations });
});
afterAll(() => tables.stop());

function invitation(organizationId: string, email: string, overrides: Partial<Invitation> = {}): Invitation {
  return {
    organizationId,
    email,
    role: 'recruiter',
    invitedBy: 'owner',
    state: 'pending',
    createdAt: NOW.toISOString(),
    expiresAt: '2026-12-03T12:00:00.000Z',
    updatedAt: NOW.toISOString(),
    ...overrides,
  };
}

describe('OrganizationsRepository (dynalite)', () => {
  it('creates a firm with its owner and reads them back without the storage keys', async () => {
    const created = newOrganization({ id: 'org-a', name: 'Acme Staffing', seats: 3, ownerId: 'user-a', now: NOW });
    expect(await organizations.createOrganization(created)).toEqual({ created: true });

    expect(await organizations.getOrganization('org-a')).toEqual(created.organization);
    expect(await organizations.getTeam('org-a')).toEqual({ organization: created.organization, members: [created.owner], invitations: [] });
    expect(await organizations.membershipsOf('user-a')).toEqual([created.owner]);
    expect(await organizations.activeMembershipOf('user-a')).toEqual(created.owner);
  });

  it('keys the items as documented: one partition per firm, personKey on members only', async () => {
    const raw = async (sk: string) =>
      (await tables.client.send(new GetCommand({ TableName: tables.tableNames.organizations, Key: { pk: 'org#org-a', sk } }))).Item;
    expect(await raw('organization')).toMatchObject({ pk: 'org#org-a', sk: 'organization', id: 'org-a' });
    expect((await raw('organization'))?.personKey).toBeUndefined();
    expect(await raw('member#user-a')).toMatchObject({ personKey: 'user#user-a', userId: 'user-a' });
  });

  it('creates nothing twice and overwrites nothing when the creation is repeated', async () => {
    const before = await countItems(tables.dynamodb.client, tables.tableNames.organizations);
    const again = newOrganization({ id: 'org-a', name: 'Renamed', seats: 9, ownerId: 'user-a', now: new Date('2027-01-01T00:00:00Z') });
    expect(await organizations.createOrganization(again)).toEqual({ created: false });
    expect(await countItems(tables.dynamodb.client, tables.tableNames.organizations)).toBe(before);
    expect(await organizations.getOrganization('org-a')).toMatchObject({ name: 'Acme Staffing', seats: 3 });
  });

  it('refuses an owner who is not the organization owner', async () => {
    const created = newOrganization({ id: 'org-x', name: 'X', seats: 1, ownerId: 'user-x', now: NOW });
    await expect(organizations.createOrganization({ ...created, owner: { ...created.owner, userId: 'other' } })).rejects.toThrow(
      /not the owner/,
    );
    expect(await organizations.getOrganization('org-x')).toBeUndefined();
  });

  it('stores members and invitations of a firm and finds them by user and by address', async () => {
    const recruiter = {
      organizationId: 'org-a',
      userId: 'user-r',
      role: 'recruiter',
      joinedAt: NOW.toISOString(),
      state: 'active',
    } as const;
    await organizations.saveMember(recruiter);
    await organizations.saveInvitation(invitation('org-a', 'kim@example.com'));
    await organizations.saveInvitation(invitation('org-a', 'lee@example.com', { state: 'revoked' }));

    const team = await organizations.getTeam('org-a');
    expect(team?.members.map((member) => member.userId).sort()).toEqual(['user-a', 'user-r']);
    expect(team?.invitations.map((item) => [item.email, item.state])).toEqual([
      ['kim@example.com', 'pending'],
      ['lee@example.com', 'revoked'],
    ]);
    expect(await organizations.invitationsFor(' KIM@example.com')).toEqual([invitation('org-a', 'kim@example.com')]);
    expect(await organizations.invitationsFor('nobody@example.com')).toEqual([]);
  });

  it("keeps a removed member's record but no longer counts it as the user's active membership", async () => {
    const second = newOrganization({ id: 'org-b', name: 'Beta Talent', seats: 2, ownerId: 'user-b', now: NOW });
    await organizations.createOrganization(second);
    const member = { organizationId: 'org-b', userId: 'user-m', role: 'admin', joinedAt: NOW.toISOString(), state: 'active' } as const;
    await organizations.saveMember(member);
    expect(await organizations.activeMembershipOf('user-m')).toEqual(member);

    const removed = { ...member, state: 'removed', removedAt: NOW.toISOString(), removedBy: 'user-b' } as const;
    await organizations.saveMember(removed);
    expect(await organizations.membershipsOf('user-m')).toEqual([removed]);
    expect(await organizations.activeMembershipOf('user-m')).toBeUndefined();
  });

  it('writes no member or invitation into a firm that does not exist', async () => {
    await expect(
      organizations.saveMember({
        organizationId: 'org-none',
        userId: 'u',
        role: 'recruiter',
        joinedAt: NOW.toISOString(),
        state: 'active',
      }),
    ).rejects.toThrow(/no organization/);
    await expect(organizations.saveInvitation(invitation('org-none', 'x@example.com'))).rejects.toThrow(/no organization/);
    expect(await organizations.getTeam('org-none')).toBeUndefined();
  });

  it('saves an organization only over the version that was read', async () => {
    const read = (await organizations.getOrganization('org-b'))!;
    const changed = { ...read, seats: 4, updatedAt: '2026-11-27T00:00:00.000Z' };
    expect(await organizations.saveOrganization(changed, read.updatedAt)).toBe(true);
    expect(await organizations.saveOrganization({ ...read, seats: 7, updatedAt: '2026-11-28T00:00:00.000Z' }, read.updatedAt)).toBe(false);
    expect(await organizations.getOrganization('org-b')).toEqual(changed);
  });
});
