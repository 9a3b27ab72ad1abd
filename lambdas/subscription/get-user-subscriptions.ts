import { adminStandingNow } from '../admin/admin-caller';
import { userDirectoryFromEnvironment } from '../admin/dependencies';
import type { UserDirectory } from '../shared/user-directory/user-directory';
import { firmAccessOf, type FirmLookups } from '../shared/organizations/caller-firm';
import { organizationsFromEnvironment } from '../shared/organizations/organizations-repository';
import { createSubscriptionsRepository, type SubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';
import { UserSubscriptionsResponseSchema, type UserSubscriptionsResponse } from '../shared/contracts/subscriptions';
import type { User } from '../shared/contracts/user';
import { accountCode, parseSubscriptionsLookupId, userIdFromAccountCode } from '../shared/domain/account-codes';
import { ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { callerFromEvent, type Caller } from '../shared/http/caller';
import { httpHandler, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { createUserSubscriptionLinks, type UserSubscriptionLinks } from '../shared/subscriptions/user-subscription-links';
import { requireActiveUser } from '../shared/users/active-user';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';
import type { BillingPort } from './billing/billing-port';
import { lazily } from '../shared/lazily';
import { subscriptionEnvironment } from './subscription-dependencies';
import { isOwnLookupId } from './subscription-rules';

/**
 * `GET /user/subscriptions/{id}` (signed-in users): the subscriptions and billing account of the
 * user the id names. `id` is the user's current `subscriptionId` or, while that is
 * `SubscriptionTBD`, their lookup code `code-{product}-{userId}` (any of their past subscription
 * ids works too). Owners only (403 for another user's id), or admins, for whom the id is resolved
 * to its user (404 when it names nobody). Ownership comes from the caller's User record, never
 * from the path; being an admin from the record and the directory at this call
 * (lambdas/admin/admin-caller.ts), never from the token's groups alone. `firmAccess` says whether
 * the user works on their firm's live subscription (issue 18; the subscriber gate's rule), which
 * lets an invited member past the web's subscription gate without subscribing themselves.
 */

export interface GetUserSubscriptionsDependencies {
  readonly billing: BillingPort;
  readonly users: UsersRepository;
  readonly links: Pick<UserSubscriptionLinks, 'findUserIdsByCurrentSubscription'>;
  /** Asked only when the token says Admins: is the caller still one (admin-caller.ts)? */
  readonly directory: Pick<UserDirectory, 'getUser'>;
  readonly productSlug: string;
  /** The user's firm and its stored subscriptions, for `firmAccess`. */
  readonly organizations: FirmLookups;
  readonly subscriptions: Pick<SubscriptionsRepository, 'listByUserId'>;
  readonly now?: () => Date;
}

export const LOOKUP_MESSAGES = {
  invalid: 'The id must be a subscription id or a code-{product}-{userId} lookup code.',
  notYours: 'You can only view your own subscriptions.',
  unknown: 'No user has this subscription or lookup code.',
} as const;

/** Provider subscription ids, `uuid-…` lookups and `code-{product}-{userId}` codes (sub: a UUID). */
const LOOKUP_ID_PATTERN = /^[A-Za-z0-9_.:+-]{1,120}$/;

export function createGetUserSubscriptionsHandler(
  dependencies: () => GetUserSubscriptionsDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    const id = event.pathParameters?.id?.trim() ?? '';
    if (!LOOKUP_ID_PATTERN.test(id))
      throw new ValidationError(LOOKUP_MESSAGES.invalid, { id: LOOKUP_MESSAGES.invalid }, { code: 'invalid_lookup_id' });
    const deps = dependencies();
    const owner = await resolveOwner(deps, caller, id);
    const code = accountCode(deps.productSlug, owner.id);
    const [subscriptions, account, firmAccess] = await Promise.all([
      deps.billing.listAccountSubscriptions(code),
      deps.billing.getAccount(code),
      firmAccessOf(deps, owner.id, (deps.now ?? (() => new Date()))()),
    ]);
    const body: UserSubscriptionsResponse = { subscriptions, account: account ?? null, firmAccess };
    return { body: UserSubscriptionsResponseSchema.parse(body) };
  }, options);
}

/**
 * The user whose subscriptions the caller may see under `id`. Everyone, admins too, needs an
 * ACTIVE record of their own: an admin who was removed keeps a token that says Admins for up to
 * an hour, and reads nobody's subscriptions with it. A token that says Admins opens anyone's only
 * while the caller is an admin now; an admin who was demoted is an owner like any other user.
 */
async function resolveOwner(deps: GetUserSubscriptionsDependencies, caller: Caller, id: string): Promise<User> {
  const self = await requireActiveUser(deps.users, caller);
  const adminNow = caller.isAdmin && (await adminStandingNow(caller, deps)) === undefined;
  if (!adminNow) {
    if (!isOwnLookupId(deps.productSlug, self, id)) throw new ForbiddenError(LOOKUP_MESSAGES.notYours, { code: 'not_your_subscription' });
    return self;
  }
  const owner = await findOwnerForAdmin(deps, id);
  if (!owner) throw new NotFoundError(LOOKUP_MESSAGES.unknown, { code: 'unknown_lookup_id' });
  return owner;
}

/**
 * An admin may look anyone up: a lookup code names its user; a subscription id is found as a
 * user's current subscription (the `bySubscriptionId` index), else at the provider (a past
 * subscription: its account code names the user).
 */
async function findOwnerForAdmin(deps: GetUserSubscriptionsDependencies, id: string): Promise<User | undefined> {
  const lookup = parseSubscriptionsLookupId(deps.productSlug, id);
  if (lookup.kind === 'account') return deps.users.getById(lookup.userId);

  const [userId] = await deps.links.findUserIdsByCurrentSubscription(lookup.subscriptionId);
  if (userId) return deps.users.getById(userId);
  try {
    const subscription = await deps.billing.getSubscription(lookup.subscriptionId);
    const owner = userIdFromAccountCode(deps.productSlug, subscription.accountCode);
    return owner ? deps.users.getById(owner) : undefined;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The Lambda entry point. */
export const handler = createGetUserSubscriptionsHandler(
  lazily(() => {
    const env = subscriptionEnvironment({ requireSubscriptionsTable: true });
    return {
      billing: env.billing,
      users: createUsersRepository({ client: env.client, tableName: env.usersTable }),
      links: createUserSubscriptionLinks({ client: env.client, tableName: env.usersTable }),
      directory: userDirectoryFromEnvironment(),
      productSlug: env.productSlug,
      organizations: organizationsFromEnvironment(env.client),
      subscriptions: createSubscriptionsRepository({ client: env.client, tableName: env.subscriptionsTable! }),
    };
  }),
);
