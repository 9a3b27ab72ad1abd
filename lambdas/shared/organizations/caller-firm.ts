import type { FirmAccess } from '../contracts/subscriptions';
import type { Member, OrganizationRole } from '../domain/organization-rules';
import { entitledTier } from '../domain/plan-entitlements';
import type { PlanTier } from '../domain/plans';
import { liveSubscriptions } from '../domain/subscription-access';
import { ForbiddenError } from '../errors';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions-repository';
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
 * A person's standing in the firms: `active` with their member item, `removed` (a member removed a
 * moment ago, or one the index already shows removed), or `none` (never a member of any firm).
 */
export type ConfirmedMembership =
  { readonly status: 'active'; readonly member: Member } | { readonly status: 'removed' } | { readonly status: 'none' };

/**
 * The person's active membership, found in the `byPerson` index and confirmed by a strongly
 * consistent read of the member item, so a member removed a moment ago (the index may still say
 * active) is `removed` at once. A few items whatever the firm's size.
 */
export async function confirmedMembership(organizations: FirmLookups, userId: string): Promise<ConfirmedMembership> {
  const memberships = await organizations.membershipsOf(userId);
  const indexed = memberships.find((member) => member.state === 'active');
  if (!indexed) return { status: memberships.length > 0 ? 'removed' : 'none' };
  const member = await organizations.getMember(indexed.organizationId, userId);
  return member?.state === 'active' ? { status: 'active', member } : { status: 'removed' };
}

/**
 * The caller's firm: their confirmed active membership ({@link confirmedMembership}); a removed
 * member is in none: `undefined`. A person in no firm at all (nobody has migrated them, or founded
 * one for them yet) is their own one-person firm: their own id, as owner — today's behaviour, and
 * the same key the migration gives their firm.
 */
export async function findCallersFirm(organizations: FirmLookups, userId: string): Promise<Firm | undefined> {
  const membership = await confirmedMembership(organizations, userId);
  if (membership.status === 'none') return { id: userId, role: 'owner' };
  return membership.status === 'active' ? { id: membership.member.organizationId, role: membership.member.role } : undefined;
}

/** {@link findCallersFirm}, refusing a removed member (403 `membership_removed`). */
export async function callersFirm(organizations: FirmLookups, userId: string): Promise<Firm> {
  const firm = await findCallersFirm(organizations, userId);
  if (!firm) throw new ForbiddenError(MEMBERSHIP_REMOVED_MESSAGE, { code: MEMBERSHIP_REMOVED });
  return firm;
}

/** What the firm's subscription gives now: access (a live one) and the plan it entitles to. */
export interface FirmSubscription {
  readonly live: boolean;
  /** The highest plan among the live subscriptions (undefined: none live, or none on a known plan). */
  readonly tier: PlanTier | undefined;
}

/** The firm's subscription standing, from the subscriptions stored under the firm's id. */
export async function firmSubscription(
  subscriptions: Pick<SubscriptionsRepository, 'listByUserId'>,
  firm: Firm,
  now: Date,
): Promise<FirmSubscription> {
  const records = await subscriptions.listByUserId(firm.id);
  return { live: liveSubscriptions(records, now).length > 0, tier: entitledTier(records, now) };
}

/**
 * What `GET /user/subscriptions` tells the web's subscription gate about the firm: set when the
 * user works for a firm not their own (their own subscriptions decide otherwise) whose
 * subscription is live; the same rule as the subscriber gate.
 */
export async function firmAccessOf(
  deps: { readonly organizations: FirmLookups; readonly subscriptions: Pick<SubscriptionsRepository, 'listByUserId'> },
  userId: string,
  now: Date,
): Promise<FirmAccess | null> {
  const firm = await findCallersFirm(deps.organizations, userId);
  if (!firm || firm.id === userId) return null;
  const { live, tier } = await firmSubscription(deps.subscriptions, firm, now);
  return live ? { organizationId: firm.id, role: firm.role, tier: tier ?? null } : null;
}
