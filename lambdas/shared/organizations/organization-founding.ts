import type { User } from '../contracts/user';
import { newOrganization, seatChange, type Member, type Organization } from '../domain/organization-rules';
import type { OrganizationsRepository } from './organizations-repository';

/**
 * "The first subscriber becomes the owner of a new organization" (issue 18): the one founding rule,
 * used by the migration (every existing user) and by checkout (a new subscriber). The firm's id
 * is the founder's user id, so founding twice (a retry, the migration after checkout) writes
 * nothing new.
 */

/** What a firm is founded from: the founder's subscription, when they have one. */
export interface FoundingSubscription {
  readonly company: string | null;
  readonly quantity: number;
}

/** The firm's name: the subscription's company, the record's company name, or the person. */
function firmName(user: User, subscription: FoundingSubscription | undefined): string {
  const candidates = [subscription?.company, user.companyName, [user.firstName, user.lastName].filter(Boolean).join(' '), user.email];
  return candidates.map((value) => value?.trim() ?? '').find((value) => value !== '') ?? user.id;
}

/** The firm `user` founds and owns: named as {@link firmName}, with the subscription's quantity as seats (one without). */
export function foundedOrganization(
  user: User,
  subscription: FoundingSubscription | undefined,
  now: Date,
): { readonly organization: Organization; readonly owner: Member } {
  return newOrganization({ id: user.id, name: firmName(user, subscription), seats: subscription?.quantity ?? 1, ownerId: user.id, now });
}

export type OrganizationsForSubscriptions = Pick<
  OrganizationsRepository,
  'activeMembershipOf' | 'createOrganization' | 'getTeam' | 'saveOrganization'
>;

/**
 * What a subscription write did to the subscriber's firm: `founded` (they were in none),
 * `seatsChanged` (they own it and the quantity moved), `unchanged`, or `seatsRefused` (the new
 * quantity is below the seats in use: the firm keeps its seats, see organization-rules
 * `seatChange`).
 */
export type OrganizationFollowUp = 'founded' | 'seatsChanged' | 'unchanged' | 'seatsRefused';

/** Makes the subscriber's firm follow their subscription (the checkout's step after a successful write). */
export async function organizationFollowsSubscription(
  organizations: OrganizationsForSubscriptions,
  user: User,
  subscription: FoundingSubscription,
  now: Date,
): Promise<OrganizationFollowUp> {
  const membership = await organizations.activeMembershipOf(user.id);
  if (!membership) {
    await organizations.createOrganization(foundedOrganization(user, subscription, now));
    return 'founded';
  }
  // Only the owner's subscription is the firm's: a member's own subscription does not move its seats.
  if (membership.role !== 'owner') return 'unchanged';
  const team = await organizations.getTeam(membership.organizationId);
  if (!team || team.organization.seats === subscription.quantity) return 'unchanged';
  const decision = seatChange(team, subscription.quantity, now);
  if (!decision.ok) return 'seatsRefused';
  // A concurrent change of the firm wins; the next subscription write (or the migration) catches up.
  return (await organizations.saveOrganization(decision.organization, team.organization.updatedAt)) ? 'seatsChanged' : 'unchanged';
}
