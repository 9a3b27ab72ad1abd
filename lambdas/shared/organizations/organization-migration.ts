import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SUBSCRIPTION_TBD, type User } from '../contracts/user';
import { newOrganization } from '../domain/organization-rules';
import type { SubscriptionRecord } from '../subscriptions/subscription-record';
import { createSubscriptionsRepository, type SubscriptionsRepository } from '../subscriptions/subscriptions-repository';
import { createUsersRepository, type UsersRepository } from '../users/users-repository';
import { createOrganizationsRepository, type OrganizationsRepository } from './organizations-repository';

/**
 * The migration to organizations (issue 18): every user who is in no organization becomes the
 * owner of a firm of their own, named after their subscription's `company` (else their record's
 * `companyName`), with their subscription's `quantity` as seats (one without a subscription).
 * It only adds items to the organizations table: users and subscriptions are read, never written.
 *
 * Idempotent: a user with an active membership is skipped, and the firm's id is the founder's
 * user id, written by conditional puts, so a second (or concurrent) run writes nothing new.
 */
export interface OrganizationMigrationDependencies {
  readonly users: Pick<UsersRepository, 'listAll'>;
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
  /** False when the users table held more than one read takes (USERS_READ_LIMIT): run again. */
  readonly complete: boolean;
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

/** The firm's name: the subscription's company, the record's company name, or the person. */
function firmName(user: User, subscription: SubscriptionRecord | undefined): string {
  const candidates = [subscription?.company, user.companyName, [user.firstName, user.lastName].filter(Boolean).join(' '), user.email];
  return candidates.map((value) => value?.trim() ?? '').find((value) => value !== '') ?? user.id;
}

export async function migrateOrganizations(
  dependencies: OrganizationMigrationDependencies,
  options: { readonly dryRun: boolean },
): Promise<OrganizationMigrationReport> {
  const { items: users, complete } = await dependencies.users.listAll();
  const created: MigratedOrganization[] = [];
  const skipped: { userId: string; organizationId: string }[] = [];
  // One user at a time: a beta's few hundred users take seconds, and the tables see no burst.
  for (const user of [...users].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const membership = await dependencies.organizations.activeMembershipOf(user.id);
    if (membership) {
      skipped.push({ userId: user.id, organizationId: membership.organizationId });
      continue;
    }
    const subscription = await subscriptionOf(user, dependencies.subscriptions);
    const founded = newOrganization({
      id: user.id,
      name: firmName(user, subscription),
      seats: subscription?.quantity ?? 1,
      ownerId: user.id,
      now: dependencies.now(),
    });
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
  return { dryRun: options.dryRun, usersRead: users.length, complete, created, skipped };
}
