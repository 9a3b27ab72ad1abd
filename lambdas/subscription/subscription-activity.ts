import type { ActivityRecorder } from '../shared/activity/activity-log';
import type { SubscriptionView } from '../shared/contracts/subscriptions';

export type SubscriptionActivityAction =
  'subscription.created' | 'subscription.changed' | 'subscription.canceled' | 'subscription.reactivated';

/**
 * A subscription write in the firm's activity (issue 18): the caller acts on their own billing
 * account, which is the firm whose id is theirs (a firm's id is its founder's user id,
 * organization-founding.ts); the entry says which subscription, its plan code and quantity (and the
 * plan it left), nothing else. Recorded after the write; a failed record is logged, never answered.
 */
export function recordSubscriptionActivity(
  activity: ActivityRecorder,
  actorId: string,
  action: SubscriptionActivityAction,
  subscription: Pick<SubscriptionView, 'id' | 'planCode' | 'quantity'>,
  previousPlanCode?: string,
): Promise<void> {
  return activity.record({
    organizationId: actorId,
    actorId,
    action,
    subject: { kind: 'subscription', id: subscription.id },
    details: { planCode: subscription.planCode, quantity: subscription.quantity, ...(previousPlanCode ? { previousPlanCode } : {}) },
  });
}
