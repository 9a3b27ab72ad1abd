import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import type { SubscriptionView } from '@contracts/subscriptions';
import { subscriptionsLookupId } from '@shared-domain/account-codes';
import { useRuntimeConfig } from '../../../config/config-context';
import { productSlugOf } from '../../../config/product-slug';
import { useAuth } from '../../../lib/auth/auth-context';
import { notifyError, readableMessage } from '../../../lib/notify';
import type { BillingApi } from '../api/billing-api';
import { createLazyBillingApi } from '../api/lazy-billing-api';
import type { SubscriptionsContextValue } from './subscriptions-context';
import { initialSubscriptionsState, subscriptionsReducer, type SubscriptionsStatus } from './subscriptions-state';

/** What the engine reports: the subscriptions value and the signed-in user it belongs to. */
export interface SubscriptionsReport {
  readonly userId: string | null;
  readonly value: SubscriptionsContextValue;
}

/**
 * The signed-in user's subscriptions and billing account (spec section 4), loaded by
 * {@link SubscriptionsProvider} once someone is signed in, so signed-out visits never load it.
 * When the database user exists it fetches `GET /user/subscriptions/{id}` (the id from
 * `subscriptionsLookupId`); a failure is logged, shown as a toast, stored, and empties the list.
 * Signing out clears it. Renders nothing: it reports its value to the provider beside the page.
 */
export function SubscriptionsEngine({
  api: givenApi,
  onReport,
}: {
  readonly api?: Pick<BillingApi, 'getUserSubscriptions'>;
  readonly onReport: (report: SubscriptionsReport) => void;
}) {
  const config = useRuntimeConfig();
  const api = useMemo(() => givenApi ?? createLazyBillingApi(config), [givenApi, config]);
  const { status: authStatus, dbUser, authUser } = useAuth();
  const lookupId = authStatus === 'authenticated' && dbUser ? subscriptionsLookupId(productSlugOf(config), dbUser) : null;
  const [state, dispatch] = useReducer(subscriptionsReducer, initialSubscriptionsState);
  // Only the latest request may write: an older answer (another user, a superseded refresh) is dropped.
  const latest = useRef(0);

  const load = useCallback(
    async (id: string, keep: boolean) => {
      latest.current += 1;
      const request = latest.current;
      dispatch({ type: 'loading', lookupId: id, keep });
      try {
        const response = await api.getUserSubscriptions(id);
        if (request === latest.current) dispatch({ type: 'loaded', lookupId: id, response });
      } catch (error) {
        if (request !== latest.current) return;
        console.error(error);
        dispatch({ type: 'failed', lookupId: id, message: readableMessage(error) });
      }
    },
    [api],
  );

  useEffect(() => {
    if (lookupId === null) {
      latest.current += 1;
      dispatch({ type: 'reset' });
      return;
    }
    void load(lookupId, false);
  }, [lookupId, load]);

  useEffect(() => {
    if (state.error === null) return;
    // The id makes the toast idempotent (StrictMode runs effects twice).
    notifyError(state.error, undefined, `subscriptions-error-${state.errorSeq}`);
  }, [state.error, state.errorSeq]);

  const refresh = useCallback(async () => {
    if (lookupId !== null) await load(lookupId, true);
  }, [lookupId, load]);

  const applySubscription = useCallback((subscription: SubscriptionView) => {
    dispatch({ type: 'subscriptionChanged', subscription });
  }, []);

  // Until the first answer for this user arrives, the data is theirs to load, never a previous user's.
  const current = lookupId !== null && state.lookupId === lookupId;
  const status: SubscriptionsStatus = lookupId === null ? 'idle' : current ? state.status : 'loading';
  const value = useMemo<SubscriptionsContextValue>(
    () => ({
      status,
      subscriptions: current ? state.subscriptions : [],
      account: current ? state.account : null,
      error: current ? state.error : null,
      refresh,
      applySubscription,
    }),
    [status, current, state.subscriptions, state.account, state.error, refresh, applySubscription],
  );
  const userId = authUser?.userId ?? null;
  // Before paint: the page never renders with a value that is a step behind.
  useLayoutEffect(() => onReport({ userId, value }), [onReport, userId, value]);
  return null;
}
