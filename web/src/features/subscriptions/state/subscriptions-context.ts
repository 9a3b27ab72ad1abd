import { createContext, useContext } from 'react';
import type { SubscriptionView } from '@contracts/subscriptions';
import type { SubscriptionsState } from './subscriptions-state';

export interface SubscriptionsContextValue extends SubscriptionsState {
  /** Fetches the subscriptions again (keeping what is shown while it runs). */
  refresh(): Promise<void>;
  /** Records a subscription as the API just answered it (after subscribing, cancelling, …). */
  applySubscription(subscription: SubscriptionView): void;
}

export const SubscriptionsContext = createContext<SubscriptionsContextValue | null>(null);

/** The signed-in user's subscriptions. Only usable below {@link SubscriptionsProvider}. */
export function useSubscriptions(): SubscriptionsContextValue {
  const value = useContext(SubscriptionsContext);
  if (!value) throw new Error('useSubscriptions must be used inside <SubscriptionsProvider>.');
  return value;
}
