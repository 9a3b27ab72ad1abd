import { SUBSCRIPTION_TBD, type User } from '../../shared/contracts/user';
import { userIdFromAccountCode } from '../../shared/domain/account-codes';
import { NotFoundError } from '../../shared/errors';
import { createLogger } from '../../shared/logger';
import type { ProcessedNotifications } from '../../shared/webhooks/processed-notifications';
import { subscriptionSnapshot, type SubscriptionRecord } from '../../shared/subscriptions/subscription-record';
import type { SubscriptionsRepository } from '../../shared/subscriptions/subscriptions-repository';
import type { UserSubscriptionLinks } from '../../shared/subscriptions/user-subscription-links';
import type { UsersRepository } from '../../shared/users/users-repository';
import type { BillingPort } from '../billing/billing-port';
import { isUnexpired } from '../subscription-rules';
import {
  isSubscriptionNotification,
  requireSubscriptionUuid,
  subscriptionIdForUuid,
  type RecurlyNotification,
} from './recurly-notification';

/**
 * What a verified Recurly notification changes. A subscription notification fetches the
 * subscription from the provider (the payload only names it), upserts its record (never going
 * backwards) and links it to its user, found through the account code `{product}-{userId}`.
 * Each notification id takes effect once: a replay or a retry of a handled one changes nothing.
 * Other object types are ignored and leave no trace.
 */

const logger = createLogger({ component: 'recurly-webhook' });

export const PROVIDER = 'recurly';

export type NotificationOutcome =
  /** The record was written from the provider's current subscription. */
  | 'applied'
  /** A newer version was stored already (a concurrent refresh): nothing written. */
  | 'stale'
  /** This notification id was handled before. */
  | 'duplicate'
  /** Not about a subscription. */
  | 'ignored'
  /** The subscription is not ours: another product's or stage's account, or an unknown user. */
  | 'not_ours'
  /** The provider no longer knows the subscription. */
  | 'unknown_subscription';

export interface NotificationDependencies {
  readonly billing: BillingPort;
  readonly users: UsersRepository;
  readonly subscriptions: SubscriptionsRepository;
  readonly links: UserSubscriptionLinks;
  readonly notifications: ProcessedNotifications;
  readonly productSlug: string;
  readonly now: () => Date;
}

export async function handleRecurlyNotification(
  deps: NotificationDependencies,
  notification: RecurlyNotification,
): Promise<NotificationOutcome> {
  if (!isSubscriptionNotification(notification)) return 'ignored';
  const uuid = requireSubscriptionUuid(notification);
  if (await deps.notifications.has(PROVIDER, notification.id)) return 'duplicate';

  const outcome = await applySubscriptionNotification(deps, uuid);
  const first = await deps.notifications.mark(
    PROVIDER,
    notification.id,
    { objectType: notification.object_type, eventType: notification.event_type, outcome },
    deps.now(),
  );
  return first ? outcome : 'duplicate';
}

async function applySubscriptionNotification(deps: NotificationDependencies, uuid: string): Promise<NotificationOutcome> {
  let subscription;
  try {
    subscription = await deps.billing.getSubscription(subscriptionIdForUuid(uuid));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    logger.warn('Webhook names a subscription the provider does not know', { uuid });
    return 'unknown_subscription';
  }
  const userId = userIdFromAccountCode(deps.productSlug, subscription.accountCode);
  const user = userId ? await deps.users.getById(userId) : undefined;
  if (!user) {
    // Another product's or stage's account on the same Recurly site.
    logger.info('Webhook for a subscription of another product or stage', { subscriptionId: subscription.id });
    return 'not_ours';
  }

  const now = deps.now();
  const { applied, record } = await deps.subscriptions.upsert(
    subscriptionSnapshot(subscription, { userId: user.id, email: user.email, company: user.companyName }),
    now,
  );
  await deps.links.link({
    userId: user.id,
    subscriptionId: record.id,
    now,
    makeCurrent: (fresh) => shouldBecomeCurrent(deps.subscriptions, fresh, record),
  });
  return applied ? 'applied' : 'stale';
}

/**
 * A subscription becomes the user's current one when they have none yet, or when it has not expired and
 * their current one has ended (a new subscription after an expired one). The checkout itself
 * always makes its subscription current; this only fills in what a webhook learns first.
 */
async function shouldBecomeCurrent(subscriptions: SubscriptionsRepository, user: User, record: SubscriptionRecord): Promise<boolean> {
  const current = user.subscriptionId;
  if (!current || current === SUBSCRIPTION_TBD) return true;
  if (!isUnexpired(record)) return false;
  const currentRecord = await subscriptions.get(current);
  return !currentRecord || !isUnexpired(currentRecord);
}
