import { SUBSCRIPTION_TBD, type User } from '../contracts/user';
import type { PersonDetails } from './person-details';

/**
 * The User record of a person who just joined (invitation sign-up or admin invitation): id is the
 * Cognito sub, status ACTIVE, no subscription yet (`SubscriptionTBD`), no subscriptions.
 * Optional profile fields are left out rather than stored as null.
 */
export function newUserRecord(input: {
  readonly id: string;
  readonly email: string;
  readonly details: PersonDetails;
  readonly now: Date;
}): User {
  const timestamp = input.now.toISOString();
  return {
    id: input.id,
    email: input.email,
    firstName: input.details.firstName,
    lastName: input.details.lastName,
    companyName: input.details.companyName,
    ...(input.details.phoneNumber ? { phoneNumber: input.details.phoneNumber } : {}),
    status: 'ACTIVE',
    subscriptionId: SUBSCRIPTION_TBD,
    subscriptions: [],
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}
