import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { teamProblems } from '../../../../lambdas/shared/domain/organization-rules';
import {
  migrateOrganizations,
  organizationMigrationDependencies,
  type OrganizationMigrationDependencies,
} from '../../../../lambdas/shared/organizations/organization-migration';
import {
  createOrganizationsRepository,
  type OrganizationsRepository,
} from '../../../../lambdas/shared/organizations/organizations-repository';
import { subscriptionSnapshot } from '../../../../lambdas/shared/subscriptions/subscription-record';
import { createSubscriptionsRepository } from '../../../../lambdas/shared/subscriptions/subscriptions-repository';
import { createUserSubscriptionLinks } from '../../../../lambdas/shared/subscriptions/user-subscription-links';
import { newUserRecord } from '../../../../lambdas/shared/users/new-user-record';
import { createUsersRepository } from '../../../../lambdas/shared/users/users-repository';
import { startTables, subscriptionView } from '../subscriptions/support';

let tables: Awaited<ReturnType<typeof startTables>>;
let organizations: OrganizationsRepository;
let dependencies: OrganizationMigrationDependencies;
const MIGRATED_AT = new Date('2026-11-26T12:00:00.000Z');

/** Every item of a table as DynamoDB returns it (attribute values and all), in key order: compared byte for byte. */
async function rawItems(tableName: string): Promise<string> {
  const page = await tables.dynamodb.client.send(new ScanCommand({ TableName: tableName, ConsistentRead: true }));
  return JSON.stringify((page.Items ?? []).map((item) => JSON.stringify(item, Object.keys(item).sort())).sort());
}

/**
 * Users and subscriptions written by the product's own code: the post-confirmation record
 * (newUserRecord + putIfAbsent), provider snapshots (upsert) linked to their user (link), and an
 * admin removal (markRemoved).
 */
async function seedWithCurrentCode(): Promise<void> {
  const users = createUsersRepository({ client: tables.client, tableName: tables.tableNames.users });
  const subscriptions = createSubscriptionsRepository({ client: tables.client, tableName: tables.tableNames.subscriptions });
  const links = createUserSubscriptionLinks({ client: tables.client, tableName: tables.tableNames.users });
  const join = (id: string, email: string, companyName: string, day: number) =>
    users.putIfAbsent(
      newUserRecord({
        id,
        email,
        details: { firstName: id.toUpperCase(), lastName: 'Tester', companyName },
        now: new Date(Date.UTC(2026, 0, day)),
      }),
    );
  const subscribe = async (userId: string, id: string, quantity: number, company: string | null, day: number) => {
    const view = subscriptionView({
      id,
      quantity,
      accountCode: `talentpilot-${userId}`,
      updatedAt: new Date(Date.UTC(2026, 1, day)).toISOString(),
    });
    await subscriptions.upsert(
      subscriptionSnapshot(view, { userId, email: `${userId}@example.com`, company }),
      new Date(Date.UTC(2026, 1, day)),
    );
    await links.link({ userId, subscriptionId: id, now: new Date(Date.UTC(2026, 1, day)), makeCurrent: () => true });
  };

  // Ana never subscribed.
  await join('ana', 'ana@example.com', 'Ana Search', 1);
  // Ben bought 3 seats for a company named differently on the subscription.
  await join('ben', 'ben@example.com', 'Ben Co', 2);
  await subscribe('ben', 'subben0000001', 3, 'Ben Staffing LLC', 1);
  // Cy had 5 seats once; the current subscription has 2.
  await join('cy', 'cy@example.com', 'Cy Talent', 3);
  await subscribe('cy', 'subcy00000001', 5, 'Cy Talent', 2);
  await subscribe('cy', 'subcy00000002', 2, 'Cy Talent Group', 3);
  // Dee subscribed without a company on the subscription, then an admin removed her.
  await join('dee', 'dee@example.com', 'Dee Recruiting', 4);
  await subscribe('dee', 'subdee0000001', 1, null, 4);
  await users.markRemoved('dee', new Date(Date.UTC(2026, 2, 1)));
  // Eve already works in another firm.
  await join('eve', 'eve@example.com', 'Eve Freelance', 5);
}

beforeAll(async () => {
  tables = await startTables();
  organizations = createOrganizationsRepository({ client: tables.client, tableName: tables.tableNames.organizations });
  dependencies = organizationMigrationDependencies(tables.client, tables.tableNames, () => MIGRATED_AT);
  await seedWithCurrentCode();
  await organizations.createOrganization({
    organization: {
      id: 'firm-z',
      name: 'Zed Partners',
      seats: 2,
      ownerId: 'zed',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    owner: { organizationId: 'firm-z', userId: 'zed', role: 'owner', joinedAt: '2026-01-01T00:00:00.000Z', state: 'active' },
  });
  await organizations.saveMember({
    organizationId: 'firm-z',
    userId: 'eve',
    role: 'recruiter',
    joinedAt: '2026-02-01T00:00:00.000Z',
    state: 'active',
  });
});
afterAll(() => tables.stop());

const EXPECTED_CREATED = [
  { userId: 'ana', organizationId: 'ana', name: 'Ana Search', seats: 1 },
  { userId: 'ben', organizationId: 'ben', name: 'Ben Staffing LLC', seats: 3 },
  { userId: 'cy', organizationId: 'cy', name: 'Cy Talent Group', seats: 2 },
  { userId: 'dee', organizationId: 'dee', name: 'Dee Recruiting', seats: 1 },
];

describe('migrateOrganizations on data written by the current code (dynalite)', () => {
  let usersBefore: string;
  let subscriptionsBefore: string;
  let organizationsBefore: string;

  beforeAll(async () => {
    usersBefore = await rawItems(tables.tableNames.users);
    subscriptionsBefore = await rawItems(tables.tableNames.subscriptions);
    organizationsBefore = await rawItems(tables.tableNames.organizations);
  });

  it('plans the firms in a dry run and writes nothing', async () => {
    const report = await migrateOrganizations(dependencies, { dryRun: true });
    expect(report).toEqual({
      dryRun: true,
      usersRead: 5,
      created: EXPECTED_CREATED,
      skipped: [{ userId: 'eve', organizationId: 'firm-z' }],
    });
    expect(await rawItems(tables.tableNames.organizations)).toBe(organizationsBefore);
  });

  it('reads the whole users table window by window (two users a window here: three windows)', async () => {
    const report = await migrateOrganizations(dependencies, { dryRun: true, windowSize: 2 });
    expect(report.usersRead).toBe(5);
    expect([...report.created].sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(EXPECTED_CREATED);
    expect(report.skipped).toEqual([{ userId: 'eve', organizationId: 'firm-z' }]);
  });

  it('makes every user outside a firm the owner of their own, named and seated from their subscription', async () => {
    const report = await migrateOrganizations(dependencies, { dryRun: false });
    expect(report).toEqual({
      dryRun: false,
      usersRead: 5,
      created: EXPECTED_CREATED,
      skipped: [{ userId: 'eve', organizationId: 'firm-z' }],
    });

    for (const expected of EXPECTED_CREATED) {
      const memberships = await organizations.membershipsOf(expected.userId);
      expect(memberships).toEqual([
        {
          organizationId: expected.organizationId,
          userId: expected.userId,
          role: 'owner',
          joinedAt: MIGRATED_AT.toISOString(),
          state: 'active',
        },
      ]);
      const team = (await organizations.getTeam(expected.organizationId))!;
      expect(team.organization).toEqual({
        id: expected.organizationId,
        name: expected.name,
        seats: expected.seats,
        ownerId: expected.userId,
        createdAt: MIGRATED_AT.toISOString(),
        updatedAt: MIGRATED_AT.toISOString(),
      });
      expect(teamProblems(team)).toEqual([]);
    }
    // Eve stays a recruiter of the firm she was in, and nothing was founded for her.
    expect(await organizations.membershipsOf('eve')).toEqual([
      { organizationId: 'firm-z', userId: 'eve', role: 'recruiter', joinedAt: '2026-02-01T00:00:00.000Z', state: 'active' },
    ]);
    expect(await organizations.getOrganization('eve')).toBeUndefined();
  });

  it('leaves the users and subscriptions byte for byte as they were', async () => {
    expect(await rawItems(tables.tableNames.users)).toBe(usersBefore);
    expect(await rawItems(tables.tableNames.subscriptions)).toBe(subscriptionsBefore);
  });

  it('changes nothing when run again, even at a later time', async () => {
    const afterFirst = await rawItems(tables.tableNames.organizations);
    const again = await migrateOrganizations({ ...dependencies, now: () => new Date('2027-01-01T00:00:00Z') }, { dryRun: false });
    expect(again.created).toEqual([]);
    expect(again.skipped.map((item) => item.userId).sort()).toEqual(['ana', 'ben', 'cy', 'dee', 'eve']);
    expect(await rawItems(tables.tableNames.organizations)).toBe(afterFirst);
  });

  it('writes nothing new when the index does not show a membership yet (the firm id is the founder id)', async () => {
    const afterFirst = await rawItems(tables.tableNames.organizations);
    // The index lags behind the first run's writes (it is eventually consistent); Eve's older membership shows.
    const lagging = async (userId: string) => (userId === 'eve' ? organizations.activeMembershipOf(userId) : undefined);
    const blind = { ...dependencies, organizations: { ...organizations, activeMembershipOf: lagging } };
    const report = await migrateOrganizations(blind, { dryRun: false });
    expect(report.created).toEqual([]);
    expect(await rawItems(tables.tableNames.organizations)).toBe(afterFirst);
  });
});
