import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import type { SubscriptionView, UserSubscriptionsResponse } from '@contracts/subscriptions';
import { subscriptionsLookupId } from '@shared-domain/account-codes';
import { useRuntimeConfig } from '../../../config/config-context';
import { productSlugOf } from '../../../config/product-slug';
import { useAuth } from '../../../lib/auth/auth-context';
import { notifyError, readableMessage } from '../../../lib/notify';
import { phaseOf } from '../../../lib/server-state/query-state';
import { createRestBillingApi, type BillingApi } from '../api/billing-api';
import { SubscriptionsContext, type SubscriptionsContextValue } from './subscriptions-context';
import { subscriptionsKey, withSubscription, type SubscriptionsStatus } from './subscriptions-state';

/**
 * The signed-in user's subscriptions and billing account (spec section 4) for the pages below it
 * (the server-state layout puts it around the pages that need them; it needs the query client).
 * Once the database user exists it fetches `GET /user/subscriptions/{id}` (the id from
 * `subscriptionsLookupId`) once per sign-in; `refresh` asks again. A failure is logged, shown as
 * a toast, and empties the list. Signed out, the list is empty and idle.
 */
export function SubscriptionsProvider({
  api: givenApi,
  children,
}: {
  /** The REST billing API when omitted (tests pass a fake). */
  readonly api?: Pick<BillingApi, 'getUserSubscriptions'>;
  readonly children: ReactNode;
}) {
  const config = useRuntimeConfig();
  const api = useMemo(() => givenApi ?? createRestBillingApi(config), [givenApi, config]);
  const { status: authStatus, dbUser } = useAuth();
  const lookupId = authStatus === 'authenticated' && dbUser ? subscriptionsLookupId(productSlugOf(config), dbUser) : null;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: subscriptionsKey(lookupId),
    queryFn: lookupId === null ? skipToken : () => api.getUserSubscriptions(lookupId),
    // Kept for the whole sign-in, as the gate and the account page read them on every visit.
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const phase = phaseOf(query);
  const status: SubscriptionsStatus = lookupId === null ? 'idle' : phase.status;
  const error = phase.status === 'error' ? readableMessage(phase.error) : null;

  useEffect(() => {
    if (error === null) return;
    // The id makes the toast idempotent (StrictMode runs effects twice).
    notifyError(error, undefined, `subscriptions-error-${query.errorUpdateCount}`);
  }, [error, query.errorUpdateCount]);

  const { refetch } = query;
  const refresh = useCallback(async () => {
    if (lookupId !== null) await refetch();
  }, [lookupId, refetch]);

  const applySubscription = useCallback(
    (subscription: SubscriptionView) => {
      if (lookupId === null) return;
      queryClient.setQueryData<UserSubscriptionsResponse>(subscriptionsKey(lookupId), (before) => withSubscription(before, subscription));
    },
    [lookupId, queryClient],
  );

  const ready = phase.status === 'ready' ? phase.data : undefined;
  const value = useMemo<SubscriptionsContextValue>(
    () => ({
      status,
      subscriptions: ready?.subscriptions ?? [],
      account: ready?.account ?? null,
      firmAccess: ready?.firmAccess ?? null,
      error,
      refresh,
      applySubscription,
    }),
    [status, ready, error, refresh, applySubscription],
  );
  return <SubscriptionsContext.Provider value={value}>{children}</SubscriptionsContext.Provider>;
}
