import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SUBSCRIPTION_TBD, type User } from '../contracts/user';
import type { SubscriptionRecord } from '../subscriptions/subscription-record';
import { createSubscriptionsRepository, type SubscriptionsRepository } from '../subscriptions/subscriptions-repository';
import { createUsersRepository, type UsersRepository } from '../users/users-repository';
import { foundedOrganization } from './organization-founding';
import { createOrganizationsRepository, type OrganizationsRepository } from './organizations-repository';

/**
 * The migration to organizations (issue 18): every user who is in no organization becomes the
 * owner of a firm of their own, founded by the one founding rule (organization-founding.ts, which
 * checkout uses too): named after their subscription's `company` (else their record's
 * `companyName`), with their subscription's `quantity` as seats (one without a subscription).
 * It only adds items to the organizations table: users and subscriptions are read, never written.
 *
 * Idempotent: a user with an active membership is skipped, and the firm's id is the founder's
 * user id, written by conditional puts, so a second (or concurrent) run writes nothing new.
 */
export interface OrganizationMigrationDependencies {
  readonly users: Pick<UsersRepository, 'readWindow'>;
  readonly subscriptions: Pick<SubscriptionsRepository, 'get' | 'listByUserId'>;
  readonly organizations: Pick<OrganizationsRepository, 'activeMembershipOf' | 'createOrganization'>;
  readonly now: () => Date;
}

/** The tables the migration reads (users, subscriptions) and writes (organizations), by name. */
export interface OrganizationMigrationTables {
  readonly users: string;
  readonly subscriptions: string;
  readonly organizations: string;
}

/** The migration's repositories on one document client: the operator CLI's, the local runtime's, a test's. */
export function organizationMigrationDependencies(
  client: DynamoDBDocumentClient,
  tables: OrganizationMigrationTables,
  now: () => Date = () => new Date(),
): OrganizationMigrationDependencies {
  return {
    users: createUsersRepository({ client, tableName: tables.users }),
    subscriptions: createSubscriptionsRepository({ client, tableName: tables.subscriptions }),
    organizations: createOrganizationsRepository({ client, tableName: tables.organizations }),
    now,
  };
}

export interface MigratedOrganization {
  readonly userId: string;
  readonly organizationId: string;
  readonly name: string;
  readonly seats: number;
}

export interface OrganizationMigrationReport {
  /** Nothing was written: `created` lists what a real run would create. */
  readonly dryRun: boolean;
  readonly usersRead: number;
  readonly created: readonly MigratedOrganization[];
  /** Users already in an organization, with it. */
  readonly skipped: readonly { readonly userId: string; readonly organizationId: string }[];
}

/** The subscription that sets a migrated firm's seats and name: the user's current one, else their newest. */
async function subscriptionOf(
  user: User,
  subscriptions: OrganizationMigrationDependencies['subscriptions'],
): Promise<SubscriptionRecord | undefined> {
  const currentId = user.subscriptionId;
  if (currentId && currentId !== SUBSCRIPTION_TBD) {
    const current = await subscriptions.get(currentId);
    if (current) return current;
  }
  return (await subscriptions.listByUserId(user.id))[0];
}

/** Users read per scan window: small enough for one Lambda-sized memory, large enough to be few calls. */
export const MIGRATION_WINDOW_SIZE = 200;

export async function migrateOrganizations(
  dependencies: OrganizationMigrationDependencies,
  options: { readonly dryRun: boolean; readonly windowSize?: number },
): Promise<OrganizationMigrationReport> {
  const created: MigratedOrganization[] = [];
  const skipped: { userId: string; organizationId: string }[] = [];
  let usersRead = 0;
  let after: string | null = null;
  // The whole table, one bounded window at a time (never all users in memory at once), and one
  // user at a time within it: a beta's few hundred users take seconds, and the tables see no burst.
  do {
    const window = await dependencies.users.readWindow({ after, size: options.windowSize ?? MIGRATION_WINDOW_SIZE });
    usersRead += window.items.length;
    after = window.nextAfter;
    await migrateWindow(window.items);
  } while (after !== null);
  return { dryRun: options.dryRun, usersRead, created, skipped };

  async function migrateWindow(users: readonly User[]): Promise<void> {
    for (const user of [...users].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
      const membership = await dependencies.organizations.activeMembershipOf(user.id);
      if (membership) {
        skipped.push({ userId: user.id, organizationId: membership.organizationId });
        continue;
      }
      const subscription = await subscriptionOf(user, dependencies.subscriptions);
      const founded = foundedOrganization(user, subscription, dependencies.now());
      if (!options.dryRun) {
        const { created: written } = await dependencies.organizations.createOrganization(founded);
        // Written by an earlier run whose membership the index did not show yet: nothing new.
        if (!written) {
          skipped.push({ userId: user.id, organizationId: founded.organization.id });
          continue;
        }
      }
      const { organization } = founded;
      created.push({ userId: user.id, organizationId: organization.id, name: organization.name, seats: organization.seats });
    }
  }
}
