/**
 * The User record (spec section 3) as the GraphQL API and the database hold it. Shared by the
 * resolvers, the Lambda handlers (triggers, admin) and the web app.
 */

/** `subscriptionId` of a user who has not subscribed yet (spec section 7). */
export const SUBSCRIPTION_TBD = 'SubscriptionTBD';

/** Record status: `ACTIVE` while the person can sign in; `REMOVED` once an admin removed them. */
export const USER_STATUSES = ['ACTIVE', 'REMOVED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface User {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  email: string;
  companyName: string;
  profileRole?: string | null;
  status?: string | null;
  subscriptionId?: string | null;
  atsname?: string | null;
  apikeytype?: string | null;
  apikey1?: string | null;
  apikey2?: string | null;
  subscriptions?: (string | null)[] | null;
  createdAt: string;
  updatedAt: string;
}

/** How a person is named to their teammates: their first and last name, else their e-mail address. */
export function personName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/**
 * The fields a user may change on their own record (edit profile); everything else is admin-only,
 * but for the ATS fields, which nobody sets through the user API (see {@link ATS_USER_FIELDS}).
 */
export const SELF_EDITABLE_USER_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'companyName', 'profileRole'] as const;

/**
 * The ATS settings of a User record (spec section 3). They are written only by the ATS routes
 * (`POST /ats/connection`), which test the connection and store the keys encrypted for their
 * owner; `createUser`, `updateUser` and the admin invitation refuse them (a value passed raw
 * would be an unencrypted key, or a sealed one copied from elsewhere that never opens).
 */
export const ATS_USER_FIELDS = ['atsname', 'apikeytype', 'apikey1', 'apikey2'] as const;
export type AtsUserField = (typeof ATS_USER_FIELDS)[number];

/** What a caller reads when the user API is given an ATS field. */
export const ATS_FIELDS_MESSAGE =
  'ATS settings are saved through the ATS settings on the Account page (POST /ats/connection), which tests the connection and stores the key encrypted; leave this field out.';
export type SelfEditableUserField = (typeof SELF_EDITABLE_USER_FIELDS)[number];

/** Every field of {@link User}, in the spec's order (the GraphQL selection set of the web app). */
export const USER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'phoneNumber',
  'email',
  'companyName',
  'profileRole',
  'status',
  'subscriptionId',
  'atsname',
  'apikeytype',
  'apikey1',
  'apikey2',
  'subscriptions',
  'createdAt',
  'updatedAt',
] as const;
