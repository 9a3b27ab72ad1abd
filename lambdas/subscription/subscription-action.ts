import {
  SubscriptionActionRequestSchema,
  SubscriptionActionResponseSchema,
  type SubscriptionView,
} from '../shared/contracts/subscriptions';
import { ForbiddenError } from '../shared/errors';
import { callerFromEvent } from '../shared/http/caller';
import { httpHandler, parseJsonBody, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { subscriptionSnapshot } from '../shared/subscriptions/subscription-record';
import { createSubscriptionsRepository, type SubscriptionsRepository } from '../shared/subscriptions/subscriptions-repository';
import { requireActiveUser } from '../shared/users/active-user';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';
import { activityRecorderFromEnvironment, type ActivityRecorder } from '../shared/activity/activity-log';
import type { BillingPort } from './billing/billing-port';
import { recordSubscriptionActivity } from './subscription-activity';
import { lazily } from '../shared/lazily';
import { subscriptionEnvironment } from './subscription-dependencies';
import { linkedSubscriptionIds } from './subscription-rules';

/**
 * `POST /subscription/cancel` and `POST /subscription/reactivate` (signed-in users): body
 * `{ subscriptionId }`, one of the caller's own subscriptions (403 otherwise, even for admins:
 * these act on the caller's own billing). Calls the provider, refreshes the Subscription record
 * and answers `{ subscription }`. The provider's refusals pass through (409 for a subscription
 * in a state that does not allow it, 404 for one it does not know). Done, it is recorded in the
 * firm's activity (`subscription.canceled` / `subscription.reactivated`, subscription-activity.ts).
 */

export type SubscriptionAction = 'cancel' | 'reactivate';

export interface SubscriptionActionDependencies {
  readonly billing: BillingPort;
  readonly users: UsersRepository;
  readonly subscriptions: SubscriptionsRepository;
  /** The firm's activity: `subscription.canceled` and `subscription.reactivated`. */
  readonly activity: ActivityRecorder;
  readonly now: () => Date;
}

export const NOT_YOUR_SUBSCRIPTION_MESSAGE = 'You can only change your own subscriptions.';

export function createSubscriptionActionHandler(
  action: SubscriptionAction,
  dependencies: () => SubscriptionActionDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    const { subscriptionId } = validateBody(parseJsonBody(event), SubscriptionActionRequestSchema);
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, caller);
    // The User record says which subscriptions are theirs; the record table covers a link that a
    // crash left unwritten (its userId was set by the same request that created it).
    const owned =
      linkedSubscriptionIds(user).includes(subscriptionId) || (await deps.subscriptions.get(subscriptionId))?.userId === user.id;
    if (!owned) throw new ForbiddenError(NOT_YOUR_SUBSCRIPTION_MESSAGE, { code: 'not_your_subscription' });

    const subscription: SubscriptionView =
      action === 'cancel'
        ? await deps.billing.cancelSubscription(subscriptionId)
        : await deps.billing.reactivateSubscription(subscriptionId);
    await deps.subscriptions.upsert(
      subscriptionSnapshot(subscription, { userId: user.id, email: user.email, company: user.companyName }),
      deps.now(),
    );
    await recordSubscriptionActivity(
      deps.activity,
      user.id,
      action === 'cancel' ? 'subscription.canceled' : 'subscription.reactivated',
      subscription,
    );
    return { body: SubscriptionActionResponseSchema.parse({ subscription }) };
  }, options);
}

/** The dependencies of both action handlers, from their environment. */
export function subscriptionActionDependencies(): () => SubscriptionActionDependencies {
  return lazily(() => {
    const env = subscriptionEnvironment({ requireSubscriptionsTable: true });
    return {
      billing: env.billing,
      users: createUsersRepository({ client: env.client, tableName: env.usersTable }),
      subscriptions: createSubscriptionsRepository({ client: env.client, tableName: env.subscriptionsTable! }),
      activity: activityRecorderFromEnvironment(env.client),
      now: () => new Date(),
    };
  });
}
