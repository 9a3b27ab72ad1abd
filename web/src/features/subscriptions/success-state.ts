import type { SubscriptionView } from '@contracts/subscriptions';

/** What the subscribe page hands to /success in the location state. */
export interface SubscribeSuccessState {
  readonly subscription: SubscriptionView;
  /** The plan's short name ("Professional"). */
  readonly planName: string;
  /** The gated page that sent the user to subscribe, to continue there. */
  readonly from?: string;
}

/**
 * The success state from a location state, or `undefined` when there is none (a bookmarked or
 * shared /success) or it is not one. Only the fields the page shows are checked.
 */
export function readSuccessState(state: unknown): SubscribeSuccessState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { subscription, planName, from } = state as Record<string, unknown>;
  if (typeof planName !== 'string' || typeof subscription !== 'object' || subscription === null) return undefined;
  const view = subscription as Partial<SubscriptionView>;
  if (typeof view.planCode !== 'string' || typeof view.currency !== 'string' || typeof view.unitAmount !== 'number') return undefined;
  if (typeof view.quantity !== 'number') return undefined;
  return {
    subscription: subscription as SubscriptionView,
    planName,
    ...(typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? { from } : {}),
  };
}
