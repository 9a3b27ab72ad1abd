import { SUBSCRIPTION_TBD, type User } from '../contracts/user';
import type { PersonDetails } from './person-details';

/**
 * The User record of a person who just joined (invitation sign-up, admin invitation, or a team
 * invitation, which knows only the address and the firm: the names come later from their
 * profile): id is the Cognito sub, status ACTIVE, no subscription yet (`SubscriptionTBD`), no
 * subscriptions. Optional profile fields are left out rather than stored as null.
 */
export function newUserRecord(input: {
  readonly id: string;
  readonly email: string;
  readonly details: Omit<PersonDetails, 'firstName' | 'lastName'> & Partial<Pick<PersonDetails, 'firstName' | 'lastName'>>;
  readonly now: Date;
}): User {
  const timestamp = input.now.toISOString();
  return {
    id: input.id,
    email: input.email,
    ...(input.details.firstName ? { firstName: input.details.firstName } : {}),
    ...(input.details.lastName ? { lastName: input.details.lastName } : {}),
    companyName: input.details.companyName,
    ...(input.details.phoneNumber ? { phoneNumber: input.details.phoneNumber } : {}),
    status: 'ACTIVE',
    subscriptionId: SUBSCRIPTION_TBD,
    subscriptions: [],
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}
